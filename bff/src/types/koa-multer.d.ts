/** The part of @koa/multer (which ships no types) that the brand and company forms use. */
declare module '@koa/multer' {
  import type { Middleware } from 'koa';

  export interface MulterFile {
    fieldname: string;
    originalname: string;
    mimetype: string;
    size: number;
    buffer: Buffer;
  }

  export interface MulterOptions {
    storage?: unknown;
    /** Charset of a part's `filename` without an explicit one; browsers send UTF-8. */
    defParamCharset?: string;
    limits?: {
      fileSize?: number;
      files?: number;
      fields?: number;
      fieldSize?: number;
      parts?: number;
    };
  }

  export interface Multer {
    single(field: string): Middleware;
    fields(fields: { name: string; maxCount?: number }[]): Middleware;
  }

  interface MulterFactory {
    (options?: MulterOptions): Multer;
    memoryStorage(): unknown;
  }

  const multer: MulterFactory;
  export default multer;
}
