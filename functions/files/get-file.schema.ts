import * as z from 'zod/mini';
import { defineOperation } from '../../shared/openapi/operation';
import { FileListItemSchema, SubjectKeySchema, SubjectQuerySchema } from '../../shared/openapi/wire/common';
import { FilePathSchema } from './files.schema';

const { retention: _r, session_id: _s, ...fileFields } = FileListItemSchema.shape;

export const FileTextSchema = z.object({
  ...fileFields,
  extracted_text: z.string().check(z.meta({ description: 'The parsed text the agent reads' })),
  abstract: z.string(),
  subject: SubjectKeySchema,
});

export const operation = defineOperation('get-file', {
  summary: "Read a file's parsed text and abstract",
  tags: ['Files'],
  path: FilePathSchema,
  query: SubjectQuerySchema,
  responses: { 200: { description: 'The file and its text', schema: FileTextSchema } },
});
