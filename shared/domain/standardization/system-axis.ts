import { type CorpusConcept, corpusIndex } from './corpus';
import { axesOfConcept, type ConceptAxes, conceptsByComponent, type LoincAxes, loincAxesOf } from './loinc-axes';
import { normalizeIndicatorText, type PropertyHint } from './normalize-text';
import { ocrSkeleton } from './ocr-confusions';
import { editDistance } from './retrieval/word-alignment';
import { namesAnElement } from './trace-elements';
import { convertValue } from './unit-conversion';

/**
 * The specimen a name states in LOINC's own short-name abbreviations (`Glucose SerPl Qn`, `Calcium 24h Ur-mCnc`,
 * `Adenosine Deaminase Pl Fld Qn`) or as a specimen word after the test (`Glucose, Pleural`, `WBC, Ascites`), read
 * as LOINC's system axis. The rest of the name is the component; the code is the corpus concept with that component
 * and system that the unit and property fit. The normaliser drops `SerPl`/`Bld` as noise, which is right for serum
 * but not for whole blood (`Glucose Bld` is 2339-0, not serum glucose), so these names need the system read apart.
 * @see https://loinc.org/kb/users-guide/major-parts-of-a-loinc-term/#kind-of-system-specimen-4th-part
 */

/** LOINC systems as long names spell them. */
type System =
  | 'serum or plasma'
  | 'serum'
  | 'plasma'
  | 'platelet poor plasma'
  | 'blood'
  | 'arterial blood'
  | 'venous blood'
  | 'capillary blood'
  | 'cord blood'
  | 'urine'
  | 'urine sediment'
  | '24 hour urine'
  | 'body fluid'
  | 'pleural fluid'
  | 'peritoneal fluid'
  | 'peritoneal dialysis fluid'
  | 'cerebral spinal fluid'
  | 'synovial fluid'
  | 'stool';

/**
 * What a written system accepts, in order of preference: `SerPl` is LOINC's "Serum or Plasma" but a lab's serum-only
 * code is still the same test for its reader; `Plas` likewise (and platelet-poor plasma for coagulation).
 */
const SERUM_OR_PLASMA: readonly System[] = ['serum or plasma', 'serum', 'plasma'];
const SERUM: readonly System[] = ['serum', 'serum or plasma', 'plasma'];
const URINE: readonly System[] = ['urine', 'urine sediment'];
const PLASMA: readonly System[] = ['plasma', 'serum or plasma', 'platelet poor plasma', 'serum'];
const BLOOD: readonly System[] = ['blood'];
const VENOUS_THEN_BLOOD: readonly System[] = ['venous blood', 'blood'];

/** Short-name abbreviations (LOINC's own, closed set): matched also when OCR or a typing slip bent them. */
const ABBREVIATIONS: ReadonlyMap<string, readonly System[]> = new Map([
  ['serpl', SERUM_OR_PLASMA],
  ['ser', SERUM],
  ['plas', PLASMA],
  ['ppp', ['platelet poor plasma']],
  ['bld', BLOOD],
  ['blda', ['arterial blood']],
  ['bldv', ['venous blood']],
  ['bldc', ['capillary blood']],
  ['ur', URINE],
  ['fld', ['body fluid']],
  ['plr', ['pleural fluid']],
  ['csf', ['cerebral spinal fluid']],
  ['stl', ['stool']],
]);

/** Systems a bare test name means by default: serum or plasma, or blood for a blood count. */
const DEFAULT_SYSTEMS: ReadonlySet<string> = new Set(['serum or plasma', 'serum', 'plasma', 'blood', '']);

/** How LOINC's short names spell each abbreviation: an unbent name must meet the curated short names' keys. */
const SHORT_NAME_SPELLING: Readonly<Record<string, string>> = {
  serpl: 'SerPl',
  ser: 'Ser',
  plas: 'Plas',
  ppp: 'PPP',
  bld: 'Bld',
  blda: 'BldA',
  bldv: 'BldV',
  bldc: 'BldC',
  ur: 'Ur',
  fld: 'Fld',
  plr: 'Plr',
  csf: 'CSF',
  stl: 'Stool',
};

