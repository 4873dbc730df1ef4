import * as v from 'valibot';

/**
 * The contract check every answer passes before it leaves (route.ts), compiled once per
 * endpoint instead of interpreted per answer (decision 078).
 *
 * `v.safeParse` walks the schema for every value and allocates a dataset object for each field
 * it checks: on a listing of 50 brands that was a few thousand objects per answer, a fifth of
 * the bytes the bff allocated per request. The compiled check is a tree of small functions built
 * from the same schema, each testing exactly what the valibot schema tests and building each
 * object of the output as valibot does (the schema's keys, in its order; defaults of optional
 * entries filled in; unknown keys left out, so a column added to a query cannot leak).
 *
 * Only the schema kinds the contract's answers are made of are compiled (string, number,
 * boolean, literal, picklist, null, unknown, nullable, optional, nullish, object, array,
 * union); any other node (a pipe, a record, a variant, a strict object, a default computed by a
 * function, a fallback) is checked by valibot itself for that part of the value. A value the
 * compiled check refuses is checked again by `v.safeParse`, whose answer (and issues) then
 * decide: the compiled check can only be faster, never more lenient.
 */

const INVALID: unique symbol = Symbol('invalid');
type Check = (value: unknown) => unknown;

export type ResponseCheckResult =
  | { success: true; output: unknown }
  | { success: false; issues: [v.BaseIssue<unknown>, ...v.BaseIssue<unknown>[]] };

type AnySchema = v.GenericSchema & {
  type: string;
  pipe?: unknown;
  fallback?: unknown;
  default?: unknown;
  wrapped?: AnySchema;
  entries?: Record<string, AnySchema>;
  item?: AnySchema;
  options?: readonly unknown[];
  literal?: unknown;
  async?: boolean;
};

/** valibot checks this part: the same `~run` the whole-schema parse would have made. */
function delegated(schema: v.GenericSchema): Check {
  return (value) => {
    const result = v.safeParse(schema, value);
    return result.success ? result.output : INVALID;
  };
}

/** optional / nullable / nullish: `missing(value)` says when the default (if any) applies. */
function wrapper(schema: AnySchema, missing: (value: unknown) => boolean): Check {
  const inner = compile(schema.wrapped!);
  const fallback = schema.default;
  if (typeof fallback === 'function') return delegated(schema);
  return (value) => {
    if (missing(value)) {
      if (fallback !== undefined) value = fallback;
      if (missing(value)) return value;
    }
    return inner(value);
  };
}

/**
 * A test that keeps the value as it is (a type, a literal, null or undefined allowed), as a JS
 * condition on `x`, or undefined when the node needs more than a test.
 */
function inlineTest(schema: AnySchema, x: string, constants: unknown[]): string | undefined {
  if (schema.async || schema.pipe !== undefined || schema.fallback !== undefined) return undefined;
  const constant = (value: unknown) => `k[${constants.push(value) - 1}]`;
  switch (schema.type) {
    case 'string':
      return `typeof ${x} === 'string'`;
    case 'number':
      return `(typeof ${x} === 'number' && !Number.isNaN(${x}))`;
    case 'boolean':
      return `typeof ${x} === 'boolean'`;
    case 'null':
      return `${x} === null`;
    case 'unknown':
    case 'any':
      return 'true';
    case 'literal':
      return `${x} === ${constant(schema.literal)}`;
    case 'picklist':
      return `${constant(schema.options)}.includes(${x})`;
    case 'optional':
    case 'nullable':
    case 'nullish': {
      if (schema.default !== undefined) return undefined;
      const inner = inlineTest(schema.wrapped!, x, constants);
      if (!inner) return undefined;
      const missing =
        schema.type === 'optional'
          ? `${x} === undefined`
          : schema.type === 'nullable'
            ? `${x} === null`
            : `(${x} === null || ${x} === undefined)`;
      return `(${missing} || ${inner})`;
    }
    default:
      return undefined;
  }
}

/**
 * An object: generated code that tests each entry in the schema's order and answers one object
 * literal of the schema's keys (objects of one shape, as V8 builds them fastest).
 */
