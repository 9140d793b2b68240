import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import { openApiDocument } from '../../functions/openapi/document';
import type { HttpRoute } from '../../functions/routes';
import type { OpenApiDocument } from '../../shared/openapi/build';

/**
 * Response truth for the tests (`HDS_VALIDATE_RESPONSES=1`): each JSON answer of a route is checked against what
 * the OpenAPI document says that route answers with that status, with Ajv (draft 2020-12) on the emitted JSON Schema,
 * so the test that meets an undocumented field or shape fails, and the document is proven, not only the zod.
 */
let checker: { document: OpenApiDocument; ajv: Ajv2020; cache: Map<string, ValidateFunction | null> } | undefined;

export function responseChecksOn(): boolean {
  return process.env.HDS_VALIDATE_RESPONSES === '1';
}

/** Why the answer does not match the document, or null when it does (or the document says nothing of that status). */
export function responseProblem(route: HttpRoute, status: number, contentType: string, body: string): string | null {
  if (!contentType.startsWith('application/json') || body === '') return null;
  const validate = validatorFor(route, status);
  if (!validate) return null;
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return 'the body is not JSON';
  }
  if (validate(value)) return null;
  return (validate.errors ?? [])
    .slice(0, 5)
    .map((e) => `${e.instancePath || '/'} ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`)
    .join('; ');
}

function validatorFor(route: HttpRoute, status: number): ValidateFunction | null {
  checker ??= {
    document: openApiDocument('http://localhost', '0.0.0'),
    ajv: new Ajv2020({ strict: false, allErrors: false }),
    cache: new Map(),
  };
  const key = `${route.id} ${status}`;
  if (checker.cache.has(key)) return checker.cache.get(key)!;
  const path = route.path.replace(/\{([a-zA-Z0-9_]+)\+\}/g, '{$1}');
  const operation = checker.document.paths[path]?.[route.method.toLowerCase()] as
    | { responses?: Record<string, { $ref?: string; content?: Record<string, { schema?: unknown }> }> }
    | undefined;
  let response = operation?.responses?.[String(status)];
  if (response?.$ref) {
    const name = response.$ref.split('/').pop()!;
    response = (checker.document.components.responses as Record<string, typeof response>)[name];
  }
  const schema = response?.content?.['application/json']?.schema;
  const validate = schema
    ? checker.ajv.compile({
        $id: `urn:hds:response:${route.id}:${status}`,
        ...(schema as object),
        components: { schemas: checker.document.components.schemas },
      })
    : null;
  checker.cache.set(key, validate);
  return validate;
}
