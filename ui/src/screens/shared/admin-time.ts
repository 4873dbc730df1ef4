/**
 * How the operators' console shows a moment, in every list and detail alike: the date, the time
 * to the second and the zone it is read in, so two lists never disagree on what "12:51" means.
 * A screen whose times belong to a calendar of their own (the contest's month, the verification
 * promise) adds that `timeZone`.
 */
export const ADMIN_TIME: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  timeZoneName: 'short',
};
