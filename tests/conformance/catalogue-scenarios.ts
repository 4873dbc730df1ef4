import * as v from 'valibot';
import type { Endpoint } from '@brnd/contracts/api/endpoint';
import { endpointList } from '@brnd/contracts/api/index';
import { verifiedUser } from './accounts-scenarios.ts';
import { operatorLogin } from './admin-payment-scenarios.ts';
import { call, type CallStep, type Scenario } from './runner.ts';

/**
 * The error answers every endpoint shares, reached on each endpoint that declares them (decision
 * 051), from the catalogue itself: no session, a session riding on another site's cookie, a
 * customer at an operator's endpoint, and input its own schemas refuse. A newly catalogued
 * endpoint is covered here without a line of its own; the scenarios of each area reach the
 * errors that are the endpoint's own.
 */

/** A value for each path parameter, so the path is built; the schemas may still refuse it. */
function placeholderParams(endpoint: Endpoint): Record<string, string> {
  const names = [...endpoint.path.matchAll(/:([A-Za-z_]+)/g)].map((match) => match[1]!);
  return Object.fromEntries(names.map((name) => [name, '1']));
}

const declaring = (kind: string) =>
  endpointList.filter((endpoint) => endpoint.errors && kind in endpoint.errors);

/** A value no path parameter or query field takes (each is a number, an id or a word). */
const UNTAKEN = 'no such thing!';

/**
 * A request the endpoint's schemas refuse: an empty body, or a path or query of values none of
 * its fields take. Undefined when each of those passes (its own scenarios reach the 400).
 */
function refusedInput(
  endpoint: Endpoint,
): { params: object; query?: object; body?: object } | undefined {
  const params = placeholderParams(endpoint);
  const body = endpoint.method === 'GET' ? {} : { body: {} };
  if (endpoint.body && !v.safeParse(endpoint.body, {}).success) return { params, body: {} };
  const untakenParams = Object.fromEntries(Object.keys(params).map((name) => [name, UNTAKEN]));
  if (endpoint.params && !v.safeParse(endpoint.params, untakenParams).success) {
    return { params: untakenParams, ...body };
  }
  const fields = endpoint.query && 'entries' in endpoint.query ? endpoint.query.entries : {};
  const query = Object.fromEntries(Object.keys(fields as object).map((name) => [name, UNTAKEN]));
  if (endpoint.query && !v.safeParse(endpoint.query, query).success) {
    return { params, query, ...body };
  }
  return undefined;
}

function sharedCall(endpoint: Endpoint, label: string, step: Partial<CallStep>): CallStep {
  return {
    ...call(endpoint as never, {
      label: `${endpoint.id}: ${label}`,
      input: () => ({ params: placeholderParams(endpoint), body: {} }) as never,
      expect: { status: 0 },
    }),
    ...step,
  } as CallStep;
}

export const catalogueScenarios: Scenario[] = [
  {
    name: 'catalogue: every endpoint that needs a session refuses a request without one',
    steps: declaring('unauthorized').map((endpoint) =>
      sharedCall(endpoint, 'no session', {
        expect: { status: 401, kind: 'unauthorized' } as never,
      }),
    ),
  },
  {
    name: 'catalogue: no endpoint that changes something takes a session from another site',
    steps: [
      ...verifiedUser,
      // A login refuses another site by its body (a cookie session): account-error-scenarios.ts.
      ...declaring('crossSite')
        .filter((endpoint) => endpoint.auth !== 'none')
        .map((endpoint) =>
          sharedCall(endpoint, 'cookie from another site', {
            as: 'token',
            fromAnotherSite: true,
            expect: { status: 403, kind: 'crossSite' } as never,
          }),
        ),
    ],
  },
  {
    name: 'catalogue: a customer is refused at every operator endpoint',
    steps: [
      ...verifiedUser,
      ...declaring('forbidden').map((endpoint) =>
        sharedCall(endpoint, 'a customer', {
          as: 'token',
          expect: { status: 403, kind: 'forbidden' } as never,
        }),
      ),
    ],
  },
  {
    name: 'catalogue: every endpoint refuses input its schemas refuse, field by field',
    steps: [
      ...verifiedUser,
      operatorLogin,
      ...declaring('validation').flatMap((endpoint) => {
        const input = refusedInput(endpoint);
        if (!input) return [];
        return [
          sharedCall(endpoint, 'refused input', {
            as:
              endpoint.auth === 'admin'
                ? 'operator'
                : endpoint.auth === 'none'
                  ? undefined
                  : 'token',
            input: () => input,
            expect: { status: 400, kind: 'validation' } as never,
          }),
        ];
      }),
    ],
  },
];
