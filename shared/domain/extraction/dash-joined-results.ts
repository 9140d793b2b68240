/**
 * Results a hospital note copies from its lab system as `name-value` pairs, several to a line, with the draw's date,
 * time and specimen in front (the MIMIC discharge-note style):
 *
 *   03/04/2026 02:22PM BLOOD WBC-13.4* RBC-4.12* Hgb-12.1* Hct-37.0* Plt ___
 *   03/04/2026 02:22PM BLOOD Glucose-182* UreaN-62* Creat-2.84* Na-133* K-5.9* Cl-99
 *   HCO3-17* AnGap-17
 *
 * `*` marks an abnormal result and is its flag; no units are printed. A redacted value (`Plt ___`) is no reading. A
 * line of pairs alone continues the draw of the line above it (the note wraps its lines), and takes that line's date.
 * A line is read so only when every word on it after the date and specimen is a pair (or a redacted name): prose with
 * a hyphenated word (`follow-up in 2 weeks`, `CKD-3`) has other words.
 */
import { findDates, type SlashOrder, withTimeAfter } from './dates';
import type { Measurement } from './measurement';

/** The specimen word after the time: `BLOOD`, `URINE`, `ASCITES`, `PLEURAL`, `CSF`, `JOINT FLUID`. */
const SPECIMEN = /^(?:BLOOD|URINE|SERUM|PLASMA|ASCITES|PLEURAL|CSF|JOINT\s+FLUID|STOOL|OTHER\s+BODY\s+FLUID)\b\s*/;
/** The time after the date: `02:22PM`, `14:22`. */
const TIME = /^\s*\d{1,2}:\d{2}(?:\s?[AP]M)?\s+/i;
/**
 * One pair: a name of letters (digits and a bracketed alias after the first letter: `HCO3`, `INR(PT)`, `%HbA1c`), a
 * hyphen, a value (a comparator and a minus sign allowed: `<0.01`, `--2` is base excess -2; a urinalysis word: `NEG`,
 * `TR`, `Straw`) and the abnormal mark.
 */
const PAIR = /^(%?[A-Za-z][A-Za-z0-9]*(?:\([A-Za-z0-9]+\))?)-([<>]?-?\d+(?:\.\d+)?|[A-Za-z]+)(\*)?$/;
/** A name whose value the note's de-identification blanked: `Plt ___`. */
const REDACTED = /^[A-Za-z][A-Za-z0-9]*\s+_{2,}/;
/** The longest line read for pairs: a draw's line holds a panel, a few hundred characters. */
const MAX_LINE = 1000;
/** A line of pairs alone continues a draw only with this many: one hyphenated word is not a lab line. */
const MIN_UNDATED_PAIRS = 2;

export interface DashJoinedLine {
  /** The draw's date and time, or null when the line continues the draw above it or its date was blanked. */
  date: string | null;
  /** The line opens a draw (its time and specimen lead it), rather than continuing the line above. */
  opensDraw: boolean;
  readings: { name: string; measurement: Measurement }[];
}

function pairs(text: string): DashJoinedLine['readings'] | null {
  const readings: DashJoinedLine['readings'] = [];
  let rest = text.trim();
  while (rest !== '') {
    const redacted = REDACTED.exec(rest);
    if (redacted) {
      rest = rest.slice(redacted[0].length).trim();
      continue;
    }
    const word = /^\S+/.exec(rest)?.[0] ?? '';
    const pair = PAIR.exec(word);
    if (!pair) return null;
    const measurement: Measurement = {
      value: pair[2] as string,
      unit: null,
      referenceRange: null,
      flag: pair[3] ?? null,
      qualitative: !/\d/.test(pair[2] as string),
      rest: '',
    };
    readings.push({ name: pair[1] as string, measurement });
    rest = rest.slice(word.length).trim();
  }
  return readings;
}

/** The pairs of a lab line in the dash-joined style, with the line's date, or null for any other line. */
export function readDashJoinedLine(text: string, order: SlashOrder): DashJoinedLine | null {
  // Most lines hold no pair at all; a lab line is short (each pair is cut off the front of the rest, so a line of
  // thousands of pairs would cost their square).
  if (text.length > MAX_LINE || !/[A-Za-z]-[<>\-\w]/.test(text)) return null;
  const trimmed = text.trim();
  const found = findDates(trimmed, order)[0];
  // De-identified notes blank the date (`___ 07:15AM BLOOD WBC-8.1`): the draw is still opened, undated.
  const blanked = /^_{2,}(?=\s)/.exec(trimmed);
  const date = found?.start === 0 ? found : null;
  if (date || blanked) {
    const afterDate = trimmed.slice(date ? date.end : (blanked as RegExpExecArray)[0].length);
    const time = TIME.exec(afterDate);
    const afterTime = time ? afterDate.slice(time[0].length) : afterDate.trim();
    const specimen = SPECIMEN.exec(afterTime);
    if (!specimen) return null;
    const readings = pairs(afterTime.slice(specimen[0].length));
    if (!readings || readings.length === 0) return null;
    return { date: date ? withTimeAfter(date.iso, afterDate) : null, opensDraw: true, readings };
  }
  // A continuation holds numbers: `follow-up well-tolerated` is words joined by hyphens, not results.
  const readings = pairs(trimmed);
  const counted = readings?.filter((reading) => !reading.measurement.qualitative).length ?? 0;
  return readings && counted >= MIN_UNDATED_PAIRS ? { date: null, opensDraw: false, readings } : null;
}
