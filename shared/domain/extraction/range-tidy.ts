/**
 * A reading's reference range as the band alone, once a row has been read: column layouts and OCR often leave what
 * stands next to the band inside the range cell.
 *
 *  - Brackets around the whole band (`(136-145)`, `[3.5-5.1]`) are typography, not part of it.
 *  - A flag in the next column with only a space between (`<300   H` read as one cell) is the row's flag when the
 *    row has none of its own: `<300 H` is range `<300`, flag `H`; so is a sign after a whole band (`1,8 - 3,5 +`).
 *  - The reading's own unit, and a lab's `(calc)` note, after a numeric band (`<100 mg/dL (calc)`, `<5.7 % of total
 *    Hgb`) repeat the unit column; the band is `<100`. When the value has no unit cell, a unit after its band is
 *    the value's unit. A band that is words (`Negative`) is left alone.
 *  - Alignment padding inside a numeric band is one space; a cell that points elsewhere (`see below`) is no band.
 *  - A bracketed band glued to a long unit by one space (`mL/min/1.73m2 (>59)`) is the range, when there is none.
 *  - A patient's bracketed question after a band (`1.0–3.5 (for my age?)`) is no part of it.
 *  - The glucose band of a time-in-range share (`Time in range (3.9-10.0) 71%`) defines the share; it is no range.
 *
 * Linear in the range's length; never throws.
 */

import { looksLikeUnit } from './measurement';
import { isGlucoseBandOfShare } from './time-in-range';
import type { ExtractedReading } from './types';

const ENCLOSED = /^\s*[([]\s*([^()[\]]*\d[^()[\]]*?)\s*[)\]]\s*$/u;
/** Flags a lab prints in its own column: letters, doubled letters, arrows and asterisks. */
const TRAILING_FLAG = /^(.*\d.*?)\s+(HH|LL|H\*?|L\*?|A|AA|C|↑↑?|↓↓?|\*{1,2}|HIGH|LOW|ABN|CRIT)$/u;
/**
 * A plus or minus after a whole band (`1,8 - 3,5 +`, `< 14 +`, `3,5 - 5,1 -`): German-speaking labs mark high and low
 * so. Only after a closed band or a bound, so an open band (`10 -`) keeps its dash.
 */
const SIGN_AFTER_BAND =
  /^(\s*(?:[<>≤≥]=?\s*\d+(?:[.,]\d+)?|\d+(?:[.,]\d+)?\s*[-–]\s*\d+(?:[.,]\d+)?))\s+(\+{1,2}|-{1,2})$/u;
const CALC_NOTE = /\s*\((?:calc|calculated|calculé|berechnet|calcolato|calculado)\)\s*$/iu;
/** A question a patient wrote after a band they pasted (`1.0–3.5 (for my age?)`): their words, not the lab's band. */
const QUESTION_NOTE = /(\d)\s*[(（][^()（）?？]{0,40}[?？]\s*[)）]\s*$/u;
/**
 * A range cell pointing elsewhere (`see below`, `siehe unten`, `ver abajo`, `zie toelichting`): the bands are printed per phase or age in
 * a table under the results, which is no range of this reading.
 */
const POINTER =
  /^\(?(?:see\s+(?:below|comments?|notes?|report|table|interpretation)|siehe\s+(?:unten|kommentar|befund|bemerkung|anmerkung)|ver\s+(?:abajo|comentario|nota|observaci[oó]n)|voir\s+(?:ci-dessous|commentaire|note|remarque)|vedi\s+(?:sotto|nota|commento)|zie\s+(?:toelichting|opmerking|commentaar|onder|hieronder)|ver\s+(?:coment[áa]rio|observa[çc][ãa]o))\)?\.?$/iu;
const NUMERIC_BAND = /^\s*(?:[<>≤≥]=?|<\s*OR\s*=|>\s*OR\s*=|≦|≧)?\s*\d[\d.,]*(?:\s*[-–—~～]\s*\d[\d.,]*)?/iu;

/**
 * A bracketed band after the unit with one space between (`mL/min/1.73m2 (>59)`: a long unit ran up to the range
 * column), read as one unit cell. No unit prints a bracketed number band, so the band is the range.
 */
const UNIT_THEN_BAND = /^(\S.*?)\s+[([]\s*((?:[<>≤≥]=?\s*)?\d[\d.,]*(?:\s*[-–—~]\s*\d[\d.,]*)?)\s*[)\]]$/u;

function bandOutOfUnit(reading: ExtractedReading): void {
  const split = reading.unit === null ? null : UNIT_THEN_BAND.exec(reading.unit);
  if (!split || !looksLikeUnit(split[1] as string)) return;
  reading.unit = split[1] as string;
  reading.referenceRange = split[2] as string;
}

export function tidyReading(reading: ExtractedReading): void {
  if (reading.referenceRange === null) bandOutOfUnit(reading);
  let range = reading.referenceRange;
  if (range === null || range.length > 200) return;
  if (isGlucoseBandOfShare(reading.indicator, reading.unit, range)) {
    reading.referenceRange = null;
    return;
  }
  if (reading.flag === null) {
    const flagged = TRAILING_FLAG.exec(range) ?? SIGN_AFTER_BAND.exec(range);
    if (flagged) {
      range = (flagged[1] as string).trimEnd();
      reading.flag = flagged[2] as string;
    }
  }
  // After the flag is split off: `(70 - 110)   H` is bracketed only once the flag has gone.
  const enclosed = ENCLOSED.exec(range);
  if (enclosed) range = enclosed[1] as string;
  range = range.replace(CALC_NOTE, '').replace(QUESTION_NOTE, '$1');
  if (POINTER.test(range.trim())) {
    reading.referenceRange = null;
    return;
  }
  // Analyser printouts right-align both limits inside the brackets (`[ 7.35 -  7.45]`): the padding is layout.
  if (/^[^\p{L}]*\d[^\p{L}]*$/u.test(range)) range = range.replace(/\s{2,}/g, ' ');
  const band = NUMERIC_BAND.exec(range);
  if (band) {
    const rest = range.slice(band[0].length).trim();
    if (rest !== '' && startsWithUnit(rest, reading.unit)) range = band[0].trim();
    else if (rest !== '' && reading.unit === null && unitPhrase(rest)) {
      // The value had no unit cell of its own; the unit printed after its band is the value's unit.
      range = band[0].trim();
      reading.unit = rest;
    }
  }
  reading.referenceRange = range === '' ? reading.referenceRange : range;
}

function startsWithUnit(rest: string, unit: string | null): boolean {
  if (unit === null || unit === '') return false;
  if (!rest.toLowerCase().startsWith(unit.toLowerCase())) return false;
  const after = rest.slice(unit.length);
  return after === '' || /^[\s(]/u.test(after);
}

/** A unit, or a unit with what it is a share of (`% of total Hgb`, `% of total protein`). */
function unitPhrase(text: string): boolean {
  if (looksLikeUnit(text)) return true;
  const share = /^(\S+)\s+of\s+(?:total\s+)?[\p{L}\d-]+$/iu.exec(text);
  return share !== null && looksLikeUnit(share[1] as string);
}
