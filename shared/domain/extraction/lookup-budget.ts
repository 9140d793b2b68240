/**
 * One document's budget of resolver look-ups, shared by every reader (the line readers' name checks, prose, the
 * fallback). A name nobody has asked about reaches the resolver's retrieval stage, which costs about a millisecond;
 * a document of thousands of distinct lines no reader understands (a log dump, a pasted novel, generated junk) would
 * otherwise cost seconds per thousand lines, and the Files API reads every upload inside a Lambda with a timeout.
 *
 * Three guards, cheapest first:
 *   1. a name that cannot be one is never asked about (`mayNameMeasurement`): no letter, too long, too many words;
 *   2. an answer already known (the callers' caches) costs nothing: repeated names are free;
 *   3. the rest spend from the budget; once it is spent, an unknown name is answered "not known" without asking.
 *
 * The longest dev report spends well under a tenth of the budget, so a report is read whole; a document that spends
 * it all is a generated or damaged text, read as far as names already known carry it. Module state, reset per
 * document by `startLookupBudget` (the extractor is synchronous: one document is read at a time per process).
 */

/**
 * What one document may spend on uncached look-ups, in words looked up: a look-up costs about half a millisecond to
 * a millisecond per word of the name (retrieval compares every word), so a budget in words bounds the time where one
 * in names would not. The dev set's most asking report spends about 220 from a cold start (240 in a warm process):
 * the budget leaves it room, and bounds a document's resolver time to a few hundred milliseconds however long it is.
 */
export const LOOKUP_BUDGET = 400;

/** The longest name worth asking about: the longest name the dev set's resolver knows is 41 characters. */
export const MAX_NAME_LENGTH = 80;
/** The most words a name worth asking about has: the dev set's known names have five at most. */
export const MAX_NAME_WORDS = 8;

interface BudgetState {
  /** Whether a document is being read: outside one (a unit test calling a reader directly) nothing is budgeted. */
  armed: boolean;
  limit: number;
  /** Name checks asked for this document, answered from a cache or not. */
  asked: number;
  /** Uncached look-ups made for this document, in words looked up. */
  spent: number;
  /** Look-ups refused because the budget was spent. */
  refused: number;
  /** Names never asked about because they cannot be one. */
  filtered: number;
}

const state: BudgetState = { armed: false, limit: LOOKUP_BUDGET, asked: 0, spent: 0, refused: 0, filtered: 0 };

/**
 * Reads one document within a fresh budget: `read` runs with the budget armed and it is disarmed after. Inside a
 * document already being read (the fallback runs within the line pipeline's document) the budget is that document's.
 */
export function withLookupBudget<T>(read: () => T, limit: number = LOOKUP_BUDGET): T {
  if (state.armed) return read();
  Object.assign(state, { armed: true, limit, asked: 0, spent: 0, refused: 0, filtered: 0 });
  try {
    return read();
  } finally {
    state.armed = false;
  }
}

/** Counts a name check, cached or not (the statistics' `asked`). */
export function countLookup(): void {
  state.asked++;
}

/** What the current (or last) document spent: for the cost bench and for tests counting resolver calls. */
export function lookupStatistics(): Readonly<Omit<BudgetState, 'armed'>> {
  const { armed: _armed, ...figures } = state;
  return figures;
}

const LETTER = /\p{L}/u;

/**
 * Whether a text may be a measurement's name at all: it holds a letter and is short enough in characters and in
 * words. Anything else is never asked about, and costs nothing from the budget.
 */
export function mayNameMeasurement(name: string): boolean {
  return name.length > 0 && name.length <= MAX_NAME_LENGTH && LETTER.test(name) && wordsIn(name) <= MAX_NAME_WORDS;
}

/** Words in a name, counted without splitting (a space after a non-space starts one). */
function wordsIn(name: string): number {
  let words = 0;
  let inWord = false;
  for (let k = 0; k < name.length; k++) {
    const space = name.charCodeAt(k) <= 32;
    if (!space && !inWord) words++;
    inWord = !space;
  }
  return words;
}

/**
 * Takes one uncached look-up of `name` from the document's budget, at its cost in words: false when the name cannot
 * be one (no budget spent) or when the budget is spent (the caller answers "not known").
 */
export function spendLookup(name: string): boolean {
  if (!mayNameMeasurement(name)) {
    state.filtered++;
    return false;
  }
  if (!state.armed) return true;
  if (state.spent >= state.limit) {
    state.refused++;
    return false;
  }
  state.spent += wordsIn(name);
  return true;
}
