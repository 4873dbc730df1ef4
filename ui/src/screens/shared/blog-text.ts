import { BLOG_CARD_TITLE_MAX_LENGTH } from '@brnd/contracts/domain/constants';

/** Card titles longer than the spec's 40 characters are cut, and the cut is shown. */
export function cardTitle(title: string, max = BLOG_CARD_TITLE_MAX_LENGTH): string {
  const characters = Array.from(title);
  return characters.length > max ? `${characters.slice(0, max).join('').trimEnd()}…` : title;
}