/** Two-word abbreviations (`Pl Fld`, `Periton Fld`) and specimen words a lab writes out. */
const PHRASES: ReadonlyMap<string, readonly System[]> = new Map([
  ['pl fld', ['pleural fluid']],
  ['plr fld', ['pleural fluid']],
  ['pleural fld', ['pleural fluid']],
  ['pleural fluid', ['pleural fluid']],
  ['pleural', ['pleural fluid']],
  ['periton fld', ['peritoneal fluid']],
  ['peritoneal fld', ['peritoneal fluid']],
  ['peritoneal fluid', ['peritoneal fluid']],
  ['peritoneal', ['peritoneal fluid']],
  ['ascites', ['peritoneal fluid']],
  ['ascitic fluid', ['peritoneal fluid']],
  ['periton dialysate', ['peritoneal dialysis fluid']],
  ['peritoneal dialysate', ['peritoneal dialysis fluid']],
  ['dialysate', ['peritoneal dialysis fluid']],
  ['synv fld', ['synovial fluid']],
  ['synovial fld', ['synovial fluid']],
  ['synovial fluid', ['synovial fluid']],
  ['synovial', ['synovial fluid']],
  ['body fld', ['body fluid']],
  ['body fluid', ['body fluid']],
  ['csf', ['cerebral spinal fluid']],
  ['spinal fluid', ['cerebral spinal fluid']],
  ['urine', URINE],
  ['whole blood', ['blood']],
  ['arterial blood', ['arterial blood']],
  ['venous blood', ['venous blood']],
  ['capillary blood', ['capillary blood']],
  // `Lactate arterial`, `pO2 art.`, `Gasometría venous pH` (other languages' words in English, foreign-qualifiers.ts).
  ['arterial', ['arterial blood']],
  ['art', ['arterial blood']],
  ['venous', ['venous blood']],
  ['capillary', ['capillary blood']],
  ['cord blood', ['cord blood']],
  ['cord bld', ['cord blood']],
  ['bldco', ['cord blood']],
  ['stool', ['stool']],
  ['serum', SERUM],
  ['plasma', PLASMA],
]);

/** Words of a short name that say nothing the code needs once the system is read: the quantitative scale, POC. */
const FRAMING = new Set(['qn', 'poc']);
/** `24h Ur`: the timed collection, LOINC's "24 hour Urine". */
const DAY_COLLECTION = /^24\s?h(?:r|rs|our)?$/;
const DAY_WORD = /^h(?:r|rs|our|ours)?$/;

/** `-mCnc`, `-sRate`: the property suffix of a LOINC short name, which the concept's property must be. */
const PROPERTY_SUFFIX = /-\s*([msacn])(cnc|rate|rto)\b/gi;
const SUFFIX_PROPERTIES: Readonly<Record<string, string>> = {
  mcnc: 'mass/volume',
  scnc: 'moles/volume',
  acnc: 'units/volume',
  ccnc: 'enzymatic activity/volume',
  ncnc: '#/volume',
  mrate: 'mass/time',
  srate: 'moles/time',
  crate: 'enzymatic activity/time',
  mrto: 'mass ratio',
  srto: 'mole ratio',
};

export interface SystemAxisName {
  /** The name without its system and framing words: what names the component. */
  component: string;
  /** Systems the name accepts, in order of preference. */
  systems: readonly System[];
  /** The LOINC property a short-name suffix states (`-mRate` → `mass/time`), lower case, or null. */
  property: string | null;
  /** The system as written, lower case and unbent (`bld`, `pl fld`, `pleural`): a curated synonym may carry it. */
  written: string;
  /**
   * The system is whole blood written as `Bld`, a word the normaliser drops as noise (it is serum's noise too), so
   * the name's exact key would find the serum test: this reading comes before the exact stages.
   */
  overridesNoise: boolean;
  /**
   * The name with a system abbreviation OCR or a slip bent spelled right again (`Glucose SerP1 Qn` → `Glucose serpl
   * Qn`), or null: tried against the exact stages first, so a curated short name keeps its own code.
   */
  unbentName: string | null;
}

