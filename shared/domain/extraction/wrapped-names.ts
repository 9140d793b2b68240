/**
 * Test names wrapped over two lines in a narrow name column: `Alanine   32 U/L   7-56` / `aminotransferase (ALT)`,
 * `Estimated glomerular` / `filtration rate (eGFR)   >90 ...`, `Thyroid stimulating hormone` / `(TSH)   2.1 ...`.
 * The name is both lines joined with one space. A short line under a name is also how section headings
 * (`CHEMISTRY` / `Glucose 104 mg/dL`) and comments (`Potassium 5.9` / `(haemolysed sample)`) are written, so a
 * second line continues the first only with evidence: it ends with the test's abbreviation, only the joined name is
 * a test the resolver knows, or it starts in lower case (under a name that is a test already, only when the joined
 * name is one too).
 */
import { hasWideCharacters } from './lines';
import { isMethodCaption } from './method-captions';
import { isKnownMeasurement } from './vocabulary';

/** A closing abbreviation in brackets with at least two capitals: `(ALT)`, `(eGFR)`, `(HbA1c)`, not `(calc)`. */
const ABBREVIATION_END = /\((?=(?:[^()]*\p{Lu}){2})[\p{L}\d-]{2,10}\)$/u;
/** Words of comments and sample notes, which sit under a reading but never continue its name. */
const COMMENT_WORDS =
  /\b(?:sample|specimen|ha?emoly[sz]|lipa?emic|icteric|repeat|please|note|comment|see|confirmed|verified|performed|reported|interpret|fasting|result|calculated|method)/i;
/** The word that ends a quotient's name, in the languages the extractor reads. */
const RATIO_WORD =
  /^(?:ratio|quotient|index|[íi]ndice|rapport|raz[ãa]o|relaci[óo]n|cociente|rapporto|verh[äa]ltnis|quoti[ëe]nt)$/iu;
/**
 * A derivation in brackets, alone on its line: `(calculated)`, `(calc)`, `(calculé)`, `(berechnet)`. `(Direct)` is
 * left out: Indian method lines print it under HDL, whose name never says it.
 */
const NAMING_DERIVATION = /^\((?:calc\.?|calculated|calcul[ée]e?|calculad[oa]|calcolat[oa]|berechnet)\)$/iu;

/**
 * A wrapped name's last words that only qualify it: `per 1.73 square metres`, `per 24 hours`, `standardised`,
 * `corrected`, `adjusted for albumin` (lower case, as the wrap left them).
 */
const QUALIFIER_TAIL =
  /^(?:per\s+(?:\d+(?:[.,]\d+)?\s+)?\p{Ll}+(?:\s+\p{Ll}+){0,2}|\p{Ll}{3,}(?:is|iz)ed|corrected|adjusted(?:\s+for\s+\p{Ll}+)?)$/u;
/** Longest name the two lines may make together (the table readers' own limit for a name). */
const MAX_JOINED_WORDS = 8;
const MAX_CONTINUATION_WORDS = 5;

function isAllCaps(text: string): boolean {
  return /\p{Lu}/u.test(text) && !/\p{Ll}/u.test(text);
}

/** `(TSH)` of `Thyroid stimulating hormone`, `(eGFR)` of `Estimated glomerular filtration rate`: letters in order. */
function abbreviates(bracket: string, name: string): boolean {
  const letters = bracket.toLowerCase().replace(/[^\p{L}]/gu, '');
  const source = name.toLowerCase().replace(/[^\p{L}]/gu, '');
  if (letters === '' || letters[0] !== source[0]) return false;
  let at = 0;
  for (const letter of letters) {
    at = source.indexOf(letter, at) + 1;
    if (at === 0) return false;
  }
  return true;
}

