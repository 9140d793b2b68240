import { sameScale } from './ambiguity';
import type { CorpusConcept } from './corpus';

/**
 * A unit is a scale, not a spelling: `CRP` in µg/mL reads the same number as in mg/L, the unit C-reactive protein is
 * reported in, yet a concept lists the spellings its sources wrote. For a name that is exactly a synonym (no
 * retrieval, no repair: the name alone already decides the test), the one concept of its group that is reported on
 * the unit's scale is the reading's. Two concepts on that scale (a serum and a urine sibling both in mg/L) leave it
 * undecided, and a unit on another scale (`Cortisol` in ng/mL against µg/dL) never moves the value to a concept.
 * Retrieved names keep the strict spelling check: there the unit's veto is what keeps a near name from a wrong code.
 */
export function conceptOnUnitScale(concepts: readonly CorpusConcept[], unit: string): CorpusConcept | null {
  const fitting = concepts.filter((concept) => concept.units.some((own) => onScaleOf(unit, own)));
  return fitting.length === 1 ? (fitting[0] as CorpusConcept) : null;
}

/** `U`, `mU`, `µU` (`uU` once normalised) written alone, not inside `[IU]` nor a longer word. */
const PLAIN_UNIT = /(^|[^[\w])([kmunp]?)U(?=\/|$)/g;

/**
 * `TSH` in µU/mL, `Insulin` in mU/L: reports print U for the international unit of a hormone (µU/mL for µIU/mL), so
 * against a unit the concept lists in `[IU]` a plain U reads as IU. Only there: an enzyme's U/L stays an enzyme unit.
 */
function onScaleOf(unit: string, own: string): boolean {
  if (sameScale(unit, own)) return true;
  return own.includes('[IU]') && sameScale(unit.replace(PLAIN_UNIT, '$1$2[IU]'), own);
}
