import type { CorpusConcept } from './corpus';
import { readFullySpecifiedName } from './fully-specified-name';
import { axesOfConcept, conceptsByComponent } from './loinc-axes';
import { unitOfSameKind } from './long-name';

/**
 * A LOINC long name in one of LOINC's published translations (linguistic variants), as German and French FHIR
 * servers and LIS exports send it in `Observation.code.coding.display`: `Kalium [Mol/Volumen] in Serum oder Plasma`,
 * `Hämatokrit [Volumenfraktion] von Blut mit automatisierter Zählung`, `Leucocytes [Nombre/Volume] Sang ; Numérique ;
 * Comptage automate`. The translation writes the same axes as the English long name, in a fixed layout and from a
 * closed vocabulary of properties, systems and methods; only the component is in the language's own words. So the
 * name is read as its axes: the component is found by the other stages (as a bare name in that language), and the code
 * is the concept of that component whose system, method and property are the ones written (`loinc-axes.ts`).
 * @see https://loinc.org/kb/users-guide/linguistic-variants/ — the translations and their layout
 */
export interface TranslatedLongName {
  /** The component in the name's language (`Kalium`, `Lymphozyten/100 Leukozyten`, `Hémoglobine`). */
  component: string;
  /** The property in LOINC's English spelling, lower case (`moles/volume`), or '' when the name writes none. */
  property: string;
  /** The system in LOINC's English spelling, lower case (`serum or plasma`, `blood`). */
  system: string;
  /** The method in LOINC's English spelling, lower case, or '' for the method-less code. */
  method: string;
}

/** German system phrases (after `in`/`von`), the English system they translate. */
const GERMAN_SYSTEMS: ReadonlyMap<string, string> = new Map([
  ['serum oder plasma', 'serum or plasma'],
  ['serum, plasma oder blut', 'serum, plasma or blood'],
  ['serum', 'serum'],
  ['plasma', 'plasma'],
  ['thrombozytenarmem plasma', 'platelet poor plasma'],
  ['blut', 'blood'],
  ['arteriellem blut', 'arterial blood'],
  ['venösem blut', 'venous blood'],
  ['gemischt-venösem blut', 'mixed venous blood'],
  ['kapillarblut', 'capillary blood'],
  ['nabelschnurblut', 'cord blood'],
  ['urin', 'urine'],
  ['24-stunden-urin', '24 hour urine'],
  ['urinsediment', 'urine sediment'],
  ['zerebrospinalflüssigkeit', 'cerebral spinal fluid'],
  ['pleuraflüssigkeit', 'pleural fluid'],
  ['peritonealflüssigkeit', 'peritoneal fluid'],
  ['synovialflüssigkeit', 'synovial fluid'],
  ['körperflüssigkeit', 'body fluid'],
  ['stuhl', 'stool'],
  ['erythrozyten', 'red blood cells'],
]);

/** German method phrases (after `mit`, or `, berechnet`), the English method they translate. */
const GERMAN_METHODS: ReadonlyMap<string, string> = new Map([
  ['automatisierter zählung', 'automated count'],
  ['manueller zählung', 'manual count'],
  ['teststreifen', 'test strip'],
  ['pulsoximetrie', 'pulse oximetry'],
  ['gerinnungstest', 'coagulation assay'],
  ['hochsensitivitätsmethode', 'high sensitivity method'],
  ['immunoassay', 'immunoassay'],
  ['elektrophorese', 'electrophoresis'],
  ['direktem test', 'direct assay'],
  ['westergren-methode', 'westergren method'],
  ['glucometer', 'glucometer'],
  ['hplc', 'hplc'],
  ['zentrifugation', 'centrifugation'],
  ['chromogener methode', 'chromogenic method'],
  ['berechnet', 'calculation'],
  ['2. international reference preparation', '2nd irp'],
  ['international federation of clinical chemistry and laboratory medicine (ifcc)-protokoll', 'ifcc protocol'],
  ['lichtmikroskopie, hohe vergrösserung', 'microscopy high power field'],
  ['creatinin-basierter formel (ckd-epi)', 'creatinine-based formula (ckd-epi)'],
  ['creatinin-basierte formel (ckd-epi 2021)', 'creatinine-based formula (ckd-epi 2021)'],
  ['creatinin-basierter formel (mdrd)', 'creatinine-based formula (mdrd)'],
]);

