import { type CorpusConcept, conceptByCode } from './corpus';
import { axesOfConcept, conceptsByComponent } from './loinc-axes';
import { convertValue } from './unit-conversion';

/**
 * A challenge timing a lab writes after the test (`Glucose, 2 h post 75 g OGTT`, `Glucose 2 hr post 75g load`), read
 * as LOINC's timing axis (`--2 hours post 75 g glucose PO`): LOINC codes the same component, property and system apart
 * by the time after a challenge and its dose, so the written timing chooses among the siblings of the concept the
 * rest of the name finds. Only a timing stating the challenge (a glucose load or a meal) or its dose is read; a
 * written timing no sibling carries gives null.
 * @see https://loinc.org/kb/users-guide/major-parts-of-a-loinc-term/#timeaspect-point-or-moment-in-time-vs-time-interval-3rd-part
 */

export interface ChallengeTiming {
  /** Minutes after the challenge. */
  minutes: number;
  /** Grams of the challenge, when written. */
  dose: number | null;
  /** What was given: a glucose load or a meal. */
  challenge: 'glucose' | 'meal';
}

export interface TimingAxisName {
  /** The name without its timing phrase. */
  component: string;
  timing: ChallengeTiming;
}

const HOURS = '(?:hours?|hrs?|h)';
const MINUTES = '(?:minutes?|mins?|m)';
const GLUCOSE_LOAD = '(?:ogtt|gtt|load|glucose|glc|dose|oral|po|drink|challenge)';
/** `2 h post 75 g OGTT`, `2-hour post 75g load`, `30 min p glucose`, `2 hrs after meal`. */
const WRITTEN_TIMING = new RegExp(
  String.raw`(?:^|[\s,;(])(\d+(?:\.\d+)?)[\s-]*(${HOURS}|${MINUTES})\.?\s+(?:post|p|after|pc)\.?\s+` +
    String.raw`(?:(\d+(?:\.\d+)?)\s*(?:g|gm|grams?)\.?(?:\s+|$))?` +
    String.raw`((?:${GLUCOSE_LOAD}|meal)(?:\s+(?:${GLUCOSE_LOAD}|meal))*)?\s*\)?(?=$|[\s,;])`,
  'i',
);

/** LOINC's timings: `2 hours post 75 g glucose po`, `1 hour post dose glucose`, `2 hours post meal`. */
const LOINC_TIMING = /^(\d+(?:\.\d+)?) (hours?|minutes?) post (?:(\d+(?:\.\d+)?) g )?(.+)$/;

