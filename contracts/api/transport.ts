import type * as v from 'valibot';
import { buildPath, type Endpoint, type EndpointInput, type EndpointResponse } from './endpoint.ts';
import { errorKindOf } from './error-kinds.ts';
import { ApiError, type ErrorResponse } from './errors.ts';
import { fileNameOf } from './file-names.ts';
import type { EventStream } from './events.ts';
import { LANGUAGE_HEADER } from './language.ts';
import type { Language } from '../domain/constants.ts';

export interface ApiClientOptions {
  /** Origin of the API; '' means the page's own origin. */
  baseUrl?: string;
  /** The session token, read on every call (it lives in a cookie the app owns). */
  getToken?: () => string | undefined;
  /** The language the page shows, read on every call: the server writes messages in it. */
  getLanguage?: () => Language;
  fetch?: typeof globalThis.fetch;
  /**
   * Checks each answer against its contract schema (response-validator.ts). Without one, answers
   * are trusted as the contract types them: the production browser's choice (decision 050), as the
   * bff validates every answer before sending it.
   */
  validator?: ResponseValidator;
}

/** What `validator` checks; `undefined` from `error` means the body is not an error answer. */
export interface ResponseValidator {
  response(endpoint: Endpoint, status: number, value: unknown): unknown;
  error(value: unknown): ErrorResponse | undefined;
  event(
    schema: v.GenericSchema,
    value: unknown,
  ): { valid: true; output: unknown } | { valid: false };
}

/**
 * Without a validator an error body is taken when it has the one field every error answer has,
 * so a proxy's HTML page still reads as a plain failure.
 */
function trustedError(value: unknown): ErrorResponse | undefined {
  return typeof value === 'object' &&
    value !== null &&
    typeof (value as ErrorResponse).message === 'string'
    ? (value as ErrorResponse)
    : undefined;
}

export interface StreamInput<S extends EventStream> {
  params?: S['params'] extends v.GenericSchema ? v.InferInput<S['params']> : never;
  /** The id of the last event received: the server then repeats nothing the client has. */
  lastEventId?: string;
  signal: AbortSignal;
  /** Each event whose data matches its contract schema, in order. */
  onEvent: <K extends keyof S['events'] & string>(
    event: K,
    data: v.InferOutput<S['events'][K]>,
    id: string | undefined,
  ) => void;
  /** Once the server accepted the stream. */
  onOpen?: () => void;
}

export interface ApiClient {
  call<E extends Endpoint>(endpoint: E, input?: EndpointInput<E>): Promise<EndpointResponse<E>>;
  /**
   * Holds an event stream (contracts/api/events.ts) until it ends or `signal` aborts. Read with
   * fetch rather than EventSource so the bearer token travels in a header, never in the URL.
   * Rejects with an ApiError when the server refuses it (the caller polls instead).
   */
  stream<S extends EventStream>(stream: S, input: StreamInput<S>): Promise<void>;
}

function encodeBody(endpoint: Endpoint, body: unknown): { body?: BodyInit; contentType?: string } {
  if (endpoint.encoding === 'none' || body === undefined) return {};
  if (endpoint.encoding === 'json') {
    return { body: JSON.stringify(body), contentType: 'application/json' };
  }
  const entries = Object.entries(body as Record<string, unknown>).filter(
    ([, value]) => value !== undefined && value !== null,
  );
  if (endpoint.encoding === 'multipart') {
    const form = new FormData();
    for (const [key, value] of entries) {
      form.append(key, value instanceof Blob ? value : String(value));
    }
    return { body: form };
  }
  const form = new URLSearchParams();
  for (const [key, value] of entries) form.append(key, String(value));
  return { body: form, contentType: 'application/x-www-form-urlencoded' };
}

function toQueryString(query: unknown): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query as Record<string, unknown>)) {
    if (value !== undefined && value !== null) search.append(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

export async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * The one way every screen talks to the API: typed input, uniform errors, and the output checked
 * when the options carry a validator (client.ts always passes one).
 */
export function createApiTransport(options: ApiClientOptions = {}): ApiClient {
  const { baseUrl = '', getToken = () => undefined, validator } = options;
  const readError = (json: unknown) => (validator ? validator.error(json) : trustedError(json));
  return {
    async call(endpoint, input) {
      const {
        params,
        query,
        body,
        headers: declared,
      } = (input ?? {}) as {
        params?: Record<string, unknown>;
        query?: unknown;
        body?: unknown;
        headers?: Record<string, unknown>;
      };
      const encoded = encodeBody(endpoint, body);
      const headers = new Headers({
        accept: endpoint.responseType === 'file' ? '*/*' : 'application/json',
      });
      if (encoded.contentType) headers.set('content-type', encoded.contentType);
      const token = getToken();
      if (token && endpoint.auth !== 'none') headers.set('authorization', `Bearer ${token}`);
      for (const [name, value] of Object.entries(declared ?? {})) {
        if (value !== undefined && value !== null) headers.set(name, String(value));
      }
      const language = options.getLanguage?.();
      if (language) headers.set(LANGUAGE_HEADER, language);

      const doFetch = options.fetch ?? globalThis.fetch;
      let response: Response;
      try {
        response = await doFetch(
          `${baseUrl}${buildPath(endpoint.path, params)}${toQueryString(query)}`,
          {
            method: endpoint.method,
            headers,
            body: encoded.body,
          },
        );
      } catch {
        throw new ApiError(0, { message: 'Network error', messageId: 'errors.network' });
      }
      if (response.ok && endpoint.responseType === 'file') {
        const file = {
          file_name: fileNameOf(response.headers.get('content-disposition')),
          content_type: response.headers.get('content-type') ?? 'application/octet-stream',
          bytes: new Uint8Array(await response.arrayBuffer()),
        };
        return (validator ? validator.response(endpoint, response.status, file) : file) as never;
      }
      const json = await readJson(response);
      if (!response.ok) {
        const body = readError(json);
        // The catalogue names the error, so screens match its kind, not its status or text.
        const kind =
          body && endpoint.errors
            ? errorKindOf(endpoint.errors, response.status, body.messageId)
            : undefined;
        throw new ApiError(
          response.status,
          body ?? {
            message: `Request failed with status ${response.status}`,
            messageId: 'errors.server',
          },
          response.headers,
          kind ? { endpointId: endpoint.id, kind } : undefined,
        );
      }
      return (validator ? validator.response(endpoint, response.status, json) : json) as never;
    },

    async stream(stream, input) {
      // Held by a few signed-in screens only: the reader loads with the first of them.
      const { openEventStream } = await import('./event-stream.ts');
      return openEventStream(
        { baseUrl, getToken, fetch: options.fetch, validator, readError },
        stream,
        input,
      );
    },
  };
}