/** German properties (the bracket), in LOINC's English spelling. */
const GERMAN_PROPERTIES: ReadonlyMap<string, string> = new Map([
  ['masse/volumen', 'mass/volume'],
  ['mol/volumen', 'moles/volume'],
  ['#/volumen', '#/volume'],
  ['enzymaktivität/volumen', 'enzymatic activity/volume'],
  ['einheiten/volumen', 'units/volume'],
  ['volumenfraktion', 'volume fraction'],
  ['massenfraktion', 'mass fraction'],
  ['verhältnis', 'ratio'],
  ['massenverhältnis', 'mass ratio'],
  ['molverhältnis', 'mole ratio'],
  ['entitisches volumen', 'entitic volume'],
  ['entitische masse', 'entitic mass'],
  ['masse/zeit', 'mass/time'],
  ['mol/zeit', 'moles/time'],
  ['volumenrate/fläche', 'volume rate/area'],
  ['partialdruck', 'partial pressure'],
  ['zeit', 'time'],
  ['#/fläche', '#/area'],
  ['nachweis', 'presence'],
]);

/** French systems (the words after the bracket, or the part after the timing), in LOINC's English spelling. */
const FRENCH_SYSTEMS: ReadonlyMap<string, string> = new Map([
  ['sérum/plasma', 'serum or plasma'],
  ['sérum', 'serum'],
  ['plasma', 'plasma'],
  ['plasma pauvre en plaquettes', 'platelet poor plasma'],
  ['sang', 'blood'],
  ['sang artériel', 'arterial blood'],
  ['sang veineux', 'venous blood'],
  ['sang capillaire', 'capillary blood'],
  ['urine', 'urine'],
  ['liquide céphalorachidien', 'cerebral spinal fluid'],
  ['selles', 'stool'],
  ['érythrocytes', 'red blood cells'],
]);

/** French methods (the part after the scale). */
const FRENCH_METHODS: ReadonlyMap<string, string> = new Map([
  ['comptage automate', 'automated count'],
  ['comptage manuel', 'manual count'],
  ['bandelette réactive', 'test strip'],
  ['calcul', 'calculation'],
  ['électrophorèse', 'electrophoresis'],
  ['oxymétrie de pouls', 'pulse oximetry'],
]);

/** French properties (the bracket). */
const FRENCH_PROPERTIES: ReadonlyMap<string, string> = new Map([
  ['masse/volume', 'mass/volume'],
  ['moles/volume', 'moles/volume'],
  ['nombre/volume', '#/volume'],
  ['catalytique/volume', 'enzymatic activity/volume'],
  ['fraction volumique', 'volume fraction'],
  ['fraction massique', 'mass fraction'],
  ["volume d'entité", 'entitic volume'],
  ["masse d'entité", 'entitic mass'],
  ['masse ratio', 'mass ratio'],
  ['masse/temps', 'mass/time'],
]);

/** French scales, the part every display writes after the system. */
const FRENCH_SCALES: ReadonlySet<string> = new Set(['numérique', 'qualitatif', 'ordinal', 'nominal', 'narratif']);

/**
 * Russian, in the two layouts Russian laboratories print: LOINC's Russian long names (`Гемоглобин [масса / объем] в
 * венозной крови`, `Лимфоциты [# / объем] в крови автоматизированным подсчетом`) and the names of the federal
 * laboratory test directory (ФСЛИ, НСИ 1.2.643.5.1.13.13.11.1080) that laboratory systems and SEMD documents carry,
 * `<component>, <property> в <system>` (`Креатинин, молярная концентрация в сыворотке или плазме крови`).
 */
const RUSSIAN_PROPERTIES: ReadonlyMap<string, string> = new Map([
  // the long names' brackets, spaces around the slash dropped
  ['масса/объем', 'mass/volume'],
  ['#/объем', '#/volume'],
  // the directory's words
  ['массовая концентрация', 'mass/volume'],
  ['молярная концентрация', 'moles/volume'],
  ['концентрация в условных единицах', 'units/volume'],
  ['каталитическая концентрация', 'enzymatic activity/volume'],
  ['абсолютное количество', '#/volume'],
  ['относительное количество', 'number fraction'],
]);

