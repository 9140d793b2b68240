/**
 * An interpretation table printed under a result: one band per line, each after its label (`Non diabetic adults
 * >=18 years   <5.7`, `At risk (Prediabetes)   5.7 - 6.4`, `Diagnosing Diabetes   >= 6.5`; `Deficiency  < 20`,
 * `Insufficiency  20 - 29`, `Sufficiency  30 - 100`). Each line alone looks like a censored result, so the table is
 * recognised as a whole: three consecutive lines or more, each a label and one bound or band with no unit, whose
 * thresholds strictly climb or strictly fall (`band-lists.ts` does the same for a legend on one line). Censored
 * results of several tests (`CRP  <5`, `Troponin  <14`) name tests the vocabulary knows; a band's label is not one.
 * The same table is also printed band first, its label after a colon (`Hemoglobin A1C 6.0 - 6.4 %  :  Prediabetes`
 * / `>= 6.5 %  :  Diabetes`): two such lines or more, one of them a band, are a table too.
 * A list of goals under a caption that says so (`Lipid targets for treated patients (2021 CCS Guidelines):` /
 * `LDL Cholesterol  < 2.0 mmol/L`, `Zielwerte:` / `LDL  < 100 mg/dl`) names known tests, so the caption is the
 * evidence there: each line under it that is a name and a bound or band with at most a unit is a goal. So is a
 * caption of reference values by phase or age (`Valeurs de référence FSH / LH / Oestradiol selon la phase du cycle :`)
 * for the lines of bands under it.
 * The lines are blanked before the readers run: a goal or a band is never a reading.
 */
import type { SourceLine } from './lines';
import { isKnownMeasurement } from './vocabulary';

/** A label (one cell: no column gap inside), a column gap, then one bound (`<5.7`, `>= 6.5`) or band (`5.7 - 6.4`), and at most a `%`. */
const BAND_LINE =
  /^\s*(\p{L}(?:(?!\s{2}).)*?)\s{2,}(?:([<>≤≥]=?|=[<>])\s*(\d+(?:[.,]\d+)?)|(\d+(?:[.,]\d+)?)\s*[-–]\s*(\d+(?:[.,]\d+)?))\s*%?\s*$/iu;
/**
 * The same line with a colon after the label and the unit after the band, its band joined by a word (`Insuffisance :
 * 10 à 30 ng/mL`, `Toxicité : > 100 ng/mL`, `Deficiency: 10 to 20 ng/mL`). Groups as in `BAND_LINE`.
 */
const COLON_BAND_LINE =
  /^\s*(\p{L}[^:\d]{0,40}?)\s*:\s*(?:([<>≤≥]=?|=[<>])\s*(\d+(?:[.,]\d+)?)|(\d+(?:[.,]\d+)?)\s*(?:[-–]|à|a|to|bis|al|tot)\s*(\d+(?:[.,]\d+)?))\s*(?:%|[\p{L}µμ]+(?:\/[\p{L}\d.]+){0,2})?\s*$/iu;
const MIN_LINES = 3;
/** A bound or band, a unit or `%` at most, then a colon and a label of words: `6.0 - 6.4 %  :  Prediabetes`. */
const LABEL_AFTER_BAND =
  /(?:^|\s)(?:([<>≤≥]=?|=[<>])\s*\d+(?:[.,]\d+)?|(\d+(?:[.,]\d+)?\s*[-–]\s*\d+(?:[.,]\d+)?))\s*(?:%|[^\s:]*\/[^\s:]*)?\s*:\s*\p{L}[^\d:]*(?:\(.*\))?\s*$/u;
const MIN_LABEL_AFTER_LINES = 2;
/** A caption of goals: a goal word, no figure outside brackets but a year, ending with a colon. */
const GOALS_CAPTION =
  /(?:^|[^\p{L}])(?:targets?|goals?|objectives?|ziel(?:e|werte?|bereiche?)|therapieziele?|objectifs?|cibles?|valeurs\s+cibles|objetivos?|metas?|obiettivi|valori\s+target|streefwaarden?|doelwaarden?|cele|warto[śs]ci\s+docelowe|目標値?|目标值?)(?![\p{L}])[^:]*:\s*$/iu;
/** A goal line: a name, a column gap, one bound or band, at most a unit. */
const GOAL_LINE =
  /^\s*\p{L}(?:(?!\s{2}).)*?\s{2,}(?:[<>≤≥]=?\s*\d+(?:[.,]\d+)?|\d+(?:[.,]\d+)?\s*[-–]\s*\d+(?:[.,]\d+)?)\s*(?:%|[\p{L}µμ]+(?:\/[\p{L}\d.]+){1,2})?\s*$/u;
