/**
 * Readings written on one line with the name first: `Glucose: 104 mg/dL (70-99) H`, `TSH ....... 6.12 mIU/L`,
 * `Sodium 139 mmol/L (133 - 146)`, header-less fixed-width rows, and lines holding several short readings
 * (`BP 128/82, HR 72, SpO2 98%`, `Na 140  K 4.2`).
 */
import { findDates, type SlashOrder } from './dates';
import { inchesAfterLength } from './length-in-inches';
import { hasWideCharacters, isNoiseLine } from './lines';
import { lookupStatistics } from './lookup-budget';
import {
  FLAG_CELL,
  fieldCountSpanAt,
  looksLikeUnit,
  type Measurement,
  parseMeasurement,
  rangeEndAt,
  trailingRange,
  valueAt,
} from './measurement';
import { withoutLeaderTail } from './name-leaders';
import { RELATIVE_DAY_TAIL } from './relative-days';
import { stripRowMarks } from './row-marks';
import { KeyedTextMemo } from './text-memo';
import { headerRole, isKnownMeasurement, isLabUnit } from './vocabulary';

export interface Candidate {
  /** The name as written, cleaned of leaders and separators. */
  name: string;
  measurement: Measurement;
  /** Nothing but punctuation follows the measurement: the line is a reading and nothing else. */
  complete: boolean;
  /** The clock time prose wrote for the draw (`INR drawn at 23:10 … was 1.4`), on the day the reading is dated. */
  takenAt?: string | null;
  /** An earlier value of the test the prose cites beside it (`(was 148 in July)`), dated by its own date or none. */
  earlier?: { date: string | null };
}

/**
 * Chinese and Japanese prose glue a value to its name (`体温38.6℃`, `降钙素原（PCT）0.82ng/ml`): a digit right after an
 * ideograph or katakana, or after a bracket closing a name written in them, may start a value.
 */
const GLUED_VALUE_AND_UNIT = /^\d+(?:[.,]\d+)?\s?[A-Za-zµμ%℃℉×]/u;

function gluedToWideName(text: string, at: number): boolean {
  // Only before a unit in Latin letters or a sign (`38.6℃`, `0.82ng/ml`): a count word after the number (`第1页`, page
  // one; `第3天`, day three; `2级`, grade two) is prose.
  if (!GLUED_VALUE_AND_UNIT.test(text.slice(at, at + 24))) return false;
  const prev = text[at - 1] ?? '';
  if (/[\p{Script=Han}\p{Script=Katakana}]/u.test(prev)) return true;
  if (prev !== ')') return false;
  const open = text.lastIndexOf('(', at - 1);
  return open > 0 && /[\p{Script=Han}\p{Script=Katakana}]/u.test(text[open - 1] as string);
}

/**
 * One digit before the dot leaders of a name (`Blood Pressure 1 .. Systolic 138`, `Reading 2 ....`) numbers the name
 * (the first of several measurements); its value comes after the leaders.
 */
const NUMBERED_NAME = /^\d\s?\.{2,}\s*(?:\p{L}|$)/u;

/** Positions where a value may start: after a space, a colon or an equals sign, never inside a date or a range. */
export function valueStarts(text: string, order: SlashOrder): number[] {
  return [...eachValueStart(text, order)];
}

/** What may come before a value's first character (a space, `:`, `=`), and what a value may open with. */
const VALUE_GAP = /[\s:=]/;
const VALUE_OPENING = /[\d<>≤≥+\p{L}]/u;

function isDigitAt(text: string, at: number): boolean {
  const code = text.charCodeAt(at);
  return code >= 48 && code <= 57;
}

/** `valueStarts` one at a time: a reader that stops at the first reading does not look for the rest. */
function* eachValueStart(text: string, order: SlashOrder): Generator<number> {
  const dates = findDates(text, order);
  let i = 0;
  while (i < text.length) {
    const date = dates.length > 0 ? dates.find((d) => d.start === i) : undefined;
    if (date) {
      i = date.end;
      continue;
    }
    // Asked of every character of the line: the patterns are module constants, and the cheap test goes first.
    const digit = isDigitAt(text, i);
    const afterGap = i === 0 || VALUE_GAP.test(text[i - 1] as string);
    // A minus glued to its digits after a gap is a sign (`BE(B)   -1.8 mmol/L`); a dash with a space after it parts.
    const signed = afterGap && text[i] === '-' && isDigitAt(text, i + 1);
    if (
      (afterGap && (signed || digit || VALUE_OPENING.test(text[i] as string))) ||
      (digit && gluedToWideName(text, i))
    ) {
      const rangeEnd = rangeEndAt(text, i);
      if (rangeEnd > 0 && !fieldCountSpanAt(text, i)) {
        i = rangeEnd;
        continue;
      }
      if (valueAt(text, i) && !NUMBERED_NAME.test(text.slice(i, i + 8))) yield i;
    }
    i++;
  }
}

