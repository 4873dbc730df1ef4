/**
 * JSON as one line a table cell can wrap between its members: `{ "usd": "0.015", "tier": 2 }`
 * rather than `{"usd":"0.015","tier":2}`, which is one long word the browser can only break
 * inside a number or an address. Text that is not JSON is shown as it came.
 */
export function readableJson(value: unknown): string {
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      return value;
    }
  }
  // An indented stringify puts every member on its own line; joining those lines with one space
  // keeps the breaks between members only (a newline inside a JSON string is escaped as \n).
  return JSON.stringify(parsed, null, 1).replace(/\n */g, ' ');
}
