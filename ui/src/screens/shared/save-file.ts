import type { FileResponse } from '@brnd/contracts/api/files';

/** How long the object URL lives: long enough for the browser to start writing the file. */
const REVOKE_AFTER_MS = 60_000;

/**
 * Saves a file the API answered (a download that needs the bearer session, so a plain link to
 * the API would not be signed in) under its own name.
 */
export function saveFile(file: FileResponse): void {
  const url = URL.createObjectURL(new Blob([file.bytes], { type: file.content_type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = file.file_name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}
