/**
 * The layout-independent fallback: after every reader has run, a line they left unread is a reading when its words
 * resolve to a LOINC name (the resolver is the name recogniser) and it carries one value with a unit the unit
 * normaliser accepts (or a result word the extractor knows). It reads layouts no rule was written for: odd
 * separators (`Sodium => 139 mmol/L`, `Natrium | 141 | mmol/l`, `Glucose ~ 5.4 mmol/L`), a method code after the
 * unit (`Créatinine   78 µmol/L   ENZ`), a row number and an analyte code before the name (`01 HGB Hemoglobina 13,8
 * g/dL 12,0 - 16,0`), slide bullets, a text message's list.
 *
 * Precision first, because the fallback has no layout to vouch for it:
 *   - only lines the readers left open (no reader consumed them as a header, a range, a name or a reading);
 *   - never inside a block under a comment, note or interpretation caption, nor under a reference or band table
 *     caption, until the block's blank line or the next line a reader read;
 *   - every not-a-reading rule vetoes (`not-readings.ts`: bands, goals, categories, identifiers, guidance), and a
 *     line in a medication context, with money, or naming an age gives nothing;
 *   - the name must resolve with a confidence of at least {@link MIN_NAME_CONFIDENCE}, with the unit choosing
 *     among siblings (a unit that fits none of them is no reading of that name);
 *   - a number needs a unit that is no dose unit; what follows value, unit, range and flag may only be a method code.
 * Names, values, units, ranges and flags are returned as written. Linear in the lines; each line is capped in length.
 */

import { hasCachedResolution, normalizeUnit, resolveReadingIndicator } from '#standardization';
import type { SlashOrder } from './dates';
import { cleanName, plausibleName, splitNameTail, valueStarts } from './inline-readings';
import { LOOKUP_BUDGET, lookupStatistics, spendLookup, withLookupBudget } from './lookup-budget';
import { type Measurement, parseMeasurement } from './measurement';
import { isNotAReading } from './not-readings';
import type { ExtractedReading } from './types';
import { DOSING_CONTEXT, isDoseUnit, isLabUnit } from './vocabulary';

/** A line as the reader saw it, and whether it left the line open (nothing consumed it). */
export interface SeenLine {
  index: number;
  text: string;
  /** The date a reading on the line would take (its section's, else the report's). */
  date: string | null;
  /** No reader consumed the line: it reached the end of the pipeline unread. */
  open: boolean;
}

export interface FallbackReading {
  line: number;
  reading: ExtractedReading;
}

/**
 * The lowest resolver confidence a fallback name may have. Exact and reordered names score 0.9–1; retrieval scores
 * 0.7–0.95 from its calibrated threshold up: a name only the lower half of retrieval finds is a guess, not a name.
 */
export const MIN_NAME_CONFIDENCE = 0.85;
/** A line longer than this is prose or a flattened table: the readers' business, not a fallback's. */
const MAX_LINE_LENGTH = 200;
/** Values tried per line or segment: a name comes before its value, so the first few positions are enough. */
const MAX_VALUE_STARTS = 4;
/** Segments tried per line (a text message's list). */
const MAX_SEGMENTS = 12;
/**
 * Names resolved per document: the document's look-up budget, which the fallback shares with every other reader
 * (`lookup-budget.ts`). A name nobody has asked for reaches the resolver's retrieval stage (about a millisecond); a
 * document leaving thousands of candidate lines open is a generated or damaged text, not a report's leftovers.
 */
export const MAX_NAMES_PER_DOCUMENT = LOOKUP_BUDGET;

const NOTE_WORDS = `comments?|notes?|nb|remarks?|interpretations?|conclusions?|impressions?|assessment|advice|kommentar|bemerkung(?:en)?|beurteilung|befundbericht|hinweis|commentaires?|remarques?|interpr[ée]tation|conclusion|comentarios?|observaci[oó]n(?:es)?|interpretaci[oó]n|conclusi[oó]n|commento|note|conclusioni|interpretazione|observa[cç][oõ]es|obs|interpreta[cç][aã]o|opmerking(?:en)?|toelichting|conclusie|uwagi|komentarz|wniosek`;
/** A caption opening a block of comment prose: `Comment:`, `Beurteilung: ...`, `Opmerking`. */
const NOTE_CAPTION = new RegExp(String.raw`^\s*(?:${NOTE_WORDS})\b\s*(?:[:.-]|$)`, 'iu');
/** A caption opening a reference, band or interpretation table: `Reference ranges`, `Valores de referência`. */
const REFERENCE_CAPTION =
  /^\s*(?:reference\s+(?:ranges?|values?|intervals?)|normal\s+(?:ranges?|values?)|valores?\s+(?:de\s+)?refer[eê]ncia|valori\s+(?:di\s+)?riferimento|valeurs?\s+(?:de\s+)?r[ée]f[ée]rence|referenz(?:werte|bereiche?)|referentiewaarden|normwaarden|interpretation\s+(?:of|table|guide)|risk\s+categor|classification|categories|einteilung|klassifikation)/iu;

