/**
 * GP record prints (EMIS, SystmOne, Vision, the NHS app's "Test results"): each entry opens with its own date and a
 * title (`20-Feb-2026   Blood test - Urea and electrolytes   Dr R Chaudhry`, `08 Apr 2026  Liver function tests`),
 * then its results one per line under descriptive (SNOMED) names (`Haemoglobin A1c level - IFCC standardised`,
 * `eGFR using creatinine (CKD-EPI) per 1.73 square metres`), and a reading may carry who took it
 * (`O/E - blood pressure reading   146/84 mmHg   (Practice nurse)`).
 *
 *   - A line that opens with a date followed by words only is an entry title: its date is the date of the results
 *     under it (not the print date), until the next dated entry.
 *   - A name up to eight words long, in a column of its own (two spaces or more before the value), with a laboratory
 *     unit and a reference range, is a result row: record exports name tests in full, longer than a sentence-safe
 *     name, and the range and column are table evidence enough.
 *   - A bracketed note of words after a column gap at the end of a reading line (`(Practice nurse)`, `(home
 *     reading)`) says who or where; it is not part of the reading. A bracketed flag (`(H)`, `(abnormal)`) stays.
 */

import { FLAG_CELL, type Measurement } from './measurement';
import { isDoseUnit, isKnownMeasurement, isLabUnit } from './vocabulary';

/** Longest record name, in words with a letter (`-`, `1.73` are not words). */
const MAX_RECORD_NAME_WORDS = 8;
/** Longest entry title, in words. */
const MAX_TITLE_WORDS = 12;

/** Captions of a print or of the patient, never an entry (`Printed by`, `Born`, `Report generated`). */
const NOT_AN_ENTRY = /\b(?:print(?:ed)?|generated|exported|born|birth|dob|page|report(?:ed)?|received|signed)\b/i;

/**
 * The title after a line's leading date (`Blood test - Urea and electrolytes   Dr R Chaudhry`) names a record
 * entry: words only, no number, no colon caption.
 */
export function isEntryTitle(rest: string): boolean {
  const title = rest.trim();
  if (title === '' || title.length > 120 || /\d/.test(title) || title.includes(':')) return false;
  if (!/^\p{L}/u.test(title) || NOT_AN_ENTRY.test(title)) return false;
  return title.split(/\s+/).length <= MAX_TITLE_WORDS;
}

function letterWords(name: string): number {
  return name.split(/\s+/).filter((word) => /\p{L}/u.test(word)).length;
}

/** `O/E - weight`: the Read code prefix of an examination finding ("on examination"). */
const ON_EXAMINATION = /^O\/E\s*[-–:]\s*/i;

/**
 * A record row (see the module comment): a long name in its own column with a laboratory unit and a reference
 * range, or an examination finding whose subject is a known measurement (`O/E - weight   92.4 kg`).
 */
export function acceptRecordRow(name: string, measurement: Measurement, line: string): boolean {
  const { unit, referenceRange } = measurement;
  const examined = ON_EXAMINATION.exec(name);
  if (examined && unit !== null && isKnownMeasurement(name.slice(examined[0].length), unit)) return true;
  if (unit === null || referenceRange === null || !isLabUnit(unit) || isDoseUnit(unit)) return false;
  if (letterWords(name) > MAX_RECORD_NAME_WORDS) return false;
  const at = line.indexOf(name);
  return at >= 0 && /^\s{2,}\S/.test(line.slice(at + name.length));
}

/** `Haemoglobin A1c level - IFCC standardised`: a record name, a spaced dash, and the qualifier SNOMED adds. */
const QUALIFIED_NAME = /^(.+?)\s[-–]\s(\p{L}[\p{L}\d\s/()-]*)$/u;

/**
 * A descriptive record name qualified after a spaced dash, with its value and laboratory unit on the same line (the
 * NHS App and GP online records print `Haemoglobin A1c level - IFCC standardised 51 mmol/mol` under the entry's date):
 * the part before the dash must be a measurement the resolver knows, so the dash is no separator between two
 * readings and the name is read whole, up to the record-name length.
 */
export function acceptQualifiedRecordName(name: string, measurement: Measurement): boolean {
  const { unit } = measurement;
  if (unit === null || !isLabUnit(unit) || isDoseUnit(unit) || name.length > 120) return false;
  const parts = QUALIFIED_NAME.exec(name);
  if (!parts?.[1] || letterWords(name) > MAX_RECORD_NAME_WORDS) return false;
  return isKnownMeasurement(parts[1], unit);
}

/** `(Practice nurse)`, `(home reading)`, `[self-reported]` after a column gap at the end of the line. */
const TRAILING_NOTE = /\s{2,}[([]\s*(\p{L}[\p{L}\s'.-]{1,40}?)\s*[)\]]\s*$/u;

/** The line without a trailing note of words in brackets; a bracketed flag is kept. */
export function withoutTrailingNote(line: string): string {
  if (line.length > 500) return line;
  const note = TRAILING_NOTE.exec(line);
  if (!note || FLAG_CELL.test((note[1] as string).trim())) return line;
  const before = line.slice(0, note.index);
  // Only after a value: a name line ending in a bracket (`Creatinine   (enzymatic)`) is not touched.
  return /\d\S*(?:\s+\S+)?\s*$/.test(before) ? before : line;
}
