/** Joins the class names that apply; CSS modules give each one as a string. */
export function cx(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}
