/** The design system's colours (ui/src/styles.css), as inline styles: mail clients drop <link>. */
export const colors = {
  background: '#f5f4fb',
  surface: '#ffffff',
  text: '#1b1631',
  muted: '#595471',
  border: '#dcd8ea',
  primary: '#5b3fd6',
  onPrimary: '#ffffff',
  link: '#4a2fbf',
  dangerSoft: '#fdecea',
} as const;

export const fontFamily =
  "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

/**
 * Clients that honour prefers-color-scheme (Apple Mail, iOS, Outlook.com) get dark colours from
 * these classes; the others show the light inline styles, which stay readable when a client
 * inverts them itself.
 */
export const darkModeCss = `
:root { color-scheme: light dark; supported-color-schemes: light dark; }
@media (prefers-color-scheme: dark) {
  .mail-body { background-color: #14111f !important; }
  .mail-card { background-color: #1f1a33 !important; border-color: #3a3354 !important; }
  .mail-text { color: #ece9f7 !important; }
  .mail-muted { color: #b7b1cf !important; }
  .mail-link { color: #b9a8ff !important; }
  .mail-button { background-color: #8f78ff !important; color: #14111f !important; }
  .mail-note { background-color: #3a1f24 !important; color: #ffd9d4 !important; }
}
@media only screen and (max-width: 600px) {
  .mail-card { padding: 24px 18px !important; }
  .mail-button { display: block !important; text-align: center !important; }
}
`;
