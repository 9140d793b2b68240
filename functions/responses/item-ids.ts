/**
 * Ids of a response's items (`msg_…`, `fc_…`, `rs_…`, `fco_…`) carry the id of the response that holds them and
 * their position in it, so an `item_reference` a client sends back resolves with one read of that response (under
 * the caller's Subject, like every read) and no index of items. Clients treat the ids as opaque strings.
 */
export type ItemPrefix = 'msg' | 'fc' | 'rs' | 'fco';

const RESPONSE_ID = /^resp_([0-9a-f]{32})$/;
const ITEM_ID = /^(?:msg|fc|rs|fco)_([0-9a-f]{32})[0-9a-f]{4}$/;
/** Input items are numbered from here, output items from 0, so the two never share an id. */
export const INPUT_ITEM_BASE = 0x8000;

export function itemId(prefix: ItemPrefix, responseId: string, index: number): string {
  const hex = RESPONSE_ID.exec(responseId)?.[1];
  if (!hex) throw new Error(`not a response id: ${responseId}`);
  return `${prefix}_${hex}${index.toString(16).padStart(4, '0')}`;
}

/** The response an item id names, or null for an id HDS did not issue. */
export function responseIdOfItem(id: string): string | null {
  const hex = ITEM_ID.exec(id)?.[1];
  return hex ? `resp_${hex}` : null;
}