/** A word that bent a closed abbreviation: same OCR skeleton, or (five letters and more) one typing slip. */
function bentAbbreviation(word: string, abbreviation: string): boolean {
  if (ocrSkeleton(word) === ocrSkeleton(abbreviation)) return true;
  return abbreviation.length >= 4 && word.length >= 3 && editDistance(word, abbreviation, 1) <= 1;
}

/** The systems some written words name, and the spelling they stand for when OCR or a slip bent them. */
function systemOfWords(
  words: readonly string[],
  exactOnly: boolean,
): { systems: readonly System[]; unbent: string | null } | null {
  const phrase = words.join(' ');
  const named = PHRASES.get(phrase) ?? (words.length === 1 ? ABBREVIATIONS.get(phrase) : undefined);
  if (named) return { systems: named, unbent: null };
  if (exactOnly || words.length !== 1) return null;
  const word = words[0] as string;
  // An abbreviation bent by OCR or a slip (`SerP1`, `B1d`, `SerrPl`, `FId`), but never a word the corpus knows.
  if (knownWords().has(word)) return null;
  for (const [abbreviation, systems] of ABBREVIATIONS) {
    if (abbreviation.length >= 3 && bentAbbreviation(word, abbreviation)) return { systems, unbent: abbreviation };
  }
  for (const [written, systems] of PHRASES) {
    if (!written.includes(' ') && written.length >= 5 && bentAbbreviation(word, written)) {
      return { systems, unbent: written };
    }
  }
  return null;
}

let vocabulary: ReadonlySet<string> | undefined;

/** Every word of the corpus's normalised names: a word the corpus knows is never read as a bent one. */
export function knownWords(): ReadonlySet<string> {
  if (vocabulary) return vocabulary;
  const words = new Set<string>();
  for (const key of corpusIndex.exact.keys()) for (const word of key.split(' ')) words.add(word);
  vocabulary = words;
  return words;
}

/**
 * The component and system of a name that ends in a system (short-name abbreviation or specimen words, possibly
 * followed by `Qn`), or null when it names none. `Glucose SerP1 Qn` → glucose in serum or plasma.
 */
export function readSystemAxis(name: string): SystemAxisName | null {
  // Han names carry their specimen in their own characters (`尿`); a Latin word beside one is read by `cjk-abbreviation`.
  if (/\p{Script=Han}/u.test(name)) return null;
  let property: string | null = null;
  const text = name.normalize('NFKC').replace(PROPERTY_SUFFIX, (all, kind: string, measure: string) => {
    const stated = SUFFIX_PROPERTIES[`${kind}${measure}`.toLowerCase()];
    if (!stated) return all;
    property = stated;
    return ' ';
  });
  const specimenCode = readSpecimenCode(text);
  if (specimenCode) return specimenCode;
  const raw = text.split(/[\s,;:()]+/).filter(Boolean);
  const words = raw.map((w) => w.toLowerCase());
  let end = words.length;
  while (end > 0 && FRAMING.has(words[end - 1] as string)) end--;
  let systems: readonly System[] | null = null;
  let unbentName: string | null = null;
  let written = '';
  for (const size of [2, 1]) {
    if (end - size < 1) continue;
    // Two words only as written (`Pl Fld`); one word also when OCR or a slip bent it.
    const found = systemOfWords(words.slice(end - size, end), size === 2);
    if (found) {
      systems = found.systems;
      written = found.unbent ?? words.slice(end - size, end).join(' ');
      if (found.unbent !== null) {
        const bent = raw[end - 1] as string;
        const at = text.lastIndexOf(bent);
        const spelled = SHORT_NAME_SPELLING[found.unbent] ?? found.unbent;
        unbentName = `${text.slice(0, at)}${spelled}${text.slice(at + bent.length)}`;
      }
      end -= size;
      break;
    }
  }
  if (!systems && end > 1 && words[end - 1] === 'blood' && namesAnElement(raw.slice(0, end - 1).join(' '))) {
    // `Mercury, blood`, `Cadmium Blood`: a bare `blood` is no specimen word elsewhere (`Occult blood`, `Urea Nitrogen,
    // Blood` is BUN), but an element is ordered in blood, serum and urine alike and the word names which.
    systems = BLOOD;
    written = 'blood';
    end--;
  }
  if (!systems) return null;
  if (systems === URINE && end > 1 && DAY_COLLECTION.test(words[end - 1] as string)) {
    systems = ['24 hour urine'];
    end--;
  } else if (systems === URINE && end > 2 && words[end - 2] === '24' && DAY_WORD.test(words[end - 1] as string)) {
    // `Aldosterone, 24 hr Urine`, `24 hour urine`: the collection written as two words.
    systems = ['24 hour urine'];
    end -= 2;
  }
  while (end > 0 && FRAMING.has(words[end - 1] as string)) end--;
  const component = raw.slice(0, end).join(' ');
  // `Lead, Venous, Blood`: an element's blood level is one test whichever vein it was drawn from (the venous draw
  // confirms a capillary screen); LOINC's `Blood` covers both, so a venous specimen takes it where the corpus has no
  // venous code. Blood gases and lactate keep their arterial/venous split: only elements are read so.
  if (systems.length === 1 && systems[0] === 'venous blood' && namesAnElement(component)) systems = VENOUS_THEN_BLOOD;
  return component ? { component, systems, property, written, overridesNoise: systems === BLOOD, unbentName } : null;
}