/** Russian system phrases after `в`. */
const RUSSIAN_SYSTEMS: ReadonlyMap<string, string> = new Map([
  ['сыворотке или плазме крови', 'serum or plasma'],
  ['сыворотке или плазме', 'serum or plasma'],
  ['сыворотке крови', 'serum'],
  ['сыворотке', 'serum'],
  ['плазме крови', 'plasma'],
  ['плазме', 'plasma'],
  ['плазме бедной тромбоцитами', 'platelet poor plasma'],
  ['бедной тромбоцитами плазме', 'platelet poor plasma'],
  ['венозной крови', 'venous blood'],
  ['артериальной крови', 'arterial blood'],
  ['капиллярной крови', 'capillary blood'],
  ['крови', 'blood'],
  ['эритроците', 'red blood cells'],
  ['моче', 'urine'],
  ['спинномозговой жидкости', 'cerebral spinal fluid'],
  ['кале', 'stool'],
]);

/** Methods written after the system (`автоматизированным подсчетом`, `методом ручного подсчёта`). */
const RUSSIAN_METHODS: readonly (readonly [RegExp, string])[] = [
  [/\s+(?:автоматизированным\s+подсч[её]том|методом\s+автоматизированного\s+подсч[её]та)$/u, 'automated count'],
  [/\s+(?:ручным\s+подсч[её]том|методом\s+ручного\s+подсч[её]та)$/u, 'manual count'],
  [/\s+с\s+помощью\s+тест-полоски$/u, 'test strip'],
];

/** `… в <system>`: the system a Russian name ends in, and the text before ` в `. */
function russianSystem(text: string): { before: string; system: string } | null {
  for (const [written, system] of RUSSIAN_SYSTEMS) {
    if (text.endsWith(` в ${written}`)) return { before: text.slice(0, text.length - written.length - 3), system };
  }
  return null;
}

function readRussian(name: string): TranslatedLongName | null {
  let text = name.toLowerCase().replace(/\s*\/\s*/g, '/');
  let method = '';
  for (const [ending, english] of RUSSIAN_METHODS) {
    if (!ending.test(text)) continue;
    text = text.replace(ending, '');
    method = english;
  }
  const located = russianSystem(text);
  if (!located) return null;
  const written = name.replace(/\s*\/\s*/g, '/');
  const bracket = /^(.+?)\s*\[([^\]]+)\]$/u.exec(located.before);
  if (bracket) {
    const property = RUSSIAN_PROPERTIES.get(bracket[2] as string);
    const component = written.slice(0, (bracket[1] as string).length).trim();
    return property === undefined || !component ? null : { component, property, system: located.system, method };
  }
  const comma = located.before.indexOf(',');
  if (comma < 0) {
    // `Моноциты/100 лейкоцитов в крови`: a share, which LOINC's long name leaves unbracketed.
    const component = written.slice(0, located.before.length).trim();
    return sharePerHundred(component) ? { component, property: '', system: located.system, method } : null;
  }
  const property = RUSSIAN_PROPERTIES.get(located.before.slice(comma + 1).trim());
  const component = written.slice(0, comma).trim();
  return property === undefined || !component ? null : { component, property, system: located.system, method };
}

/** Longer text is no long name: not read. */
const MAX_LENGTH = 200;

let endings: readonly (readonly [RegExp, string])[] | undefined;

/** `… in <system>` / `… von <system>` for every German system phrase, compiled once. */
function germanSystemEndings(): readonly (readonly [RegExp, string])[] {
  endings ??= [...GERMAN_SYSTEMS].map(([written, english]) => {
    const phrase = written.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return [new RegExp(`^(.+?)\\s+(?:in|von)\\s+${phrase}$`, 'iu'), english] as const;
  });
  return endings;
}

/** The German method a name ends in (`mit automatisierter Zählung`, `, berechnet`), and the name before it. */
function germanMethod(text: string): { rest: string; method: string } | null {
  const computed = /^(.+),\s*berechnet$/iu.exec(text);
  if (computed) return { rest: computed[1] as string, method: 'calculation' };
  const written = /^(.+?)\s+mit\s+(.+)$/iu.exec(text);
  if (!written) return { rest: text, method: '' };
  const method = GERMAN_METHODS.get((written[2] as string).toLowerCase());
  return method ? { rest: written[1] as string, method } : null;
}

