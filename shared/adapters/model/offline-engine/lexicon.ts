import type { PanelLabel } from './indicators';
import type { Intent } from './intents';
import type { Language } from './language';
import { DE } from './lexicons/de';
import { EN } from './lexicons/en';
import { ES } from './lexicons/es';
import { FR } from './lexicons/fr';
import { IT } from './lexicons/it';
import { PT } from './lexicons/pt';
import { ZH } from './lexicons/zh';

/**
 * What the engine reads in one language: the words around test names, what a question asks for, how a request to
 * record or a journal entry opens, how a follow-up opens and how "my last 3 results" is said. The English word sets of
 * text.ts apply to every language (people mix in "LDL vs HDL", "ok"); a language's own sets add to them. Input is
 * normalised first (lower case, accents stripped, apostrophes dropped), so the words here are written that way:
 * `ultimos` for `últimos`, `schilddruse` for `Schilddrüse`.
 */
export interface Lexicon {
  readonly language: Language;
  /** Function and time words of the language: never the first or last word of a test name. */
  readonly stopWords: ReadonlySet<string>;
  /** Words about the question rather than a test (data, results, trend, normal…): never a test name alone. */
  readonly softWords: ReadonlySet<string>;
  /** Names of groups of tests in the language (`presion arterial`, `blutbild`). */
  readonly panelNames: ReadonlyMap<string, PanelLabel>;
  /** Everyday names the LOINC corpus lacks, to the English name the resolver knows (`azucar` → `glucose`). */
  readonly names: ReadonlyMap<string, string>;
  /** Words that join the parts of a name the corpus does not know (`de` in "capacitancia de flujo"). */
  readonly linkWords: ReadonlySet<string>;
  /** Names that are another word unless the word before fits (French `pas`: "mes pas", not "je n'ai pas"). */
  readonly namesAfter: ReadonlyMap<string, RegExp>;
  /** What a question asks for, on the question with the test names blanked (`_`). */
  readonly intents: ReadonlyArray<readonly [Intent, RegExp]>;
  /** Wording about size rather than flags ("how high did it get"), blanked before flags are looked for. */
  readonly notAbnormal: RegExp | null;
  /** A request to store a reading, at the start. */
  readonly record: RegExp;
  /** A sentence that asks (its opening), that wishes to see, and one that reports (journal entries). */
  readonly journal: { readonly asks: RegExp; readonly asksAnywhere: RegExp; readonly reports: RegExp };
  /** An opening that leans on the question before ("and last year?"). */
  readonly followUp: RegExp;
  /** "my last 3 results": the number in group 1 or 2, as digits or a word of `numbers`. */
  readonly lastN: { readonly pattern: RegExp; readonly numbers: Readonly<Record<string, number>> };
  /** Splits elided articles off their word before normalisation (`l'année` → `l année`). */
  readonly unelide: ((text: string) => string) | null;
  /** Endings of compound words that follow a test name (German `Blutzuckerwerte` → `blutzucker werte`). */
  readonly compoundTails: RegExp | null;
  /** What asks for public medical knowledge (studies, trials) or for a statistic of the readings. */
  readonly knowledge: KnowledgeCues;
}

/** A statistic the composer cannot phrase from a summary; computed by `eval` on the expert tier. */
export type StatisticKind = 'sd' | 'variance' | 'median' | 'percentile' | 'correlation';

/**
 * Cue words of the knowledge intents in one language. `literature`, `trials`, `recruiting` and `completed` are read on
 * the normalised question; `near` and `inPlace` on the question as written, so that a place keeps its spelling.
 */
export interface KnowledgeCues {
  /** Asks what studies, research, evidence or papers say. */
  readonly literature: RegExp;
  /** Asks for clinical trials. */
  readonly trials: RegExp;
  /** Only trials that take people now. */
  readonly recruiting: RegExp;
  /** Only trials that have ended. */
  readonly completed: RegExp;
  /** A place after words that only introduce places ("near Boston"): the place in group 1. */
  readonly near: RegExp;
  /** A place after a plain preposition ("in Boston"): group 1, and only when it starts with a capital. */
  readonly inPlace: RegExp | null;
  /** Words of the request itself, left out of the topic a search is given ("studies", "say", "recruiting"). */
  readonly cueWords: ReadonlySet<string>;
  /** Statistics by name, on the question with test names blanked; a percentile's number in group 1 or 2. */
  readonly statistics: ReadonlyArray<readonly [StatisticKind, RegExp]>;
}

const LEXICONS: Record<Language, Lexicon> = { en: EN, es: ES, de: DE, fr: FR, pt: PT, it: IT, zh: ZH };

export function lexiconOf(language: Language): Lexicon {
  return LEXICONS[language];
}
