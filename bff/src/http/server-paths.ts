/**
 * The paths the bff answers itself, the API's and the development tools': JSON, files and event
 * streams (a few pages among them: security.ts names those). Every other path is the web app's.
 */
export function isServerPath(path: string): boolean {
  return SERVER_PATHS.test(path);
}

const SERVER_PATHS = /^\/(api|dev)(\/|$)/;
