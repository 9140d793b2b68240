/**
 * An interpretation table printed under a result: one band per line, each after its label (`Non diabetic adults
 * >=18 years   <5.7`, `At risk (Prediabetes)   5.7 - 6.4`, `Diagnosing Diabetes   >= 6.5`; `Deficiency  < 20`,
 * `Insufficiency  20 - 29`, `Sufficiency  30 - 100`). Each line alone looks like a censored result, so the table is
 * recognised as a whole: three consecutive lines or more, each a label and one bound or band with no unit, whose
 * thresholds strictly climb or strictly fall (`band-lists.ts` does the same for a legend on one line). Censored
 * results of several tests (`CRP  <5`, `Troponin  <14`) name tests the vocabulary knows; a band's label is not one.
 * The same table is also printed band first, its label after a colon (`Hemoglobin A1C 6.0 - 6.4 %  :  Prediabetes`
 * / `>= 6.5 %  :  Diabetes`): two such lines or more, one of them a band, are a table too.
 * The lines are blanked before the readers run: a goal or a band is never a reading.
 */
import type { SourceLine } from './lines';
import { isKnownMeasurement } from './vocabulary';

/** A label (one cell: no column gap inside), a column gap, then one bound (`<5.7`, `>= 6.5`) or band (`5.7 - 6.4`), and at most a `%`. */
const BAND_LINE =
  /^\s*(\p{L}(?:(?!\s{2}).)*?)\s{2,}(?:([<>≤≥]=?|=[<>])\s*(\d+(?:[.,]\d+)?)|(\d+(?:[.,]\d+)?)\s*[-–]\s*(\d+(?:[.,]\d+)?))\s*%?\s*$/iu;
const MIN_LINES = 3;
/** A bound or band, a unit or `%` at most, then a colon and a label of words: `6.0 - 6.4 %  :  Prediabetes`. */
const LABEL_AFTER_BAND =
  /(?:^|\s)(?:([<>≤≥]=?|=[<>])\s*\d+(?:[.,]\d+)?|(\d+(?:[.,]\d+)?\s*[-–]\s*\d+(?:[.,]\d+)?))\s*(?:%|[^\s:]*\/[^\s:]*)?\s*:\s*\p{L}[^\d:]*(?:\(.*\))?\s*$/u;
const MIN_LABEL_AFTER_LINES = 2;

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
      const m = text.length < 200 ? BAND_LINE.exec(text) : null;
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
  if (blank.size === 0) return lines;
  return lines.map((line, j) => (blank.has(j) ? { index: line.index, text: '' } : line));
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
