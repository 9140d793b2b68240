import type { TranslatedLongName } from './translated-long-name';

/**
 * LOINC's fully specified name: the six axes joined by colons, `Creatinine:MCnc:Pt:Ser/Plas:Qn`, and in LOINC's
 * translations the same axes in the language's words, as national FHIR guides send it in `coding.display`
 * (Polish: `Kreatynina: stężenie masowe: punkt w czasie: surowica lub osocze: ilościowy`). Property, timing, system,
 * scale and method come from closed vocabularies, so the name is read as its axes, as a translated long name is
 * (`translated-long-name.ts`): the component is left to the stages that read names, the rest picks the sibling.
 * A fully specified name with a timing other than a point in time (`24H`, `24h`) is not read: the corpus codes the
 * timed collections apart, and nothing here tells which of their properties a timed name writes.
 * @see https://loinc.org/kb/users-guide/major-parts-of-a-loinc-term/ — the six parts and their abbreviations
 */
interface AxisWords {
  properties: ReadonlyMap<string, string>;
  pointInTime: ReadonlySet<string>;
  systems: ReadonlyMap<string, string>;
  scales: ReadonlySet<string>;
  methods: ReadonlyMap<string, string>;
}

/** LOINC's own abbreviations, as its FSN column and HL7 v2 feeds write them; the long name's spelling on the right. */
const ENGLISH: AxisWords = {
  properties: new Map([
    ['mcnc', 'mass/volume'],
    ['scnc', 'moles/volume'],
    ['ncnc', '#/volume'],
    ['ccnc', 'enzymatic activity/volume'],
    ['acnc', 'units/volume'],
    ['vfr', 'volume fraction'],
    ['mfr', 'mass fraction'],
    ['nfr', 'number fraction'],
    ['srto', 'mole ratio'],
    ['mrto', 'mass ratio'],
    ['ratio', 'ratio'],
    ['entvol', 'entitic volume'],
    ['entmass', 'entitic mass'],
    ['ppres', 'partial pressure'],
    ['prthr', 'presence'],
    ['time', 'time'],
    ['reltime', 'relative time'],
    ['mcnt', 'mass/mass'],
    ['arvrat', 'volume rate/area'],
  ]),
  pointInTime: new Set(['pt']),
  systems: new Map([
    ['ser/plas', 'serum or plasma'],
    ['ser', 'serum'],
    ['plas', 'plasma'],
    ['bld', 'blood'],
    ['bld^bpu', 'blood'],
    ['blda', 'arterial blood'],
    ['bldv', 'venous blood'],
    ['bldc', 'capillary blood'],
    ['ppp', 'platelet poor plasma'],
    ['rbc', 'red blood cells'],
    ['urine', 'urine'],
    ['urine sed', 'urine sediment'],
    ['stool', 'stool'],
    ['csf', 'cerebral spinal fluid'],
    ['ser/plas/bld', 'serum, plasma or blood'],
  ]),
  scales: new Set(['qn', 'ord', 'ordqn', 'nom', 'nar']),
  methods: new Map([
    ['automated count', 'automated count'],
    ['manual count', 'manual count'],
    ['calculated', 'calculation'],
    ['test strip', 'test strip'],
    ['coag', 'coagulation assay'],
    ['ia', 'immunoassay'],
    ['direct assay', 'direct assay'],
    ['electrophoresis', 'electrophoresis'],
    ['hplc', 'hplc'],
    ['westergren', 'westergren method'],
    ['pulse oximetry', 'pulse oximetry'],
  ]),
};

