import { readFileSync } from 'node:fs';
import Ajv2020 from 'ajv/dist/2020';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { openApiDocument } from '../../../functions/openapi/document';
import { operations } from '../../../functions/operations';
import { httpRoutes } from '../../../functions/routes';
import { readmeExamples } from '../../support/readme-examples';

const document = openApiDocument('http://localhost:8787', '0.0.0');
const ajv = new Ajv2020({ strict: false, allErrors: true });

/** The emitted JSON Schema of an operation's body (or its query parameters as one object). */
function emittedSchema(routeId: string, where: 'body' | 'query'): object {
  const route = httpRoutes.find((r) => r.id === routeId)!;
  const op = document.paths[route.path.replace(/\+\}/g, '}')]![route.method.toLowerCase()]!;
  const root = { components: { schemas: document.components.schemas } };
  if (where === 'body') {
    const content = (op.requestBody as { content: Record<string, { schema: object }> }).content;
    return { ...Object.values(content)[0]!.schema, ...root };
  }
  const params = ((op.parameters ?? []) as { name: string; in: string; schema: object; required: boolean }[]).filter(
    (p) => p.in === 'query',
  );
  return {
    type: 'object',
    properties: Object.fromEntries(params.map((p) => [p.name, p.schema])),
    required: params.filter((p) => p.required).map((p) => p.name),
    ...root,
  };
}

describe('documented examples', () => {
  for (const op of operations) {
    for (const [i, example] of (op.examples ?? []).entries()) {
      it(`${op.routeId} example ${i + 1} validates with zod and with Ajv on the emitted JSON Schema`, () => {
        const schema = op.body ?? op.query;
        expect(schema, `${op.routeId} has examples but no body or query schema`).toBeDefined();
        // Query examples are typed values; the handler sees them as strings and zod coerces them.
        const wire = op.body
          ? example
          : Object.fromEntries(Object.entries(example as object).map(([k, v]) => [k, String(v)]));
        const parsed = z.safeParse(schema!, wire);
        expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
        const validate = ajv.compile({
          $id: `urn:hds:example:${op.routeId}:${i}`,
          ...emittedSchema(op.routeId, op.body ? 'body' : 'query'),
        });
        expect(validate(example), JSON.stringify(validate.errors)).toBe(true);
      });
    }
  }

  it('every operation with a body has at least one example', () => {
    const missing = operations.filter((o) => o.body && !o.examples?.length).map((o) => o.routeId);
    expect(missing).toEqual([]);
  });

  it('every README JSON request body of a documented route validates with its operation', () => {
    const bodies = readmeBodies();
    expect(bodies.length).toBeGreaterThan(3);
    for (const { path, body } of bodies) {
      const route = httpRoutes.find((r) => r.method === 'POST' && matches(r.path, path));
      const op = route && operations.find((o) => o.routeId === route.id);
      expect(op?.body, `an operation with a body for POST ${path}`).toBeDefined();
      const parsed = z.safeParse(op!.body!, body);
      expect(parsed.success, `POST ${path}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
    }
  });
});

/** The README's runnable `curl … $HDS/<path> … -d '<json>'` requests whose body is JSON as written (no shell variables). */
function readmeBodies(): { path: string; body: unknown }[] {
  const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
  // Blocks the README test expects to fail show refused bodies on purpose.
  const code = readmeExamples(readme)
    .filter((e) => e.language === 'shell' && e.mode !== 'expect-error')
    .map((e) => e.code)
    .join('\n');
  const out: { path: string; body: unknown }[] = [];
  for (const m of code.matchAll(/curl -s "?\$HDS(\/[^\s"?]+)(?:(?!curl )[\s\S])*?-d '([^']*)'/g)) {
    try {
      out.push({ path: m[1]!, body: JSON.parse(m[2]!) });
    } catch {
      // A body assembled from shell variables is not JSON as written.
    }
  }
  return out;
}

function matches(template: string, path: string): boolean {
  const source = template.replace(/\{[a-zA-Z0-9_]+\+\}/g, '.+').replace(/\{[a-zA-Z0-9_]+\}/g, '[^/]+');
  return new RegExp(`^${source}$`).test(path.split('?')[0]!);
}
