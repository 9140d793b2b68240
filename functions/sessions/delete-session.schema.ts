import * as z from 'zod/mini';
import { defineOperation } from '../../shared/openapi/operation';
import { deletedSchema, SubjectQuerySchema } from '../../shared/openapi/wire/common';

export const SessionPathSchema = z.object({ session_id: z.string() });

export const operation = defineOperation('delete-session', {
  summary: 'Delete a session: its session-scoped readings and files, and the chat session',
  tags: ['Sessions'],
  path: SessionPathSchema,
  query: SubjectQuerySchema,
  responses: {
    200: {
      description: '`deleted` counts rows, session files and the session itself',
      schema: deletedSchema({ session_id: z.string() }),
    },
  },
});
