import { BadRequestError } from '../../shared/errors';
import type { ConversationStore, StoredItem, StoredResponse } from '../../shared/ports/conversation-store';
import { INPUT_ITEM_BASE, type ItemPrefix, itemId, responseIdOfItem } from './item-ids';
import type { InputItem } from './responses-request';

type WireItem = StoredItem;

/**
 * `item_reference` input items replaced by the stored items they name: an earlier turn's assistant message,
 * function call or input (user message, function call output) of one of this Subject's live responses. A reasoning
 * item resolves to nothing the model reads again. An id HDS did not issue, another Subject's, or one whose response
 * is gone is a 400 naming the reference: a client must never lose history silently.
 */
export async function resolveReferences(
  items: readonly InputItem[],
  conversations: ConversationStore,
  subjectId: string | null,
  nowMs: number,
): Promise<InputItem[]> {
  if (!items.some((i) => i.kind === 'reference')) return [...items];
  const responses = new Map<string, Promise<StoredResponse | null>>();
  const resolved: InputItem[] = [];
  for (const item of items) {
    if (item.kind !== 'reference') {
      resolved.push(item);
      continue;
    }
    const responseId = responseIdOfItem(item.id);
    let stored: Promise<StoredResponse | null> | undefined;
    if (responseId && subjectId) {
      stored = responses.get(responseId) ?? conversations.get(subjectId, responseId, nowMs);
      responses.set(responseId, stored);
    }
    const response = stored ? await stored : null;
    const found = response ? itemsOf(response).find((i) => i.id === item.id) : undefined;
    if (!found) {
      throw new BadRequestError(
        `No stored item with id '${item.id}' for this Subject: an item_reference must name an item of one of its live stored responses`,
        'invalid_item_reference',
        item.param,
      );
    }
    resolved.push(...fromWire(found));
  }
  if (!resolved.some((i) => i.kind !== 'style')) {
    throw new BadRequestError(
      'input must hold at least one message or function_call_output item',
      'invalid_input',
      'input',
    );
  }
  return resolved;
}

/** Every item a stored response holds: its input, then its output. */
function itemsOf(response: StoredResponse): WireItem[] {
  const output = Array.isArray(response.response.output) ? (response.response.output as WireItem[]) : [];
  return [...response.inputItems, ...output];
}

function fromWire(item: WireItem): InputItem[] {
  switch (item.type) {
    case 'message': {
      const text = contentOf(item.content);
      if (item.role === 'user' || item.role === 'assistant') return [{ kind: 'message', role: item.role, text }];
      return [{ kind: 'style', text }];
    }
    case 'function_call':
      return [
        {
          kind: 'function_call',
          callId: String(item.call_id),
          name: String(item.name),
          arguments: String(item.arguments ?? '{}'),
        },
      ];
    case 'function_call_output':
      return [{ kind: 'function_call_output', callId: String(item.call_id), output: String(item.output ?? '') }];
    default:
      return [];
  }
}

function contentOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part) => (part && typeof part === 'object' && typeof part.text === 'string' ? part.text : ''))
    .join('\n');
}

/**
 * This turn's input as the protocol lists it (`GET /v1/responses/{id}/input_items`), references resolved, each item
 * with an id a later `item_reference` can name.
 */
export function inputItemsOf(items: readonly InputItem[], responseId: string): WireItem[] {
  const wire: WireItem[] = [];
  const id = (prefix: ItemPrefix) => itemId(prefix, responseId, INPUT_ITEM_BASE + wire.length);
  for (const item of items) {
    switch (item.kind) {
      case 'message':
        wire.push({
          type: 'message',
          id: id('msg'),
          role: item.role,
          status: 'completed',
          content: [{ type: item.role === 'assistant' ? 'output_text' : 'input_text', text: item.text }],
        });
        break;
      case 'style':
        wire.push({
          type: 'message',
          id: id('msg'),
          role: 'developer',
          status: 'completed',
          content: [{ type: 'input_text', text: item.text }],
        });
        break;
      case 'function_call':
        wire.push({
          type: 'function_call',
          id: id('fc'),
          call_id: item.callId,
          name: item.name,
          arguments: item.arguments,
          status: 'completed',
        });
        break;
      case 'function_call_output':
        wire.push({
          type: 'function_call_output',
          id: id('fco'),
          call_id: item.callId,
          output: item.output,
          status: 'completed',
        });
        break;
      case 'reference':
        throw new Error('references are resolved before the input is stored');
    }
  }
  return wire;
}
