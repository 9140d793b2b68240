import { type CorpusConcept, corpusIndex } from './corpus';

/**
 * The parts of a LOINC long common name the resolver reasons with: component, property, system, method and timing.
 * LOINC codes one test apart per specimen (system) and per property, so two concepts with the same component and
 * another system are siblings, not synonyms.
 * @see https://loinc.org/kb/users-guide/major-parts-of-a-loinc-term/ — component, property, time, system, scale, method
 */
export interface LoincAxes {
  /** `glucose`, `leukocytes`, `hemoglobin a1c/hemoglobin.total` (lower case). */
  component: string;
  /** `mass/volume`, `#/volume`, or '' when the long name states none (`pH of Body fluid`). */
  property: string;
  /** `serum or plasma`, `pleural fluid`, `24 hour urine`, or '' when none is named. */
  system: string;
  /** `automated count`, `pulse oximetry`, or '' for the method-less code. */
  method: string;
  /** `2 hours post 75 g glucose po`, `trough`, or '' (LOINC's `--` suffix). */
  timing: string;
}

/**
 * `Glucose [Mass/volume] in Serum or Plasma --fasting`, `pH of Body fluid`, `Hemoglobin A1c/Hemoglobin.total in Blood
 * by HPLC`: component, an optional bracketed property, then `in`/`of` the system, `by` a method, `--` a timing.
 */
const WITH_PROPERTY = /^(.+?) \[([^\]]+)\](?: (?:in|of) (.+?))?(?: by (.+?))?(?: --(.+))?$/;
/** Without a bracketed property the component is what comes before the first ` in `/` of `. */
/** `Systolic blood pressure--sitting`: LOINC writes a vital sign's timing without the space. */
const WITHOUT_PROPERTY = /^([^[]+?)()(?: (?:in|of) (.+?))?(?: by (.+?))?(?: ?--(.+))?$/;

export function loincAxesOf(display: string): LoincAxes | null {
  const match = WITH_PROPERTY.exec(display) ?? WITHOUT_PROPERTY.exec(display);
  if (!match) return null;
  return {
    component: (match[1] as string).toLowerCase(),
    property: (match[2] ?? '').toLowerCase(),
    system: (match[3] ?? '').toLowerCase(),
    method: (match[4] ?? '').toLowerCase(),
    timing: (match[5] ?? '').toLowerCase(),
  };
}

/** A corpus concept with its parsed long name. */
export interface ConceptAxes {
  concept: CorpusConcept;
  axes: LoincAxes;
}

const parsed = new WeakMap<CorpusConcept, LoincAxes | null>();

/** The axes of a corpus concept's long name, parsed once per concept. */
export function axesOfConcept(concept: CorpusConcept): LoincAxes | null {
  let axes = parsed.get(concept);
  if (axes === undefined) {
    axes = loincAxesOf(concept.display);
    parsed.set(concept, axes);
  }
  return axes;
}

let byComponent: ReadonlyMap<string, readonly ConceptAxes[]> | undefined;

/**
 * Every corpus concept by its LOINC component: siblings that differ in system, property, method or timing. Built on
 * first use (a Lambda that never meets a specimen, method or unit-less name never pays for it), shared by the
 * system axis, the method axis and the unit-less rule.
 */
export function conceptsByComponent(): ReadonlyMap<string, readonly ConceptAxes[]> {
  if (byComponent) return byComponent;
  const index = new Map<string, ConceptAxes[]>();
  for (const concept of corpusIndex.concepts) {
    const axes = axesOfConcept(concept);
    if (!axes) continue;
    const list = index.get(axes.component) ?? [];
    list.push({ concept, axes });
    index.set(axes.component, list);
  }
  byComponent = index;
  return index;
}