/**
 * What a derived value is computed from, written after its name (`eGFR (Lund-Malmö) beräknad ur P-Kreatinin: 81`,
 * `LDL calculated from total cholesterol: 3.1`): the source test is not the reading's name.
 */
const DERIVED_FROM =
  /\s+(?:(?:calculated|estimated|derived)\s+from|beräknad\s+(?:ur|från)|berechnet\s+aus|calculad[oa]\s+a\s+partir\s+de|calcul[ée]e?\s+[àa]\s+partir\s+d[eu]|calcolat[oa]\s+da)\s+[^:=]{1,60}$/iu;

/**
 * When a prose reading was taken, written between its name and its value (`Venous lactate on arrival 2.4 mmol/L`,
 * `Creatinine at discharge 1.28`): the letter dates the reading by it (`letter-dates.ts`); it is no part of the name.
 */
const TAKEN_WHEN =
  /\s+(?:(?:on|at)\s+(?:arrival|admission|presentation|discharge|baseline)|in\s+(?:ED|A&E|the\s+ED)|today|this\s+morning)$/i;

/** The longest when-taken phrase looked for, in characters, with the spaces before it (`on the day of discharge`). */
const WHEN_TAKEN_REACH = 48;

/** A name without the words saying when it was taken (`Venous lactate on arrival`, `Weight Saturday morning`). */
export function withoutWhenTaken(name: string): string {
  let bare = name;
  for (const phrase of [RELATIVE_DAY_TAIL, TAKEN_WHEN]) {
    // Matched on the name's last characters only: from every space of a long blank stretch, `\s+…$` would rescan it.
    const tail = bare.slice(-WHEN_TAKEN_REACH);
    const m = phrase.exec(tail);
    if (m && /\p{L}/u.test(bare.slice(0, bare.length - tail.length + m.index))) {
      bare = bare.slice(0, bare.length - tail.length + m.index);
    }
  }
  return bare;
}

