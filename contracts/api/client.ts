import { contractValidator } from './response-validator.ts';
import { createApiTransport, type ApiClient, type ApiClientOptions } from './transport.ts';

export { readEventStream } from './event-stream.ts';
export {
  type ApiClient,
  type ApiClientOptions,
  type ResponseValidator,
  type StreamInput,
} from './transport.ts';

/**
 * The contracts client with every answer validated against its schema (unless the options bring
 * another validator). The production web app builds on `createApiTransport` without one.
 */
export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  return createApiTransport({ ...options, validator: options.validator ?? contractValidator });
}
