import { endpointList } from '@brnd/contracts/api/index';
import * as v from 'valibot';
import { expect, test } from 'vitest';
import { compileResponseCheck } from './response-check.ts';

/**
 * Decision 078: the compiled contract check answers exactly what `v.safeParse` answers (success,
 * and the same output with the same keys in the same order) for every endpoint's response schema,
 * on a valid answer and on every single change to it: a value of another type at any place, a
 * key removed, a key added.
 */

type Node = v.GenericSchema & Record<string, unknown>;

/** Strings a pipe of the contract may want (e-mail, URL, timestamp, id patterns) and some not. */
const STRINGS = ['x', 'a@b.example', 'https://brnd.example/a', '2026-01-02T03:04:05.000Z', 'ABC'];

/** A value for `schema`, the `choice`-th where there are several (union options, strings). */
function sample(schema: Node, choice: number): unknown {
  switch (schema.type) {
    case 'string':
      return STRINGS[choice % STRINGS.length];
    case 'number':
      return choice + 1;
    case 'boolean':
      return choice % 2 === 0;
    case 'null':
      return null;
    case 'literal':
      return schema.literal;
    case 'picklist': {
      const options = schema.options as unknown[];
      return options[choice % options.length];
    }
    case 'optional':
    case 'nullable':
    case 'nullish':
    case 'exact_optional':
      return choice % 3 === 2
        ? schema.type === 'nullable'
          ? null
          : undefined
        : sample(schema.wrapped as Node, choice);
    case 'object':
    case 'loose_object':
    case 'strict_object':
      return Object.fromEntries(
        Object.entries(schema.entries as Record<string, Node>)
          .map(([key, entry], index) => [key, sample(entry, choice + index)] as const)
          .filter(([, value]) => value !== undefined || choice % 2 === 0),
      );
    case 'array':
      return [sample(schema.item as Node, choice), sample(schema.item as Node, choice + 1)];
    case 'union':
    case 'variant': {
      const options = schema.options as Node[];
      return sample(options[choice % options.length]!, choice);
    }
    case 'record':
      return { a: sample(schema.value as Node, choice) };
    default:
      return 'unknown';
  }
}

/** Every place in a value: the path of keys to it. */
function places(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (!value || typeof value !== 'object') return [path];
  return [
    path,
    ...Object.keys(value).flatMap((key) =>
      places((value as Record<string, unknown>)[key], [
        ...path,
        Array.isArray(value) ? Number(key) : key,
      ]),
    ),
  ];
}

function changed(value: unknown, path: (string | number)[], change: (parent: never) => void) {
  const copy = structuredClone(value);
  if (path.length === 0) return copy;
  let parent = copy as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  change(parent as never);
  return copy;
}

const OTHER_VALUES = [undefined, null, 0, Number.NaN, '', 'x', true, {}, [], [1]];

/** A value with its keys in order, undefined values kept: what the two must agree on. */
function shape(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(shape);
  if (value && typeof value === 'object' && !(value instanceof Uint8Array)) {
    return Object.keys(value).map((key) => [key, shape((value as Record<string, unknown>)[key])]);
  }
  return Number.isNaN(value) ? 'NaN' : value;
}

function agree(schema: v.GenericSchema, check: (value: unknown) => unknown, value: unknown) {
  const expected = v.safeParse(schema, value);
  const actual = check(value) as { success: boolean; output?: unknown };
  expect(actual.success).toBe(expected.success);
  if (expected.success) expect(shape(actual.output)).toEqual(shape(expected.output));
}

test.each(endpointList.map((endpoint) => [endpoint.id, endpoint] as const))(
  '%s: the compiled check answers as valibot does',
  (_id, endpoint) => {
    const schema = endpoint.response;
    const check = compileResponseCheck(schema);
    for (let choice = 0; choice < 3; choice += 1) {
      const valid = sample(schema as Node, choice);
      agree(schema, check, valid);
      for (const path of places(valid)) {
        const last = path.at(-1);
        for (const other of OTHER_VALUES) {
          agree(
            schema,
            check,
            path.length === 0
              ? other
              : changed(valid, path, (parent: Record<string | number, unknown>) => {
                  parent[last!] = other;
                }),
          );
        }
        if (path.length > 0 && typeof last === 'string') {
          agree(
            schema,
            check,
            changed(valid, path, (parent: Record<string, unknown>) => {
              delete parent[last];
            }),
          );
        }
        agree(
          schema,
          check,
          changed(valid, [...path, 'extra'], (parent: Record<string, unknown>) => {
            if (parent && typeof parent === 'object') parent.extra = 'leak';
          }),
        );
      }
    }
  },
);

test('a key from the prototype counts, an unknown key is left out, defaults are filled in', () => {
  const schema = v.object({
    name: v.string(),
    voted: v.optional(v.picklist([0, 1]), 0),
    note: v.optional(v.string()),
  });
  const check = compileResponseCheck(schema);
  class Row {
    get name() {
      return 'Kabedo';
    }
  }
  const row = Object.assign(new Row(), { password_hash: 'secret' });
  expect(check(row)).toEqual({ success: true, output: { name: 'Kabedo', voted: 0 } });
  expect(Object.keys((check(row) as { output: object }).output)).toEqual(['name', 'voted']);
  const refused = check({ voted: 2 });
  expect(refused.success).toBe(false);
  expect(refused.success ? [] : refused.issues.map((issue) => issue.message)).toEqual(
    v.safeParse(schema, { voted: 2 }).issues!.map((issue) => issue.message),
  );
});