/** A name as written, without the leaders, colons and bullets around it. `Vitals: BP` names BP. */
export function cleanName(raw: string): string {
  let name = raw.replace(/^[\s\-–•*·>~|#:]+/, '');
  name = withoutLeaderTail(name);
  name = name.replace(DERIVED_FROM, '');
  name = withoutWhenTaken(name);
  const colon = name.lastIndexOf(': ');
  if (colon >= 0 && /\p{L}/u.test(name.slice(colon + 2))) name = name.slice(colon + 2).trim();
  // In CJK text the ideographic space (two spaces once normalised) is also the space between words of one name
  // (`ＨＤＬ　コレステロール`); inside a name it is a word space.
  if (hasWideCharacters(name)) name = name.replace(/\s{2,}/g, ' ');
  // A key of a JSON export that no standard reader knows (`"weight" : 82.1,` in a Fitbit or scale archive) is the
  // name without its quotes.
  name = name.trim().replace(/^"([^"]+)"$/, '$1');
  return stripRowMarks(name.trim());
}

/** Words a name never ends with: a number after them belongs to a sentence, not to a measurement name. */
const DANGLING =
  /\b(?:to|from|of|in|at|on|for|with|was|is|are|by|and|or|the|a|an|about|after|before|than|since|every|per)$/i;

/** Whether a cleaned name can be a measurement name at all (short, balanced, not a label or sentence fragment). */
export function plausibleName(name: string, order: SlashOrder, maxLength = 60): boolean {
  if (!/\p{L}/u.test(name) || name.length > maxLength) return false;
  if (name.split(/\s+/).length > 8) return false;
  if ((name.match(/\(/g)?.length ?? 0) !== (name.match(/\)/g)?.length ?? 0)) return false;
  if ((name.match(/\[/g)?.length ?? 0) !== (name.match(/\]/g)?.length ?? 0)) return false;
  if (DANGLING.test(name)) return false;
  // A number after a column gap is a column of its own: the text in front of a value is a band table's row
  // (`Postmenopausal     25.8-134.8   7.7-58.5   <138`), not a name.
  if (/\s{2,}[<>≤≥]?\d/.test(name)) return false;
  if (headerRole(name) !== null) return false; // `Result`, `Value`, `Unit` caption a field, they name no test
  // A flag mark (`H`, `L`, `*`, `↑`) names no test: a flag column read apart from its row (a gutter guessed between
  // the value and flag columns) would otherwise make `H  mmol/L  < 5.0` a reading of `H`.
  if (FLAG_CELL.test(name.trim())) return false;
  if (isNoiseLine(name)) return false;
  if (findDates(name, order).length > 0) return false;
  // `Glucose 104mg/dL, HbA1c` is a list of readings, not a name; a digit inside a word (`VITAMIN B12 ; COBALAMIN`,
  // `T3, Total`) or inside brackets (`Thyroxine (T4), Free,`) is part of the name.
  // A chemical locant joined to its word by a hyphen (`VITAMIN D, 25 - HYDROXY, SERUM`, `1,25-Dihydroxy`) is too.
  const withoutLocants = name.replace(/\([^()]*\)/g, '').replace(/(?<![\p{L}\d])\d+(?:,\d+)?\s?-\s?(?=\p{L})/gu, '');
  if (/(?:^|[^\p{L}\d])\d[^,;]*[,;](?:\s|$)/u.test(withoutLocants)) return false;
  return true;
}

/** One side of a unit written as a word (`mmol/mol`, `cells/HPF`, `mg/day`, `copies/mL`). */
const UNIT_WORD = /^(?:[mµunpfkd]?(?:mol|g|l|eq|iu|u)|mmol|day|hpf|lpf|cells|copies|min|hour|week|field|kg|dl|ml)$/i;

/**
 * `PSA LIVRE/TOTAL`, `ALB/CREAT`, `Free/Total`: two words of three letters or more across a slash, neither a unit
 * word, are the two terms of a ratio the name ends with, not a unit printed before the value.
 */
function isTermsOfRatio(token: string): boolean {
  const sides = token.split('/');
  return sides.length === 2 && sides.every((side) => /^\p{L}{3,}$/u.test(side) && !UNIT_WORD.test(side));
}

/** A unit printed between the name and the value (`Sodium ......... mmol/L   141`): after leaders or a space. */
const TRAILING_UNIT = /(?:\s|\.{2,}|[:_·…])([^\s.:_·…()[\]][^\s()[\]·…]*)\s*$/;
// The two below start at the first of the spaces before what they match (`(?<!\s)`), where the leftmost match starts
// anyway: tried from every space of a long blank stretch, each try would rescan the stretch.
/** A unit in brackets after the name (`Glucose (mg/dL) ....... 104`). */
const TRAILING_BRACKETED_UNIT = /(?<!\s)\s*[([]\s*([^()[\]\s]+)\s*[)\]]$/;
/** Dot, middle-dot, ellipsis and underscore leaders at the end of a name. */
const TRAILING_LEADERS = /(?:(?<!\s)\s*(?:\.{2,}|[·…_]+)|(?<!\s)\s+[.:=]+)\s*$/;

/**
 * What the text in front of a value may end with that belongs to the reading rather than to its name: a reference
 * range printed before the value (`ALT   (0-40)   52 U/L`) and a unit printed before it, after dot leaders
 * (`Sodium ..... mmol/L   141`). Only concentration-like units (with `/` or `%`) are taken from a name's end, or
 * a laboratory unit standing between dot leaders (`MCV ..... fL ..... 86`).
 */
export function splitNameTail(raw: string): { name: string; range: string | null; unit: string | null } {
  let name = raw.trimEnd();
  let range: string | null = null;
  let unit: string | null = null;
  for (let pass = 0; pass < 4; pass++) {
    name = name.replace(TRAILING_LEADERS, '');
    // A result caption between the fields and the value (`Glucose   Ref: 70-99   Result: 104 mg/dL`).
    const caption = /\s(\p{L}+)\s*:?$/u.exec(name);
    if (caption && headerRole(caption[1] as string) === 'value' && /\p{L}/u.test(name.slice(0, caption.index))) {
      name = name.slice(0, caption.index).replace(/\s+$/, '');
      continue;
    }
    if (range === null) {
      const found = trailingRange(name);
      if (found && /\p{L}/u.test(name.slice(0, found.start))) {
        range = found.range;
        unit ??= found.unit;
        name = name.slice(0, found.start).replace(/\s+$/, '');
        continue;
      }
    }
    if (unit === null) {
      const m = TRAILING_UNIT.exec(name);
      const token = m?.[1] ?? '';
      const before = m ? name.slice(0, m.index + m[0].indexOf(token)) : '';
      // Between dot leaders (`MCV ....... fL ....... 86`) any laboratory unit is the column's, not the name's end.
      const betweenLeaders = /(?:\.{2,}|[·…_]+)\s*$/.test(before) && isLabUnit(token);
      if (
        m &&
        (/[/%]/.test(token) || betweenLeaders) &&
        looksLikeUnit(token) &&
        !isTermsOfRatio(token) &&
        /\p{L}/u.test(name.slice(0, m.index))
      ) {
        unit = token;
        name = before.replace(/\s+$/, '');
        continue;
      }
      const bracketed = TRAILING_BRACKETED_UNIT.exec(name);
      const inner = bracketed?.[1] ?? '';
      // `혈압(수축기/이완기)`, `BP (systolic/diastolic)`: the bracketed terms of a pair name the name's parts, no unit.
      if (
        bracketed &&
        /[/%]/.test(inner) &&
        looksLikeUnit(inner) &&
        !isTermsOfRatio(inner) &&
        /\p{L}/u.test(name.slice(0, bracketed.index))
      ) {
        unit = inner;
        name = name.slice(0, bracketed.index);
        continue;
      }
    }
    break;
  }
  return { name, range, unit };
}

const STANDALONE_NUMBER = /(?:^|\s)[<>]?\d+(?:[.,]\d+)?(?=\s|$)/;
/**
 * A collection period inside a name (`Diuresis 24 hs`, `Proteinuria de 24 horas`, `Glucose 2 h`): the name's number,
 * not a value standing in it.
 */
const COLLECTION_PERIOD = /(?:^|\s)\d{1,2}\s*(?:h|hs|hrs?|hours?|horas?|std\.?|stunden|heures?|ore)(?=\s|$)/giu;

/**
 * The reading a line states with its name first. Prefers the first value that leaves nothing unread after it and
 * whose name holds no loose number; else the first value at all (then `complete` is false).
 */
export function readingInLine(text: string, order: SlashOrder): Candidate | null {
  // Readers try the same line (and a lone segment is the line) several times: read once, each caller gets a copy.
  const memo = readingsInLines.of(order);
  let known = memo.get(text);
  if (known === undefined) {
    // A name check the document's look-up budget refused (`row-marks.ts` asks one) answers for this document only:
    // such a reading is not remembered for the next.
    const refusedBefore = lookupStatistics().refused;
    known = { reading: firstReadingInLine(text, order) };
    if (lookupStatistics().refused === refusedBefore) memo.set(text, known);
  }
  return known.reading && { ...known.reading, measurement: { ...known.reading.measurement } };
}

const readingsInLines = new KeyedTextMemo<SlashOrder, { reading: Candidate | null }>();

/** What the text in front of a value gives: the name, whether it may name a test, a range or unit it ends with. */
interface NameInFront {
  name: string;
  range: string | null;
  unit: string | null;
  plausible: boolean;
}

/**
 * The name in front of a value, read once per text: a line's segments repeat its own text in front of their values
 * (`… took 123.4 ms, sorfos 22 MB` and its first segment), and the name checks are the costly part of a reading.
 */
function nameInFront(head: string, order: SlashOrder): NameInFront {
  const memo = namesInFront.of(order);
  const known = memo.get(head);
  if (known !== undefined) return known;
  // As in `readingInLine`: an answer a refused name check gave (`row-marks.ts`) is this document's only.
  const refusedBefore = lookupStatistics().refused;
  const tail = splitNameTail(head);
  const name = cleanName(tail.name);
  const found = { name, range: tail.range, unit: tail.unit, plausible: plausibleName(name, order) };
  if (lookupStatistics().refused === refusedBefore) memo.set(head, found);
  return found;
}

const namesInFront = new KeyedTextMemo<SlashOrder, Readonly<NameInFront>>();

/** `Lactate 3.6 mmol/L (H).`: the full stop ending a sentence after a bracketed flag is no part of the flag. */
const STOP_AFTER_BRACKET = /(?<=\))\.$/;

