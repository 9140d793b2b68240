import type { CorpusConcept } from './corpus';
import { axesOfConcept } from './loinc-axes';

/**
 * LOINC's scale written out: `hCG, Quantitative`, `D-Dimer, Quant`, `AFP Qn`, `hCG Quantitativo`. The word says a
 * quantity was measured (LOINC's scale `Qn`), so it rules out the siblings that measure none (a presence, an ordinal
 * or nominal result, a multiple of the median), and it names no test of its own: a name found only once it is dropped
 * is that test, provided the concept measures an amount.
 * @see https://loinc.org/kb/users-guide/major-parts-of-a-loinc-term/#type-of-scale-5th-part
 */
export const QUANTITATIVE = /\b(?:quantitative|quant|qn|quantitativ[eoa]?|cuantitativ[oa]|quantitatif)\b/i;
const QUANTITATIVE_ALL = new RegExp(QUANTITATIVE.source, 'gi');

/** Properties that are no measured amount: a multiple of the median, a presence, an ordinal or nominal result. */
export const NO_AMOUNT = /^(?:multiple of the median|presence|ordinal|nominal|titer)$/;

/** Whether a concept measures an amount (its long name states a property and it is none of `NO_AMOUNT`). */
export function measuresAnAmount(concept: CorpusConcept): boolean {
  const property = axesOfConcept(concept)?.property;
  return property !== undefined && property !== '' && !NO_AMOUNT.test(property);
}

/** The name without its scale word (`D-Dimer, Quant` → `D-Dimer`), or null when it writes none. */
export function withoutQuantitativeWord(name: string): string | null {
  if (name.length > 200 || !QUANTITATIVE.test(name)) return null;
  const stripped = name
    .replace(QUANTITATIVE_ALL, ' ')
    .replace(/[\s,;:-]+(?=[\s,;:)]|$)/g, '')
    .replace(/\(\s*\)/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return stripped === '' ? null : stripped;
}