/**
 * Mayo Clinic Laboratories' specimen code after a comma, as its test names and the reports of hospitals that send to
 * it print them (`Sodium, S`, `Hemoglobin A1c, B`, `Creatinine, Random, U`, `Calcium, 24 HR, U`): one capital letter
 * for serum, plasma, blood or urine. Read only as a comma's last segment and in capitals, so `Protein S`, `Hepatitis
 * B` and `Vitamin B` keep their letter.
 * @see https://www.mayocliniclabs.com/test-catalog — test names such as "Ferritin, Serum" abbreviated `FERR, S`
 */
const SPECIMEN_CODE = /,\s*(?:(Random|RANDOM)\s*,\s*|(24\s?(?:HR|hr|Hour|hour|H|h))\s*,\s*)?(S|P|B|U|SP)\s*$/;
const SPECIMEN_CODE_SPELLING: Readonly<Record<string, { systems: readonly System[]; written: string }>> = {
  S: { systems: SERUM, written: 'Ser' },
  SP: { systems: SERUM_OR_PLASMA, written: 'SerPl' },
  P: { systems: PLASMA, written: 'Plas' },
  B: { systems: BLOOD, written: 'Bld' },
  U: { systems: URINE, written: 'Ur' },
};

/** A name ending in a specimen code, read with LOINC's short-name spelling of the specimen in its place. */
function readSpecimenCode(text: string): SystemAxisName | null {
  // The code is a name's last few characters: only they are matched, so a long name cannot make the match quadratic.
  const tailAt = Math.max(0, text.length - 24);
  const matched = SPECIMEN_CODE.exec(text.slice(tailAt));
  const found = matched ? Object.assign(matched, { index: matched.index + tailAt }) : null;
  const code = found ? SPECIMEN_CODE_SPELLING[found[3] as string] : undefined;
  if (!found || !code) return null;
  const component = text.slice(0, found.index).trim();
  if (!component || !/\p{L}{2}/u.test(component)) return null;
  const day = found[2] !== undefined;
  // A 24-hour collection is only ever urine; a random one is a spot urine, LOINC's plain `Urine`.
  if ((day || found[1] !== undefined) && found[3] !== 'U') return null;
  const systems: readonly System[] = day ? ['24 hour urine'] : code.systems;
  const written = day ? '24h Ur' : code.written;
  return {
    component,
    systems,
    property: null,
    written: written.toLowerCase(),
    overridesNoise: systems === BLOOD,
    unbentName: `${component} ${written}`,
  };
}

