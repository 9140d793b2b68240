/**
 * A home blood-pressure diary with a column per time of day, each cell holding a pressure pair and a pulse:
 *
 *   `Registro de tensión arterial (mmHg) y pulso (lpm)`
 *   `Fecha         Mañana            Noche`
 *   `02/03/2026    138/86  72        131/82  68`
 *
 * The captions are times of day, not tests: the tests are named once, above the table (a title naming blood pressure
 * and pulse, with their units when it writes them). Each cell gives the pressure pair as one reading, as other BP rows
 * are written (`138/86`), and the pulse after it as another, both dated by the row's date (a time of day is no clock
 * time). Without a title naming the pressure, the diary is not read: a pair of numbers alone names nothing.
 */
import { findDates, type SlashOrder } from './dates';
import type { Measurement } from './measurement';

/** Captions of the date column. */
const DATE_CAPTION = /^(?:fecha|date|datum|data|dia|día|tanggal|tarikh|petsa|jour|tag|day)$/i;

/** Times of day as diaries caption them. */
const TIME_OF_DAY =
  /^(?:ma[ñn]ana|tarde|noche|morning|a\.?m\.?|p\.?m\.?|noon|afternoon|evening|night|bedtime|morgens|mittags|abends|nachts|morgen|abend|matin|midi|soir|manh[ãa]|noite|mattina|sera|pagi|siang|petang|malam|umaga|gabi)$/i;

/** A title word for the pressure, as written, and one for the pulse. */
const PRESSURE_NAME = [
  /\b(?:tensi[óo]n arterial|presi[óo]n arterial|blood pressure|blutdruck|tension art[ée]rielle|press[ãa]o arterial|pressione arteriosa|tekanan darah|presyon ng dugo)\b/iu,
  // Abbreviations only as capitals: `ta`, `pa` and `rr` are words in some languages.
  /\b(?:BP|RR|TA|PA)\b/u,
];
const PULSE_NAME = [/\b(?:pulso|pulse|puls|pouls|nadi|heart rate|frecuencia card[íi]aca)\b/iu, /\b(?:FC|HR)\b/u];
/** A unit in brackets right after a name: `tensión arterial (mmHg)`, `pulso (lpm)`. */
const BRACKETED_UNIT = /^\s*\(\s*([^()\s]{1,12})\s*\)/;

/** `138/86  72`, `138/86 (72)`, `138/86 p72`: the pressure pair and an optional pulse, nothing else in the cell. */
const CELL = /^(\d{2,3}\s?\/\s?\d{2,3})(?:\s+(?:\(\s*)?(?:p\.?\s?)?(\d{2,3})\)?)?$/i;

export interface DiaryHeader {
  /** Where each time-of-day column starts on the header line. */
  starts: number[];
  pressure: { name: string; unit: string | null };
  pulse: { name: string; unit: string | null } | null;
}

function named(patterns: readonly RegExp[], lines: readonly string[]): { name: string; unit: string | null } | null {
  for (const line of lines) {
    const m = patterns.map((pattern) => pattern.exec(line)).find((found) => found !== null);
    if (!m) continue;
    const unit = BRACKETED_UNIT.exec(line.slice(m.index + m[0].length))?.[1] ?? null;
    return { name: m[0], unit };
  }
  return null;
}

/** A diary header (`Fecha  Mañana  Noche`) under a title naming the pressure, or null. */
export function detectDiaryHeader(text: string, linesAbove: readonly string[]): DiaryHeader | null {
  if (text.length > 200) return null;
  const cells = [...text.matchAll(/\S+(?: \S+)*/g)];
  if (cells.length < 2 || !DATE_CAPTION.test(cells[0]?.[0] ?? '')) return null;
  const rest = cells.slice(1);
  if (!rest.every((cell) => TIME_OF_DAY.test(cell[0]))) return null;
  const pressure = named(PRESSURE_NAME, linesAbove);
  if (pressure === null) return null;
  return { starts: rest.map((cell) => cell.index ?? 0), pressure, pulse: named(PULSE_NAME, linesAbove) };
}

function measurement(value: string, unit: string | null): Measurement {
  return { value, unit, referenceRange: null, flag: null, qualitative: false, rest: '' };
}

/**
 * The readings of a diary row (`02/03/2026    138/86  72    131/82  68`): each cell under a time-of-day column, or
 * null when the line is no row of the diary (no leading date, or a cell that is neither a reading nor a dash).
 */
export function readDiaryRow(
  text: string,
  header: DiaryHeader,
  order: SlashOrder,
): { date: string; readings: { name: string; measurement: Measurement }[] } | null {
  if (text.length > 200) return null;
  const dates = findDates(text, order);
  const date = dates[0];
  if (dates.length !== 1 || !date || text.slice(0, date.start).trim() !== '') return null;
  const readings: { name: string; measurement: Measurement }[] = [];
  const dateEnd = date.end;
  const bounds = header.starts.map((start, k) => {
    // A cell may start a little left of its caption; it ends where the next one's may start.
    const next = header.starts[k + 1];
    return [Math.max(dateEnd, start - 4), next === undefined ? text.length : next - 4] as const;
  });
  for (const [from, to] of bounds) {
    const cell = text.slice(from, Math.max(from, to)).trim().replace(/\s+/g, ' ');
    if (cell === '' || /^[-–—]+$/.test(cell)) continue;
    const m = CELL.exec(cell);
    if (!m?.[1]) return null;
    readings.push({ name: header.pressure.name, measurement: measurement(m[1], header.pressure.unit) });
    if (m[2] && header.pulse)
      readings.push({ name: header.pulse.name, measurement: measurement(m[2], header.pulse.unit) });
  }
  return { date: date.iso, readings };
}
