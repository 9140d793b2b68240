/**
 * Device and spreadsheet exports read by their header: glucose meters and CGMs (LibreView, Dexcom Clarity), blood
 * pressure monitors (Omron, iHealth), scales (Withings), watches (Samsung Health, Garmin) and home logs write one
 * row per moment, a timestamp column (or a date and a time column) and one column per measurement, its unit in the
 * header (`Historic Glucose mg/dL`, `Glucose Value (mg/dL)`, `Weight [kg]`). Metadata lines above the header
 * (`Glucose Data,Generated on,…`) and `#` comments are not the header; comments below it are not rows.
 *
 * Every numeric cell of a measurement column is a reading named by its header without the unit and dated by its
 * row; an empty cell gives nothing. Columns of doses, carbohydrates, notes, ids and record types are never readings,
 * so an insulin-only log or a bank statement gives nothing here (and falls through to the line reader).
 */
import { detectSlashOrder, findDates, type SlashOrder, withTimeAfter } from './dates';
import { type Delimiter, detectDelimiter, splitCells } from './lines';
import { looksLikeUnit } from './measurement';
import type { ExtractedReading } from './types';
import { foldText, headerRole, isKnownMeasurement } from './vocabulary';

/** How many lines above the header an export may print (title, generated-on, patient, device). */
const MAX_METADATA_LINES = 12;

/** A header cell naming the row's moment, whole: `Device Timestamp`, `Date`, `Time`, `Fecha y hora`, `start_time`. */
const MOMENT_HEADER =
  /^(?:(?:device|measurement|measured|reading|record|sample|start|local|event|entry|log)\s+)?(?:timestamp|date|datetime|date\s*(?:\/|&|and)\s*time|time|day|datum|fecha|fecha\s+y\s+hora|hora|zeit|uhrzeit|zeitstempel|datum\s*(?:\/|und)\s*uhrzeit|data|heure|date\s+et\s+heure|ora)(?:\s+(?:stamp|of\s+measurement|measured|local))?$/;

/** A moment caption in the words of a localised export: `Gerätezeitstempel`, `Sello de tiempo del dispositivo`. */
const MOMENT_WORDS =
  /timestamp|zeitstempel|sello de tiempo|marca de tiempo|horodatage|data e ora|fecha y hora|date and time/;

/** Columns that are never readings: doses, food, free text, identifiers, device and record codes, durations. */
const NOT_A_READING =
  /insulin|insulina|bolus|basal|\bdose|dosis|carb|kohlenhydrat|hidratos|glucides|food|essen|comida|serving|meal|note|comment|kommentar|nota|\bid\b|serial|index|device|ger[aä]t|record type|event (?:sub)?type|duration|rate of change|transmitter|source|medication|medikament|tag\b|tags|amount|balance|price|cost|qty|quantity/;

/** Long-form columns: the measurement's name, its value, its unit. */
const LONG_NAME_HEADER =
  /^(?:type|measurement|measurement type|parameter|metric|reading|test|data type|typ|tipo|messung|messart)$/;
const LONG_VALUE_HEADER = /^(?:value|reading|result|wert|valor|valeur|messwert|resultado)$/;
const LONG_UNIT_HEADER = /^(?:units?|einheit|unidad|unidade|unité|unite)$/;

/** A CGM export's record-kind column (Dexcom Clarity's `Event Type`: EGV, Calibration, Insulin, Carbs, Alert). */
const EVENT_TYPE_HEADER = /^event\s*type$/;
/**
 * Events that are settings, not measurements: Clarity lists the patient, the device and each alert's threshold as rows
 * of the same table (`Alert,High,…,250`), usually without a timestamp.
 */
const SETTING_EVENT =
  /^(?:alert|alarm|alarme|setting|settings|device|firstname|lastname|dateofbirth|patient\w*|threshold|target|limit)$/;

/**
 * A glucose sensor's or meter's off-scale reading, written as a word (Clarity `Low`/`High`, a meter's `LO`/`HI`):
 * kept as written, and only in a glucose column.
 */
const OFF_SCALE_CELL = /^(?:low|high|lo|hi)$/i;
const GLUCOSE_COLUMN = /gluc|glyc|glukos|sugar|\bbg\b|\begv\b|sensor/i;