const MAX_GOAL_LINES = 8;
/** A caption of reference values, in the languages the reader knows, ending with a colon. */
const REFERENCE_CAPTION =
  /(?:^|[^\p{L}])(?:valeurs?\s+(?:de\s+)?r[ée]f[ée]rences?|valeurs?\s+normales|reference\s+(?:ranges?|values?|intervals?)|normal\s+(?:ranges?|values?)|referenz(?:bereiche?|werte?)|normwerte?|valor(?:es)?\s+de\s+refer[eê]ncias?|valori\s+(?:di\s+riferimento|normali)|intervall[io]\s+di\s+riferimento|referentiewaarden?)(?![\p{L}])[^:]*:\s*$/iu;
/** The same caption with its goals after the colon on its own line: `Lipid targets per 2021 CCS Guidelines: LDL-C <2.0 …`. */
const GOALS_INLINE =
  /^[^:]{0,80}?(?:^|[^\p{L}])(?:targets?|goals?|objectives?|desirable|optimal|ziel(?:e|werte?|bereiche?)|wünschenswert|objectifs?|cibles?|souhaitables?|objetivos?|metas?|deseables?|obiettivi|desiderabil[ei]|streefwaarden?|doelwaarden?|στόχο[ςι]?|στοχο[ςι]?)(?![\p{L}])[^:\d]*(?:\d{4}[^:\d]*)?:(.+)$/iu;

function middleOf(m: RegExpExecArray): number {
  const n = (text: string | undefined) => Number((text ?? '0').replace(',', '.'));
  return m[3] !== undefined ? n(m[3]) : (n(m[4]) + n(m[5])) / 2;
}

function runsOneWay(middles: readonly number[]): boolean {
  const steps = middles.slice(1).map((next, i) => next - (middles[i] as number));
  return steps.every((step) => step > 0) || steps.every((step) => step < 0);
}

/** The lines with every one-band-per-line interpretation table blanked (indexes kept). */
export function withoutBandTables(lines: readonly SourceLine[]): readonly SourceLine[] {
  const blank = new Set<number>();
  let k = 0;
  while (k < lines.length) {
    const run: { at: number; middle: number; label: string }[] = [];
    for (let j = k; j < lines.length; j++) {
      const text = (lines[j] as SourceLine).text;
      const m = text.length < 200 ? (BAND_LINE.exec(text) ?? COLON_BAND_LINE.exec(text)) : null;
      if (!m) break;
      run.push({ at: j, middle: middleOf(m), label: (m[1] as string).trim() });
    }
    if (
      run.length >= MIN_LINES &&
      runsOneWay(run.map((r) => r.middle)) &&
      run.every((r) => !isKnownMeasurement(r.label, null))
    ) {
      for (const r of run) blank.add(r.at);
    }
    k += Math.max(run.length, 1);
  }
  blankLabelledAfterBands(lines, blank);
  const cuts = new Map<number, number>();
  blankCaptionedGoals(lines, blank, cuts);
  blankCaptionedReferenceBands(lines, blank);
  if (blank.size === 0 && cuts.size === 0) return lines;
  return lines.map((line, j) => {
    if (blank.has(j)) return { index: line.index, text: '' };
    const cut = cuts.get(j);
    return cut === undefined ? line : { index: line.index, text: line.text.slice(0, cut) };
  });
}

/** Runs of band-first legend lines (`6.0 - 6.4 %  :  Prediabetes`), one of them a band, added to `blank`. */
function blankLabelledAfterBands(lines: readonly SourceLine[], blank: Set<number>): void {
  let run: number[] = [];
  let banded = false;
  const close = (): void => {
    if (run.length >= MIN_LABEL_AFTER_LINES && banded) for (const at of run) blank.add(at);
    run = [];
    banded = false;
  };
  lines.forEach((line, j) => {
    const m = line.text.length < 200 ? LABEL_AFTER_BAND.exec(line.text) : null;
    if (!m) {
      close();
      return;
    }
    run.push(j);
    banded ||= m[2] !== undefined;
  });
  close();
}

/**
 * Whether text holds bounds and bands only, at least one bound: every number follows a comparator or stands in a
 * band (`LDL-C <2.0 mmol/L or non-HDL-C <2.6`, `LDL <100  TRG <150  GLU 70-99`), so no value is printed.
 */
function onlyBounds(text: string): boolean {
  if (text.length > 200 || !/[<>≤≥]\s*=?\s*\d/.test(text)) return false;
  const rest = text
    .replace(/[<>≤≥]=?\s*\d+(?:[.,]\d+)?/g, ' ')
    .replace(/\d+(?:[.,]\d+)?\s*[-–]\s*\d+(?:[.,]\d+)?/g, ' ')
    .replace(/\p{L}[\p{L}\d-]*/gu, ' ');
  return !/\d/.test(rest);
}

