import { buildPath } from './endpoint.ts';
import { ApiError, type ErrorResponse } from './errors.ts';
import type { EventStream } from './events.ts';
import {
  readJson,
  type ApiClientOptions,
  type ResponseValidator,
  type StreamInput,
} from './transport.ts';

/**
 * The API client's event streams (`ApiClient.stream`), apart from its calls: no first page holds
 * one, so this loads with the first screen that does (decision 060).
 */

/** Parses `text/event-stream` blocks (the WHATWG format: fields per line, blank line ends one). */
export async function readEventStream(
  body: ReadableStream<Uint8Array>,
  onBlock: (fields: { id?: string; event: string; data: string }) => void,
): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let fields: { id?: string; event?: string; data?: string } = {};
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    const lines = buffer.split(/\r\n|\r|\n/);
    buffer = lines.pop() ?? '';
    for (const line of lines) {
      if (line === '') {
        if (fields.data !== undefined) {
          onBlock({ event: fields.event ?? 'message', data: fields.data, id: fields.id });
        }
        fields = {};
        continue;
      }
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const name = colon < 0 ? line : line.slice(0, colon);
      const text = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (name === 'data')
        fields.data = fields.data === undefined ? text : `${fields.data}\n${text}`;
      else if (name === 'event') fields.event = text;
      else if (name === 'id') fields.id = text;
    }
  }
}

interface StreamOptions {
  baseUrl: string;
  getToken: () => string | undefined;
  fetch?: ApiClientOptions['fetch'];
  validator?: ResponseValidator;
  readError: (json: unknown) => ErrorResponse | undefined;
}

export async function openEventStream<S extends EventStream>(
  { baseUrl, getToken, fetch, validator, readError }: StreamOptions,
  stream: S,
  input: StreamInput<S>,
): Promise<void> {
  const headers = new Headers({ accept: 'text/event-stream' });
  const token = getToken();
  if (token && stream.auth !== 'none') headers.set('authorization', `Bearer ${token}`);
  if (input.lastEventId) headers.set('last-event-id', input.lastEventId);
  const doFetch = fetch ?? globalThis.fetch;
  let response: Response;
  try {
    response = await doFetch(`${baseUrl}${buildPath(stream.path, input.params ?? {})}`, {
      headers,
      signal: input.signal,
    });
  } catch {
    throw new ApiError(0, { message: 'Network error', messageId: 'errors.network' });
  }
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || !response.body || !type.startsWith('text/event-stream')) {
    const body = readError(await readJson(response));
    throw new ApiError(
      response.ok ? 503 : response.status,
      body ?? { message: `No event stream (${response.status})`, messageId: 'errors.server' },
      response.headers,
    );
  }
  input.onOpen?.();
  try {
    await readEventStream(response.body, ({ event, data, id }) => {
      const schema = stream.events[event];
      if (!schema) return;
      let json: unknown;
      try {
        json = JSON.parse(data);
      } catch {
        return;
      }
      if (!validator) return input.onEvent(event, json as never, id);
      const checked = validator.event(schema, json);
      if (checked.valid) input.onEvent(event, checked.output as never, id);
    });
  } catch (error) {
    if (!input.signal.aborted) throw error;
  }
}
