import * as z from 'zod/mini';
import { EXPORT_FORMATS } from '../../shared/domain/exports';
import { defineOperation } from '../../shared/openapi/operation';
import { ExportSchema } from './exports.schema';

const instant = (description: string) =>
  z.nullish(
    z.string().check(z.meta({ description: `${description}: an ISO 8601 date or date-time (UTC if no offset)` })),
  );

/** Body of `POST /v1/exports`. */
export const CreateExportSchema = z.object({
  user: z.string().check(z.meta({ description: 'The Subject to export; required, and it must exist' })),
  format: z.enum(EXPORT_FORMATS).check(
    z.meta({
      description: 'FHIR R4 Observations as NDJSON or one `collection` Bundle, or CSV of the standardized rows',
    }),
  ),
  since: instant('Only readings at or after this instant'),
  until: instant('Only readings at or before this instant'),
});

export const operation = defineOperation('create-export', {
  summary: "Start a bulk export of a Subject's readings (HDS extension)",
  tags: ['Exports'],
  body: CreateExportSchema,
  responses: { 202: { description: 'Queued; poll `GET /v1/exports/{export_id}`', schema: ExportSchema } },
  examples: [{ user: 'alice', format: 'fhir-ndjson', since: '2026-01-01' }],
});