/** `Kalium [Mol/Volumen] in Serum oder Plasma`, `Neutrophile/100 Leukozyten in Blut mit automatisierter Zählung`. */
function readGerman(name: string): TranslatedLongName | null {
  const withMethod = germanMethod(name);
  if (!withMethod) return null;
  // The system is the longest known phrase the name ends in, so `in Urin` inside a component is never cut.
  let system: string | undefined;
  let before = '';
  if (/\s(?:in|von)\s/iu.test(withMethod.rest)) {
    for (const [ending, english] of germanSystemEndings()) {
      const match = ending.exec(withMethod.rest);
      if (match && (system === undefined || (match[1] as string).length < before.length)) {
        system = english;
        before = match[1] as string;
      }
    }
  }
  // `Erythrozytenverteilungsbreite [Verhältnis]`: a long name that states no system (LOINC's English one neither).
  if (system === undefined) {
    if (!/\]$/u.test(withMethod.rest)) return null;
    system = '';
    before = withMethod.rest;
  }
  const bracket = /^(.+?)\s*\[([^\]]+)\]$/u.exec(before);
  if (!bracket && system === '') return null;
  const property = bracket ? GERMAN_PROPERTIES.get((bracket[2] as string).toLowerCase()) : '';
  if (property === undefined) return null;
  const component = (bracket ? (bracket[1] as string) : before).trim();
  return component ? { component, property, system, method: withMethod.method } : null;
}

/** `Hémoglobine [Masse/Volume] Sang ; Numérique`, `Leucocytes [Nombre/Volume] Sang ; Numérique ; Comptage automate`. */
function readFrench(name: string): TranslatedLongName | null {
  const parts = name.split(/\s*;\s*/u);
  if (parts.length < 2 || parts.length > 4) return null;
  const head = /^(.+?)\s*\[([^\]]+)\]\s*(.*)$/u.exec(parts[0] as string);
  if (!head) return null;
  const scaleAt = parts.findIndex((p) => FRENCH_SCALES.has(p.toLowerCase()));
  // Component [property] system ; scale (; method), the point-in-time timing left unwritten; any other timing is not
  // read (`24H ; Urine+Sérum/Plasma`).
  if (scaleAt !== 1) return null;
  const system = FRENCH_SYSTEMS.get((head[3] as string).toLowerCase());
  const property = FRENCH_PROPERTIES.get((head[2] as string).toLowerCase());
  const methodWritten = parts[2];
  const method = methodWritten === undefined ? '' : FRENCH_METHODS.get(methodWritten.toLowerCase());
  if (system === undefined || property === undefined || method === undefined || parts.length > 3) return null;
  const component = (head[1] as string).trim();
  return component ? { component, property, system, method } : null;
}

/** A fully specified name has four colons at least; fewer is a label and its value (`Glucose: 5.4`). */
function fullySpecified(text: string): TranslatedLongName | null {
  return (text.match(/:/g)?.length ?? 0) >= 4 ? readFullySpecifiedName(text) : null;
}

