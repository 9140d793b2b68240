import * as z from 'zod/mini';
import { sessionIdPathParam, subjectKeyParam } from '../../shared/http/query-schemas';
import { defineOperation } from '../../shared/openapi/operation';
import { deletedSchema } from '../../shared/openapi/wire/common';

/** Query of `DELETE /api/console/sessions/{session_id}`. */
export const DeleteConsoleSessionQuerySchema = z.object({ user: subjectKeyParam() });
export const DeleteConsoleSessionPathSchema = z.object({ session_id: sessionIdPathParam });

/** As `DELETE /v1/sessions/{session_id}` answers: `deleted` counts rows, session files and the session itself. */
export const DeletedSessionSchema = deletedSchema({ session_id: z.string() });

export const operation = defineOperation('delete-console-session', {
  summary: 'Delete a session and its session-scoped data (console session)',
  description:
    "As `DELETE /v1/sessions/{session_id}`: the session's `retention=session` readings (FHIR mirrors included) and " +
    'files are erased and the session closed. 404 when the account holds no such Subject, or nothing of the session ' +
    'was left to delete (unknown, or deleted before).',
  tags: ['Console'],
  query: DeleteConsoleSessionQuerySchema,
  path: DeleteConsoleSessionPathSchema,
  responses: { 200: { description: 'The session was deleted', schema: DeletedSessionSchema } },
  examples: [{ user: 'alice' }],
});
