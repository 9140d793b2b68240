import { bucket } from '../../shared/composition/bucket';
import { model } from '../../shared/composition/model';
import { queues } from '../../shared/composition/queues';
import { streamingUserRoute } from '../../shared/http/handler';
import { SSE_HEADERS, withKeepAlive } from '../../shared/http/sse';
import { parseWith, requireObject } from '../../shared/http/validation';
import { streamedFailure } from '../../shared/services/agent/upstream-failure';
import { startResponseTurn } from '../responses/response-turn';
import { httpRoute } from '../routes';
import { closingFrames, engineFrames, errorFrame, idFrame } from './engine-chat-frames';
import { engineResponsesRequest } from './engine-chat-request';
import { EngineChatRequestSchema } from './stream-engine-chat.schema';

/**
 * POST /api/v1/chat/stream: the self-hosted engine's chat, one Agent API turn (the same history, tools, store and
 * consolidation as `/v1/responses`) told as the engine's SSE frames. Refusals before the stream are the envelope.
 */
export const handler = streamingUserRoute(httpRoute('stream-engine-chat'), { bucket, queues, model }, async (ctx) => {
  const body = parseWith(EngineChatRequestSchema, requireObject(ctx.json()));
  const request = await engineResponsesRequest(ctx, body);
  const turn = await startResponseTurn(ctx, request, { serviceEvents: false, surface: 'engine-chat' });

  async function* frames(): AsyncGenerator<string> {
    yield idFrame(turn.who.id, request.sessionId!);
    try {
      for await (const event of turn.events()) {
        if (event.type === 'done') {
          await turn.conclude(event.outcome);
          yield* closingFrames(event.outcome, request.tier);
        } else {
          // The assembly builds the response object the turn is stored as (`GET /v1/responses/{id}` reads it).
          turn.assembly.on(event);
          yield* engineFrames(event);
        }
      }
    } catch (err) {
      await turn.fail(err);
      if (turn.stopped()) return;
      // Headers are sent: a failure is one `error` frame, then the stream ends.
      yield errorFrame(streamedFailure(err).message);
    } finally {
      await turn.close();
    }
  }
  return { headers: SSE_HEADERS, frames: withKeepAlive(frames(), { onStop: turn.stop }), onClose: turn.stop };
});