/** A summary row under the readings (`AVERAGE`, `7-Day Avg`, `Mittelwert`): its figures belong to no one moment. */
const SUMMARY_ROW =
  /^(?:\d+[- ]day\s+)?(?:average|avg|mean|median|total|durchschnitt|mittelwert|moyenne|promedio|media|gemiddelde)\b/i;

/** A value cell: a number with a decimal point or comma, or a comparator and a number (`<40`, `HI` is not read). */
/**
 * What a body-composition scale measures beside the weight, as the apps' exports head the columns without a unit
 * (Samsung Health `skeletal_muscle_mass`, `fat_free_mass`, `total_body_water`, `vfa_level`; Renpho and Fitbit Aria
 * `Visceral Fat`, `BMR`): names the resolver need not know, but readings all the same. An exercise export's `muscle
 * group` or a diet log's `fat intake` is none of these.
 */
const BODY_COMPOSITION =
  /^(?:skeletal\s+muscle(?:\s+mass)?|muscle\s+mass|(?:body\s+)?fat\s+mass|fat\s+free(?:\s+mass|\s+body\s+weight)?|(?:total\s+)?body\s+water|bone\s+mass|visceral\s+fat(?:\s+(?:level|rating|area))?|vfa(?:\s+level)?|basal\s+metabolic\s+rate|bmr)$/;

const NUMERIC_CELL = /^[<>≤≥]?\s?\d+(?:[.,]\d+)?$/;

type ColumnKind =
  | { kind: 'moment' }
  | { kind: 'event-type' }
  | { kind: 'measurement'; name: string; unit: string | null }
  | { kind: 'long-name' }
  | { kind: 'long-value' }
  | { kind: 'long-unit' }
  | { kind: 'other' };

interface ExportHeader {
  line: number;
  delimiter: ReturnType<typeof detectDelimiter>;
  columns: ColumnKind[];
}

/** A Samsung Health header writes `com.samsung.health.heart_rate.start_time`: the last segment is the column. */
function bareCaption(cell: string): string {
  const trimmed = cell.trim().replace(/^"|"$/g, '');
  const dotted = /^(?:[a-z_]+\.){2,}([a-z_]+)$/i.exec(trimmed);
  return dotted ? (dotted[1] as string) : trimmed;
}

/** `Historic Glucose mg/dL`, `Glucose Value (mg/dL)`, `Weight [kg]`, `SYS(mmHg)`: the name and the unit apart. */
function nameAndUnit(caption: string): { name: string; unit: string | null } {
  const bracketed = /^(.+?)\s*[([]\s*([^()[\]]+?)\s*[)\]]$/.exec(caption);
  if (bracketed && looksLikeUnit(bracketed[2] as string)) {
    return { name: (bracketed[1] as string).trim(), unit: bracketed[2] as string };
  }
  const trailing = /^(.+?)\s+(\S+)$/.exec(caption);
  if (trailing && /[/%]|^(?:mmhg|kg|lbs?|bpm|kcal|ms|cm)$/i.test(trailing[2] as string)) {
    if (looksLikeUnit(trailing[2] as string))
      return { name: (trailing[1] as string).trim(), unit: trailing[2] as string };
  }
  return { name: caption, unit: null };
}

function classify(cell: string): ColumnKind {
  const caption = bareCaption(cell);
  const spaced = caption.replace(/_/g, ' ');
  const folded = foldText(spaced.replace(/\s*[([][^()[\]]*[)\]]\s*$/, '')).trim();
  if (folded === '') return { kind: 'other' };
  if (MOMENT_HEADER.test(folded) || MOMENT_WORDS.test(folded)) return { kind: 'moment' };
  if (LONG_NAME_HEADER.test(folded)) return { kind: 'long-name' };
  if (LONG_VALUE_HEADER.test(folded)) return { kind: 'long-value' };
  if (LONG_UNIT_HEADER.test(folded)) return { kind: 'long-unit' };
  if (EVENT_TYPE_HEADER.test(folded)) return { kind: 'event-type' };
  if (NOT_A_READING.test(foldText(spaced)) || /non-numeric/i.test(caption)) return { kind: 'other' };
  const { name, unit } = nameAndUnit(caption);
  // A column in insulin units is a dose whatever its name (`Humalog (u)`, `Tresiba IE`).
  if (unit !== null && /^(?:u|units?|iu|ie|ui|e|einheiten)$/i.test(unit)) return { kind: 'other' };
  if (unit !== null) return { kind: 'measurement', name, unit };
  // A column without a unit is a reading only when its name is a known measurement (`heart_rate`, `Pulse`, `SpO2`).
  if (
    /^[\p{L}][\p{L}\d _-]{1,40}$/u.test(name) &&
    (BODY_COMPOSITION.test(folded) || isKnownMeasurement(spaced, null))
  ) {
    return { kind: 'measurement', name, unit: null };
  }
  return { kind: 'other' };
}