/**
 * `Cr 2.1 (H) (baseline ~1.3)`: a bracket recalling the patient's usual value is said in passing, not read.
 */
const PASSING_NOTE = /^\(\s*(?:baseline|usual(?:ly)?|normally|typically|at\s+baseline)\b[^()]*\)[.,;]?$/i;

function firstReadingInLine(line: string, order: SlashOrder): Candidate | null {
  const text = line.replace(STOP_AFTER_BRACKET, '');
  let fallback: Candidate | null = null;
  for (const start of eachValueStart(text, order)) {
    const measurement = parseMeasurement(text, start);
    if (measurement && PASSING_NOTE.test(measurement.rest)) measurement.rest = '';
    if (!measurement) continue;
    // Once an incomplete reading is kept, only a complete one can still be returned: the name need not be read.
    if (fallback !== null && !/^[.,;]?$/.test(measurement.rest)) continue;
    const head = text.slice(0, start);
    const inFront = nameInFront(head, order);
    const { range, unit } = inFront;
    // `Neutrófilos %   58,3   %`: a value printing its own `%` leaves the one after the name to the name.
    const percentName = unit === '%' && measurement.unit === '%' && range === null;
    const name = percentName
      ? cleanName(`${splitNameTail(head).name}${/\s%\s*$/.test(head) ? ' ' : ''}%`)
      : inFront.name;
    if (range !== null) measurement.referenceRange ??= range;
    if (unit !== null) measurement.unit ??= unit;
    if (!(percentName ? plausibleName(name, order) : inFront.plausible)) continue;
    const inches = measurement.unit === null ? inchesAfterLength(name, measurement.rest) : null;
    if (inches !== null) {
      measurement.unit = inches;
      measurement.rest = '';
    }
    const complete = /^[.,;]?$/.test(measurement.rest);
    const candidate = { name, measurement, complete };
    if (complete && !STANDALONE_NUMBER.test(name.replace(COLLECTION_PERIOD, ''))) return candidate;
    fallback ??= candidate;
  }
  return fallback;
}

