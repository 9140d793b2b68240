import * as z from 'zod/mini';
import { defineOperation } from '../../shared/openapi/operation';
import { FileListItemSchema } from '../../shared/openapi/wire/common';
import { ENGINE_TAG, OwnSubjectInputSchema } from './engine.schema';

export const ListEngineFilesQuerySchema = z.object({ user: z.optional(OwnSubjectInputSchema) });

export const operation = defineOperation('list-engine-files', {
  summary: "The user's uploaded files, newest first",
  description:
    '`GET /v1/files`’s items on the signed-in user’s own data; `status` turns from `processing` to `processed` (or ' +
    '`failed`, with `failure_reason`) once a file is read. Scope `mcp:read`.',
  tags: [ENGINE_TAG],
  query: ListEngineFilesQuerySchema,
  responses: {
    200: { description: 'The live files', schema: z.object({ files: z.array(FileListItemSchema) }) },
  },
});
