import { toJsonSchema, type ConversionConfig } from '@valibot/to-json-schema';
import type { Endpoint } from '@brnd/contracts/api/endpoint';
import { ErrorResponseSchema } from '@brnd/contracts/api/error-schema';
import { eventStreamList, type EventStream } from '@brnd/contracts/api/events';
import { endpointList } from '@brnd/contracts/api/index';
import type * as v from 'valibot';

/**
 * The OpenAPI 3.1 document of the API, generated from the contract (contracts/api) so it cannot
 * drift from what the bff serves: every endpoint and event stream, its parameters, body,
 * answer and the errors its declaration implies (400 when it takes input, 401/403 by its auth,
 * 404 with path parameters, 500 and 503 always), all as `{ message, messageId, errors? }`.
 */

type JsonObject = Record<string, unknown>;

/** Contract pipes (trim, transforms) have no JSON Schema form: the types and checks still do. */
function schemaOf(schema: v.GenericSchema, typeMode: ConversionConfig['typeMode']): JsonObject {
  const { $schema: _, ...json } = toJsonSchema(schema, {
    errorMode: 'ignore',
    typeMode,
  }) as JsonObject;
  return json;
}

const MEDIA: Record<Endpoint['encoding'], string | undefined> = {
  form: 'application/x-www-form-urlencoded',
  json: 'application/json',
  multipart: 'multipart/form-data',
  none: undefined,
};

const ERROR_TEXT: Record<number, string> = {
  400: 'The input does not match the contract: `errors` names each field with its message id.',
  401: 'No valid session: send `Authorization: Bearer <token>`.',
  403: 'The session is not an operator’s.',
  404: 'Not found (or not yours).',
  429: 'Too many requests or streams: wait `Retry-After` seconds.',
  500: 'Something failed on our side; the answer carries no detail.',
  503: 'Too busy (no database connection was free in time: wait `Retry-After` seconds), or a provider or the database is unavailable.',
};

const openApiPath = (path: string) => path.replace(/:([A-Za-z_]+)/g, '{$1}');

function objectEntries(schema: v.GenericSchema | undefined): [string, v.GenericSchema][] {
  const entries = (schema as { entries?: Record<string, v.GenericSchema> } | undefined)?.entries;
  return entries ? Object.entries(entries) : [];
}

function isOptional(schema: v.GenericSchema): boolean {
  return ['optional', 'nullish', 'exact_optional'].includes(schema.type);
}

function parameters(params: v.GenericSchema | undefined, query?: v.GenericSchema) {
  return [
    ...objectEntries(params).map(([name, schema]) => ({
      name,
      in: 'path',
      required: true,
      schema: schemaOf(schema, 'input'),
    })),
    ...objectEntries(query).map(([name, schema]) => ({
      name,
      in: 'query',
      required: !isOptional(schema),
      schema: schemaOf(schema, 'input'),
    })),
  ];
}

function errorAnswers(statuses: number[]) {
  return Object.fromEntries(
    statuses.map((status) => [String(status), { $ref: `#/components/responses/Error${status}` }]),
  );
}

function errorStatuses(
  auth: Endpoint['auth'],
  takesInput: boolean,
  hasPathParams: boolean,
  extra: number[] = [],
) {
  return [
    ...(takesInput ? [400] : []),
    ...(auth === 'required' || auth === 'admin' ? [401] : []),
    ...(auth === 'admin' ? [403] : []),
    ...(hasPathParams ? [404] : []),
    ...extra,
    500,
    503,
  ];
}

function security(auth: Endpoint['auth']) {
  if (auth === 'none') return [];
  if (auth === 'optional') return [{}, { bearerAuth: [] }];
  return [{ bearerAuth: [] }];
}

function endpointOperation(endpoint: Endpoint): JsonObject {
  const media = MEDIA[endpoint.encoding];
  const hasPathParams = objectEntries(endpoint.params).length > 0;
  const takesInput = hasPathParams || !!endpoint.query || !!endpoint.body;
  const success =
    endpoint.responseType === 'file'
      ? {
          description: 'The file, as a download.',
          content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
        }
      : {
          description: 'Success.',
          content: { 'application/json': { schema: schemaOf(endpoint.response, 'output') } },
        };
  return {
    operationId: endpoint.id,
    security: security(endpoint.auth),
    parameters: parameters(endpoint.params, endpoint.query),
    ...(endpoint.body && media
      ? {
          requestBody: {
            required: true,
            content: { [media]: { schema: schemaOf(endpoint.body, 'input') } },
          },
        }
      : {}),
    responses: {
      [String(endpoint.status)]: success,
      ...errorAnswers(errorStatuses(endpoint.auth, takesInput, hasPathParams)),
    },
  };
}

function streamOperation(stream: EventStream): JsonObject {
  const events = Object.entries(stream.events);
  const hasPathParams = objectEntries(stream.params).length > 0;
  return {
    operationId: stream.id,
    description:
      `Server-Sent Events (\`text/event-stream\`). Events: ${events.map(([name]) => `\`${name}\``).join(', ')}; ` +
      'each `data:` is one JSON value of the schema below, each `id:` identifies that state ' +
      '(send it back as `Last-Event-ID` when reconnecting). ' +
      `When the stream is unavailable, poll \`${stream.pollsEndpoint}\`.`,
    security: security(stream.auth),
    parameters: [
      ...parameters(stream.params),
      { name: 'Last-Event-ID', in: 'header', required: false, schema: { type: 'string' } },
    ],
    responses: {
      '200': {
        description: 'The stream: the current state, then each change.',
        content: {
          'text/event-stream': {
            schema: { oneOf: events.map(([, schema]) => schemaOf(schema, 'output')) },
          },
        },
      },
      ...errorAnswers(errorStatuses(stream.auth, hasPathParams, hasPathParams, [429])),
    },
  };
}

export function openApiDocument(options: { serverUrl?: string } = {}): JsonObject {
  const paths: Record<string, Record<string, JsonObject>> = {};
  const add = (method: string, path: string, operation: JsonObject) => {
    (paths[openApiPath(path)] ??= {})[method.toLowerCase()] = operation;
  };
  for (const endpoint of endpointList)
    add(endpoint.method, endpoint.path, endpointOperation(endpoint));
  for (const stream of eventStreamList) add(stream.method, stream.path, streamOperation(stream));

  const errorSchema = schemaOf(ErrorResponseSchema, 'output');
  return {
    openapi: '3.1.0',
    info: {
      title: 'BRND API',
      version: '1',
      description:
        'The API behind the BRND web platform, generated from its contract. Request bodies are ' +
        'form-encoded unless stated; every failure answers `{ message, messageId, errors? }`.',
    },
    ...(options.serverUrl ? { servers: [{ url: options.serverUrl }] } : {}),
    paths,
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } },
      schemas: { Error: errorSchema },
      responses: Object.fromEntries(
        Object.entries(ERROR_TEXT).map(([status, description]) => [
          `Error${status}`,
          {
            description,
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
          },
        ]),
      ),
    },
  };
}