/** Money on the line: an invoice or a price list, never a measured result. */
const MONEY = /(?:[€$£¥]|\b(?:eur|usd|gbp|chf|sek|nok|dkk|pln|brl|ars|mxn|inr|jpy|cny|aud|cad)\b)/iu;
/** A name that is an age, in the languages the reports come in. */
const AGE_NAME = /^(?:age|âge|edad|alter|età|idade|leeftijd|wiek|年齢|年龄)\b/iu;
/** A time of day (`09:30`, `9.30 h`): an appointment line. */
const TIME_OF_DAY = /\b\d{1,2}[:h]\d{2}\b/;

/** Separators printed between a name and its value, read as a column gap. */
const ARROW_OR_PIPE = /\s*(?:=+>|-+>|→|⇒|⟶|[|¦│])\s*/gu;
const SPACED_MARK = /\s+[~=—–]\s+/gu;
const GLUED_MARK = /(?<=[\p{L})\]])\s*[=~]\s*(?=[<>≤≥]?\d)/gu;
const LEADERS = /(?<=\S)\s*(?:(?:\.\s?){3,}|…+|_{2,})\s*/gu;

/** A method or analyser code after the reading: `HK`, `CHOD-PAP`, `ECLIA`, `(ISE)`, `[Jaffé]`. */
const METHOD_CODE = /^(?:[([][^()[\]]{1,20}[)\]]|\p{Lu}[\p{Lu}\d-]{1,11}(?:\s+\p{Lu}[\p{Lu}\d-]{1,11})?)\.?$/u;
/** Bullets in front of a name that `cleanName` leaves (slide and word-processor bullets). */
const BULLETS = /^[▪◦‣○●■□◆◇▶►▸✓✔➢➤→]+\s*/u;
/** A row number or short analyte code in front of a name (`01`, `HGB`): dropped when the rest resolves more surely. */
const LEADING_MARK = /^(?:\d{1,3}[.)]?|[\p{Lu}\d]{2,5})$/u;
/** Split a text message's list: `, ` and `; ` between readings, and a sentence end before the next words. */
const LIST_SEPARATOR = /[,;]\s+|\.\s+(?=\p{L})/u;

function separatorsAsGaps(text: string): string {
  return text
    .replace(ARROW_OR_PIPE, '   ')
    .replace(SPACED_MARK, '   ')
    .replace(GLUED_MARK, '   ')
    .replace(LEADERS, '   ');
}

/** Whether a line may not hold a fallback reading whatever its name: a dose, money, an appointment. */
function vetoedLine(text: string): boolean {
  return DOSING_CONTEXT.test(text) || MONEY.test(text) || TIME_OF_DAY.test(text);
}

function acceptableUnit(measurement: Measurement): boolean {
  if (measurement.qualitative) return true;
  const unit = measurement.unit;
  if (unit === null || isDoseUnit(unit)) return false;
  return normalizeUnit(unit) !== null || isLabUnit(unit);
}

/** How surely the name resolves with the reading's unit: 0 when it does not, or not surely enough. */
function confidenceOf(name: string, measurement: Measurement): number {
  if (AGE_NAME.test(name)) return 0;
  const unit = measurement.qualitative ? null : measurement.unit;
  // An answer the resolver already holds costs nothing; a new name spends from the document's budget.
  if (!hasCachedResolution(name, unit) && !spendLookup(name)) return 0;
  const resolution = resolveReadingIndicator(name, unit);
  if (resolution.loincCode === null) return 0;
  // A result word says less than a number with its unit: only a name known as written (not retrieved) takes one.
  const floor = measurement.qualitative ? 0.97 : MIN_NAME_CONFIDENCE;
  return resolution.confidence >= floor ? resolution.confidence : 0;
}

/** Whether the document's budget is spent: the fallback stops reading there. */
function budgetSpent(): boolean {
  const { spent, limit } = lookupStatistics();
  return spent >= limit;
}

/**
 * The run of the name's words that resolves, dropping only bullets, row numbers and codes in front: a mark that
 * resolves along with the name (`HGB Hemoglobina`, found by retrieval) gives way to the name without it when that
 * resolves more surely (`Hemoglobina`, exact), while a word that is part of the name (`HDL Cholesterol`) stays.
 */
