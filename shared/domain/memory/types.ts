/**
 * The contract of memory extraction: what a person said in a conversation in, the durable personal facts it
 * states out (conditions, allergies, medications, diet, goals, family history, preferences). Transient readings
 * ("resting heart rate 58 this morning") are not memories: they become rows through the reading extractor.
 */

export const MEMORY_KINDS = [
  'condition',
  'allergy',
  'medication',
  'diet',
  'goal',
  'family_history',
  'preference',
  'lifestyle',
] as const;

export type MemoryKind = (typeof MEMORY_KINDS)[number];

/** One durable fact, as a short sentence close to the person's own words. */
export interface ExtractedMemory {
  text: string;
  kind: MemoryKind | null;
}

/** Extracts durable facts from what the person wrote; yields nothing for text without any. */
export interface MemoryExtractor {
  extract(text: string): Promise<ExtractedMemory[]>;
}

/** Memories kept from one turn at most: a journal entry states a handful, never dozens. */
export const MAX_MEMORIES_PER_TURN = 10;
/** Longest memory text kept, in characters. */
export const MAX_MEMORY_CHARS = 300;

/**
 * The bounds every extractor's output passes through: trimmed, non-empty, at most `MAX_MEMORY_CHARS` (longer ones are
 * cut at a word), no case-insensitive repeats, at most `MAX_MEMORIES_PER_TURN`.
 */
export function boundMemories(memories: readonly ExtractedMemory[]): ExtractedMemory[] {
  const seen = new Set<string>();
  const out: ExtractedMemory[] = [];
  for (const m of memories) {
    let text = m.text.replace(/\s+/g, ' ').trim();
    if (!text) continue;
    if (text.length > MAX_MEMORY_CHARS) text = `${text.slice(0, MAX_MEMORY_CHARS - 1).replace(/\s+\S*$/, '')}…`;
    const key = text.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ text, kind: m.kind });
    if (out.length >= MAX_MEMORIES_PER_TURN) break;
  }
  return out;
}
