import { type CorpusConcept, corpusIndex } from './corpus';
import { convertValue } from './unit-conversion';

/**
 * A name that is a concept's LOINC long name, written out (`Albumin [Mass/volume] in Urine`), states component,
 * property and system itself: it is that concept, and no stage may move it to a neighbour whose synonyms share its
 * words (`Microalbumin [Mass/volume] in Urine`, found by `urine albumin`). The corpus's unit list is the units the
 * flowsheet saw, not every unit of the property: for a written long name, a unit of the same kind (UCUM converts it
 * to the concept's own unit without a molar mass, so mg/dL for a g/dL concept, not mmol/L) fits; a unit of another
 * kind contradicts the written property and gives no code.
 * @see https://loinc.org/kb/users-guide/loinc-display-names/ — the long common name
 */
let byLongName: ReadonlyMap<string, CorpusConcept> | undefined;

const squash = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

/** Longer text is no long name the corpus carries: not looked up. */
const MAX_LONG_NAME = 300;

function longNames(): ReadonlyMap<string, CorpusConcept> {
  if (byLongName) return byLongName;
  const index = new Map<string, CorpusConcept>();
  const shared = new Set<string>();
  for (const concept of corpusIndex.concepts) {
    const key = squash(concept.display);
    if (index.has(key)) shared.add(key);
    index.set(key, concept);
  }
  // Two concepts with one long name (never in LOINC, possible in a hand-edited corpus): neither is chosen by it.
  for (const key of shared) index.delete(key);
  byLongName = index;
  return index;
}

/** The concept whose long name the name is, as written (case and spacing aside). */
export function conceptByLongName(name: string): CorpusConcept | undefined {
  if (name.length > MAX_LONG_NAME) return undefined;
  return longNames().get(squash(name));
}

/** Whether a unit is one the concept is reported in, or of the same kind as its own unit. */
export function unitOfSameKind(concept: CorpusConcept, unit: string): boolean {
  if (concept.units.includes(unit)) return true;
  if (concept.defaultUnit === '') return false;
  return convertValue(1, unit, concept.defaultUnit) !== null;
}
