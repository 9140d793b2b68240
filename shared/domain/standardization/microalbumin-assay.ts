import { type CorpusConcept, conceptByCode, corpusIndex } from './corpus';
import { convertValue } from './unit-conversion';

/**
 * `Albumin/Creatinine Ratio, Urine` and `Microalbumin/Creat Ratio` are two LOINC codes, told apart by LOINC's method
 * axis, not by their unit: `Microalbumin/Creatinine [Mass Ratio] in Urine` (14959-1) is the albumin/creatinine ratio
 * *by Detection limit <= 20 mg/L* (the microalbumin assay), `Albumin/Creatinine [Mass Ratio] in Urine` (9318-7) the
 * method-less ratio. Both are mass ratios, and mg/g is µg/mg: the flowsheet's example units (mg/g for one, µg/mg for the
 * other) are no property of either. So, as for every method (README *Labelling decisions*: a name that writes no method
 * takes the method-less code), the name decides: `micro` written → the microalbumin code, else the albumin code, in
 * whichever of the two units the reading has.
 * Read from the corpus's long names (a `Microalbumin … [Mass Ratio]` concept and its `Albumin …` twin), so no code list.
 * @see https://loinc.org/14959-1 — method: Detection limit <= 20 mg/L
 */

/**
 * `Microalbumin`, `Micro-albumin`, `Mikroalbumin`, `Microalb`, `MALB`, `微量白蛋白`, and as OCR reads it (`Micr0albumin`,
 * `Mlcroalbumln`, `rnicroalbumin`): the shapes `ocr-confusions.ts` repairs.
 */
const WRITES_MICRO = /(?:m|rn)[i1l|]cr[o0]|m[i1l|]kr[o0]|\bmalb\b|\bmau\b|微量/i;

let twins: ReadonlyMap<string, CorpusConcept> | undefined;

/** Each `Microalbumin … [Mass Ratio]` concept to its `Albumin …` twin and back, by code. */
function buildTwins(): ReadonlyMap<string, CorpusConcept> {
  const byDisplay = new Map<string, CorpusConcept>();
  for (const concept of corpusIndex.concepts) byDisplay.set(concept.display, concept);
  const pairs = new Map<string, CorpusConcept>();
  for (const concept of corpusIndex.concepts) {
    if (!/^Microalbumin\b.*\[Mass Ratio\]/.test(concept.display)) continue;
    const twin = byDisplay.get(concept.display.replace(/^Microalbumin/, 'Albumin'));
    if (!twin) continue;
    pairs.set(concept.code, twin);
    pairs.set(twin.code, concept);
  }
  return pairs;
}

function fits(concept: CorpusConcept, unit: string | null): boolean {
  return unit === null || concept.units.includes(unit) || convertValue(1, unit, concept.defaultUnit) !== null;
}

/**
 * The albumin or microalbumin ratio the name writes, when the resolver's choice (by the unit's example scale) is
 * the other: its twin's code; otherwise the code as it is.
 */
export function albuminRatioAsWritten(code: string, name: string, unit: string | null): CorpusConcept | null {
  twins ??= buildTwins();
  const twin = twins.get(code);
  if (!twin) return null;
  const chosen = conceptByCode(code);
  if (!chosen) return null;
  const micro = WRITES_MICRO.test(name);
  const chosenIsMicro = chosen.display.startsWith('Microalbumin');
  if (micro === chosenIsMicro || !fits(twin, unit)) return null;
  return twin;
}
