import { createConfig, lintFromString } from '@redocly/openapi-core';
import { eventStreamList } from '@brnd/contracts/api/events';
import { endpointList } from '@brnd/contracts/api/index';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '../testing.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app.close();
});

type Document = {
  openapi: string;
  paths: Record<string, Record<string, { operationId: string; responses: object }>>;
};

const openApiPath = (path: string) => path.replace(/:([A-Za-z_]+)/g, '{$1}');

test('every contract route and event stream is in the served OpenAPI document', async () => {
  const response = await fetch(`${app.baseUrl}/api/openapi.json`);
  expect(response.status).toBe(200);
  const document = (await response.json()) as Document;
  expect(document.openapi).toBe('3.1.0');
  for (const route of [...endpointList, ...eventStreamList]) {
    const operation = document.paths[openApiPath(route.path)]?.[route.method.toLowerCase()];
    expect(operation?.operationId, `${route.method} ${route.path}`).toBe(route.id);
    expect(Object.keys(operation?.responses ?? {})).toEqual(expect.arrayContaining(['500', '503']));
  }
  const signup = document.paths['/api/user/signup']?.post as unknown as {
    requestBody: { content: Record<string, { schema: { properties: object } }> };
    responses: Record<string, unknown>;
  };
  expect(
    Object.keys(
      signup.requestBody.content['application/x-www-form-urlencoded']?.schema.properties ?? {},
    ),
  ).toContain('email');
  expect(Object.keys(signup.responses)).toEqual(expect.arrayContaining(['201', '400']));
});

test('the document is valid OpenAPI 3.1', async () => {
  const source = await (await fetch(`${app.baseUrl}/api/openapi.json`)).text();
  const config = await createConfig({ extends: ['minimal'] });
  const problems = await lintFromString({ source, absoluteRef: 'openapi.json', config });
  const errors = problems.filter((problem) => problem.severity === 'error');
  expect(
    errors.map(
      (problem) => `${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer}`,
    ),
  ).toEqual([]);
});

test('the reference page loads its viewer from our own origin only', async () => {
  const page = await fetch(`${app.baseUrl}/api/docs`);
  expect(page.status).toBe(200);
  const html = await page.text();
  const sources = [...html.matchAll(/src="([^"]+)"/g)].map((match) => match[1]);
  expect(sources).toEqual(['/api/docs/redoc.standalone.js']);
  expect(html).toContain('spec-url="/api/openapi.json"');
  expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
  const bundle = await fetch(`${app.baseUrl}/api/docs/redoc.standalone.js`);
  expect(bundle.status).toBe(200);
  expect(bundle.headers.get('content-type')).toContain('javascript');
  expect((await bundle.arrayBuffer()).byteLength).toBeGreaterThan(100_000);
});
