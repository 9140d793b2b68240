import { type Comparator, parseDecimal } from './values';

export interface ReferenceRange {
  low: number | null;
  high: number | null;
  /** `< 200` excludes 200 itself; `<= 5` and `70-99` include their bounds. */
  lowExclusive: boolean;
  highExclusive: boolean;
  /** The range exactly as written. */
  text: string;
}

export type InterpretationCode = 'H' | 'L' | 'HH' | 'LL' | 'A' | 'N';

const NUM = String.raw`[+-]?\d+(?:[.,]\d+)*|[+-]?[.,]\d+`;
const BETWEEN = new RegExp(String.raw`^(${NUM})\s*(?:-|–|—|‒|~|to|bis|a|à)\s*(${NUM})$`, 'i');
const BOUND = new RegExp(String.raw`^(<=|>=|=<|=>|≤|≥|<|>)\s*(${NUM})$`);
/** Units or words after the numbers (`70-99 mg/dL`) do not change the range. */
const TRAILING_UNIT = /\s+[^\d\s<>=≤≥.,+-][^\d]*$/;

const FLAGS: ReadonlyMap<string, InterpretationCode> = new Map([
  ['H', 'H'],
  ['HI', 'H'],
  ['HIGH', 'H'],
  ['+', 'H'],
  ['L', 'L'],
  ['LO', 'L'],
  ['LOW', 'L'],
  ['-', 'L'],
  ['HH', 'HH'],
  ['H*', 'HH'],
  ['CRITICAL HIGH', 'HH'],
  ['LL', 'LL'],
  ['L*', 'LL'],
  ['CRITICAL LOW', 'LL'],
  ['A', 'A'],
  ['AA', 'A'],
  ['*', 'A'],
  ['!', 'A'],
  ['ABNORMAL', 'A'],
  ['N', 'N'],
  ['NORMAL', 'N'],
]);

function toNumber(text: string): number | null {
  const decimal = parseDecimal(text);
  return decimal === null ? null : Number(decimal);
}

/**
 * Reads a reference range as labs print it: `70-99`, `70 - 99`, `3.5–5.1` (en dash), `3,5-5,1`, `< 200`, `> 40`,
 * `<=5`, optionally followed by a unit. Anything else keeps only its text.
 * @see https://hl7.org/fhir/R4/observation-definitions.html#Observation.referenceRange
 */
export function parseReferenceRange(text: string | null | undefined): ReferenceRange | null {
  if (text === null || text === undefined) return null;
  const original = text.trim();
  if (original === '') return null;
  const body = original.normalize('NFKC').replace(TRAILING_UNIT, '').trim();
  const range: ReferenceRange = { low: null, high: null, lowExclusive: false, highExclusive: false, text: original };

  const between = BETWEEN.exec(body);
  if (between) {
    const low = toNumber(between[1] as string);
    const high = toNumber(between[2] as string);
    if (low !== null && high !== null && low <= high) return { ...range, low, high };
    return range;
  }
  const bound = BOUND.exec(body);
  if (bound) {
    const value = toNumber(bound[2] as string);
    if (value === null) return range;
    const op = bound[1] as string;
    if (op.includes('<') || op === '≤') return { ...range, high: value, highExclusive: op === '<' };
    return { ...range, low: value, lowExclusive: op === '>' };
  }
  return range;
}

/**
 * A source's abnormality flag as a v3 ObservationInterpretation code; null when absent or unrecognised.
 * @see https://terminology.hl7.org/CodeSystem-v3-ObservationInterpretation.html
 */
export function interpretFlag(flag: string | null | undefined): InterpretationCode | null {
  if (flag === null || flag === undefined) return null;
  return FLAGS.get(flag.trim().toUpperCase().replace(/\s+/g, ' ')) ?? null;
}

/**
 * H/L/N from the value against the range. A comparator value (`<0.1`) stands for an interval, so it is judged only
 * when the whole interval falls on one side; otherwise the answer is unknown (null).
 */
export function interpretAgainstRange(
  value: number,
  comparator: Comparator | null,
  range: ReferenceRange,
): InterpretationCode | null {
  if (range.low === null && range.high === null) return null;
  const { low, high, lowExclusive, highExclusive } = range;
  const pointAbove = (x: number) => high !== null && (highExclusive ? x >= high : x > high);
  const pointBelow = (x: number) => low !== null && (lowExclusive ? x <= low : x < low);
  switch (comparator) {
    case null:
      return pointAbove(value) ? 'H' : pointBelow(value) ? 'L' : 'N';
    case '>':
      // Every x > value: above when value already reaches the upper bound.
      if (high !== null && value >= high) return 'H';
      return low !== null && !pointBelow(value) && high === null ? 'N' : null;
    case '>=':
      if (pointAbove(value)) return 'H';
      return low !== null && !pointBelow(value) && high === null ? 'N' : null;
    // A "below the detection limit" result cannot be negative, so a lower bound of 0 does not make it unknown.
    case '<':
      if (low !== null && low > 0 && value <= low) return 'L';
      return high !== null && value <= high && (low === null || low <= 0) ? 'N' : null;
    case '<=':
      if (low !== null && low > 0 && pointBelow(value)) return 'L';
      return high !== null && !pointAbove(value) && (low === null || low <= 0) ? 'N' : null;
  }
}
