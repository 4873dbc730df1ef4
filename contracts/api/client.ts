import * as v from 'valibot';
import { buildPath, type Endpoint, type EndpointInput, type EndpointResponse } from './endpoint.ts';
import { ApiError, ErrorResponseSchema } from './errors.ts';
import { fileNameOf } from './files.ts';
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
}

export interface ApiClient {
  call<E extends Endpoint>(endpoint: E, input?: EndpointInput<E>): Promise<EndpointResponse<E>>;
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

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The one way every screen talks to the API: typed input, validated output, uniform errors. */
export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const { baseUrl = '', getToken = () => undefined } = options;
  return {
    async call(endpoint, input) {
      const { params, query, body } = (input ?? {}) as {
        params?: Record<string, unknown>;
        query?: unknown;
        body?: unknown;
      };
      const encoded = encodeBody(endpoint, body);
      const headers = new Headers({
        accept: endpoint.responseType === 'file' ? '*/*' : 'application/json',
      });
      if (encoded.contentType) headers.set('content-type', encoded.contentType);
      const token = getToken();
      if (token && endpoint.auth !== 'none') headers.set('authorization', `Bearer ${token}`);
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
        const parsed = v.safeParse(endpoint.response, file);
        if (!parsed.success) {
          throw new ApiError(response.status, {
            message: `Unexpected answer from ${endpoint.id}: ${v.summarize(parsed.issues)}`,
            messageId: 'errors.server',
          });
        }
        return parsed.output;
      }
      const json = await readJson(response);
      if (!response.ok) {
        const parsed = v.safeParse(ErrorResponseSchema, json);
        throw new ApiError(
          response.status,
          parsed.success
            ? parsed.output
            : {
                message: `Request failed with status ${response.status}`,
                messageId: 'errors.server',
              },
          response.headers,
        );
      }
      const parsed = v.safeParse(endpoint.response, json);
      if (!parsed.success) {
        throw new ApiError(response.status, {
          message: `Unexpected answer from ${endpoint.id}: ${v.summarize(parsed.issues)}`,
          messageId: 'errors.server',
        });
      }
      return parsed.output;
    },
  };
}
