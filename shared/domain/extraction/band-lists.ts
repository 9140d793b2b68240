/**
 * A line listing the bands of a test, each after its label: `低リスク LDL-C <160  中リスク <140  高リスク <120`,
 * `niedobór: < 20 ng/ml   suboptymalne: 20 - 30 ng/ml   optymalne: 30 - 50 ng/ml`, `G1 ≥90  G2 60-89  G3a 45-59`.
 * Whatever the language of its labels, such a line has three bounds or bands or more, each after a word or a stage
 * code (`G3a`), running in
 * one direction (the thresholds climb or fall). Censored results of different tests on one line do not run so, and the
 * same bound repeated in a cumulative row (`<3  <3  <3`) does not climb.
 */

const BOUND = /(?:[<>≤≥≦≧]=?|=[<>])\s*(\d+(?:[.,]\d+)?)|(\d+(?:[.,]\d+)?)\s*[-–~～]\s*(\d+(?:[.,]\d+)?)/gu;

/** Only the first part of a long line is looked at: a legend is short, and the scan stays linear. */
const REACH = 400;

function number(text: string): number {
  return Number(text.replace(',', '.'));
}

/** The middle of each bound or band that has a label of two letters or more between it and the one before. */
function labelledBounds(line: string): number[] {
  const text = line.slice(0, REACH);
  const middles: number[] = [];
  let from = 0;
  for (const match of text.matchAll(BOUND)) {
    const at = match.index ?? 0;
    const between = text.slice(from, at);
    from = at + match[0].length;
    if (!/\p{L}{2,}|\p{L}\d|[\p{Script=Han}\p{Script=Katakana}\p{Script=Hiragana}]/u.test(between)) continue;
    middles.push(match[1] !== undefined ? number(match[1]) : (number(match[2] ?? '0') + number(match[3] ?? '0')) / 2);
  }
  return middles;
}

/** A bound or band followed by a colon and a word: `>90: normal`, `60-89: mildly decreased`, `< 5,7 % : normal`. */
const BAND_THEN_LABEL = /(?:[<>≤≥]=?\s*\d+(?:[.,]\d+)?|\d+(?:[.,]\d+)?\s*[-–]\s*\d+(?:[.,]\d+)?)\s*%?\s*:\s*\p{L}/gu;

/**
 * A bound after a risk category's label (`Risco baixo: < 130 mg/dL`, `High risk <70`, `Riesgo alto: < 100`): the
 * target of a risk class, two or more to a line, never a reading.
 */
const RISK_BAND =
  /(?:risk|risco|riesgo|risque|rischio|risiko|ryzyko)(?:\s+\p{L}+){0,2}\s*:?\s*(?:[<>≤≥]=?\s*\d|\d+(?:[.,]\d+)?\s*[-–]\s*\d)/giu;

/**
 * Whether the line is a list of three labelled bands or more whose thresholds strictly climb or strictly fall, or of
 * two bands or more each followed by its label (`eGFR >90: normal. 60-89: mildly decreased.`).
 */
export function isBandListLine(line: string): boolean {
  if ((line.slice(0, REACH).match(BAND_THEN_LABEL)?.length ?? 0) >= 2) return true;
  if ((line.slice(0, REACH).match(RISK_BAND)?.length ?? 0) >= 2) return true;
  const middles = labelledBounds(line);
  if (middles.length < 3) return false;
  const pairs = middles.slice(1).map((next, i) => next - (middles[i] ?? next));
  return pairs.every((step) => step > 0) || pairs.every((step) => step < 0);
}
