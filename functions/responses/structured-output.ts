import { Ajv } from 'ajv';
import { UpstreamError } from '../../shared/http/errors';
import type { ModelResponseFormat } from '../../shared/ports/model-provider';
import type { AgentOutcome } from '../../shared/services/agent/run-agent';

const ajv = new Ajv({ strict: false, allErrors: false });
const compiled = new WeakMap<object, ReturnType<Ajv['compile']>>();

/**
 * The validator of a caller's JSON Schema, compiled once; throws when the schema itself is invalid. `$schema` is
 * set aside: SDKs name draft-07 or 2020-12 for the same plain object schemas, and only the keywords matter here.
 */
export function schemaValidator(schema: Record<string, unknown>): ReturnType<Ajv['compile']> {
  let validate = compiled.get(schema);
  if (!validate) {
    const { $schema: _dialect, ...rest } = schema;
    validate = ajv.compile(rest);
    compiled.set(schema, validate);
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