interface ComponentIndex {
  /** LOINC component → the concepts naming it, with their axes. */
  concepts: ReadonlyMap<string, readonly ConceptAxes[]>;
  /**
   * A component's normalised key (and the key without its bracketed alias, `Estriol (E3)`, and the abbreviation
   * LOINC's short names write for it) → components.
   */
  byKey: ReadonlyMap<string, ReadonlySet<string>>;
}

let componentIndex: ComponentIndex | undefined;

function componentIndexOf(): ComponentIndex {
  if (componentIndex) return componentIndex;
  const concepts = new Map<string, readonly ConceptAxes[]>();
  const byKey = new Map<string, Set<string>>();
  for (const [component, family] of conceptsByComponent()) {
    const inSystems = family.filter((m) => m.axes.system);
    if (inSystems.length === 0) continue;
    concepts.set(component, inSystems);
    for (const written of [component, component.replace(/\([^()]*\)/g, ' ')]) {
      const key = normalizeIndicatorText(written);
      if (!key) continue;
      const set = byKey.get(key) ?? new Set<string>();
      set.add(component);
      byKey.set(key, set);
    }
  }
  // LOINC short names abbreviate the component (`Ca-I Bld-sCnc`, `Metaneph 24h Ur-mRate`, `HCO3 Bld-sCnc`): each
  // abbreviation names the components of the concepts it was written for, used only where it names exactly one.
  const abbreviated = new Map<string, Set<string>>();
  for (const concept of corpusIndex.concepts) {
    const axes = concept.shortName ? axesOfConcept(concept) : null;
    const written = axes?.system && concept.shortName ? readSystemAxis(concept.shortName) : null;
    const key = written ? normalizeIndicatorText(written.component) : '';
    if (!axes || !key || byKey.has(key)) continue;
    const set = abbreviated.get(key) ?? new Set<string>();
    set.add(axes.component);
    abbreviated.set(key, set);
  }
  for (const [key, set] of abbreviated) if (set.size === 1) byKey.set(key, set);
  componentIndex = { concepts, byKey };
  return componentIndex;
}

/**
 * The unit fits the concept: one of its own units, convertible to its usual one (`#/uL` to `10*3/uL`), or a unit a
 * serum, plasma or blood sibling of the same component and property is reported in (LDH in pleural fluid in `[IU]/L`).
 */
function unitFits(concept: CorpusConcept, axes: LoincAxes, unit: string, family: readonly ConceptAxes[]): boolean {
  if (concept.units.includes(unit) || convertValue(1, unit, concept.defaultUnit) !== null) return true;
  return family.some(
    (m) => m.axes.property === axes.property && DEFAULT_SYSTEMS.has(m.axes.system) && m.concept.units.includes(unit),
  );
}

const PROPERTY_OF: Readonly<Record<string, PropertyHint>> = { 'mass/volume': 'mass', 'moles/volume': 'moles' };

/** What a written system may change of a matched concept: only the system; component, timing and method stay. */
export interface SystemAnchor {
  component: string;
  timing: string;
  method: string;
}

/** The anchors of the concepts a name's component matched. */
export function axesAnchors(concepts: readonly CorpusConcept[]): SystemAnchor[] {
  const anchors: SystemAnchor[] = [];
  for (const concept of concepts) {
    const axes = axesOfConcept(concept);
    if (axes) anchors.push({ component: axes.component, timing: axes.timing, method: axes.method });
  }
  return anchors;
}

/** Anchors for a component named by its LOINC name alone (`Amikacin`, `Mercury`): no timing, the method-less code. */
export function componentAnchors(key: string): SystemAnchor[] {
  return [...(componentIndexOf().byKey.get(key) ?? [])].map((component) => ({ component, timing: '', method: '' }));
}

/**
 * The concept sharing an anchor's component and timing (and its method, or none) in the first of `systems` that has
 * any, fitting the unit and property; an exact unit before a convertible one. Null when none fits or two remain.
 */
