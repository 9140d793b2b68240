import type { Lexicon } from './lexicon';

/** Tokens and word classes of a question, shared by the analysis modules. */

export interface Token {
  /** Lower case, accents and apostrophes removed. */
  text: string;
  /** Position among the question's tokens. */
  index: number;
}

/**
 * The question in one comparable form: lower case, accents stripped, apostrophes dropped (`what's` → `whats`),
 * curly quotes and dashes made plain, whitespace collapsed. Digits, `.`, `/`, `-` and `%` are kept for values and
 * dates.
 */
export function normalizeQuestion(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc`´']/g, '')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Word tokens of a normalised question; a decimal number (`72.5`) stays one token. */
export function tokenize(normalized: string): Token[] {
  const words = normalized.match(/[\p{L}\p{N}]+(?:\.\p{N}+)?/gu) ?? [];
  return words.map((text, index) => ({ text, index }));
}

export function isNumberToken(text: string): boolean {
  return /^\d+(?:\.\d+)?$/.test(text);
}

/**
 * Words that never begin or end the name of a test: function words, pronouns, question words, auxiliaries and
 * conversational verbs. They may still sit inside a name (`vitamin b12 of`, never; `uric acid`, yes).
 */
export const FUNCTION_WORDS: ReadonlySet<string> = new Set(
  `a an the and or but nor so if then than that this these those there here it its itself i me my mine myself we us our
  ours you your yours he him his she her they them their what whats which who whom whose when where why how hows whats
  is are was were be been being am isnt arent wasnt werent do does did doing done dont doesnt didnt have has had having
  havent hasnt can could would should will shall may might must cant couldnt wouldnt shouldnt wont im ive id ill
  to of in on at by for from with without about into onto over under up down out off again further once also too very
  just only even still yet any some all each every both few more most other such no not own same as until while
  since between before after during through per via vs versus against
  please pls thanks thank hi hello hey ok okay yes yeah
  tell show give get got gotten see check look looking let lets know find pull bring display want need like wanna
  gonna help explain say said mean means go going gone went come came make made take took put keep
  log logged add added save saved enter entered store stored note noted track tracked insert write
  whats hows thats theres heres wheres whos`
    .split(/\s+/)
    .filter(Boolean),
);

/** Words about time: never part of a test name. */
export const TIME_WORDS: ReadonlySet<string> = new Set(
  `today yesterday tonight tomorrow morning evening afternoon night day days daily week weeks weekly month months monthly
  year years yearly annual annually quarter decade ago recent recently lately now currently current latest newest
  earliest oldest first last past previous prior next ever so far since until till
  january february march april june july august september october november december
  jan feb mar apr jun jul aug sep sept oct nov dec mon tue wed thu fri sat sun
  monday tuesday wednesday thursday friday saturday sunday
  one two three four five six seven eight nine ten eleven twelve couple several spring summer autumn winter season`
    .split(/\s+/)
    .filter(Boolean),
);

/**
 * Words about the question rather than the test: intents, generic nouns for data, and vague qualifiers. They may
 * edge a name that resolves on its own (`ldl levels`, `platelet count`) but never make one alone.
 */
export const SOFT_WORDS: ReadonlySet<string> = new Set(
  `data record records result results reading readings value values level levels number numbers test tests testing lab
  labs measurement measurements measure measured stat stats info information history status chart charts graph graphs
  plot table summary summaries overview report reports file files document documents health healthy body medical
  trend trends trending change changes changed changing happened happen happening improve improved improving
  improvement better worse worsening progress progression evolution rise rising risen fall falling fallen drop dropped
  increase increased increasing decrease decreased decreasing trajectory moving highest lowest high low peak peaks max
  maximum min minimum best worst top biggest smallest largest average avg mean typical typically usual usually count
  counts many much often times compare compared comparison normal abnormal range ranges flagged flag flags elevated
  concerning worrying worried ok fine good bad total overall everything anything something all summarize summarise
  summarized doing feel feeling lately ever kind sort list listing worry worries concern concerns
  concerned problem problems issue issues wrong alright look looks seem seems red flags side bloodwork labwork work
  checkup checkups screening screenings exam exams panel panels visit visits doctor doctors physician appointment`
    .split(/\s+/)
    .filter(Boolean),
);

/** A word that can neither start nor end a test name; `lexicon` adds the words of the question's language. */
export function isHardStop(text: string, lexicon?: Lexicon): boolean {
  return (
    FUNCTION_WORDS.has(text) || TIME_WORDS.has(text) || isNumberToken(text) || (lexicon?.stopWords.has(text) ?? false)
  );
}

/** A word about the question rather than a test (`results`, `trend`), in English or the question's language. */
export function isSoftWord(text: string, lexicon?: Lexicon): boolean {
  return SOFT_WORDS.has(text) || (lexicon?.softWords.has(text) ?? false);
}

/** A word that carries meaning of its own, for matching against series names (`tsh`, `ferritin`, `thyroid`). */
export function isContentWord(text: string, lexicon?: Lexicon): boolean {
  return !isHardStop(text, lexicon) && !isSoftWord(text, lexicon) && text.length >= 2;
}

const HAN_RUN = /\p{Script=Han}+/gu;

/**
 * Chinese runs cut into words, with spaces: the longest word of `dictionary` at each place, and the characters between
 * words kept together as one unknown word (`我这周的心率怎么样` → `我 这周 的 心率 怎么样`). Other text is unchanged.
 */
export function segmentHan(text: string, dictionary: ReadonlySet<string>, longest: number): string {
  return text.replace(HAN_RUN, (run) => {
    const out: string[] = [];
    let unknown = '';
    for (let i = 0; i < run.length; ) {
      let word = '';
      for (let n = Math.min(longest, run.length - i); n >= 1; n--) {
        const candidate = run.slice(i, i + n);
        if (dictionary.has(candidate)) {
          word = candidate;
          break;
        }
      }
      if (word) {
        if (unknown) out.push(unknown);
        unknown = '';
        out.push(word);
        i += word.length;
      } else {
        unknown += run[i];
        i += 1;
      }
    }
    if (unknown) out.push(unknown);
    return ` ${out.join(' ')} `;
  });
}