/** LOINC's Polish variant (pl-PL), as the Polish SSIDL guide writes it. */
const POLISH: AxisWords = {
  properties: new Map([
    ['stężenie masowe', 'mass/volume'],
    ['stężenie molowe', 'moles/volume'],
    ['stężenie liczbowe', '#/volume'],
    ['stężenie katalityczne', 'enzymatic activity/volume'],
    ['stężenie w jednostkach umownych', 'units/volume'],
    ['frakcja masowa', 'mass fraction'],
    ['frakcja molowa', 'mole fraction'],
    ['frakcja liczbowa', 'number fraction'],
    ['frakcja objętościowa', 'volume fraction'],
    ['współczynnik masowy', 'mass ratio'],
    ['współczynnik', 'ratio'],
    ['zawartość masowa', 'mass/mass'],
    ['granica wykrywalności', 'presence'],
    ['czas', 'time'],
    ['względna jednostka czasu', 'relative time'],
    ['wskaźnik objętości w jednostce czasu na powierzchnię', 'volume rate/area'],
  ]),
  pointInTime: new Set(['punkt w czasie']),
  systems: new Map([
    ['surowica lub osocze', 'serum or plasma'],
    ['surowica', 'serum'],
    ['osocze', 'plasma'],
    ['krew', 'blood'],
    ['krew żylna', 'venous blood'],
    ['krew tętnicza', 'arterial blood'],
    ['krew włośniczkowa', 'capillary blood'],
    ['osocze ubogopłytkowe', 'platelet poor plasma'],
    ['krwinki czerwone', 'red blood cells'],
    ['mocz', 'urine'],
    ['osad moczu', 'urine sediment'],
    ['kał', 'stool'],
    ['płyn mózgowo-rdzeniowy', 'cerebral spinal fluid'],
    ['surowica, osocze lub krew', 'serum, plasma or blood'],
  ]),
  scales: new Set([
    'ilościowy',
    'półilościowy',
    'uporządkowany',
    'uporządkowany ilościowy',
    'skala nominalna',
    'opisowy',
  ]),
  methods: new Map([
    ['automatyczne liczenie', 'automated count'],
    ['automatyczne zliczanie', 'automated count'],
    ['zliczanie ręczne', 'manual count'],
    ['obliczony', 'calculation'],
    ['test paskowy', 'test strip'],
    ['test krzepnięcia', 'coagulation assay'],
    ['metoda immunologiczna', 'immunoassay'],
    ['test bezpośredni', 'direct assay'],
    ['elektroforeza', 'electrophoresis'],
    ['hplc', 'hplc'],
    ['metoda o wysokiej czułości', 'high sensitivity method'],
    ['metoda westergrena', 'westergren method'],
    ['glukometr', 'glucometer'],
    ['kreatynina-wzór (ckd-epi)/1,73 m2', 'creatinine-based formula (ckd-epi)'],
    ['kreatynina-wzór (ckd-epi 2021)/1,73 m2', 'creatinine-based formula (ckd-epi 2021)'],
  ]),
};

const LANGUAGES: readonly AxisWords[] = [ENGLISH, POLISH];

/** The axes of a name written as a LOINC fully specified name (five or six colon-separated parts), or null. */
export function readFullySpecifiedName(text: string): TranslatedLongName | null {
  const parts = text.split(/\s*:\s*/u).map((part) => part.trim().toLowerCase());
  if (parts.length < 5 || parts.length > 6 || parts.some((part) => part === '')) return null;
  const [component, property, timing, system, scale, method = ''] = parts as [string, string, string, string, string];
  for (const words of LANGUAGES) {
    const writtenProperty = words.properties.get(property);
    const writtenSystem = words.systems.get(system);
    const writtenMethod = method === '' ? '' : words.methods.get(method);
    if (
      writtenProperty === undefined ||
      writtenSystem === undefined ||
      writtenMethod === undefined ||
      !words.pointInTime.has(timing) ||
      !words.scales.has(scale)
    )
      continue;
    // The component as written (case kept), so the stages read it as a name; LOINC's challenge and adjustment
    // suffixes (`Glukoza^po poście`) are a timing or condition no stage reads from a component.
    const written = (text.split(/\s*:\s*/u)[0] as string).trim();
    if (written.includes('^') || component === '') return null;
    return { component: written, property: writtenProperty, system: writtenSystem, method: writtenMethod };
  }
  return null;
}
