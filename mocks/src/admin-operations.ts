// The operator console's verification queue and contest section over the fake, in
// admin-operations/: the desk and its demo queue, verification, and the contest.
export { QUEUE_COMPANY } from './admin-operations/desk.ts';
export {
  withVerificationReasons,
  adminVerificationResolvers,
  refuseBrand,
  resubmitBrandResolver,
} from './admin-operations/verification.ts';
export { adminContestResolvers } from './admin-operations/contest.ts';
