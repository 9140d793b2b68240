/**
 * The standardization engine: every health reading HDS stores passes through here. Pure and deterministic; the
 * only data it reads is the curated LOINC corpus, a JSON file read at load (`data/loinc-corpus.json`).
 */

export type { CorpusConcept, LoincCorpus } from './corpus';
export { conceptByCode, LOINC_CORPUS } from './corpus';
export type { FhirObservation } from './fhir-observation';
export {
  buildObservation,
  LOINC_SYSTEM,
  OBSERVATION_CATEGORY_SYSTEM,
  OBSERVATION_INTERPRETATION_SYSTEM,
  SNOMED_SYSTEM,
  UCUM_SYSTEM,
} from './fhir-observation';
export type { IndicatorResolution } from './resolver';
export { resolveIndicator } from './resolver';
export { standardizeReading } from './standardize';
export type * from './types';
export { normalizeUnit } from './units';
