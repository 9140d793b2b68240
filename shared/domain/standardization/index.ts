/**
 * The standardization engine: every health reading HDS stores passes through here. Pure and deterministic; the
 * only data it reads is the curated LOINC corpus, a JSON file read at load (`data/loinc-corpus.json`).
 *
 * Code outside this folder imports it as `#standardization` (package.json `imports`), never by a relative path: the
 * bundles and the lazy modules that standardize (the offline engine and reading extractor) then share one module —
 * one corpus read and indexed, one resolver with its caches — per process (`SHARED_IMPORTS` in infra/bundling.ts).
 * Only the pure text helpers (`normalize-text.ts`, `spelled-numbers.ts`) and type imports may be relative.
 */

export { commonNameOf } from './common-name';
export type { CorpusConcept, LoincCorpus } from './corpus';
export { conceptByCode, corpusIndex, LOINC_CORPUS } from './corpus';
export type { FhirObservation } from './fhir-observation';
export {
  buildObservation,
  LOINC_SYSTEM,
  OBSERVATION_CATEGORY_SYSTEM,
  OBSERVATION_INTERPRETATION_SYSTEM,
  SNOMED_SYSTEM,
  UCUM_SYSTEM,
} from './fhir-observation';
export { analyteKeyOf, molarMassOf } from './molar-masses';
export type { IndicatorResolution } from './resolver';
// Two questions, two names. `resolveIndicator` is the answer for a reading's name and unit (what a partner's value is
// filed under; `Hemoglobin` without a unit is null, README *Labelling decisions*); `resolveSeriesIndicator` is the
// name lookup a question's words go through ("my hemoglobin" asks for the series, whatever scale its values are on),
// without the reading rules. The reading rules live only in `unitless-siblings.ts`.
export {
  hasCachedResolution,
  resolveFromNeighbours,
  resolveIndicator as resolveSeriesIndicator,
} from './resolver';
export { type RetrievedResolutions, resolverUnitOf, retrievalKey, standardizeReading } from './standardize';
export type * from './types';
export { convertValue } from './unit-conversion';
export { resolveReadingIndicator as resolveIndicator, resolveReadingIndicator } from './unitless-siblings';
export { normalizeUnit } from './units';
