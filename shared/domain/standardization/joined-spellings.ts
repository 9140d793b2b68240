import { isCorpusWord } from './respell';

/**
 * The ways a name's words are glued or cut apart by the system that wrote it rather than by a person: dots between
 * the letters of an acronym (`A.P.T.T.`, `C.R.P.`, `N.T.-pro BNP`), words joined in camelCase or PascalCase
 * (`CReactiveProtein`, `totalSteps`), joined by underscores (`NON_HDL_CHOL`), and a hyphen cutting one word in two
 * (`Pro-Calcitonin`, `Thyro-globulin`) or a letter from its number (`Vitamin B-12`). The other stages read each piece as a word of its own and find nothing; the
 * name is rewritten as a report prints it, and read again. Only a rewrite that changes the name is returned.
 */

/** Names longer than this are not report headers: not rewritten. */
const MAX_NAME = 80;

/** Two or more single letters, each followed by a dot (the last dot may be missing): `A.P.T.T.`, `C.R.P`, `N.T.-`. */
const DOTTED_LETTERS = /(?<![\p{L}\p{N}])(?:\p{L}\.){2,}(?:\p{L}(?![\p{L}\p{N}.]))?/gu;

/** `Pro-Calcitonin`: letters on both sides of the hyphen, at least two before it and three after. */
const HYPHENATED = /(?<![\p{L}\p{N}])(\p{L}{2,})-(\p{L}{3,})(?![\p{L}\p{N}])/gu;

/** `Vitamin B-12`, `Free T-4`: one letter and its number cut by a hyphen (`CA 19-9`, `CA-125` are not one letter). */
const LETTER_HYPHEN_NUMBER = /(?<![\p{L}\p{N}])(\p{L})-(\d{1,3})(?![\p{L}\p{N}-])/gu;

/** A token of letters only, mixing cases after its first letter: a candidate camelCase join. */
const CAMEL_TOKEN = /^\p{L}+$/u;

/** `A.P.T.T.` → `APTT`. */
function withoutAcronymDots(name: string): string {
  return name.replace(DOTTED_LETTERS, (run) => run.replaceAll('.', ''));
}

/**
 * `CReactiveProtein` → `C Reactive Protein`, `totalSteps` → `total Steps`, `GlycémieàJeun` → `Glycémie à Jeun`. A token is cut where a lower-case letter
 * meets a capital, or where a run of capitals meets a capitalised word. Kept only when it makes two words of three
 * letters or more: `pH`, `eGFR`, `mRNA` would leave one word and stay whole.
 */
function camelCaseWords(token: string): string {
  if (!CAMEL_TOKEN.test(token) || token.length < 6) return token;
  // French `à` keeps its lower case between two joined words (`GlycémieàJeun`, `GlucoseàJeun`): a word of its own.
  const parts = token.split(/(?<=\p{Ll})(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll})|(?<=\p{Ll})(?=à\p{Lu})/u);
  if (parts.length < 2) return token;
  // Two words of three letters or more: `cReactiveProtein` is read; `pH`, `eGFR`, `mRNA`, `HbA` stay whole.
  const words = parts.filter((part) => part.length >= 3).length;
  return words >= 2 ? parts.join(' ') : token;
}

/** `Pro-Calcitonin` → `Procalcitonin`, only when the joined word is one the corpus writes (`D-Dimer` stays). */
function withoutWordHyphens(name: string): string {
  return name.replace(HYPHENATED, (whole, left: string, right: string) => {
    const joined = `${left}${right}`.toLowerCase();
    return isCorpusWord(joined) ? `${left}${right.toLowerCase()}` : whole;
  });
}

/** The name with its glued or cut words written apart and whole, or null when it has none. */
export function rejoinedSpelling(name: string): string | null {
  if (name.length > MAX_NAME) return null;
  const dotless = withoutAcronymDots(name);
  const unsnaked = dotless.replace(/(?<=[\p{L}\p{N}])_+(?=[\p{L}\p{N}])/gu, ' ');
  const uncamelled = unsnaked
    .split(/(\s+)/)
    .map((piece) => (/\s/.test(piece) ? piece : camelCaseWords(piece)))
    .join('');
  const rejoined = withoutWordHyphens(uncamelled).replace(LETTER_HYPHEN_NUMBER, '$1$2');
  return rejoined === name ? null : rejoined;
}

/**
 * Pieces glued by a system are often cut short too (`NON_HDL_CHOL`, `TOT_PROT`): the rejoined name with each word of
 * four letters or more marked cut with a dot, for the cut-word stage to spell out from the corpus's names
 * (dotted-abbreviations.ts), where every name of that shape must agree. Null when no word is that long.
 */
export function withLongWordsCut(rejoined: string): string | null {
  const cut = rejoined.replace(/(?<![\p{L}\p{N}.])\p{L}{4,}(?![\p{L}\p{N}.-])/gu, (word) => `${word}.`);
  return cut === rejoined ? null : cut;
}
