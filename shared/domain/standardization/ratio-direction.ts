import { type CorpusConcept, corpusIndex } from './corpus';
import { axesOfConcept } from './loinc-axes';
import { normalizeIndicatorText } from './normalize-text';

/**
 * A ratio is read in the order it is written: `HDL/Cholesterol` is the inverse of LOINC's `Cholesterol.total/
 * Cholesterol in HDL`, and `ApoB/ApoA1` of `Apolipoprotein A-I/Apolipoprotein B`. The lookup key drops the slash and
 * the reordered-words stage then finds the corpus ratio, whose value is the reciprocal of the one reported (4.0 filed
 * as 0.25). A name whose own order is no corpus name, while the same words with the parts around its slash swapped
 * are one, names the inverse ratio: no code.
 * @see https://loinc.org/kb/users-guide/major-parts-of-a-loinc-term/ — a ratio component is `numerator/denominator`
 */

/** Words either side of the slash that may form a part: `Apo B`, `Cholesterol in HDL`. */
const MAX_PART_WORDS = 3;

/** Longer text is a sentence or a pasted block, not a ratio's name: not swapped, so the check stays cheap. */
const MAX_NAME_LENGTH = 120;

/** The name with `/` (or `:`) once, its parts swapped over 1–3 words either side; none when it writes no ratio. */
function swappedRatios(name: string): string[] {
  if (name.length > MAX_NAME_LENGTH) return [];
  const match = /^(.*?)\s*[/:]\s*(.*)$/.exec(name.trim());
  if (!match) return [];
  const left = (match[1] as string).split(/\s+/).filter(Boolean);
  const right = (match[2] as string).split(/\s+/).filter(Boolean);
  // Letters on both sides: `HIV 1/2`, `1:40` are no ratio of two analytes.
  if (!/\p{L}/u.test(left.at(-1) ?? '') || !/\p{L}/u.test(right[0] ?? '') || /[/:]/.test(match[2] as string)) return [];
  const swapped: string[] = [];
  for (let i = 1; i <= Math.min(MAX_PART_WORDS, left.length); i++) {
    for (let j = 1; j <= Math.min(MAX_PART_WORDS, right.length); j++) {
      const numerator = left.slice(-i).join(' ');
      const denominator = right.slice(0, j).join(' ');
      swapped.push([...left.slice(0, -i), `${denominator}/${numerator}`, ...right.slice(j)].join(' '));
    }
  }
  return swapped;
}

/** Whether the name writes, in the reverse order, a ratio the corpus names: the inverse of a known ratio. */
export function writesInverseRatio(name: string): boolean {
  const swapped = swappedRatios(name);
  if (swapped.length === 0 || corpusIndex.exact.has(normalizeIndicatorText(name))) return false;
  return swapped.some((other) => {
    const group = corpusIndex.exact.get(normalizeIndicatorText(other));
    return group !== undefined && !group.ambiguous;
  });
}

/** A component compared across concepts: `Cholesterol.total` and `Cholesterol` are one analyte. */
function componentKey(component: string): string {
  return component.replace(/\.total\b|\btotal\b/g, '').replace(/[^\p{L}\p{N}]/gu, '');
}

/** The two analytes of a ratio concept's component (`apolipoprotein a-i`, `apolipoprotein b`), or null. */
export function ratioParts(component: string): [string, string] | null {
  const parts = component.split('/');
  if (parts.length !== 2) return null;
  const [numerator, denominator] = parts as [string, string];
  // `Neutrophils/100 leukocytes`, `GFR/1.73 sq M`: a share or a normalisation, not two analytes.
  if (!/^\p{L}/u.test(numerator) || !/^\p{L}/u.test(denominator)) return null;
  return [componentKey(numerator), componentKey(denominator)];
}

/**
 * `Apo B/Apo A1` found as `Apolipoprotein A-I/Apolipoprotein B` by a stage that reads words, not their order
 * (retrieval, reordered words): the name's own parts, each read alone by `readPart` (the resolver), name the ratio's
 * denominator and numerator in that order, so the value is the reciprocal of the code's. Checked only when a ratio
 * concept was found for a name with one slash between words; both parts must be read, and read crosswise, to refuse.
 */
export function readsRatioInverted(
  ratio: CorpusConcept,
  name: string,
  readPart: (part: string) => readonly CorpusConcept[],
): boolean {
  if (name.length > MAX_NAME_LENGTH) return false;
  const axes = axesOfConcept(ratio);
  const parts = axes ? ratioParts(axes.component) : null;
  if (!parts) return false;
  const written = /^([^/:]*\p{L}[^/:]*?)\s*[/:]\s*([^/:]*\p{L}[^/:]*)$/u.exec(name.trim());
  if (!written) return false;
  const leftKey = partComponent(readPart((written[1] as string).trim()));
  if (leftKey === null || leftKey !== parts[1]) return false;
  const rightKey = partComponent(readPart((written[2] as string).trim()));
  return rightKey === parts[0] && leftKey !== rightKey;
}

/** The one component the concepts a part names share (`Creatinine`: mass and molar, serum and urine), or null. */
export function partComponent(concepts: readonly CorpusConcept[]): string | null {
  const keys = new Set<string>();
  for (const concept of concepts) {
    const axes = axesOfConcept(concept);
    if (axes) keys.add(componentKey(axes.component));
  }
  return keys.size === 1 ? ([...keys][0] as string) : null;
}
