/**
 * Answers of pure text functions remembered per text. The line pipeline asks the same question of the same line many
 * times: a 74-line report calls `findDates` ~3,000 times on ~260 distinct texts, since every reader that looks for a
 * date scans the line again and the column unfolder (`columns.ts`) reads the document three or four times over. Only
 * functions whose answer depends on their arguments alone are remembered here; callers receive a copy wherever they
 * may change what they got (a reading's fields are completed in place by later lines).
 *
 * Each memo holds at most `MAX_ENTRIES` texts and starts afresh when full, like the name caches in `vocabulary.ts`:
 * memory stays bounded on a document of a million lines (peak resident size on 20,000-line documents as without
 * memos; twice as many entries cost ~60 MB more), and a report of a few hundred lines is answered from it on every
 * pass. A text is the key as it is (no concatenation with other arguments); a long one is not kept at all.
 */

/** Distinct texts one memo remembers before it starts afresh. */
const MAX_ENTRIES = 4096;
/**
 * The longest text remembered. A key is hashed in full on every look-up of a new string, and readers cut ever longer
 * prefixes from a long line (the names in front of each value of a 1 MB line): those are answered afresh each time.
 */
const MAX_TEXT_LENGTH = 2000;

/** A bounded map from text to answer. */
export class TextMemo<T> {
  private readonly answers = new Map<string, T>();

  get(text: string): T | undefined {
    return text.length > MAX_TEXT_LENGTH ? undefined : this.answers.get(text);
  }

  has(text: string): boolean {
    return text.length <= MAX_TEXT_LENGTH && this.answers.has(text);
  }

  set(text: string, answer: T): T {
    if (text.length > MAX_TEXT_LENGTH) return answer;
    if (this.answers.size >= MAX_ENTRIES) this.answers.clear();
    this.answers.set(text, answer);
    return answer;
  }
}

/** `answer(text)` remembered per text. `answer` must depend on its text alone. */
export function memoisedByText<T>(answer: (text: string) => T): (text: string) => T {
  const memo = new TextMemo<T>();
  return (text) => {
    const known = memo.get(text);
    if (known !== undefined || memo.has(text)) return known as T;
    return memo.set(text, answer(text));
  };
}

/** One memo per value of a small second argument (a document's date order), each keyed by the text. */
export class KeyedTextMemo<K, T> {
  private readonly memos = new Map<K, TextMemo<T>>();

  of(key: K): TextMemo<T> {
    let memo = this.memos.get(key);
    if (memo === undefined) {
      memo = new TextMemo<T>();
      this.memos.set(key, memo);
    }
    return memo;
  }
}
