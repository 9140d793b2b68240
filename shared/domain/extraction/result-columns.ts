/**
 * Columns around a result that are not a reading of their own, or that are a dated one.
 *
 * - An earlier-results column (French `Antériorités`, German `Vorwerte`) at the end of a row: `1,02 le 15/03/25`,
 *   `9,1 du 15/03/2025`, `1.3 on 02/01/2026`, `5,6 (02/05/2026)`, or the date first: `14/06/25 : 1,02`. It is the
 *   same test, read on its own date. A joiner word, a colon or brackets between the value and a full date are
 *   required, so a trailing date alone (a validation stamp) is never taken for a result.
 * - A second-unit line under a result (`Glycémie  1,08 g/L (0,70-1,10)` / `(Hexokinase)  6,00 mmol/L (3,89-6,11)`):
 *   French and Belgian labs print the SI conversion of the result above. It restates that reading; it is no row.
 * - A unit in the test-name cell of a table (`Hb (g/L)   128   119`): the name is the part before the bracket.
 */

import { type PreviousResult, valueAndDate } from './cumulative';
import type { SlashOrder } from './dates';
import { looksLikeUnit, type Measurement, parseMeasurement } from './measurement';

/** A trailing cell after a column gap: a value, a joiner word, a date. Bounded so no input goes quadratic. */
const TRAILING_EARLIER =
  /\s{2,}([<>≤≥]?\d[\d.,]{0,12}(?:\s+(?:le|du|on|am|vom|del)\s+\d{1,4}[./-]\d{1,2}(?:[./-]\d{2,4})?|\s*\(\s*\d{1,4}[./-]\d{1,2}[./-]\d{2,4}\s*\))|\d{1,2}[./-]\d{1,2}[./-]\d{2,4}\s?:\s?[<>≤≥]?\d[\d.,]{0,12})\s*$/i;

/** The row without its trailing earlier result, and that result (no unit: it is the current reading's), or null. */
export function splitTrailingEarlier(text: string, order: SlashOrder): PreviousResult | null {
  if (text.length > 400) return null;
  const m = TRAILING_EARLIER.exec(text);
  if (!m) return null;
  const earlier = valueAndDate(m[1] as string, order);
  if (!earlier || earlier.measurement.unit !== null) return null;
  const rest = text.slice(0, m.index).replace(/\s+$/, '');
  // The row must still hold its own value: a lone `1,02 le 15/03/25` is a previous-result line, read elsewhere.
  if (!/\d/.test(rest)) return null;
  return { rest, ...earlier, older: [] };
}

/** A method or specimen in brackets opening a line: `(Hexokinase - Architect Abbott)`, `(Enzymatique)`. */
const BRACKETED_METHOD = /^\s*\([^()\d]{2,60}\)\s*/u;

/**
 * What may label a second-unit line instead of a name: the standard the second unit is reported to (`IFCC: 43
 * mmol/mol` under an HbA1c in %, `NGSP 6.1 %`, `SI 5.4 mmol/L`), perhaps after the test's short name (`HbA1c IFCC 65
 * mmol/mol`), with a colon or an equals sign (`= 101 mg/dL`). Another test's name is no such label: that line is a row.
 */
const SECOND_UNIT_LABEL =
  /^(?:(?:(?:hb\s?a1c|a1c|glyc?ated\s+ha?emoglobin|hba1c)\s+)?(?:IFCC|NGSP|DCCT|JDS|SI)(?:[\s-]+units?)?(?:\s+(?:standardi[sz]ed|units?))?\s*[:=]?|[=≙≈])\s*(?=[<>≤≥]?\d)/iu;

/**
 * Whether `text`, right under a reading in `aboveUnit` written with indent `aboveIndent`, is that reading again in
 * a second unit: indented further, no name of its own (blank, a method in brackets, or the standard the unit is
 * reported to, `SECOND_UNIT_LABEL`), a value in another unit.
 */
export function isSecondUnitLine(text: string, aboveIndent: number, aboveUnit: string | null): boolean {
  if (aboveUnit === null || text.length > 200) return false;
  const indent = text.length - text.trimStart().length;
  if (indent <= aboveIndent) return false;
  const body = text.replace(BRACKETED_METHOD, '').trim().replace(SECOND_UNIT_LABEL, '');
  if (!/^[<>≤≥]?\d/.test(body)) return false;
  const measurement: Measurement | null = parseMeasurement(body, 0);
  if (!measurement || measurement.unit === null) return false;
  return measurement.unit.toLowerCase() !== aboveUnit.toLowerCase();
}

/** The slashless units of a flowsheet's vital-sign rows (`Art Line MAP (mmHg)`, `Weight (kg)`): never a gloss. */
const VITAL_SIGN_UNIT = /^(?:mmHg|cmH2O|bpm|kg|cm|°C|°F|℃)$/i;

/** `Hb (g/L)`, `WCC (x10^9/L)`, `MAP (mmHg)`: the name and the unit written in its cell, or null. */
export function unitInNameCell(name: string): { name: string; unit: string } | null {
  const m = /^(.*\S)\s*\(\s*([^()\s]{1,24})\s*\)$/u.exec(name.trim());
  if (!m) return null;
  const unit = m[2] as string;
  if (!(/[/%^]/.test(unit) || VITAL_SIGN_UNIT.test(unit)) || !looksLikeUnit(unit)) return null;
  return { name: m[1] as string, unit };
}

/** A name cell and its bracketed unit, then one space and the first value: the printer left no column gap. */
const UNIT_CELL_THEN_VALUE = /^(\s*[^\s()][^()]{0,40}?\(\s*[^()\s]{1,24}\s*\)) (?=[<>]?\d)/u;

/**
 * `WCC (x10^9/L) 14.2      8.1`: a name cell with its unit in brackets runs into the first value with one space
 * between (the name was wider than its column). The row with a column gap there, so the value is read as a cell.
 */
export function withUnitCellParted(row: string): string {
  const m = UNIT_CELL_THEN_VALUE.exec(row);
  if (!m || unitInNameCell((m[1] as string).trim()) === null) return row;
  return `${m[1]}  ${row.slice(m[0].length)}`;
}

/**
 * `Creatinine     142       96` / `(umol/L)`: a narrow name column wrapped the row's bracketed unit onto the line
 * below, alone. The unit, or null when the line is anything else.
 */
export function wrappedUnitLine(text: string): string | null {
  if (text.length > 60) return null;
  const m = /^\s*\(\s*([^()\s]{1,24})\s*\)\s*$/u.exec(text);
  if (!m) return null;
  return unitInNameCell(`x (${m[1]})`)?.unit ?? null;
}