function resolvedName(raw: string, measurement: Measurement): string | null {
  let name = raw.replace(BULLETS, '').trim();
  let best: { name: string; confidence: number } | null = null;
  for (let pass = 0; pass < 3 && name !== ''; pass++) {
    const confidence = confidenceOf(name, measurement);
    if (confidence > (best?.confidence ?? 0)) best = { name, confidence };
    const first = /^(\S+)\s+(?=\S)/u.exec(name);
    if (!first || !LEADING_MARK.test(first[1] as string)) break;
    name = name.slice(first[0].length);
  }
  return best?.name ?? null;
}

/** The one reading a segment states, name first, or null. */
function readSegment(
  segment: string,
  line: string,
  order: SlashOrder,
): { name: string; measurement: Measurement } | null {
  const starts = valueStarts(segment, order).slice(0, MAX_VALUE_STARTS);
  for (const start of starts) {
    const measurement = parseMeasurement(segment, start);
    if (!measurement) continue;
    const rest = measurement.rest.trim();
    if (rest !== '' && !/^[.,;]$/.test(rest) && !METHOD_CODE.test(rest)) continue;
    const tail = splitNameTail(segment.slice(0, start));
    measurement.unit ??= tail.unit;
    measurement.referenceRange ??= tail.range;
    if (!acceptableUnit(measurement)) continue;
    const written = cleanName(tail.name);
    if (written === '' || !plausibleName(written, order)) continue;
    const name = resolvedName(written, measurement);
    if (name === null) continue;
    if (isNotAReading({ name, value: measurement.value, unit: measurement.unit, fromTable: false, line })) continue;
    return { name, measurement };
  }
  return null;
}

/** The readings an open line states: the whole line as one, else each part of a list. */
function readOpenLine(text: string, order: SlashOrder): { name: string; measurement: Measurement }[] {
  if (text.length > MAX_LINE_LENGTH || !/\p{L}/u.test(text) || vetoedLine(text)) return [];
  const gapped = separatorsAsGaps(text);
  const whole = readSegment(gapped, text, order);
  if (whole) return [whole];
  const segments = gapped.split(LIST_SEPARATOR);
  if (segments.length < 2) return [];
  const found: { name: string; measurement: Measurement }[] = [];
  for (const segment of segments.slice(0, MAX_SEGMENTS)) {
    const reading = readSegment(segment, text, order);
    if (reading) found.push(reading);
  }
  return found;
}

/**
 * Readings on the lines the readers left open, in line order. `readLines` are the lines a reader took a reading or
 * a name from; such a line is never read a second time, and its reading ends a comment block above it.
 */
export function readFallback(
  lines: readonly SeenLine[],
  readLines: ReadonlySet<number>,
  order: SlashOrder,
): FallbackReading[] {
  // Within the document's budget when the extractor calls it; a budget of its own when called alone.
  return withLookupBudget(() => readOpenLines(lines, readLines, order));
}

function readOpenLines(
  lines: readonly SeenLine[],
  readLines: ReadonlySet<number>,
  order: SlashOrder,
): FallbackReading[] {
  const found: FallbackReading[] = [];
  /** Inside a comment or reference block, and whether the block has had a line of its own yet. */
  let block: { started: boolean } | null = null;
  for (const line of lines) {
    const text = line.text;
    if (text.trim() === '') {
      if (block?.started) block = null;
      continue;
    }
    if (readLines.has(line.index)) {
      block = null;
      continue;
    }
    if (NOTE_CAPTION.test(text) || REFERENCE_CAPTION.test(text)) {
      // A caption with its text on the same line (`Comment: repeat in 3 months`) is a block that has begun.
      block = { started: /[:.-]\s*\S/.test(text) };
      continue;
    }
    if (block) {
      block.started = true;
      continue;
    }
    if (!line.open) continue;
    if (budgetSpent()) break;
    for (const { name, measurement } of readOpenLine(text, order)) {
      found.push({
        line: line.index,
        reading: {
          indicator: name,
          value: measurement.value,
          unit: measurement.unit,
          referenceRange: measurement.referenceRange,
          flag: measurement.flag,
          measuredAt: line.date,
        },
      });
    }
  }
  return found;
}

/** A cell delimiter on a line: a tab, or two commas or semicolons (a CSV row). */
const DELIMITED_ROW = /\t|,[^,]*,|;[^;]*;/;
/** The share of lines that are delimited rows above which the text is an export whose readers are authoritative. */
const EXPORT_SHARE = 0.5;

/**
 * A structured document (JSON, XML, a CSV or tab-separated export): its readers are authoritative, and a line left
 * unread there is a field the export's layout says is no result.
 */
export function isStructuredText(text: string): boolean {
  const start = text.trimStart().slice(0, 1);
  if (start === '{' || start === '[' || start === '<') return true;
  let rows = 0;
  let delimited = 0;
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    rows++;
    if (DELIMITED_ROW.test(line)) delimited++;
  }
  return rows >= 3 && delimited / rows >= EXPORT_SHARE;
}
