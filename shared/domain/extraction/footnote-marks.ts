/**
 * An asterisk standing where a row's range would be can be the row's flag (`48 *` beside `I valori contrassegnati
 * con * sono al di fuori dell'intervallo di riferimento`) or a call to a footnote (`Cholestérol LDL calculé  1,49 g/L
 * *` above `* Objectif thérapeutique selon le risque cardiovasculaire : …`), which says what to judge the result
 * against instead of a range. The document tells which: a line opening with `*` and words is a footnote, unless
 * that line, or any line speaking of the asterisk, explains it as out of range. A footnote's asterisk on a reading
 * with no range is no flag.
 */
import type { ExtractedReading } from './types';

/**
 * `* Objectif thérapeutique …`, `*) Calculated value …`: a line opening with the asterisk, then a sentence (four
 * words before any number), not a flagged row (`*  LDL  4.2 mmol/L`). A shorter note (`* Post-menopausal reference
 * interval.`) is a footnote when it prints no number at all, as a row always does.
 */
const FOOTNOTE_LINE = /^\s*\*\)?\s*\p{L}[\p{L}'’-]*(?:[\s,:]+\p{L}[\p{L}'’-]*){3}/u;
const SHORT_FOOTNOTE_LINE = /^\s*\*\)?\s*\p{L}[\p{L}'’-]*(?:[\s,:]+\p{L}[\p{L}'’-]*){2}[^\d]*$/u;

/** What a legend says of flagged values: out of range, abnormal, high or low, in the languages the reader knows. */
const ABNORMAL_LEGEND =
  /\b(?:abnormal|outside|out\s+of\s+(?:the\s+)?(?:reference\s+)?range|beyond|above|below|high|low|anormale?s?|hors\s+(?:des\s+)?(?:normes|valeurs|limites)|en\s+dehors|pathologi|au(?:ß|ss)erhalb|fuori|al\s+di\s+fuori|anomal[oi]|fuera|anormal(?:es)?|alterad[oa]s?)/iu;

/** Whether the document explains its asterisk as a footnote call rather than an abnormal flag. */
export function asteriskIsFootnote(lines: readonly string[]): boolean {
  let footnote = false;
  for (const line of lines) {
    if (line.length > 2000 || !line.includes('*')) continue;
    const opens = FOOTNOTE_LINE.test(line) || SHORT_FOOTNOTE_LINE.test(line);
    // A line that speaks of the asterisk (`valeurs marquées d'un *`, `* = hors normes`) and of abnormality is a legend.
    if ((opens || /\p{L}.*\*|\*.*\p{L}/u.test(line)) && ABNORMAL_LEGEND.test(line) && !hasReadingShape(line)) {
      return false;
    }
    footnote ||= opens;
  }
  return footnote;
}

/** A row that prints a value before its asterisk (`Sideremia  48 *  µg/dL`): a flagged reading, no legend. */
function hasReadingShape(line: string): boolean {
  return /\d\s*\*/.test(line) && !/^\s*\*/.test(line);
}

/** Plain numbers as written, with a decimal comma: `25,8` is 25.8. */
function numberOf(text: string): number {
  return Number(text.replace(',', '.'));
}

/**
 * Whether a numeric value lies inside its own range (`68.4` in `25.8 - 134.8`, `3` in `< 5.0`): an asterisk beside
 * such a reading cannot say it is out of range, so it calls the footnote.
 */
function insideOwnRange(value: string, range: string): boolean {
  const number = /^\d+(?:[.,]\d+)?$/.test(value.trim()) ? numberOf(value.trim()) : Number.NaN;
  if (Number.isNaN(number)) return false;
  const between = /^\s*(\d+(?:[.,]\d+)?)\s*[-–]\s*(\d+(?:[.,]\d+)?)\s*$/.exec(range);
  if (between) return number > numberOf(between[1] ?? '') && number < numberOf(between[2] ?? '');
  const bound = /^\s*([<>])\s*(\d+(?:[.,]\d+)?)\s*$/.exec(range);
  if (!bound) return false;
  return bound[1] === '<' ? number < numberOf(bound[2] ?? '') : number > numberOf(bound[2] ?? '');
}

/**
 * Drops the flag of readings whose only mark is a footnote's asterisk (see the module comment): on a reading with no
 * range, or one whose value lies inside its range (the footnote speaks of the range itself).
 */
export function withoutFootnoteFlags(readings: readonly ExtractedReading[]): void {
  for (const reading of readings) {
    if (reading.flag !== '*') continue;
    if (reading.referenceRange === null || insideOwnRange(reading.value, reading.referenceRange)) reading.flag = null;
  }
}
