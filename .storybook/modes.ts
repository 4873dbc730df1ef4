/**
 * Chromatic captures every story in each of these modes (https://www.chromatic.com/docs/modes):
 * both languages through the `locale` global the toolbar switches, at a phone's width and a
 * desktop's. A mode is a combination of globals, so a story needs no twin per language or size.
 */
export const chromaticModes = {
  'en phone': { locale: 'en', viewport: 375 },
  'pl phone': { locale: 'po', viewport: 375 },
  'en desktop': { locale: 'en', viewport: 1280 },
  'pl desktop': { locale: 'po', viewport: 1280 },
} as const;
