import type { CorpusConcept } from './corpus';
import { axesOfConcept } from './loinc-axes';

/**
 * A count written with its kind: `CD19 Absolute`, `NK Cells (CD16+56) Absolute`, `Monocytes(Absolute)`, `Linfocitos
 * absolutos`, `CD4 abs`, `NK cells #`. The word says the result is cells per volume (LOINC's property `#/volume`),
 * not a share of the leukocytes, and names no test of its own: a name found only once it is dropped is that test,
 * provided the concept is a count per volume. The unit still has to fit the concept (`resolved` checks it).
 */
const ABSOLUTE_WORD =
  /(?:(?<![\p{L}\p{N}])(?:absolute|absolut|absoluto|absolutos|absoluta|absolutas|absolu|absolus|absolue|assoluto|assoluti|abs)(?![\p{L}\p{N}]))|#/giu;
const COUNT_PROPERTY = '#/volume';

/** Whether a concept is a count per volume (`CD19 cells [#/volume] in Blood`). */
export function isCountPerVolume(concept: CorpusConcept): boolean {
  return axesOfConcept(concept)?.property === COUNT_PROPERTY;
}

/** The name without its count word (`CD19 Absolute` → `CD19`), or null when it writes none or nothing is left. */
export function withoutAbsoluteWord(name: string): string | null {
  if (name.length > 120) return null;
  const stripped = name
    .replace(ABSOLUTE_WORD, ' ')
    .replace(/\(\s*\)/g, ' ')
    .replace(/[\s,;:-]+$/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return stripped === '' || stripped === name.trim() ? null : stripped;
}
