/**
 * The paths the bff answers itself, the API's and the development tools': JSON, files and event
 * streams, and a few pages (app.ts names them to the security headers). Every other path is the
 * web app's.
 */
export function isServerPath(path: string): boolean {
  return SERVER_PATHS.test(path);
}

const SERVER_PATHS = /^\/(api|dev)(\/|$)/;
