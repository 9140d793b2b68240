import type { ManifestEntry } from '../../functions/routes';

// biome-ignore lint/suspicious/noExplicitAny: handlers take each their own event type
export type AnyHandler = (event: any, context: any) => Promise<any>;

const loaded = new Map<string, AnyHandler>();

/** Imports a manifest entry's module once and returns its `handler`, exactly the export Lambda calls. */
export async function loadHandler(entry: ManifestEntry): Promise<AnyHandler> {
  let handler = loaded.get(entry.id);
  if (!handler) {
    const mod = (await import(/* @vite-ignore */ `../../functions/${entry.handler}`)) as { handler?: AnyHandler };
    if (typeof mod.handler !== 'function') throw new Error(`functions/${entry.handler} exports no handler`);
    handler = mod.handler;
    loaded.set(entry.id, handler);
  }
  return handler;
}
