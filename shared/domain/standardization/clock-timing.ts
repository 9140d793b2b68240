import { type CorpusConcept, conceptByCode } from './corpus';
import { axesOfConcept, conceptsByComponent } from './loinc-axes';
import { convertValue } from './unit-conversion';

/**
 * A time of day a lab writes after a test drawn at a set hour (`Cortisol 16:00 h`, `Kortisol 08:00`, `Cortisol 8 AM`,
 * `Cortisol (tarde)`), read as LOINC's timing axis: LOINC codes a diurnal hormone's morning peak and afternoon trough
 * apart (`Cortisol [Mass/volume] in Serum or Plasma --AM peak specimen`, `--PM trough specimen`, `--4 PM specimen`).
 * Only a clock hour (`8:00`, `16.00 h`, `8 AM`) or a time-of-day word in the seven languages is read — never a bare
 * `24 h`, which is a collection period (`Cortisol 24 h` is the 24-hour urine) — and only where the rest of the name
 * finds a concept with such siblings: a time written after any other test gives no code from this stage.
 * @see https://loinc.org/kb/users-guide/major-parts-of-a-loinc-term/#timeaspect-point-or-moment-in-time-vs-time-interval-3rd-part
 */

export interface ClockTiming {
  /** The name without its time of day. */
  component: string;
  /** Morning or afternoon/evening. */
  period: 'am' | 'pm';
  /** The hour on a 24-hour clock, when a clock time was written. */
  hour: number | null;
}

/** `16:00 h`, `08:00`, `8.00 Uhr`, `16h00`: an hour with its minutes (a bare `8 h` only as `HOUR_ONLY` reads it). */
const CLOCK_TIME = /(?:^|[\s,;(])([01]?\d|2[0-3])(?::|\.|h)([0-5]\d)(?:\s*(?:h|hs|hrs|uhr))?\.?\s*\)?(?=$|[\s,;)])/iu;
/** Italian `ore 8`, `ore 16:00` (at eight o'clock): an hour without minutes, which the word makes a clock time. */
const ITALIAN_HOUR = /(?:^|[\s,;(])ore\s+([01]?\d|2[0-3])(?:[:.]([0-5]\d))?\s*\)?(?=$|[\s,;)])/iu;
/** `8 AM`, `4:00 p.m.`, `8am`. */
const TWELVE_HOUR = /(?:^|[\s,;(])(1[0-2]|0?[1-9])(?::([0-5]\d))?\s*([ap])\.?\s?m\b\.?\s*\)?(?=$|[\s,;)])/iu;

/**
 * `Cortisol 16h`, `Cortisol 8 h`: French, Italian and Spanish reports write the draw's hour with `h` and no minutes.
 * Read only for an hour of a morning or afternoon draw (`periodOfHour`): `2 h` after a glucose load, a `12 h` or `24 h`
 * collection fall outside both, and the stage gives a code only where the name's concept has diurnal siblings.
 */
const HOUR_ONLY = /(?:^|[\s,;(])(0?[5-9]|1\d|2[01])\s?h\.?\s*\)?(?=$|[\s,;)])/iu;

/** Time-of-day words a report writes for the draw, in the languages HDS reads. */
const MORNING_WORDS =
  /(?:^|[\s,;(])(?:morning|matin|matinal|matutino|matutina|mañana|manana|manhã|manha|mattina|mattutino|morgens|früh|vormittags|上午|早晨|早上)\s*\)?(?=$|[\s,;)])/iu;
const AFTERNOON_WORDS =
  /(?:^|[\s,;(])(?:afternoon|evening|tarde|vespertino|vespertina|soir|après-midi|apres-midi|nachmittags|abends|pomeriggio|sera|serale|pomeridiano|下午|晚上)\s*\)?(?=$|[\s,;)])/iu;

/**
 * A morning draw is from 05:00 to before 11:00; an afternoon or evening one from 14:00 to 21:59. Noon is neither, and
 * a late-night draw (`Cortisol 23:00`) is the midnight test of Cushing's screening, not the afternoon trough.
 */
function periodOfHour(hour: number): 'am' | 'pm' | null {
  if (hour >= 5 && hour < 11) return 'am';
  if (hour >= 14 && hour < 22) return 'pm';
  return null;
}

function withoutMatch(text: string, match: RegExpExecArray): string {
  return `${text.slice(0, match.index)} ${text.slice(match.index + match[0].length)}`.replace(/[\s,;()]+/g, ' ').trim();
}

/** The written time of day of a name and the rest of it, or null when it writes none. */
export function readClockTiming(name: string): ClockTiming | null {
  const text = name.normalize('NFKC');
  if (text.length > 200) return null;
  const clock = CLOCK_TIME.exec(text) ?? ITALIAN_HOUR.exec(text) ?? HOUR_ONLY.exec(text);
  if (clock) {
    const hour = Number(clock[1]);
    const period = periodOfHour(hour);
    const component = withoutMatch(text, clock);
    return period && component ? { component, period, hour } : null;
  }
  const twelve = TWELVE_HOUR.exec(text);
  if (twelve) {
    const pm = (twelve[3] as string).toLowerCase() === 'p';
    const hour12 = Number(twelve[1]) % 12;
    const hour = pm ? hour12 + 12 : hour12;
    const period = periodOfHour(hour);
    const component = withoutMatch(text, twelve);
    return period && component ? { component, period, hour } : null;
  }
  for (const [words, period] of [
    [MORNING_WORDS, 'am'],
    [AFTERNOON_WORDS, 'pm'],
  ] as const) {
    const word = words.exec(text);
    if (!word) continue;
    const component = withoutMatch(text, word);
    return component ? { component, period, hour: null } : null;
  }
  return null;
}

/** LOINC's diurnal timings: `am peak specimen`, `pm trough specimen`, `4 pm specimen`. */
function timingFits(loinc: string, written: ClockTiming, exactHourOnly: boolean): boolean {
  const hourly = /^(\d{1,2}) (am|pm) specimen$/.exec(loinc);
  if (hourly) {
    const hour = (Number(hourly[1]) % 12) + (hourly[2] === 'pm' ? 12 : 0);
    return written.hour === hour;
  }
  if (exactHourOnly) return false;
  return written.period === 'am' ? loinc === 'am peak specimen' : loinc === 'pm trough specimen';
}

/**
 * The sibling of a matched concept (same component, system and method) drawn at the written time, which the unit fits
 * — or, with no unit, of the matched concept's property. A written hour LOINC codes on its own (`4 PM specimen`) takes
 * that code; otherwise the morning peak or the afternoon trough.
 */
export function conceptByClock(matchedCode: string, written: ClockTiming, unit: string | null): CorpusConcept | null {
  const matched = conceptByCode(matchedCode);
  const axes = matched ? axesOfConcept(matched) : null;
  if (axes?.timing !== '') return null;
  const siblings = (conceptsByComponent().get(axes.component) ?? []).filter(
    (m) => m.axes.system === axes.system && m.axes.method === axes.method,
  );
  // The unit's own concepts first: µg/dL converts to the molar sibling too, but is the mass one's unit.
  const own = siblings.filter((m) =>
    unit === null ? m.axes.property === axes.property : m.concept.units.includes(unit),
  );
  const family =
    own.length > 0 || unit === null
      ? own
      : siblings.filter((m) => convertValue(1, unit, m.concept.defaultUnit) !== null);
  for (const exactHourOnly of [true, false]) {
    const fitting = family.filter((m) => timingFits(m.axes.timing, written, exactHourOnly));
    if (fitting.length === 1) return fitting[0]?.concept ?? null;
    if (fitting.length > 1) return null;
  }
  return null;
}
