import { nowMs } from '../../shared/clock';
import { bucket } from '../../shared/composition/bucket';
import { NotFoundError } from '../../shared/errors';
import { userRoute } from '../../shared/http/handler';
import { DEFAULT_SUBJECT_KEY } from '../../shared/http/tenancy';
import { parseWith } from '../../shared/http/validation';
import { httpRoute } from '../routes';
import { DEFAULT_HISTORY_LIMIT, EngineChatHistoryQuerySchema } from './list-engine-chat-history.schema';

/**
 * GET /api/v1/chat/history: with `session_id`, what was said in that session (its latest stored turn holds the whole
 * conversation); without, the user's sessions as the console lists them.
 */
export const handler = userRoute(
  httpRoute('list-engine-chat-history'),
  { bucket },
  async ({ req, services, tenancy }) => {
    const { session_id, limit = DEFAULT_HISTORY_LIMIT } = parseWith(EngineChatHistoryQuerySchema, req.query);
    const subject = await tenancy.find(DEFAULT_SUBJECT_KEY);
    if (!session_id) {
      const sessions = subject ? await services.records.listSessions(subject.subjectId) : [];
      const data = sessions.slice(0, limit).map((s) => ({
        session_id: s.sessionId,
        status: s.status,
        opened_at: s.openedAt,
        closed_at: s.closedAt,
      }));
      return { body: { sessions: data, has_more: sessions.length > limit } };
    }
    const latest = subject
      ? await services.conversations.latestOfSession(subject.subjectId, session_id, nowMs())
      : null;
    if (!latest) throw new NotFoundError(`No conversation in session '${session_id}'`, 'session_id');
    // Tool calls (with any text the model wrote beside them) and tool results are the agent's working, not the
    // conversation a person reads back.
    const said = latest.transcript.flatMap((m) =>
      (m.role === 'user' || (m.role === 'assistant' && !m.toolCalls?.length)) && m.content
        ? [{ role: m.role, content: m.content }]
        : [],
    );
    return {
      body: {
        session_id,
        messages: said.slice(-limit),
        has_more: said.length > limit,
        updated_at: latest.createdAt,
      },
    };
  },
);
