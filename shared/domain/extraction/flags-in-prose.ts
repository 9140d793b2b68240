/**
 * A flag a message or letter states in words about a result printed above it (`the AMH one is flagged LOW and
 * prolactin HIGH in the portal`, `TSH was marked high`, `ferritin came back as L`): the portal's or lab's flag on
 * that reading, which the table pasted without its flag column did not carry. Only readings already read are
 * flagged, the latest of that name, and only when they have no flag of their own: the sentence reads nothing new.
 */
import type { ExtractedReading } from './types';

/** The flag words a sentence gives, as the portal prints them. */
const FLAG_WORD = `(?:HIGH|LOW|High|Low|high|low|H|L|abnormal|Abnormal|ABNORMAL|critical|Critical|CRITICAL)`;

/** A test name as a message writes it: one to four words, letters first (`AMH`, `prolactin`, `free T4`, `vit D`). */
const NAME = String.raw`([\p{L}][\p{L}\d\-]*(?:\s[\p{L}\d][\p{L}\d\-]*){0,3}?)`;

/** `the AMH one`, `the TSH result` (spelled numbers are digits by now: `the AMH 1`). */
const ONE = String.raw`(?:\s+(?:one|1|result|value|level|number|reading))?`;

/** `<name> (one)? is/was (flagged|marked|showing) (as)? <FLAG>`: the statement that opens a list of flags. */
const FLAGGED = new RegExp(
  String.raw`(?:^|[\s,;:.(])(?:the\s+|my\s+|her\s+|his\s+|your\s+)?${NAME}${ONE}\s+(?:is|was|are|were|came\s+back|got|gets|has\s+been|had\s+been)?\s*(?:flagged|marked|highlighted|showing|showed|shown)\s+(?:as\s+|up\s+as\s+)?(${FLAG_WORD})(?![\p{L}])`,
  'u',
);

/** `and <name> <FLAG>` / `, <name> <FLAG>` after the first: the same verb, not repeated. */
const MORE = new RegExp(
  String.raw`^\s*(?:,\s*|\s+and\s+|\s*&\s*)(?:the\s+|my\s+)?${NAME}${ONE}\s+(?:(?:is|was)\s+)?(?:as\s+)?(${FLAG_WORD})(?![\p{L}])`,
  'u',
);

export interface FlagStatement {
  name: string;
  flag: string;
}

/** The names and flags a sentence states (`AMH … LOW`, `prolactin HIGH`), and the span stating them; null for none. */
export function flagStatements(text: string): { statements: FlagStatement[]; start: number; end: number } | null {
  if (text.length > 400) return null;
  const first = FLAGGED.exec(text);
  if (!first) return null;
  const statements: FlagStatement[] = [{ name: first[1] as string, flag: first[2] as string }];
  let end = first.index + first[0].length;
  for (let more = MORE.exec(text.slice(end)); more && statements.length < 8; more = MORE.exec(text.slice(end))) {
    statements.push({ name: more[1] as string, flag: more[2] as string });
    end += more[0].length;
  }
  return { statements, start: first.index, end };
}

const fold = (name: string) => name.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();

/**
 * Gives each stated flag to the latest reading of that name without one (the name as printed, or its first word
 * before a bracket: `Estradiol` for `Estradiol (E2)`). Returns how many readings it flagged.
 */
export function applyFlagStatements(
  statements: readonly FlagStatement[],
  readings: readonly ExtractedReading[],
): number {
  let applied = 0;
  for (const { name, flag } of statements) {
    const wanted = fold(name);
    const reading = readings.findLast((r) => {
      const own = fold(r.indicator);
      return own === wanted || own.replace(/\s*\(.*\)$/, '') === wanted || own.replace(/^.*\((.*)\)$/, '$1') === wanted;
    });
    if (reading && reading.flag === null) {
      reading.flag = flag;
      applied++;
    }
  }
  return applied;
}
