import type { CorpusConcept } from '../corpus';
import { WHOLE_BLOOD } from '../normalize-text';

/**
 * Specimen words a name may carry after normalisation (serum, plasma and plain blood are dropped there as noise),
 * each with the LOINC system it stands for. LOINC codes a test apart per system, so a specimen in the name that
 * contradicts the concept's system means another test: urine glucose is not serum glucose.
 * @see https://loinc.org/kb/users-guide/major-parts-of-a-loinc-term/ — the System (specimen) axis
 */
const SPECIMEN_SYSTEMS: ReadonlyMap<string, RegExp> = new Map([
  ['urine', /\bUrine\b/],
  ['urin', /\bUrine\b/],
  ['harn', /\bUrine\b/],
  ['orina', /\bUrine\b/],
  ['csf', /\bCerebral spinal fluid\b|\bCSF\b/],
  ['liquor', /\bCerebral spinal fluid\b|\bCSF\b/],
  ['arterial', /\bArterial\b/],
  ['venous', /\bVenous\b/],
  ['capillary', /\bCapillary\b/],
  ['semen', /\bSemen\b/],
  ['sweat', /\bSweat\b/],
  ['stool', /\bStool\b|\bFeces\b/],
  ['feces', /\bStool\b|\bFeces\b/],
  ['faeces', /\bStool\b|\bFeces\b/],
  ['fecal', /\bStool\b|\bFeces\b/],
  ['saliva', /\bSaliva\b/],
  ['pleural', /\bPleural\b/],
  ['synovial', /\bSynovial\b/],
  ['peritoneal', /\bPeritoneal\b/],
  ['ascites', /\bPeritoneal\b/],
]);

/** Words the alignment leaves to this check rather than treating as unknown qualifiers. */
export const SPECIMEN_WORDS: ReadonlySet<string> = new Set([...SPECIMEN_SYSTEMS.keys(), WHOLE_BLOOD]);

/**
 * Whether every specimen word of the query agrees with the concept's system (its LOINC display). `wb` (whole blood)
 * agrees with a concept measured in blood or with no system named; `wholeBloodOk` is the corpus's own trait for that.
 */
export function specimenAgrees(queryWords: readonly string[], concept: CorpusConcept, wholeBloodOk: boolean): boolean {
  for (const word of queryWords) {
    if (word === WHOLE_BLOOD) {
      if (!wholeBloodOk) return false;
      continue;
    }
    const system = SPECIMEN_SYSTEMS.get(word);
    if (system && !system.test(concept.display)) return false;
  }
  return true;
}
