import * as v from 'valibot';

/**
 * Endpoints that answer a file (`responseType: 'file'`) rather than JSON: the bff and the mocks
 * send the bytes with the file's type and name in the headers, and the client reads them back
 * into this shape. Errors are JSON like everywhere else.
 */
export const FileResponseSchema = v.object({
  file_name: v.string(),
  content_type: v.string(),
  bytes: v.instance(Uint8Array),
});
export type FileResponse = v.InferOutput<typeof FileResponseSchema>;

export { attachmentDisposition, fileNameOf } from './file-names.ts';