/**
 * Separators between short readings on one line: `, ` (not a decimal comma), `;`, runs of spaces, ` | `, ` - `, and
 * the end of a sentence that ends in a value (`pulse 78. Temperature 37.2.`, `104 mg/dL. Next`, `4.8 ng/mL (H). hs-Troponin`).
 */
const SEGMENT_SEPARATOR =
  /,\s+|;\s*|[。、]\s*|\s{2,}|\s[|·•/]\s|\s[-–—]\s|\.(?<=\d(?:\s?[^\s\d.]{1,16}){0,2}\.)\s+(?=\p{Lu}|\p{Ll}{1,2}-?\p{Lu})/u;

/** The parts of a line that may each hold one short reading (`BP 128/82, HR 72, SpO2 98%`). */
export function splitSegments(text: string): string[] {
  return text
    .split(SEGMENT_SEPARATOR)
    .map((segment) => segment.trim())
    .filter((segment) => segment !== '');
}

/** A worded result that ends a sentence: `Negative`, `Not detected`, `Reactive`. */
const WORDED_RESULT =
  /^(?:negative|positive|not\s+detected|detected|non-?reactive|reactive|negativ|positiv|n[ée]gatif|positif|negativo|positivo)$/i;

/** The kind of test a worded result answers: an antigen, antibody, PCR, culture, screen. */
const QUALITATIVE_TEST_WORD =
  /\b(?:antigen|antibod(?:y|ies)|ab|ag|pcr|naat|culture|screen|serology|igg|igm|toxin|swab|test)$/i;

/**
 * `… pantoprazole started. H. pylori stool antigen: Negative.`: a sentence in running text that is a test's name, a
 * colon and a worded result. The name is the longest tail after a sentence end that names a test (a known one, or
 * one ending in a test's kind: antigen, PCR, culture); an abbreviation's dot (`H. pylori`) stays inside it.
 */
export function wordedResultSentence(segment: string): Candidate | null {
  if (segment.length > 300) return null;
  const m = /^(.*?[^\s:])\s*:\s*(\p{L}[\p{L}\s-]{1,20}?)\s*\.?$/u.exec(segment);
  if (!m || !WORDED_RESULT.test(m[2] as string)) return null;
  const head = m[1] as string;
  const ends = [...head.matchAll(/[.!?]\s+(?=\p{Lu})/gu)];
  const last = ends.at(-1);
  const name = (last ? head.slice((last.index as number) + last[0].length) : head).trim();
  if (name.split(/\s+/).length > 6 || !/^\p{Lu}/u.test(name) || /\d/.test(name.replace(/\b(?:19|IgG\d)\b/g, ''))) {
    return null;
  }
  if (!QUALITATIVE_TEST_WORD.test(name) && !isKnownMeasurement(name, null)) return null;
  const value = (m[2] as string).trim();
  const measurement = { value, unit: null, referenceRange: null, flag: null, qualitative: true, rest: '' };
  return { name, measurement, complete: true };
}
