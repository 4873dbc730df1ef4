/**
 * Every story exists in English and in Polish. Write the English story, then export its Polish
 * twin: `export const FilledPolish = polish(Filled, { label: 'Adres e-mail' })`. The second
 * argument replaces args that carry text the caller would have translated (labels, errors).
 */
export function polish<S extends { args?: object; globals?: Record<string, unknown> }>(
  story: S,
  args?: S['args'],
): S {
  return {
    ...story,
    args: { ...story.args, ...args },
    globals: { ...story.globals, locale: 'po' },
  };
}
