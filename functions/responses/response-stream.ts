import type { ToolStep } from '../../shared/domain/agent/tool-step';
import { sseFrame } from '../../shared/http/sse';
import type { ModelToolCall } from '../../shared/ports/model-provider';
import type { AgentEvent, AgentOutcome } from '../../shared/services/agent/run-agent';
import { itemId } from './item-ids';
import {
  functionCallItem,
  messageItem,
  type OutputItem,
  type ResponseIdentity,
  reasoningItem,
  responseObject,
} from './response-object';

/** A streamed tool result is cut to this many characters; `response.completed` carries it whole. */
export const STREAMED_RESULT_CHARS = 4096;

/**
 * Turns one agent turn into the output items of a response and, when streaming, into `response.*` events in
 * the order real clients expect: created → in_progress → per item added → parts and deltas → done →
 * completed (or failed). Items open strictly one at a time: reasoning, then the message, then handed-off
 * function calls. Server tool runs never open an item; they travel in the `response.service_tool_call`
 * side channel (unless the caller turned it off).
 */
export class ResponseAssembly {
  private sequence = 0;
  private readonly items: OutputItem[] = [];
  private reasoning: { id: string; text: string } | null = null;
  private message: { id: string; text: string } | null = null;
  private closedReasoning = false;

  constructor(
    private readonly who: ResponseIdentity,
    private readonly serviceEvents: boolean,
  ) {}

  /** The opening events. */
  start(): string[] {
    const snapshot = responseObject(this.who, 'in_progress', null);
    return [
      this.event('response.created', { response: snapshot }),
      this.event('response.in_progress', { response: snapshot }),
    ];
  }

  /** Events for one agent event (none for what a response does not show). */
  on(event: AgentEvent): string[] {
    switch (event.type) {
      case 'reasoning':
        return this.reasoningDelta(event.delta);
      case 'text':
        return this.textDelta(event.delta);
      case 'tool_step':
        return this.serviceEvents ? [this.serviceToolCall(event.step)] : [];
      default:
        return [];
    }
  }

  /** Closing events: the open item, any handed-off calls, then `response.completed` with the whole response. */
  finish(outcome: AgentOutcome): { frames: string[]; response: ReturnType<typeof responseObject> } {
    // A turn that answered always has a message item, even an empty one: clients read the answer from it.
    const frames = !this.message && outcome.clientCalls.length === 0 ? this.textDelta('') : [];
    frames.push(...this.closeReasoning(), ...this.closeMessage());
    for (const call of outcome.clientCalls) frames.push(...this.functionCall(call));
    const response = responseObject(this.who, 'completed', {
      output: this.items,
      usage: outcome.usage,
      toolSteps: outcome.toolSteps,
    });
    frames.push(this.event('response.completed', { response }));
    return { frames, response };
  }

  /** An upstream failure after the stream began: an `error` event, then `response.failed`. */
  fail(message: string): string[] {
    const error = { type: 'invalid_request_error', code: 'upstream_error', message, param: null };
    const seq = this.sequence++;
    const errorFrame = sseFrame(
      { type: 'error', sequence_number: seq, code: error.code, message, param: null, error },
      'error',
    );
    const failed = responseObject(this.who, 'failed', null, { code: 'upstream_error', message });
    return [errorFrame, this.event('response.failed', { response: failed })];
  }

  private reasoningDelta(delta: string): string[] {
    // Reasoning after the answer began has no open item left to go to; the answer is what matters then.
    if (this.closedReasoning || this.message) return [];
    const frames: string[] = [];
    if (!this.reasoning) {
      this.reasoning = { id: itemId('rs', this.who.id, this.items.length), text: '' };
      const index = this.items.length;
      this.items.push(reasoningItem(this.reasoning.id, '', 'in_progress'));
      frames.push(
        this.event('response.output_item.added', {
          output_index: index,
          item: reasoningItem(this.reasoning.id, '', 'in_progress'),
        }),
        this.event('response.reasoning_summary_part.added', {
          item_id: this.reasoning.id,
          output_index: index,
          summary_index: 0,
          part: { type: 'summary_text', text: '' },
        }),
      );
    }
    this.reasoning.text += delta;
    frames.push(
      this.event('response.reasoning_summary_text.delta', {
        item_id: this.reasoning.id,
        output_index: this.indexOf(this.reasoning.id),
        summary_index: 0,
        delta,
      }),
    );
    return frames;
  }

