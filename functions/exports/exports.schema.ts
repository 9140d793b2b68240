import * as z from 'zod/mini';
import { EXPORT_FORMATS } from '../../shared/domain/exports';
import { SubjectKeySchema } from '../../shared/openapi/wire/common';

/** An export job (`toExportWire`): an HDS extension, not in the contract. */
export const ExportSchema = z
  .object({
    object: z.literal('export'),
    id: z.string().check(z.meta({ description: '`exp_` + 24 hex digits' })),
    status: z.enum(['queued', 'running', 'completed', 'failed']),
    format: z.enum(EXPORT_FORMATS),
    user: SubjectKeySchema,
    since: z.nullable(z.string()),
    until: z.nullable(z.string()),
    created_at: z.number().check(z.meta({ description: 'Epoch seconds' })),
    started_at: z.nullable(z.number()),
    completed_at: z.nullable(z.number()),
    expires_at: z.number().check(
      z.meta({
        description: 'Epoch seconds: the export and its file are gone after this (at most 24 h after creation)',
      }),
    ),
    count: z.nullable(z.number().check(z.meta({ description: 'Readings written, once completed' }))),
    files: z.array(
      z.object({
        url: z.string().check(z.meta({ description: 'Presigned S3 GET, minted for this answer' })),
        url_expires_at: z.number().check(z.meta({ description: 'Epoch seconds; at most 15 minutes away' })),
        filename: z.string(),
        content_type: z.string(),
        bytes: z.number(),
        count: z.number(),
      }),
    ),
    error: z.nullable(z.object({ code: z.string(), message: z.string() })),
    subject: SubjectKeySchema,
  })
  .check(z.meta({ id: 'Export', description: "A bulk export of a Subject's readings (HDS extension)" }));

export const ExportPathSchema = z.object({ export_id: z.string() });