export function conceptOnSystem(
  anchors: readonly SystemAnchor[],
  systems: readonly System[],
  unit: string | null,
  property: { stated: string | null; hint: PropertyHint },
): CorpusConcept | null {
  const index = componentIndexOf().concepts;
  for (const system of systems) {
    const found = new Map<CorpusConcept, boolean>();
    for (const anchor of anchors) {
      const family = index.get(anchor.component) ?? [];
      for (const { axes, concept } of family) {
        if (
          axes.system === system &&
          axes.timing === anchor.timing &&
          (axes.method === anchor.method || axes.method === '') &&
          (property.stated === null || axes.property === property.stated) &&
          (property.hint === null || PROPERTY_OF[axes.property] === property.hint) &&
          (unit === null || unitFits(concept, axes, unit, family))
        ) {
          found.set(concept, found.get(concept) === true || axes.method === anchor.method);
        }
      }
    }
    let fitting = [...found.keys()];
    if (fitting.length === 0) continue;
    if (fitting.length > 1) {
      const sameMethod = fitting.filter((c) => found.get(c));
      if (sameMethod.length > 0) fitting = sameMethod;
    }
    if (fitting.length > 1 && unit !== null) {
      const own = fitting.filter((c) => c.units.includes(unit));
      if (own.length > 0) fitting = own;
    }
    return fitting.length === 1 ? (fitting[0] ?? null) : null;
  }
  return null;
}

const DIMENSIONLESS: ReadonlySet<string> = new Set(['%', '1', '{ratio}', '{index}', '{titer}']);

/**
 * `Hemoglobin A1c` in mmol/mol: the name found a test none of whose concepts the unit fits or converts to, and LOINC
 * codes a sibling
 * of the same component, system and timing, by another method or property, that is reported in exactly that unit
 * (the IFCC HbA1c). The unit names that sibling only when no other sibling is reported in it.
 */
export function siblingReportedIn(concepts: readonly CorpusConcept[], unit: string): CorpusConcept | null {
  // A unit of the same kind on another scale (`Troponin T` in ng/L, the found concept's ng/mL) names no method: the
  // sibling would be chosen by a lab's habit, not by what was measured.
  if (concepts.some((c) => c.units.some((own) => convertValue(1, unit, own) !== null))) return null;
  // A fraction or a pure number (`%`, `1`) is how many methods report: it names none of them.
  if (DIMENSIONLESS.has(unit)) return null;
  const index = componentIndexOf().concepts;
  const found = new Set<CorpusConcept>();
  for (const concept of concepts) {
    const axes = axesOfConcept(concept);
    if (!axes?.system) continue;
    for (const sibling of index.get(axes.component) ?? []) {
      if (
        sibling.axes.system === axes.system &&
        sibling.axes.timing === axes.timing &&
        sibling.axes.property === axes.property &&
        sibling.axes.method !== axes.method &&
        sibling.concept.units.includes(unit)
      ) {
        found.add(sibling.concept);
      }
    }
  }
  return found.size === 1 ? ([...found][0] ?? null) : null;
}

/**
 * A concept's system agrees with a written one, or names none. Strictly: LOINC's `Bld` is blood unspecified, coded
 * apart from arterial (`BldA`) and cord blood (`BldCo`).
 */
export function systemAgrees(display: string, systems: readonly System[]): boolean {
  const system = loincAxesOf(display)?.system ?? '';
  return system === '' || (systems as readonly string[]).includes(system);
}

/** Whether the concepts a component matched sit in a default system, so the written system may choose among siblings. */
export function namesDefaultSystem(concepts: readonly CorpusConcept[]): boolean {
  return concepts.some((c) => DEFAULT_SYSTEMS.has(axesOfConcept(c)?.system ?? ''));
}

/** Whether a curated name of the concept writes this system (`Cholesterol Bld Qn (POC)` is curated as serum). */
export function curatedWithSystem(concept: CorpusConcept, written: string): boolean {
  const pattern = new RegExp(`(?:^|[^\\p{L}])${written.replace(/ /g, '\\s+')}(?:$|[^\\p{L}])`, 'iu');
  return concept.synonyms.some((s) => pattern.test(s));
}