/** A two-column export's header writes its delimiter once (`Timestamp,Glucose (mg/dL)`), which the sniffer leaves. */
function headerDelimiter(line: string): Delimiter {
  const sniffed = detectDelimiter(line, true);
  if (sniffed !== 'spaces') return sniffed;
  if (line.split(',').length === 2) return 'comma';
  if (line.split(';').length === 2) return 'semicolon';
  return 'spaces';
}

function findHeader(lines: readonly string[]): ExportHeader | null {
  let seen = 0;
  for (let i = 0; i < lines.length && seen <= MAX_METADATA_LINES; i += 1) {
    const line = lines[i] as string;
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue;
    seen += 1;
    const delimiter = headerDelimiter(line);
    if (delimiter === 'spaces') continue;
    const cells = splitCells(line, delimiter);
    // A printed lab table's header (name, result, range, flag) is read by `table-layout.ts`, not here.
    if (cells.some((c) => ['range', 'flag'].includes(headerRole(c.text.trim()) ?? ''))) return null;
    const columns = cells.map((c) => classify(c.text));
    const moments = columns.filter((c) => c.kind === 'moment').length;
    const measured = columns.some((c) => c.kind === 'measurement');
    const longForm = ['long-name', 'long-value'].every((k) => columns.some((c) => c.kind === k));
    if (moments >= 1 && moments <= 2 && (measured || longForm)) return { line: i, delimiter, columns };
  }
  return null;
}

/** The row's moment cells as written, joined: `2026-03-03 07:05`, `Sat 3/7 8:02 AM`, `AVERAGE`. */
function momentText(texts: readonly string[], header: ExportHeader): string {
  return header.columns
    .map((c, k) => (c.kind === 'moment' ? (texts[k] ?? '').trim() : ''))
    .filter((t) => t !== '')
    .join(' ');
}

/** `Sat 3/7`, `7.3.`: a day and month without a year, as a home sheet writes the rows after its first. */
const YEARLESS_DAY = /^(?:\p{L}{2,9}\.?,?\s+)?(\d{1,2})([/.])(\d{1,2})\.?(?![/.]?\d)/u;

/** A yearless day dated by the year of the row above it (a sheet's rows run in order). */
function yearlessMoment(written: string, order: SlashOrder, year: string): string | null {
  const m = YEARLESS_DAY.exec(written);
  if (!m) return null;
  const [first, second] = [Number(m[1]), Number(m[3])];
  const dayFirst = m[2] === '.' || order === 'day-first';
  const [month, day] = dayFirst ? [second, first] : [first, second];
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  const two = (n: number) => String(n).padStart(2, '0');
  return withTimeAfter(`${year}-${two(month)}-${two(day)}`, written.slice(m[0].length));
}

/**
 * The row's moment from its timestamp cell, or its date and time cells together. An export writes the year (`3/6/26`
 * too); a yearless day (`Sat 3/7`) is dated by the row above it, or else left to the line reader's year anchor.
 */
function rowMoment(written: string, order: SlashOrder, yearAbove: string | null): string | null {
  const date = findDates(written, order)[0];
  if (date && /^\D*\d{1,4}[-/.]\d{1,2}[-/.]\d{2,4}|\d{4}/.test(written.slice(date.start, date.end))) {
    return withTimeAfter(date.iso, written.slice(date.end));
  }
  return yearAbove === null ? null : yearlessMoment(written, order, yearAbove);
}

