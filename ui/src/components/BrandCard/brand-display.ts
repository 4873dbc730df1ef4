/**
 * The spec's display rules for brand names and websites (§9). Long text is cut and the full text
 * stays available in a `title` attribute, so nothing is lost, only shortened.
 */

/** Names and websites over 30 characters show their first 24 and an ellipsis. */
export const CARD_TEXT_MAX = 30;
export const CARD_TEXT_KEEP = 24;
/** Search suggestions cut names over 20 characters. */
export const SUGGESTION_TEXT_MAX = 20;
/** The dashboard's top-5 favourites cut names over 15 characters. */
export const FAVOURITE_TEXT_MAX = 15;

/** `text` when it fits in `max` characters, otherwise its first `keep` and an ellipsis. */
export function truncate(text: string, max: number, keep = max): string {
  // Array.from counts characters, not UTF-16 units, so an emoji or accent is never split.
  const characters = Array.from(text);
  return characters.length > max ? `${characters.slice(0, keep).join('')}…` : text;
}

/** A brand card's name or website. */
export function cardText(text: string): string {
  return truncate(text, CARD_TEXT_MAX, CARD_TEXT_KEEP);
}

export function suggestionText(text: string): string {
  return truncate(text, SUGGESTION_TEXT_MAX);
}

export function favouriteText(text: string): string {
  return truncate(text, FAVOURITE_TEXT_MAX);
}

/** Brand websites are stored as bare domains; links need a scheme. */
export function websiteHref(website: string): string {
  return /^https?:\/\//i.test(website) ? website : `https://${website}`;
}