function objectCheck(schema: AnySchema): Check {
  const entries = Object.entries(schema.entries!);
  if (
    entries.some(([, entry]) => entry.fallback !== undefined || typeof entry.default === 'function')
  ) {
    return delegated(schema);
  }
  const constants: unknown[] = [];
  const checks: Check[] = [];
  const lines = ["if (!input || typeof input !== 'object') return INVALID;"];
  const omittable: boolean[] = [];
  entries.forEach(([key, entry], index) => {
    const name = JSON.stringify(key);
    const value = `v${index}`;
    const optional =
      entry.type === 'optional' || entry.type === 'exact_optional' || entry.type === 'nullish';
    // As valibot's object: an absent key takes its optional entry's default; `in` counts a
    // getter on the prototype (a model instance).
    const fillsDefault = optional && entry.default !== undefined;
    const source = fillsDefault
      ? `(${name} in input ? input[${name}] : k[${constants.push(entry.default) - 1}])`
      : `input[${name}]`;
    const test = inlineTest(entry, value, constants);
    const checkLines = test
      ? [`${value} = ${source};`, `if (!(${test})) return INVALID;`]
      : [
          `${value} = c[${checks.push(compile(entry)) - 1}](${source});`,
          `if (${value} === INVALID) return INVALID;`,
        ];
    lines.push(`let ${value};`);
    if (fillsDefault) {
      lines.push(...checkLines);
      omittable.push(false);
    } else if (optional) {
      lines.push(`const h${index} = ${name} in input;`, `if (h${index}) {`, ...checkLines, '}');
      omittable.push(true);
    } else {
      lines.push(`if (!(${name} in input)) return INVALID;`, ...checkLines);
      omittable.push(false);
    }
  });
  if (omittable.includes(true)) {
    // An absent optional key stays absent, in the schema's order.
    lines.push('const output = {};');
    entries.forEach(([key], index) => {
      const set = `output[${JSON.stringify(key)}] = v${index};`;
      lines.push(omittable[index] ? `if (h${index}) ${set}` : set);
    });
    lines.push('return output;');
  } else {
    lines.push(
      `return { ${entries.map(([key], index) => `${JSON.stringify(key)}: v${index}`).join(', ')} };`,
    );
  }
  const make = new Function(
    'INVALID',
    'k',
    'c',
    `return function check(input) {\n${lines.join('\n')}\n};`,
  );
  return make(INVALID, constants, checks) as Check;
}

function arrayCheck(schema: AnySchema): Check {
  const item = compile(schema.item!);
  return (input) => {
    if (!Array.isArray(input)) return INVALID;
    const output = new Array<unknown>(input.length);
    for (let index = 0; index < input.length; index += 1) {
      const value = item(input[index]);
      if (value === INVALID) return INVALID;
      output[index] = value;
    }
    return output;
  };
}

function compile(schema: v.GenericSchema): Check {
  const node = schema as AnySchema;
  if (node.async || node.pipe !== undefined || node.fallback !== undefined) return delegated(node);
  switch (node.type) {
    case 'string':
      return (value) => (typeof value === 'string' ? value : INVALID);
    case 'number':
      return (value) => (typeof value === 'number' && !Number.isNaN(value) ? value : INVALID);
    case 'boolean':
      return (value) => (typeof value === 'boolean' ? value : INVALID);
    case 'null':
      return (value) => (value === null ? value : INVALID);
    case 'unknown':
    case 'any':
      return (value) => value;
    case 'literal': {
      const literal = node.literal;
      return (value) => (value === literal ? value : INVALID);
    }
    case 'picklist': {
      const options = node.options!;
      return (value) => (options.includes(value) ? value : INVALID);
    }
    case 'optional':
      return wrapper(node, (value) => value === undefined);
    case 'nullable':
      return wrapper(node, (value) => value === null);
    case 'nullish':
      return wrapper(node, (value) => value === null || value === undefined);
    case 'object':
      return objectCheck(node);
    case 'array':
      return arrayCheck(node);
    case 'union': {
      // valibot answers the first option that takes the value without issues.
      const options = (node.options as v.GenericSchema[]).map(compile);
      return (value) => {
        for (const option of options) {
          const output = option(value);
          if (output !== INVALID) return output;
        }
        return INVALID;
      };
    }
    default:
      return delegated(node);
  }
}

/** `schema`'s check, compiled once: call the answer for each value. */
export function compileResponseCheck(
  schema: v.GenericSchema,
): (value: unknown) => ResponseCheckResult {
  const check = compile(schema);
  return (value) => {
    const output = check(value);
    if (output !== INVALID) return { success: true, output };
    // Refused: valibot decides, and names the issues.
    const result = v.safeParse(schema, value);
    return result.success
      ? { success: true, output: result.output }
      : { success: false, issues: result.issues };
  };
}
