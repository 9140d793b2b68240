import { Ajv } from 'ajv';
import { UpstreamError } from '../../shared/errors';
import type { ModelResponseFormat } from '../../shared/ports/model-provider';
import type { AgentOutcome } from '../../shared/services/agent/run-agent';

const ajv = new Ajv({ strict: false, allErrors: false });
type Validator = ReturnType<Ajv['compile']>;

/** Compiled output schemas a warm function keeps; an SDK sends the same schema every turn. */
const MAX_COMPILED = 100;
const compiled = new Map<string, { validate: Validator; schema: object }>();

/** `$schema` is set aside: SDKs name draft-07 or 2020-12 for the same plain object schemas; the keywords matter. */
function withoutDialect(schema: Record<string, unknown>): Record<string, unknown> {
  const { $schema: _dialect, ...rest } = schema;
  return rest;
}

/**
 * Whether a caller's JSON Schema is well formed (checked against the meta-schema, about 4 µs). Tool `parameters`
 * are only passed on to the model, so they are checked, never compiled: compiling costs about a millisecond a
 * schema, and every agents-SDK turn resends every tool.
 */
export function schemaProblem(schema: Record<string, unknown>): string | null {
  return ajv.validateSchema(withoutDialect(schema)) ? null : ajv.errorsText(ajv.errors);
}

/**
 * The validator of an output schema (backbone mode), compiled once per schema text and kept in a bounded cache,
 * whose evicted schemas are dropped from Ajv's own cache too, so a warm function's memory stays flat. Throws when
 * the schema cannot be compiled (an unresolvable `$ref`).
 */
export function schemaValidator(schema: Record<string, unknown>): Validator {
  const key = JSON.stringify(schema);
  const hit = compiled.get(key);
  if (hit) {
    compiled.delete(key);
    compiled.set(key, hit);
    return hit.validate;
  }
  const plain = withoutDialect(schema);
  const validate = ajv.compile(plain);
  compiled.set(key, { validate, schema: plain });
  if (compiled.size > MAX_COMPILED) {
    const [oldest, entry] = compiled.entries().next().value as [string, { schema: object }];
    compiled.delete(oldest);
    ajv.removeSchema(entry.schema);
  }
  return validate;
}

/**
 * Backbone mode's promise: with `json_object` the message text is JSON, with `json_schema` it validates against
 * the schema (whether the provider applied it natively or HDS fell back to `json_object` with the schema in the
 * prompt). A model that breaks it is an upstream failure (502), never a silently wrong answer.
 */
export function checkStructuredOutput(format: ModelResponseFormat, outcome: AgentOutcome): void {
  if (format.type === 'text' || outcome.clientCalls.length > 0) return;
  let value: unknown;
  try {
    value = JSON.parse(outcome.answer);
  } catch {
    throw new UpstreamError('The model did not return JSON for text.format; retry');
  }
  if (format.type !== 'json_schema') return;
  const validate = schemaValidator(format.schema);
  if (!validate(value)) {
    const first = validate.errors?.[0];
    throw new UpstreamError(
      `The model's output does not match the schema${first ? ` (${first.instancePath || '/'} ${first.message})` : ''}; retry`,
    );
  }
}