  private closeReasoning(): string[] {
    if (!this.reasoning || this.closedReasoning) return [];
    this.closedReasoning = true;
    const { id, text } = this.reasoning;
    const index = this.indexOf(id);
    const done = reasoningItem(id, text, 'completed');
    this.items[index] = done;
    return [
      this.event('response.reasoning_summary_text.done', { item_id: id, output_index: index, summary_index: 0, text }),
      this.event('response.reasoning_summary_part.done', {
        item_id: id,
        output_index: index,
        summary_index: 0,
        part: { type: 'summary_text', text },
      }),
      this.event('response.output_item.done', { output_index: index, item: done }),
    ];
  }

  private textDelta(delta: string): string[] {
    const frames = this.closeReasoning();
    if (!this.message) {
      this.message = { id: itemId('msg', this.who.id, this.items.length), text: '' };
      const index = this.items.length;
      this.items.push(messageItem(this.message.id, null, 'in_progress'));
      frames.push(
        this.event('response.output_item.added', {
          output_index: index,
          item: messageItem(this.message.id, null, 'in_progress'),
        }),
        this.event('response.content_part.added', {
          item_id: this.message.id,
          output_index: index,
          content_index: 0,
          part: { type: 'output_text', text: '', annotations: [], logprobs: [] },
        }),
      );
    }
    this.message.text += delta;
    frames.push(
      this.event('response.output_text.delta', {
        item_id: this.message.id,
        output_index: this.indexOf(this.message.id),
        content_index: 0,
        delta,
        logprobs: [],
      }),
    );
    return frames;
  }

  private closeMessage(): string[] {
    if (!this.message) return [];
    const { id, text } = this.message;
    const index = this.indexOf(id);
    const done = messageItem(id, text, 'completed');
    if (this.items[index]?.status === 'completed') return [];
    this.items[index] = done;
    return [
      this.event('response.output_text.done', {
        item_id: id,
        output_index: index,
        content_index: 0,
        text,
        logprobs: [],
      }),
      this.event('response.content_part.done', {
        item_id: id,
        output_index: index,
        content_index: 0,
        part: { type: 'output_text', text, annotations: [], logprobs: [] },
      }),
      this.event('response.output_item.done', { output_index: index, item: done }),
    ];
  }

  private functionCall(call: ModelToolCall): string[] {
    const index = this.items.length;
    const id = itemId('fc', this.who.id, index);
    const done = functionCallItem(id, call, 'completed');
    this.items.push(done);
    return [
      this.event('response.output_item.added', {
        output_index: index,
        item: functionCallItem(id, call, 'in_progress'),
      }),
      this.event('response.function_call_arguments.delta', { item_id: id, output_index: index, delta: call.arguments }),
      this.event('response.function_call_arguments.done', {
        item_id: id,
        output_index: index,
        name: call.name,
        arguments: call.arguments,
      }),
      this.event('response.output_item.done', { output_index: index, item: done }),
    ];
  }

  private serviceToolCall(step: ToolStep): string {
    const truncated = step.result.length > STREAMED_RESULT_CHARS;
    const shown = { ...step, result: truncated ? step.result.slice(0, STREAMED_RESULT_CHARS) : step.result, truncated };
    return this.event('response.service_tool_call', { ...shown, tool_step: shown });
  }

  private indexOf(itemId: string): number {
    return this.items.findIndex((i) => i.id === itemId);
  }

  private event(type: string, data: Record<string, unknown>): string {
    return sseFrame({ type, sequence_number: this.sequence++, ...data }, type);
  }
}
