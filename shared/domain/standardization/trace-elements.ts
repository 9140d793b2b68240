import type { CorpusConcept } from './corpus';
import { axesOfConcept } from './loinc-axes';

/**
 * Trace elements and toxic metals are ordered in whole blood, serum or plasma, red cells and urine alike, and
 * reported in mass (µg/L, µg/dL) and molar (µmol/L, nmol/L) units: LOINC codes every pairing (`Selenium [Mass/volume]
 * in Blood`, `… [Moles/volume] in Serum or Plasma`, `… in Urine`). HDS's corpus carries the other specimens for some
 * of them (zinc, copper, lead, mercury, arsenic, cadmium, thallium: `unitless-siblings.ts` finds those) and a single
 * concept for others (selenium, aluminum): one concept in the corpus is not one test in LOINC, so a bare element
 * name without a unit names no series. The list is chemistry, LOINC components as its long names spell them, not
 * inputs; electrolytes and iron are left to the corpus and `molar-masses.ts`, and lithium is a drug level, reported
 * in serum in mmol/L (= mEq/L) by every laboratory.
 * @see https://loinc.org/kb/users-guide/major-parts-of-a-loinc-term/ — component, property, system
 */
const ELEMENTS = new Set([
  'aluminum',
  'antimony',
  'arsenic',
  'barium',
  'beryllium',
  'bismuth',
  'boron',
  'cadmium',
  'cesium',
  'chromium',
  'cobalt',
  'copper',
  'gold',
  'iodine',
  'lead',
  'manganese',
  'mercury',
  'molybdenum',
  'nickel',
  'platinum',
  'selenium',
  'silver',
  'strontium',
  'thallium',
  'tin',
  'titanium',
  'tungsten',
  'uranium',
  'vanadium',
  'zinc',
]);

/** A concentration of a trace element or metal, whatever specimen the corpus files it in. */
export function isTraceElementConcentration(concept: CorpusConcept): boolean {
  const axes = axesOfConcept(concept);
  return axes !== null && ELEMENTS.has(axes.component) && /^(?:mass|moles)\/volume$/.test(axes.property);
}

/** Whether a written name is an element's LOINC component alone (`Mercury`, `cadmium`). */
export function namesAnElement(written: string): boolean {
  return ELEMENTS.has(written.trim().toLowerCase());
}
