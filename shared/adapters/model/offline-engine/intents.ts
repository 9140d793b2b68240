import type { Lexicon } from './lexicon';
import { EN } from './lexicons/en';

/** What a question asks for, from its wording. A question may ask several things at once. */

export type Intent =
  /** The latest or current value. */
  | 'latest'
  /** How a value moved over a period. */
  | 'trend'
  /** Highest / lowest values. */
  | 'extremes'
  /** How many readings. */
  | 'count'
  /** Mean value. */
  | 'average'
  /** Two or more tests side by side. */
  | 'compare'
  /** Readings flagged abnormal or outside their reference range; "is it normal?". */
  | 'abnormal'
  /** Every reading, one per line. */
  | 'list'
  /** What data there is. */
  | 'overview'
  /** Uploaded clinical records (lab reports, documents). */
  | 'files'
  /** The care circle. */
  | 'family'
  /** Store a new reading. */
  | 'record'
  /** Medical advice, which the engine does not give. */
  | 'advice'
  /** A journal entry: the person reports how they are or what they did, and asks nothing. */
  | 'journal'
  /** What studies, research or evidence say about a topic (`search_medical_literature`). */
  | 'literature'
  /** Clinical trials of a condition, maybe recruiting, maybe near a place (`get_clinical_trials`). */
  | 'trials'
  /** An article named by its PMC id (`get_article_by_pmcid`). */
  | 'article'
  /** A web page named by its address (`fetch_url`). */
  | 'url'
  /** A statistic of the readings the composer cannot phrase: standard deviation, median, correlation (`eval`). */
  | 'statistic';

/** Intents answered from public sources or a computation rather than from the summaries of the readings. */
export const KNOWLEDGE_INTENTS: readonly Intent[] = ['literature', 'trials', 'article', 'url'];

/** Spaces between Han characters dropped: Chinese is matched on the run of characters, not on its segmentation. */
export function joinHan(text: string): string {
  return text.replace(/(?<=\p{Script=Han}) (?=\p{Script=Han})/gu, '');
}

/**
 * The intents of a question. `masked` is the question with the names of tests blanked, so that "blood count" does
 * not read as a count and "low density lipoprotein" not as "low"; advice is read on the whole question ("do I have
 * diabetes" names a condition, not a test).
 */
export function detectIntents(masked: string, unmasked: string = masked, lexicon: Lexicon = EN): Set<Intent> {
  const intents = new Set<Intent>();
  const [blanked, whole] = [joinHan(masked), joinHan(unmasked)];
  for (const [intent, pattern] of lexicon.intents) {
    const text =
      intent === 'abnormal' && lexicon.notAbnormal
        ? blanked.replace(lexicon.notAbnormal, ' ')
        : intent === 'advice'
          ? whole
          : blanked;
    if (pattern.test(text)) intents.add(intent);
  }
  if (lexicon.record.test(blanked)) intents.add('record');
  return intents;
}

/**
 * Whether the text is a journal entry rather than a question: it reports (`Slept badly, resting heart rate 58 this
 * morning`, `I started a vegetarian diet`) and asks nothing (no question mark, no opening that asks or orders).
 * `normalized` is lower-case without punctuation; `raw` keeps the question marks.
 */
export function isJournalEntry(raw: string, normalized: string, lexicon: Lexicon = EN): boolean {
  if (/[?¿？]/.test(raw) || normalized.trim() === '') return false;
  const sentences = raw
    .split(/[.!;\n。！；]+/)
    .map((part) =>
      part
        .toLowerCase()
        .normalize('NFKD')
        .replace(/\p{M}/gu, '')
        .replace(/[^\p{L}\p{N}\s]/gu, '')
        .trim(),
    )
    .filter(Boolean);
  const { asks, asksAnywhere, reports } = lexicon.journal;
  if (sentences.some((sentence) => asks.test(sentence) || asksAnywhere.test(sentence))) return false;
  return reports.test(normalized);
}