/** The axes of a name written as a translated LOINC long name, or null when it is not one. */
export function readTranslatedLongName(name: string): TranslatedLongName | null {
  // Only a name with a bracket, a `;`, a `:` or an ` in `/` von `/` в ` can be one: every other name costs one test.
  if (!/[[;:]|\s(?:in|von|в)\s/iu.test(name)) return null;
  const text = name.normalize('NFC').trim().replace(/\s+/g, ' ');
  if (text.length > MAX_LENGTH || text.includes('--')) return null;
  const read =
    fullySpecified(text) ??
    (/\p{Script=Cyrillic}/u.test(text) ? readRussian(text) : text.includes(';') ? readFrench(text) : readGerman(text));
  // The component is read again as a name: it must be no long name itself (`x in Blut in Blut …`), so that reading
  // ends at once.
  if (!read || /[[\];:]/u.test(read.component)) return null;
  const inner = read.component.includes(';') ? null : readGerman(read.component);
  return inner ? null : read;
}

/**
 * Properties LOINC's English long names leave out of brackets (a share `Neutrophils/100 leukocytes in Blood`, a
 * fraction `Hemoglobin A1c/Hemoglobin.total in Blood`, a relative time `INR in Blood by Coagulation assay`) that a
 * translation or a fully specified name writes (`[Fraction massique]`, `NFr`); a presence, a count or a concentration
 * is always bracketed, so a bracket-less concept is another test.
 */
const UNBRACKETED_PROPERTIES: ReadonlySet<string> = new Set([
  'mass fraction',
  'volume fraction',
  'mole fraction',
  'number fraction',
  'relative time',
  'time',
  'ratio',
  'mass ratio',
  'mole ratio',
]);

/**
 * Written systems a long name that states none agrees with: LOINC leaves the red cells unwritten on the red-cell
 * indices (`MCV [Entitic volume]`), a translation may write them or blood; a specimen (stool, urine) never agrees with
 * a system-less body measure (`Gewicht von Stuhl` is not body weight).
 */
const SYSTEMLESS_AGREES: ReadonlySet<string> = new Set(['', 'red blood cells', 'blood']);

/**
 * The concept sharing the found concept's component whose system, method and property are the written ones (a
 * concept whose long name states no system or property agrees with any), fitting the unit (a sibling's unit of the
 * same kind; the found concept's as the stage that found it judged); null unless exactly one.
 * No timing: a translated name that writes none is the point-in-time code.
 */
export function conceptOnWrittenAxes(
  found: CorpusConcept,
  written: TranslatedLongName,
  unit: string | null,
  foundWithUnit: boolean,
): CorpusConcept | null {
  const axes = axesOfConcept(found);
  if (!axes) return null;
  const fitting = (conceptsByComponent().get(axes.component) ?? []).filter(
    ({ concept, axes: sibling }) =>
      (sibling.system === written.system || (sibling.system === '' && SYSTEMLESS_AGREES.has(written.system))) &&
      sibling.method === written.method &&
      sibling.timing === '' &&
      (written.property === '' ||
        sibling.property === written.property ||
        (sibling.property === '' && UNBRACKETED_PROPERTIES.has(written.property))) &&
      // The found concept's unit was already judged by the stage that found it (`mU/L` for TSH's m[IU]/L).
      (unit === null || (foundWithUnit && concept === found) || unitOfSameKind(concept, unit)),
  );
  // A system the long name states before one it leaves out: `MCV [Entitic volume]` names no system at all.
  const stated = fitting.filter(({ axes: sibling }) => sibling.system === written.system);
  const chosen = stated.length > 0 ? stated : fitting;
  return chosen.length === 1 ? (chosen[0]?.concept ?? null) : null;
}

/** The cells a share is counted among, in the languages LOINC's translations and lab reports write them. */
const PER_HUNDRED: ReadonlyMap<string, string> = new Map([
  ['leukozyten', 'leukocytes'],
  ['leucócitos', 'leukocytes'],
  ['leucocitos', 'leukocytes'],
  ['leucocytes', 'leukocytes'],
  ['leucociti', 'leukocytes'],
  ['wbc', 'leukocytes'],
  ['лейкоцитов', 'leukocytes'],
  ['erythrozyten', 'erythrocytes'],
  ['eritrócitos', 'erythrocytes'],
  ['eritrocitos', 'erythrocytes'],
  ['érythrocytes', 'erythrocytes'],
  ['eritrociti', 'erythrocytes'],
  ['rbc', 'erythrocytes'],
  ['эритроцитов', 'erythrocytes'],
]);

/**
 * `Lymphozyten/100 Leukozyten`, `Linfócitos/100 leucócitos`: LOINC's way of naming a differential share (its English
 * long name `Lymphocytes/100 leukocytes`), translated. The cells before the slash are the test; the share is what the
 * corpus codes as `<cells>/100 <leukocytes|erythrocytes>`, so the cells are read as a share (in %).
 */
export function sharePerHundred(component: string): { cells: string; among: string } | null {
  const match = /^(.+?)\s*\/\s*100\s+(\p{L}+)$/u.exec(component.normalize('NFC').trim());
  if (!match) return null;
  const among = PER_HUNDRED.get((match[2] as string).toLowerCase());
  return among ? { cells: (match[1] as string).trim(), among } : null;
}