function valueCell(text: string | undefined, column: ColumnKind | null = null): string | null {
  const value = (text ?? '').trim().replace(/^"|"$/g, '');
  if (NUMERIC_CELL.test(value)) return value;
  const glucose = column?.kind === 'measurement' && GLUCOSE_COLUMN.test(column.name);
  return glucose && OFF_SCALE_CELL.test(value) ? value : null;
}

function rowReadings(texts: readonly string[], header: ExportHeader, measuredAt: string | null): ExtractedReading[] {
  const readings: ExtractedReading[] = [];
  const at = (kind: ColumnKind['kind']) => header.columns.findIndex((c) => c.kind === kind);
  header.columns.forEach((column, k) => {
    if (column.kind !== 'measurement') return;
    const value = valueCell(texts[k], column);
    if (value === null) return;
    readings.push({ indicator: column.name, value, unit: column.unit, referenceRange: null, flag: null, measuredAt });
  });
  const nameAt = at('long-name');
  const valueAt = at('long-value');
  if (nameAt >= 0 && valueAt >= 0) {
    const name = (texts[nameAt] ?? '').trim();
    const value = valueCell(texts[valueAt]);
    const unitAt = at('long-unit');
    const unit = unitAt >= 0 ? (texts[unitAt] ?? '').trim() || null : null;
    if (value !== null && name !== '' && !NOT_A_READING.test(foldText(name)) && isKnownMeasurement(name, unit)) {
      readings.push({ indicator: name, value, unit, referenceRange: null, flag: null, measuredAt });
    }
  }
  return readings;
}

/**
 * The readings of a delimited device or spreadsheet export, or null when the text is not one (no header with a
 * moment column and a measurement column, or no row read from it).
 */
export function readDelimitedExport(text: string): ExtractedReading[] | null {
  const lines = text.split(/\r?\n/);
  const header = findHeader(lines);
  if (!header) return null;
  const order = detectSlashOrder(text);
  const readings: ExtractedReading[] = [];
  const eventAt = header.columns.findIndex((c) => c.kind === 'event-type');
  let yearAbove: string | null = null;
  for (const line of lines.slice(header.line + 1)) {
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue;
    // A line that is not a row of the same table (a chat, a summary, a printed report under a pasted table) means the
    // document is more than an export: the line reader reads it all.
    // A row the header's delimiter cuts into the header's columns is one, though alone it may read otherwise
    // (`2026-01-01T08:00:00,101`: a decimal comma to the sniffer).
    const texts = splitCells(line, header.delimiter).map((c) => c.text);
    // A footnote under the rows (`blank = no data.`): one cell, no figure, nothing a reading could come from.
    if (readings.length > 0 && texts.length === 1 && !/\d/.test(line)) continue;
    if (detectDelimiter(line, true) !== header.delimiter && texts.length !== header.columns.length) return null;
    // Clarity's patient, device and alert-threshold rows share the table: a setting is never a reading.
    const event = eventAt >= 0 ? foldText((texts[eventAt] ?? '').trim()).replace(/\s+/g, '') : '';
    if (SETTING_EVENT.test(event)) continue;
    const measured = header.columns.flatMap((c, k) =>
      c.kind === 'measurement' ? [{ c, t: (texts[k] ?? '').trim() }] : [],
    );
    // A cell this reader cannot read whole (`134/82`, `5.1 H`) belongs to a table the line reader knows better.
    if (measured.some(({ c, t }) => t !== '' && valueCell(t, c) === null)) return null;
    const written = momentText(texts, header);
    if (readings.length > 0 && SUMMARY_ROW.test(written)) {
      readings.push(...rowReadings(texts, header, null));
      continue;
    }
    const measuredAt = rowMoment(written, order, yearAbove);
    if (measuredAt === null) {
      // A typed event without a moment (Clarity's `FirstName`, `Device`) is the export's metadata.
      if (written === '' && event !== '') continue;
      // A range row, a yearless date (`07/02`): not an export's row.
      if (measured.some(({ t }) => t !== '')) return null;
      continue;
    }
    yearAbove = measuredAt.slice(0, 4);
    readings.push(...rowReadings(texts, header, measuredAt));
  }
  return readings.length > 0 ? readings : null;
}
