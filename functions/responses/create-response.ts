import { bucket } from '../../shared/composition/bucket';
import { model } from '../../shared/composition/model';
import { queues } from '../../shared/composition/queues';
import { parseDocumented } from '../../shared/http/documented';
import { streamingApiKeyRoute } from '../../shared/http/handler';
import { SSE_HEADERS, withKeepAlive } from '../../shared/http/sse';
import { requireObject } from '../../shared/http/validation';
import type { AgentOutcome } from '../../shared/services/agent/run-agent';
import { streamedFailure, upstreamFailure } from '../../shared/services/agent/upstream-failure';
import { httpRoute } from '../routes';
import { CreateResponseRequestSchema } from './create-response.schema';
import { startResponseTurn } from './response-turn';
import { parseResponsesRequest } from './responses-request';

/**
 * POST /v1/responses (Agent API): the responses protocol over the same agent loop, built-in tools and model as
 * the Answers API, plus client function tools handed back to the caller, remote MCP tools, stored conversations
 * and backbone mode (`mode: "model"`, the plain model).
 */
export const handler = streamingApiKeyRoute(
  httpRoute('create-response'),
  { bucket, queues, model },
  async (ctx) => {
    const body = requireObject(ctx.json());
    const modeHeader = ctx.req.headers['x-hds-mode'];
    const request = parseDocumented(CreateResponseRequestSchema, body, () =>
      parseResponsesRequest(body, {
        strict: ctx.req.headers['x-hds-strict'] === '1',
        mode: typeof modeHeader === 'string' ? modeHeader : undefined,
      }),
    );
    // `openai-node`'s `responses.stream()` helper announces itself and throws on an event type it does not know.
    const strictEventClient = typeof ctx.req.headers['x-stainless-helper-method'] === 'string';
    const serviceEvents =
      !strictEventClient &&
      !(
        body.stream_options &&
        typeof body.stream_options === 'object' &&
        (body.stream_options as Record<string, unknown>).service_tool_calls === false
      );
    const turn = await startResponseTurn(ctx, request, { serviceEvents, surface: 'responses' });

    if (!request.stream) {
      let outcome: AgentOutcome | undefined;
      try {
        for await (const event of turn.events()) {
          if (event.type === 'done') outcome = event.outcome;
          else turn.assembly.on(event);
        }
      } catch (err) {
        await turn.fail(err);
        throw upstreamFailure(err, request.mode);
      } finally {
        await turn.close();
      }
      if (!outcome) throw new Error('the agent turn ended without an outcome');
      return { body: (await turn.conclude(outcome)).response };
    }

    async function* frames(): AsyncGenerator<string> {
      yield* turn.assembly.start();
      try {
        for await (const event of turn.events()) {
          if (event.type === 'done') yield* (await turn.conclude(event.outcome)).frames;
          else yield* turn.assembly.on(event);
        }
      } catch (err) {
        await turn.fail(err);
        if (turn.stopped()) return;
        // Headers are sent: a failure is told as an `error` event and `response.failed`, then the stream ends.
        yield* turn.assembly.fail(streamedFailure(err, request.mode).message);
      } finally {
        await turn.close();
      }
    }
    return { headers: SSE_HEADERS, frames: withKeepAlive(frames(), { onStop: turn.stop }), onClose: turn.stop };
  },
  {
    idempotent: {
      refuse: (params) =>
        params.stream === true
          ? 'Idempotency-Key is not supported with stream: true: a stream cannot be replayed. Send the request without stream, or without the key.'
          : null,
    },
  },
);