/** Whether a line's text can be the second half of a name at all: short, wordy, not a comment or sentence. */
function looksLikeContinuation(tail: string): boolean {
  if (!/^[\p{L}(]/u.test(tail)) return false;
  if (tail.split(/\s+/).length > MAX_CONTINUATION_WORDS) return false;
  if (/[:;!?.]$|:/.test(tail)) return false;
  // Digits outside brackets are a value or a cut-off (`desirable < 5.0`), not a name part; `(HbA1c)` is.
  if (/\d/.test(tail.replace(/\([^()]*\)/g, ''))) return false;
  if ((tail.match(/\(/g)?.length ?? 0) !== (tail.match(/\)/g)?.length ?? 0)) return false;
  return !COMMENT_WORDS.test(tail);
}

/**
 * A name line ending where no name ends: a comma, hyphen, slash or ampersand (`Thyroxine (T4), Free,`,
 * `C-Reactive Protein,`), or a joining word (`and`, `of`). Whatever comes next is the rest of the name.
 */
const OPEN_END = /(?:[,/&+-]|\s(?:and|of|by|per|in|with|for|und|der|des|et|de|du|di|del|della|da|do|dos|das|van))$/iu;

/**
 * Looser than `looksLikeContinuation`, for a tail the layout itself says continues the name (an open-ended head, a
 * hanging indent): an ordinal (`3rd Generation`) or a bracketed abbreviation may carry digits, and a comma may stand
 * inside (`(TSH), 3rd Generation`); a comment, a sentence or a cut-off still may not.
 */
function looksLikeLaidOutContinuation(tail: string): boolean {
  if (!/^[\p{L}(]/u.test(tail) || tail.split(/\s+/).length > MAX_CONTINUATION_WORDS) return false;
  if (/[:;!?.]$|:/.test(tail)) return false;
  if (/\d/.test(tail.replace(/\([^()]*\)/g, '').replace(/\b\d+(?:st|nd|rd|th)\b/gi, ''))) return false;
  if ((tail.match(/\(/g)?.length ?? 0) !== (tail.match(/\)/g)?.length ?? 0)) return false;
  return !COMMENT_WORDS.test(tail);
}

/**
 * Whether the way the two lines are laid out says the name continues, whatever the vocabulary knows: the head ends
 * open (`Folate (Folic Acid),` / `Serum  5.1`), or the line with the values hangs indented under a name line
 * (`Thyroid Peroxidase (TPO)` / `  Antibodies  112`), as narrow name columns wrap. A section heading
 * (`LIPIDS`, `Urea and electrolytes`) is also followed by indented rows, so an all-capitals head, a tail that is a test
 * of its own, or one of several capitalised words is not joined on indentation alone.
 */
function laidOutAsOneName(head: string, tail: string, unit: string | null, hanging: boolean): boolean {
  if (!looksLikeLaidOutContinuation(tail)) return false;
  if (OPEN_END.test(head)) return true;
  if (!hanging || isAllCaps(head)) return false;
  // A bracket alone on the hanging line, with the values, is the name's abbreviation (`Natriuretic Peptide B` /
  // `  (BNP)  45 pg/mL`), even when it names the test by itself; anything else that does is a row of its own.
  if (/^\([^()]*\)$/.test(tail)) return true;
  // `Thyroid Stimulating Hormone` / `  (TSH), 3rd Generation  3.92`: a hanging line that opens with the bracketed
  // abbreviation goes on from the name above it when the whole is a test, though its own words name one too.
  if (tail.startsWith('(') && isKnownMeasurement(`${head} ${tail}`, unit)) return true;
  if (isKnownMeasurement(tail, unit)) return false;
  // A panel heading in mixed case (`Urea and electrolytes`) looks like a name; the rows under it are whole names of
  // their own (`Total white cell count`), while a wrapped tail is a bracket, lower case, or one word (`Antibodies`).
  // CJK writes no spaces between words, so a whole name is one "word" too: an indented CJK row under a CJK line is a
  // row under its category (`身体計測` / `　腹囲  88.2`, `脂質` / `　ＬＤＬコレステロール  142`).
  if (hasWideCharacters(head) && hasWideCharacters(tail)) return false;
  return /^[(\p{Ll}]/u.test(tail) || !/\s/.test(tail);
}

/**
 * Whether a name-only line under another one that ended open finishes it (`Velocità di` / `eritrosedimentazione
 * (VES)` / `28 mm/h`, a name wrapped over two lines above the line of its values).
 */
export function finishesOpenName(head: string, tail: string): boolean {
  return OPEN_END.test(head) && looksLikeLaidOutContinuation(tail) && !isMethodCaption(tail);
}

/** Letters of a script other than Latin that laboratory reports print beside (or instead of) Latin names. */
const OTHER_SCRIPT =
  /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Cyrillic}\p{Script=Greek}\p{Script=Han}\p{Script=Hangul}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]/u;

/** A caption of two or three short section names joined by a spaced slash, ampersand or plus: `NIEREN / ELEKTROLYTE`. */
function joinsSectionNames(head: string): boolean {
  const parts = head.split(/\s+[/&+]\s+/);
  return parts.length >= 2 && parts.length <= 3 && parts.every((part) => part.split(/\s+/).length <= 2);
}

/**
 * A row's name that is whole as it stands, its abbreviation taken from its own words (`Hemoglobin (HGB)`,
 * `Аланинаминотрансфераза (АЛТ)`) or, in another script, after a name the vocabulary knows (`Гемоглобин (HGB)`): the
 * line above it is a section's caption (`Клинический анализ крови`), not the first half of the name. A bracket that
 * does not spell the words (`Hemoglobin (MCH)` under `Mean Corpuscular`) still finishes a wrapped name.
 */
function namesItself(tail: string, unit: string | null): boolean {
  const bracket = ABBREVIATION_END.exec(tail);
  const words = tail.slice(0, bracket?.index ?? tail.length).trim();
  if (!bracket || !/^\p{Lu}/u.test(words)) return false;
  if (abbreviates(bracket[0], words)) return true;
  const otherScript = (text: string) => OTHER_SCRIPT.test(text) || !/\p{Script=Latin}/u.test(text);
  return otherScript(words) !== otherScript(bracket[0]) && isKnownMeasurement(words, unit);
}

/**
 * Whether `tail` (the line below) continues the test name `head` (the line above), given the reading's unit.
 * The joined name is `${head} ${tail}`. `tailHasValues`: the values are on the tail's line (`Estimated glomerular` /
 * `filtration rate (eGFR)  >90`), rather than on the head's (`Alanine  32 U/L` / `aminotransferase (ALT)`).
 */
export function continuesName(
  head: string,
  tail: string,
  unit: string | null,
  options: { tailHasValues: boolean; hanging?: boolean },
): boolean {
  if (head === '' || /[:.]$/.test(head) || isMethodCaption(head)) return false;
  // `LDL Cholesterol  2.52` / `(calculated)`: a derivation tells which test it is (calculated and direct LDL have two
  // codes), so it ends the name though a method caption (`(CLIA)`) never does.
  if (NAMING_DERIVATION.test(tail.trim())) return true;
  if (isMethodCaption(tail)) return false;
  // A Latin name does not wrap into another script: `  المستقلبات / Metabolites` under `cCl-  103` is a bilingual
  // section caption.
  if (!OTHER_SCRIPT.test(head) && OTHER_SCRIPT.test(tail)) return false;
  // A line that is only a bracket (`(Hexokinase - Roche)`) is the method of the row above it, never the first half of
  // the next name, whether or not its words are a known method.
  if (/^[(（][^()（）]*[)）]$/u.test(head.trim())) return false;
  const joined = `${head} ${tail}`;
  if (joined.split(/\s+/).length > MAX_JOINED_WORDS || joined.length > 60) return false;
  // `Urine Albumin/Creatinine` / `Ratio  4.1 mg/mmol`: a quotient's name goes on with the word that makes it one.
  if (/\p{L}\s?\/\s?\p{L}/u.test(head) && RATIO_WORD.test(tail)) return true;
  // `eGFR using creatinine (CKD-EPI)` / `per 1.73 square metres`, `Haemoglobin A1c level - IFCC` / `standardised`:
  // what a name is expressed per, or a participle qualifying it, is never a caption or a test of its own.
  if (!options.tailHasValues && !isAllCaps(head) && QUALIFIER_TAIL.test(tail)) return true;
  if (laidOutAsOneName(head, tail, unit, options.hanging === true)) return true;
  if (!looksLikeContinuation(tail)) return false;
  const headKnown = isKnownMeasurement(head, unit);
  // A one- or two-word capitalised line is a section heading (`CHEMISTRY`, `LIVER PANEL`) unless only the joined
  // name is a test; so is a longer one above a name in mixed case (`EMOCROMO CON FORMULA` / `Globuli bianchi (WBC)`):
  // a name wrapped in capitals goes on in capitals.
  // Two section names joined in one caption (`LEVER / SCHILDKLIER`, `LIVER & KIDNEY`) are a heading as well.
  const heading =
    isAllCaps(head) &&
    (head.split(/\s+/).length <= 2 || joinsSectionNames(head) || /\p{Ll}/u.test(tail.replace(/\([^()]*\)/g, '')));
  if (ABBREVIATION_END.test(tail) && !ABBREVIATION_END.test(head) && !heading) {
    // A line that is only a bracket under a test is its abbreviation (`(TSH)`) or its method (`(CHO-POD)`, Indian
    // reports): only the letters of the name, in order, make an abbreviation.
    // With the values on its line, the bracket is the name's end whatever language ordered its letters
    // (`Hormone anti-müllérienne` / `(AMH) ...... 2,35 ng/mL`): a name-only line above a row is no reading of its own.
    const bracketOnly = /^\([^()]*\)$/.test(tail);
    if (options.tailHasValues && namesItself(tail, unit)) return false;
    return !bracketOnly || !headKnown || abbreviates(tail, head) || options.tailHasValues;
  }
  const lowerStart = /^\p{Ll}/u.test(tail);
  // A test on its own with its values (`Urinalysis` / `pH 6.0`) is a reading of its own; without values, in lower
  // case (`hemoglobin concentration` under `Mean corpuscular  33.0 g/dL`), it is the rest of a name.
  if (isKnownMeasurement(tail, unit) && (options.tailHasValues || !lowerStart)) return false;
  if (!headKnown && isKnownMeasurement(joined, unit)) return true;
  // A lower-case start continues a sentence or a name (sentences and notes are turned away above); under a name
  // that is already a test it must make a test (`Bilirubin` / `total`), else it is the next line's caption (`lipids`).
  const joinedKnown = isKnownMeasurement(joined, unit);
  return lowerStart && !heading && tail.split(/\s+/).length <= 3 && (!headKnown || joinedKnown);
}

/**
 * A name line of more words than a name column holds (`Haemoglobin A1c level - International Federation of Clinical
 * Chemistry and Laboratory` / `Medicine standardised   52 mmol/mol`: SNOMED terms on a GP record print at full length):
 * only a name's words, with no sentence punctuation and no number standing alone, as prose has.
 */
export function isOverlongName(name: string): boolean {
  const words = name.split(/\s+/);
  if (words.length <= MAX_JOINED_WORDS || words.length > 18 || name.length > 140) return false;
  if (!/^\p{Lu}/u.test(name) || /[.,;:!?"]/.test(name)) return false;
  return !/(?:^|\s)\d/.test(name) && (name.match(/\(/g)?.length ?? 0) === (name.match(/\)/g)?.length ?? 0);
}

/**
 * Whether the reading line under an overlong name line finishes that name: the name line ran on past where this
 * line's values start (so it overflowed its column and wrapped), and this line's name is a tail, not a test of its own.
 */
export function finishesOverlongName(headEnd: number, line: string, tail: string, unit: string | null): boolean {
  const tailEnd = line.indexOf(tail) + tail.length;
  const valuesStart = tailEnd + (line.slice(tailEnd).length - line.slice(tailEnd).trimStart().length);
  if (headEnd <= valuesStart) return false;
  return looksLikeLaidOutContinuation(tail) && !isKnownMeasurement(tail, unit);
}

/**
 * A table row with a blank name cell under a name alone on the line above: a name too wide for its column
 * (`ＬＤＬ－コレステロール` / `      mg/dL   65-139   152 H   118`) was printed on a line of its own. The row with the
 * name written into its blank cell (cut to the cell's width, so no column moves: the caller names the readings with
 * the whole name), or null when the row has no blank name cell.
 */
/**
 * Whether a line alone above a blank-named row can be that row's name rather than a section heading (`CHEMISTRY`,
 * `Lipids:`): a test the resolver knows, or a name of two words or more (long names are the ones that wrap).
 */
function wrapsAsName(name: string): boolean {
  if (name === '' || name.endsWith(':')) return false;
  if (isKnownMeasurement(name, null)) return !/^[\p{Lu}\s]+$/u.test(name) || /\s/.test(name) || name.length <= 4;
  return name.trim().split(/\s+/).length >= 2 && !/^[\p{Lu}\s&/-]+$/u.test(name);
}

export function withNameInBlankCell(row: string, name: string): string | null {
  const indent = row.length - row.trimStart().length;
  if (row.trim() === '' || indent < 4 || !wrapsAsName(name)) return null;
  const fitted = name.slice(0, indent - 2).trimEnd();
  return fitted + row.slice(fitted.length);
}

/** A method alone in brackets on its line: `(HPLC)`, `(CLIA)`, `(Method: ECLIA)`. */
const METHOD_BRACKET_LINE = /^\s*[([]\s*(?:method\s*:\s*)?\p{L}[\p{L}\d\s.,/-]{1,24}[)\]]\s*$/iu;

/**
 * `HbA1c` / `(HPLC)` / `5.8 %`: a method printed in brackets between a stacked name and its value is no name of its
 * own; the name above still waits for its value.
 */
export function isMethodBracketLine(text: string): boolean {
  return METHOD_BRACKET_LINE.test(text);
}