/** Whether text holds bands and bounds only, at least two: every number stands in one (`FSH 3,5 - 12,5   LH 2,4 - 12,6`). */
function onlyBands(text: string): boolean {
  if (text.length > 200) return false;
  const bands = text.match(/[<>≤≥]=?\s*\d+(?:[.,]\d+)?|\d+(?:[.,]\d+)?\s*[-–]\s*\d+(?:[.,]\d+)?/g)?.length ?? 0;
  const rest = text
    .replace(/[<>≤≥]=?\s*\d+(?:[.,]\d+)?/g, ' ')
    .replace(/\d+(?:[.,]\d+)?\s*[-–]\s*\d+(?:[.,]\d+)?/g, ' ')
    .replace(/\p{L}[\p{L}\d-]*/gu, ' ');
  return bands >= 2 && !/\d/.test(rest);
}

/**
 * A caption of reference values ending with a colon (`Valeurs de référence FSH / LH / Oestradiol selon la phase du
 * cycle :`, `Reference ranges by phase:`): the lines under it that hold two bands or more and no other figure
 * (`Phase folliculaire : FSH 3,5 - 12,5   LH 2,4 - 12,6   E2 46 - 607 pmol/L`) are its bands, added to `blank`.
 */
function blankCaptionedReferenceBands(lines: readonly SourceLine[], blank: Set<number>): void {
  lines.forEach((line, j) => {
    const caption = line.text;
    if (caption.length > 120 || /\d/.test(caption) || !REFERENCE_CAPTION.test(caption)) return;
    for (let k = j + 1; k < lines.length && k <= j + MAX_GOAL_LINES; k++) {
      if (!onlyBands((lines[k] as SourceLine).text)) return;
      blank.add(k);
    }
  });
}

/** A goals caption with its goals on the same line, and the lines of bounds only that go on under it. */
/**
 * A row whose goal opens a table of bands under it (`Colesterol total .... 231 mg/dl   Deseable: < 200` / `Límite: 200
 * - 239` / `Alto: >= 240`): the bands grade the result, none of them is its reference range, so the goal is cut from
 * the row (its result stays) and the band lines go. A goal alone on the row is its range.
 */
function cutRowGoalBands(lines: readonly SourceLine[], j: number, caption: string, cuts: Map<number, number>): void {
  const gap = /\s{2,}(?=\S[^\d]*$)/u.exec(caption);
  if (!gap) return;
  const bands: number[] = [];
  for (let k = j + 1; k < lines.length && k <= j + MAX_GOAL_LINES; k++) {
    const text = (lines[k] as SourceLine).text;
    if (!COLON_BAND_LINE.test(text)) break;
    bands.push(k);
  }
  if (bands.length === 0) return;
  cuts.set(j, gap.index);
  for (const k of bands) cuts.set(k, 0);
}

function blankInlineGoals(lines: readonly SourceLine[], blank: Set<number>, cuts: Map<number, number>): void {
  lines.forEach((line, j) => {
    // A footnote (`* Objectif thérapeutique : …`) stays: it tells what the asterisk beside a result means.
    const m = line.text.length <= 200 && !/^\s*\*/.test(line.text) ? GOALS_INLINE.exec(line.text) : null;
    if (!m || !onlyBounds(m[1] as string)) return;
    // `Colesterol total ...... 231 mg/dl    Deseable: < 200`: a figure before the goal word (but a year or a bracket's)
    // is the row's own result, and the goal is its range.
    const caption = line.text.slice(0, line.text.length - (m[1] as string).length);
    if (/\d/.test(caption.replace(/\([^()]*\)/g, '').replace(/\b(?:19|20)\d{2}\b/g, ''))) {
      cutRowGoalBands(lines, j, caption, cuts);
      return;
    }
    blank.add(j);
    for (let k = j + 1; k < lines.length && k <= j + MAX_GOAL_LINES; k++) {
      if (!onlyBounds((lines[k] as SourceLine).text)) return;
      blank.add(k);
    }
  });
}

/** The goal lines under each goals caption (see the module comment), added to `blank`. */
function blankCaptionedGoals(lines: readonly SourceLine[], blank: Set<number>, cuts: Map<number, number>): void {
  blankInlineGoals(lines, blank, cuts);
  lines.forEach((line, j) => {
    const caption = line.text;
    if (caption.length > 120 || !GOALS_CAPTION.test(caption)) return;
    if (/\d/.test(caption.replace(/\([^()]*\)/g, '').replace(/\b(?:19|20)\d{2}\b/g, ''))) return;
    for (let k = j + 1; k < lines.length && k <= j + MAX_GOAL_LINES; k++) {
      const text = (lines[k] as SourceLine).text;
      if (text.length > 120 || !GOAL_LINE.test(text)) return;
      blank.add(k);
    }
  });
}
