import ts from 'typescript';
import type { Plugin } from 'vite';

/** The parts of an endpoint only a validator reads; a form's field rules (`body`) stay. */
const VALIDATION_ONLY = new Set(['response', 'params', 'query', 'headers']);
const CONTRACT_MODULE = /\/contracts\/api\/[^/]+\.ts$/;
/**
 * Contracts of third parties the browser calls itself (the card exchange): the bff never saw
 * those answers, so the browser keeps checking them and their schemas stay.
 */
const THIRD_PARTY_CONTRACT = /\/contracts\/api\/card-provider\.ts$/;
const VALIDATOR = '@brnd/contracts/api/response-validator';
const NO_VALIDATOR = '\0brnd-no-response-validator';

type Cut = { start: number; end: number };

function cutAll(code: string, cuts: Cut[]): string {
  let result = code;
  for (const cut of [...cuts].sort((a, b) => b.start - a.start)) {
    result = result.slice(0, cut.start) + result.slice(cut.end);
  }
  return result;
}

/** The property with its trailing comma, so the literal stays valid. */
const withComma = (code: string, node: ts.Node, source: ts.SourceFile): Cut => ({
  start: node.getStart(source),
  end: code[node.end] === ',' ? node.end + 1 : node.end,
});

function stripEndpointSchemas(code: string, id: string): string {
  const source = ts.createSourceFile(id, code, ts.ScriptTarget.Latest, true);
  const cuts: Cut[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'defineEndpoint' &&
      node.arguments[0] &&
      ts.isObjectLiteralExpression(node.arguments[0])
    ) {
      for (const property of node.arguments[0].properties) {
        const name = property.name && ts.isIdentifier(property.name) ? property.name.text : '';
        if (VALIDATION_ONLY.has(name)) cuts.push(withComma(code, property, source));
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return cutAll(code, cuts);
}

/**
 * Drops the imports nothing reads any more. A module edge left behind would still put the
 * imported module (and valibot) into the first page's file, which takes every module the entry
 * imports statically.
 */
function dropUnusedImports(code: string, id: string): string {
  const source = ts.createSourceFile(id, code, ts.ScriptTarget.Latest, true);
  const used = new Set<string>();
  const collect = (node: ts.Node) => {
    if (ts.isImportDeclaration(node)) return;
    if (ts.isIdentifier(node)) used.add(node.text);
    ts.forEachChild(node, collect);
  };
  collect(source);
  const cuts: Cut[] = [];
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !statement.importClause) continue;
    const clause = statement.importClause;
    if (clause.isTypeOnly) continue;
    const names: string[] = [];
    if (clause.name) names.push(clause.name.text);
    const bindings = clause.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings)) names.push(bindings.name.text);
    if (bindings && ts.isNamedImports(bindings)) {
      for (const element of bindings.elements)
        if (!element.isTypeOnly) names.push(element.name.text);
    }
    if (names.length > 0 && names.every((name) => !used.has(name))) {
      cuts.push({ start: statement.getFullStart(), end: statement.end });
    }
  }
  return cutAll(code, cuts);
}

/**
 * The production browser validates no answers (decision 050). Its build
 * - gives the app's client no validator (`@brnd/contracts/api/response-validator` resolves to a
 *   module without one), and
 * - drops each `defineEndpoint` call's response, params, query and headers schemas, and the
 *   imports that only they read: the first page's endpoint modules then import no schema module
 *   and no valibot, which load with the forms that use them.
 * Development, `dev:mock`, tests, stories and the prerender keep the contract whole.
 */
export function stripContractSchemas(): Plugin {
  return {
    name: 'brnd-strip-contract-schemas',
    enforce: 'pre',
    apply: (_config, { command, mode, isSsrBuild }) =>
      command === 'build' && mode === 'production' && !isSsrBuild,
    resolveId(source) {
      return source === VALIDATOR ? NO_VALIDATOR : null;
    },
    load(id) {
      return id === NO_VALIDATOR ? 'export const contractValidator = undefined;' : null;
    },
    transform: {
      filter: { id: CONTRACT_MODULE },
      handler(code, id) {
        if (!code.includes('defineEndpoint(') || THIRD_PARTY_CONTRACT.test(id)) return null;
        return { code: dropUnusedImports(stripEndpointSchemas(code, id), id), map: null };
      },
    },
  };
}