/** The written challenge timing of a name and the rest of it, or null when it writes none it can read. */
export function readTimingAxis(name: string): TimingAxisName | null {
  const text = name.normalize('NFKC');
  const match = WRITTEN_TIMING.exec(text);
  if (!match) return readPostMealHours(text);
  const [whole, amount, unitWord, dose, what] = match;
  const words = (what ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  // Without the challenge or its dose, `2 h post` could follow a meal or a load: not read.
  if (words.length === 0 && dose === undefined) return null;
  const meal = words.includes('meal');
  if (meal && words.length > 1) return null;
  const minutes = Number(amount) * (/^h/i.test(unitWord as string) ? 60 : 1);
  const component = `${text.slice(0, match.index)} ${text.slice(match.index + whole.length)}`
    .replace(/[\s,;()]+/g, ' ')
    .trim();
  if (!component) return null;
  return {
    component,
    timing: { minutes, dose: dose === undefined ? null : Number(dose), challenge: meal ? 'meal' : 'glucose' },
  };
}

/**
 * The meal written apart from its hours, as Indian, Spanish and Chinese reports print it: `Blood Sugar (2 Hrs. PP)`,
 * `Blood Sugar PP (2 hrs)`, `Glucosa postprandial (2 horas)`, `飯後兩小時血糖`. One post-meal word and one hour figure,
 * each once; a name with either alone (`Glucose PC`, `PPBS`) is not read here (README: post-meal glucose without its
 * hours stays null), nor one with two figures.
 */
const POST_MEAL_WORD =
  /(?<![\p{L}\p{N}])(?:p\.\s?p\.?|pp|pc|p\.c\.|post[\s-]?prandial\p{L}*|p[oó]s[\s-]?prandial\p{L}*|after\s+(?:meals?|food)|nach\s+dem\s+essen)(?![\p{L}\p{N}])|餐后|飯後|饭后|食後/giu;
const HOUR_FIGURE =
  /(?<![\p{L}\p{N}.])(\d+(?:\.\d+)?)\s*(?:hours?|hrs?|h|horas?|ore|heures?|std|stunden?)\.?(?!\p{L})|(\d+|[一二两兩三])(?:个)?(?:小时|小時|時間)/giu;
const HAN_NUMBER: Readonly<Record<string, number>> = { 一: 1, 二: 2, 两: 2, 兩: 2, 三: 3 };

function readPostMealHours(text: string): TimingAxisName | null {
  const meals = text.match(POST_MEAL_WORD) ?? [];
  const hours = [...text.matchAll(HOUR_FIGURE)];
  const figure = hours[0]?.[1] ?? hours[0]?.[2];
  if (meals.length !== 1 || hours.length !== 1 || figure === undefined) return null;
  const component = text
    .replace(POST_MEAL_WORD, ' ')
    .replace(HOUR_FIGURE, ' ')
    .replace(/[\s,;:()[\]\-.]+/g, ' ')
    .trim();
  if (!component) return null;
  const amount = HAN_NUMBER[figure] ?? Number(figure);
  return { component, timing: { minutes: amount * 60, dose: null, challenge: 'meal' } };
}

/** Whether a LOINC timing (lower case, as `loinc-axes.ts` parses it) is the written one. */
export function timingMatches(loinc: string, written: ChallengeTiming): boolean {
  const match = LOINC_TIMING.exec(loinc);
  if (!match) return false;
  const [, amount, unitWord, dose, what] = match;
  const minutes = Number(amount) * ((unitWord as string).startsWith('hour') ? 60 : 1);
  if (minutes !== written.minutes) return false;
  // A written dose must be LOINC's; an unwritten one is LOINC's `post dose glucose` (no dose stated).
  if ((dose === undefined ? null : Number(dose)) !== written.dose) return false;
  return written.challenge === 'meal' ? what === 'meal' : /\bglucose\b/.test(what as string);
}

/**
 * The sibling of a matched concept (same component, system and method) carrying the written timing, which the unit
 * fits (its own units or convertible to its usual one) — or, with no unit, of the matched concept's property.
 */
export function conceptByTiming(
  matchedCode: string,
  timing: ChallengeTiming,
  unit: string | null,
): CorpusConcept | null {
  const matched = conceptByCode(matchedCode);
  const axes = matched ? axesOfConcept(matched) : null;
  if (!axes) return null;
  const fitting = (conceptsByComponent().get(axes.component) ?? []).filter(
    (m) =>
      m.axes.system === axes.system &&
      m.axes.method === axes.method &&
      timingMatches(m.axes.timing, timing) &&
      (unit === null
        ? m.axes.property === axes.property
        : m.concept.units.includes(unit) || convertValue(1, unit, m.concept.defaultUnit) !== null),
  );
  return fitting.length === 1 ? (fitting[0]?.concept ?? null) : null;
}

/**
 * `Vancomycin Trough`, `Gentamicin Peak`, `BP Systolic (Sitting)`, `aPTT Baseline`, `SpO2 on room air`: a word a lab
 * writes after the test for the moment of the draw or the patient's position, which LOINC writes as the timing
 * modifier after `--` (`Vancomycin [Mass/volume] in Serum or Plasma --trough`, `Systolic blood pressure--sitting`).
 * A closed list, each word one LOINC timing; the sibling carrying it is chosen from the concept the rest finds.
 */
const TIMING_WORDS: ReadonlyMap<string, string> = new Map([
  ['trough', 'trough'],
  ['trough level', 'trough'],
  ['pre dose', 'trough'],
  ['predose', 'trough'],
  ['peak', 'peak'],
  ['peak level', 'peak'],
  ['post dose', 'peak'],
  ['baseline', 'baseline'],
  ['sitting', 'sitting'],
  ['seated', 'sitting'],
  ['standing', 'standing'],
  ['supine', 'supine'],
  ['lying', 'supine'],
  ['room air', 'on room air'],
  ['on room air', 'on room air'],
]);

export interface TimingWordName {
  /** The name without its timing word. */
  component: string;
  /** LOINC's timing modifier (lower case, as `loinc-axes.ts` parses it). */
  timing: string;
}

/** The timing word of a name and the rest of it, or null when it writes none (or nothing but one). */
export function readTimingWord(name: string): TimingWordName | null {
  const words = name
    .normalize('NFKC')
    .split(/[\s,;()[\]-]+/)
    .filter(Boolean);
  const lower = words.map((w) => w.toLowerCase());
  for (let i = 1; i < words.length; i++) {
    for (const size of [3, 2, 1]) {
      if (i + size > words.length) continue;
      const timing = TIMING_WORDS.get(lower.slice(i, i + size).join(' '));
      if (!timing) continue;
      const rest = [...words.slice(0, i), ...words.slice(i + size)];
      // `SpO2 on room air`: the `on` before the words goes with them.
      if (timing === 'on room air' && rest[i - 1]?.toLowerCase() === 'on') rest.splice(i - 1, 1);
      return rest.length > 0 ? { component: rest.join(' '), timing } : null;
    }
  }
  // `Trough Vancomycin`, `Peak Gentamicin`: the word first.
  const first = TIMING_WORDS.get(lower[0] ?? '');
  return first && words.length > 1 ? { component: words.slice(1).join(' '), timing: first } : null;
}

/**
 * The sibling of a matched concept (same component, system, method and property) whose timing is the written one,
 * which the unit fits when one is given; null when the corpus has none or several.
 */
export function conceptByTimingWord(matched: CorpusConcept, timing: string, unit: string | null): CorpusConcept | null {
  const axes = axesOfConcept(matched);
  if (axes?.timing !== '') return null;
  const fitting = (conceptsByComponent().get(axes.component) ?? []).filter(
    (m) =>
      m.axes.system === axes.system &&
      m.axes.method === axes.method &&
      m.axes.property === axes.property &&
      m.axes.timing === timing &&
      (unit === null || m.concept.units.includes(unit) || convertValue(1, unit, m.concept.defaultUnit) !== null),
  );
  return fitting.length === 1 ? (fitting[0]?.concept ?? null) : null;
}
