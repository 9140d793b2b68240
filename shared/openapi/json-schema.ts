import * as z from 'zod/mini';

/** A JSON Schema (draft 2020-12, which OpenAPI 3.1 schemas are) as `z.toJSONSchema` emits it. */
export type JsonSchema = Record<string, unknown>;

/**
 * Requests are emitted as their input side (`io: 'input'`): a transform (the timestamps' `pipe`) has no output JSON
 * Schema, and the input is what a client sends. Responses have no transforms and are emitted as output, which closes
 * their objects (`additionalProperties: false`), so the document says no undocumented field is ever answered.
 */
export type Io = 'input' | 'output';

const COMPONENT_REF = '#/components/schemas/';

/**
 * Converts zod schemas to the document's JSON Schemas and collects `components.schemas`: every schema carrying a meta
 * `id` (`.check(z.meta({ id }))`) is hoisted there once and referenced. One id emitted both as a request and as a
 * response differs (the response is closed), so its request form is named `<id>Input` when the two differ.
 */
export class SchemaRegistry {
  private readonly defs = new Map<string, { input?: JsonSchema; output?: JsonSchema }>();
  private readonly pending: { node: JsonSchema; id: string; io: Io }[] = [];

  /** The JSON Schema of `schema`; references into components are settled by `components()`. */
  convert(schema: z.ZodMiniType, io: Io): JsonSchema {
    const emitted = z.toJSONSchema(schema, { io, target: 'draft-2020-12' }) as JsonSchema;
    const { $schema: _drop, $defs, ...root } = emitted;
    for (const [id, def] of Object.entries(($defs ?? {}) as Record<string, JsonSchema>)) {
      const entry = this.defs.get(id) ?? {};
      entry[io] = this.markRefs(def, io);
      this.defs.set(id, entry);
    }
    return this.markRefs(root, io);
  }

  /** `components.schemas`, with every reference made so far pointing at its final name. */
  components(): Record<string, JsonSchema> {
    for (const { node, id, io } of this.pending) node.$ref = COMPONENT_REF + this.nameOf(id, io);
    const out: Record<string, JsonSchema> = {};
    for (const [id, entry] of [...this.defs].sort(([a], [b]) => a.localeCompare(b))) {
      if (entry.output) out[id] = entry.output;
      if (entry.input) out[this.nameOf(id, 'input')] = entry.input;
    }
    return out;
  }

  private nameOf(id: string, io: Io): string {
    const entry = this.defs.get(id);
    if (io === 'output' || !entry?.output || !entry.input) return id;
    return JSON.stringify(entry.input) === JSON.stringify(entry.output) ? id : `${id}Input`;
  }

  /** Walks the emitted tree, remembering each `#/$defs/<id>` reference to rewrite once every schema is known. */
  private markRefs<T>(node: T, io: Io): T {
    if (Array.isArray(node)) return node.map((n) => this.markRefs(n, io)) as T;
    if (!node || typeof node !== 'object') return node;
    const out: JsonSchema = {};
    for (const [k, v] of Object.entries(node)) out[k] = this.markRefs(v, io);
    const ref = out.$ref;
    if (typeof ref === 'string' && ref.startsWith('#/$defs/')) {
      this.pending.push({ node: out, id: ref.slice('#/$defs/'.length), io });
    }
    return out as T;
  }
}
