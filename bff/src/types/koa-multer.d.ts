/** The part of @koa/multer (which ships no types) that the brand logo upload uses. */
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
  }

  interface MulterFactory {
    (options?: MulterOptions): Multer;
    memoryStorage(): unknown;
  }

  const multer: MulterFactory;
  export default multer;
}
