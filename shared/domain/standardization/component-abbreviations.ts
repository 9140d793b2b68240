import { corpusIndex } from './corpus';
import { axesOfConcept } from './loinc-axes';
import { isMethodWord } from './method-axis';

/**
 * Component words shortened below what retrieval can align (`Gluc`, `Bili, Tot`, `Chol, HDL`, `Tot Prot`), spelled out
 * from LOINC's own words: first the abbreviations LOINC short names write for a component word (`Bilirub`, `Prot`,
 * `Creat`, derived from the corpus's short names where the abbreviation stands for exactly one word), else the
 * component words of the corpus's long names the word is a prefix of. The caller looks every spelled-out name up and
 * keeps the answer only when all readings that resolve (with the unit) agree on one code.
 * @see https://loinc.org/kb/users-guide/loinc-short-names/ — short-name abbreviations
 */

/** Shortest word read as an abbreviation: two letters (`Ca`, `Fe`) are symbols the corpus curates with a unit. */
const MIN_ABBREVIATION = 3;
/**
 * A name is spelled out only when one of its abbreviations has this many letters: three-letter words alone are
 * words of prose (`for`, `and` would read as formic acid and androstenedione), and `Tot` needs a `Bili` or `Prot`.
 */
const ANCHOR_ABBREVIATION = 4;
/** Readings tried for one name, at most. */
const MAX_READINGS = 16;

interface AbbreviationTables {
  /** Short-name abbreviation → the one component word it stands for. */
  shortNames: ReadonlyMap<string, string>;
  /** Every word of the corpus's LOINC components. */
  componentWords: readonly string[];
  /** Components of one word (`glucose`, `protein`): names, never read as abbreviations of longer words. */
  wholeComponents: ReadonlySet<string>;
}

let tables: AbbreviationTables | undefined;

const WORD_SPLIT = /[\s.,/()+\-:[\]]+/;

function componentWordsOf(component: string): string[] {
  return component.split(WORD_SPLIT).filter((w) => /^\p{L}+$/u.test(w));
}

/** Built on first use, from the corpus's long and short names. */
function abbreviationTables(): AbbreviationTables {
  if (tables) return tables;
  const words = new Set<string>();
  const whole = new Set<string>();
  const found = new Map<string, Set<string>>();
  for (const concept of corpusIndex.concepts) {
    const axes = axesOfConcept(concept);
    if (!axes) continue;
    const component = componentWordsOf(axes.component);
    for (const word of component) words.add(word);
    if (component.length === 1 && component[0] === axes.component) whole.add(axes.component);
    if (!concept.shortName) continue;
    for (const token of concept.shortName.toLowerCase().split(WORD_SPLIT)) {
      if (token.length < MIN_ABBREVIATION || !/^\p{L}+$/u.test(token) || component.includes(token)) continue;
      const expansions = component.filter((w) => w.length > token.length && w.startsWith(token));
      if (expansions.length !== 1) continue;
      const set = found.get(token) ?? new Set<string>();
      set.add(expansions[0] as string);
      found.set(token, set);
    }
  }
  const shortNames = new Map<string, string>();
  for (const [token, set] of found) if (set.size === 1) shortNames.set(token, [...set][0] as string);
  tables = { shortNames, componentWords: [...words], wholeComponents: whole };
  return tables;
}

/** The component words an abbreviation may stand for: its short-name expansion, else the words it is a prefix of. */
export function expansionsOf(word: string): readonly string[] {
  const lower = word.toLowerCase();
  if (lower.length < MIN_ABBREVIATION || !/^\p{L}+$/u.test(lower)) return [];
  const { shortNames, componentWords, wholeComponents } = abbreviationTables();
  if (wholeComponents.has(lower)) return [];
  const fromShortName = shortNames.get(lower);
  if (fromShortName) return [fromShortName];
  return componentWords.filter((w) => w.length > lower.length && w.startsWith(lower));
}

let componentWordSet: ReadonlySet<string> | undefined;

function isComponentWord(word: string): boolean {
  componentWordSet ??= new Set(abbreviationTables().componentWords);
  return componentWordSet.has(word.toLowerCase());
}

/**
 * The names a name may stand for with its abbreviated words spelled out (`Bili, Tot` → `bilirubin total`), or none
 * when no word is an abbreviation or the readings would be too many.
 */
export function spelledOutNames(name: string): string[] {
  // A ratio's slash stays a word of its own (`Microalb/Creat Ratio`): each side is spelled out, the ratio kept.
  const words = name
    .normalize('NFKC')
    .split(/(\/)|[\s,;()_]+/)
    .filter(Boolean);
  let readings: string[][] = [[]];
  let expanded = false;
  let anchored = false;
  for (const word of words) {
    // `Calc` in `Albumin (Calc)` is a method word (method-axis.ts), never an abbreviation to spell out as one.
    const options = isMethodWord(word.toLowerCase()) ? [] : expansionsOf(word);
    if (options.length > 0) expanded = true;
    if (options.length > 0 && word.length >= ANCHOR_ABBREVIATION) anchored = true;
    // `Sex` in `Sex Horm Binding Glob` is a component word itself (sex hormone binding globulin) as well as the start
    // of `sexual`: it stays one of the readings.
    const choices = options.length === 0 ? [word] : isComponentWord(word) ? [word, ...options] : options;
    readings = readings.flatMap((reading) => choices.map((choice) => [...reading, choice]));
    if (readings.length > MAX_READINGS) return [];
  }
  if (!expanded || !anchored) return [];
  // A word kept as written is one choice, so one reading may be the name itself: never read again (it would recurse).
  const asWritten = words.join(' ');
  return readings.map((r) => r.join(' ')).filter((reading) => reading !== asWritten);
}
