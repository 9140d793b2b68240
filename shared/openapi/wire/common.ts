/**
 * Schemas of answers several routes share: what `toWire`, `toListItem`, `tierEntries` and the other wire functions of
 * `shared/` return. They describe, they do not parse: the local gateway checks every answer against the document
 * under `HDS_VALIDATE_RESPONSES=1` (the tests), so a wire function and its schema cannot drift apart unseen.
 */
import * as z from 'zod/mini';
import { MODEL_TIERS } from '../../domain/models';
import { RETENTIONS } from '../../domain/retention';

export const SubjectKeySchema = z
  .string()
  .check(z.maxLength(256), z.meta({ description: 'The Subject key (`user`), normalized: NFC, trimmed, lower case' }));

/** `user` as a request names it (normalized on the way in). */
export const SubjectKeyInputSchema = z
  .string()
  .check(z.meta({ description: "The Subject (your end user's key); absent means `default`" }));

/** `?user=` of the routes that read one Subject (absent: the account's default Subject). */
export const SubjectQuerySchema = z.object({
  user: z.optional(SubjectKeyInputSchema),
});

const storedRetentions = RETENTIONS.filter((r) => r !== 'none' && r !== 'persistent') as [string, ...string[]];
export const StoredRetentionSchema = z.enum(storedRetentions as ['permanent', '1d', '6h', '2h', '1h', 'session']);

/** `retention` as a write accepts it (`persistent` is an alias of `permanent`; `none` is chat-only). */
export const RetentionInputSchema = z
  .enum(RETENTIONS.filter((r) => r !== 'none') as ['permanent', 'persistent', '1d', '6h', '2h', '1h', 'session'])
  .check(z.meta({ description: 'How long the data is kept; `session` needs a `session_id`' }));

export const SessionIdSchema = z
  .string()
  .check(z.minLength(1), z.maxLength(256), z.meta({ description: 'Groups session-scoped data (`retention=session`)' }));

/** A reading on `GET /v1/data` (spec: Health record), `toWire` in `shared/domain/records.ts`. */
export const HealthRecordSchema = z
  .object({
    id: z.number().check(z.int()),
    indicator: z.string(),
    value: z.string(),
    parsed_value: z.nullable(z.string()),
    parsed_unit: z.nullable(z.string()),
    loinc_code: z.nullable(z.string()),
    canonical_name: z.nullable(z.string()),
    fhir_resource_id: z.string(),
    time: z.string(),
    end_time: z.nullable(z.string()),
    source: z.enum(['api', 'extract', 'upload', 'consolidation']),
    comment: z.string(),
    reference_low: z.nullable(z.number()),
    reference_high: z.nullable(z.number()),
    reference_text: z.nullable(z.string()),
    abnormal: z.nullable(z.boolean()),
    retention: StoredRetentionSchema,
    session_id: z.nullable(z.string()),
    expires_at: z.nullable(z.string()),
  })
  .check(z.meta({ id: 'HealthRecord', description: 'A stored reading, standardized (LOINC, UCUM)' }));

const FileStatusSchema = z.enum(['processing', 'processed', 'failed']);

/** A file in `GET /v1/files` (`toListItem` in `shared/domain/files.ts`). */
export const FileListItemSchema = z
  .object({
    object: z.literal('file'),
    id: z.string(),
    file_key: z.string(),
    filename: z.string(),
    file_type: z.string(),
    bytes: z.number(),
    created_at: z.number(),
    status: FileStatusSchema,
    failure_reason: z.optional(z.string()),
    processing_note: z.optional(z.string()),
    retention: StoredRetentionSchema,
    session_id: z.optional(z.string()),
    records: z.number(),
  })
  .check(z.meta({ id: 'File', description: 'A stored file; `created_at` in epoch seconds' }));

/** The answer to an upload (`toUploadResponse`). */
export const FileUploadSchema = z
  .object({
    object: z.literal('file'),
    id: z.string(),
    filename: z.string(),
    file_type: z.string(),
    bytes: z.number(),
    status: FileStatusSchema,
    created_at: z.number(),
    duplicate: z.optional(z.literal(true)),
    subject: SubjectKeySchema,
  })
  .check(z.meta({ id: 'FileUpload', description: 'A file just uploaded; `duplicate` when the bytes were known' }));

/** A capability tier (`tierEntries` in `shared/domain/models.ts`). */
export const ModelTierSchema = z
  .object({
    id: z.enum(MODEL_TIERS),
    object: z.literal('model'),
    created: z.number(),
    owned_by: z.literal('hds'),
    context_window: z.number(),
    max_output_tokens: z.number(),
    pricing: z.object({ input_per_1m_tokens: z.number(), output_per_1m_tokens: z.number(), currency: z.string() }),
  })
  .check(z.meta({ id: 'Model', description: 'A capability tier and its price per million tokens' }));

/** `{status: "ok", deleted, subject}` of the delete routes. */
export function deletedSchema<T extends z.core.$ZodLooseShape>(extra: T) {
  return z.object({ status: z.literal('ok'), deleted: z.number(), subject: SubjectKeySchema, ...extra });
}

/** The `data` list envelope `{object: "list", data}`. */
export function listOf<T extends z.ZodMiniType, E extends z.core.$ZodLooseShape>(item: T, extra: E) {
  return z.object({ object: z.literal('list'), data: z.array(item), ...extra });
}

/** An item of `health_records` or `citations`: a tool's result as data. */
export const EvidenceItemSchema = z.object({ tool: z.string(), data: z.record(z.string(), z.unknown()) }).check(
  z.meta({
    id: 'EvidenceItem',
    description:
      'A tool result as evidence: `health_records` from the data tools, `citations` from search_medical_literature, get_clinical_trials and get_article_by_pmcid (Agent API; the chat surface keeps both empty)',
  }),
);
