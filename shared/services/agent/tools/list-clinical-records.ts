import * as z from 'zod/mini';
import type { ClinicalRecordFile, ListClinicalRecordsResult } from '../../../domain/agent/tool-results';
import { type StoredFile, textKey } from '../../../domain/files';
import { parseArgs } from './readings';
import type { BuiltinTool, ToolContext } from './types';

export const CLINICAL_RECORDS_DEFAULT_LIMIT = 10;
export const CLINICAL_RECORDS_MAX_LIMIT = 50;
/** Characters of parsed text shown per file. */
export const EXCERPT_CHARS = 1500;

const ListClinicalRecordsArgsSchema = z.object({
  limit: z.nullish(
    z.number().check(z.refine(Number.isInteger, 'must be an integer'), z.gte(1), z.lte(CLINICAL_RECORDS_MAX_LIMIT)),
  ),
});

/** The Subject's uploaded documents with their status, abstract and the beginning of their parsed text. */
export const listClinicalRecords: BuiltinTool = {
  name: 'list_clinical_records',
  description:
    'List the clinical documents the user uploaded (lab reports, discharge letters, PDFs, photos, spreadsheets), newest first. ' +
    'Each gives the file name and type, upload time (epoch seconds), processing status (processing, processed, failed), a short ' +
    `abstract, the first ${EXCERPT_CHARS} characters of its parsed text, and how many readings were taken from it (those readings ` +
    'are searchable with query_health_data).',
  parameters: {
    type: 'object',
    properties: {
      limit: {
        type: 'integer',
        minimum: 1,
        maximum: CLINICAL_RECORDS_MAX_LIMIT,
        default: CLINICAL_RECORDS_DEFAULT_LIMIT,
        description: `Most documents to return, newest first (1 to ${CLINICAL_RECORDS_MAX_LIMIT}, default ${CLINICAL_RECORDS_DEFAULT_LIMIT}).`,
      },
    },
    additionalProperties: false,
  },
  run: (args, ctx) => listClinicalRecordsRun(args, ctx),
};

async function listClinicalRecordsRun(raw: unknown, ctx: ToolContext): Promise<ListClinicalRecordsResult> {
  const args = parseArgs(ListClinicalRecordsArgsSchema, raw);
  const limit = args.limit ?? CLINICAL_RECORDS_DEFAULT_LIMIT;
  const files = ctx.subjectId ? await ctx.services.files.list(ctx.subjectId, ctx.nowMs) : [];
  const shown = await Promise.all(files.slice(0, limit).map((f) => toClinicalRecord(ctx, f)));
  return {
    files: shown,
    truncated: files.length > shown.length,
    ...(files.length > shown.length ? { total_files: files.length } : {}),
  };
}

/** A listed file, plus how long its whole text is and why processing failed, when known. */
type ClinicalRecordEntry = ClinicalRecordFile & { text_chars?: number; failure_reason?: string };

async function toClinicalRecord(ctx: ToolContext, f: StoredFile): Promise<ClinicalRecordEntry> {
  // Only the beginning of the text is read: 4 bytes cover any UTF-8 character.
  const text =
    f.status === 'processed'
      ? ((await ctx.services.blobs.getText(textKey(f.subjectId, f.fileKey), EXCERPT_CHARS * 4)) ?? '')
      : '';
  return {
    file_key: f.fileKey,
    filename: f.filename,
    file_type: f.contentType,
    status: f.status,
    created_at: f.createdAt,
    abstract: f.abstract,
    excerpt: text.slice(0, EXCERPT_CHARS),
    readings: f.recordCount,
    ...(f.textChars !== null ? { text_chars: f.textChars } : {}),
    ...(f.failureReason ? { failure_reason: f.failureReason } : {}),
  };
}
