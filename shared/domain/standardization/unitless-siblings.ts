import {
  isGroupHeading,
  isMassRowBesideUnits,
  isValuelessPanel,
  massBesideInternationalUnits,
  unitPointsToAnotherSpecimen,
  urineWordOnAnotherSpecimen,
} from './ambiguity';
import { type CorpusConcept, conceptByCode, corpusIndex } from './corpus';
import { decidedWithoutUnit } from './labelling-decisions';
import { axesOfConcept, conceptsByComponent, type LoincAxes } from './loinc-axes';
import { molarMassOf } from './molar-masses';
import { analyseIndicatorText, normalizeIndicatorText, type PropertyHint } from './normalize-text';
import { framingReachedByName } from './not-a-reading';
import { summarisesAPeriod } from './period-statistic';
import { NO_AMOUNT, QUANTITATIVE } from './quantitative-scale';
import { type IndicatorResolution, resolveIndicator } from './resolver';
import { readSystemAxis } from './system-axis';
import { isTraceElementConcentration } from './trace-elements';
import { twoTestsReadAsOne } from './two-tests-in-one';
import { unitWrittenInName } from './unit-words';
import { normalizeUnit } from './units';
import { qualitativeUrinalysisNamed } from './urinalysis-strip';

/**
 * Without a unit, a bare analyte name cannot tell LOINC's siblings apart: `Creatinine` is a mass or a molar
 * concentration, in serum or in urine, and `Lead` is measured in blood and in urine. Choosing one would file a
 * reading of 88 (µmol/L) in the mg/dL series, so such a name gives null until a unit (or a specimen in the name)
 * decides. Siblings are read from the corpus's own LOINC long names: same component, another property or system.
 * @see https://loinc.org/kb/users-guide/major-parts-of-a-loinc-term/ — component, property, system
 */

interface SiblingKinds {
  /** Another concept of the component differs in property (mass vs molar, count vs presence). */
  property: boolean;
  /** Another concept of the component is measured in another specimen. */
  system: boolean;
}

let siblings: ReadonlyMap<CorpusConcept, SiblingKinds> | undefined;

const SERUM_OR_URINE = /^(?:serum|plasma|serum or plasma|urine|24 hour urine)$/;

/**
 * Specimens a report prints a bare name for. A sibling in another one (`LDH` in pleural fluid, `AST` in red blood
 * cells, `CD4` in an unspecified specimen) does not make a bare name undecided: a report names such a specimen
 * (`LDH, Pleural Fluid`), as the bare-name convention reads a name with a unit (README *Labelling decisions*).
 */
const BARE_NAME_SYSTEM =
  /^(?:serum|plasma|serum or plasma|blood|arterial blood|venous blood|capillary blood|urine|24 hour urine)$/;

const SERUM_OR_PLASMA = /^(?:serum|plasma|serum or plasma)$/;
const WHOLE_BLOOD_SYSTEM = /^(?:blood|arterial blood|venous blood|capillary blood)$/;
const CATALYTIC_ACTIVITY = 'enzymatic activity/volume';

/**
 * An enzyme's activity is ordered on serum or plasma: a whole-blood sibling (`ALT in Blood`, a fingerstick device's
 * code) is a point-of-care reading on the same U/L scale, not another test a report would leave unnamed. So it does
 * not hold back a bare `ALT` from its serum/plasma code, as the README's bare-analyte convention reads the usual
 * specimen; a urine sibling (`Amylase in Urine`, same units, another range) still does.
 */
function pointOfCareEnzyme(
  axes: { property: string; system: string },
  other: { property: string; system: string },
): boolean {
  return (
    axes.property === CATALYTIC_ACTIVITY &&
    other.property === CATALYTIC_ACTIVITY &&
    SERUM_OR_PLASMA.test(axes.system) &&
    WHOLE_BLOOD_SYSTEM.test(other.system)
  );
}

/**
 * Point-of-care twins (`BNP` in Blood, the cartridge reader's code, beside BNP in serum or plasma): a whole-blood
 * concept the corpus names as point-of-care, of the same property, timing and method, reported in no unit the
 * serum/plasma concept is not. A value filed under one is on the other's scale and range, so, as for enzymes, the
 * twin does not hold back a bare name from the usual specimen's code (README *Labelling decisions*); a urine sibling
 * (another range in the same unit) still does, and so does a blood-gas twin (`CO2` on a gas report is its pCO2).
 */
const POINT_OF_CARE = /\bpoc\b|point[\s-]of[\s-]care/i;

function pointOfCareTwin(
  own: { concept: CorpusConcept; axes: LoincAxes },
  other: { concept: CorpusConcept; axes: LoincAxes },
): boolean {
  return (
    SERUM_OR_PLASMA.test(own.axes.system) &&
    WHOLE_BLOOD_SYSTEM.test(other.axes.system) &&
    other.axes.property === own.axes.property &&
    other.axes.timing === own.axes.timing &&
    other.axes.method === own.axes.method &&
    other.concept.units.length > 0 &&
    other.concept.units.every((unit) => own.concept.units.includes(unit)) &&
    other.concept.synonyms.some((name) => POINT_OF_CARE.test(name))
  );
}

/**
 * Properties no bare analyte name reads as: an isolate's susceptibility (`Vancomycin MIC`, a microbiology result
 * reported by the organism) and a screening multiple of the median (`AFP MoM`). Reports write `MIC` or `MoM` for
 * them, so they do not make `Vancomycin trough` or `AFP` wait for a unit; `writesOwnProperty` does not apply to them.
 */
const NEVER_BARE_PROPERTY = /^(?:susceptibility|multiple of the median)$/;

/** A sibling of another property that a name writing no unit or property could mean. */
function propertySibling(axes: LoincAxes, other: { concept: CorpusConcept; axes: LoincAxes }): boolean {
  if (!other.axes.property || other.axes.property === axes.property) return false;
  // TSH's old RIA mass row beside its international-units code (ambiguity.ts): a bare name means the units code.
  return !NEVER_BARE_PROPERTY.test(other.axes.property) && !isMassRowBesideUnits(other.concept);
}

/**
 * Concepts of one analyte, by concept: LOINC writes the pregnancy test's component `Choriogonadotropin (pregnancy test)`, the
 * same hormone read as present or absent, so a bracketed qualifier of a component joins the family of the component
 * it qualifies (`hCG` alone stays undecided between the level and the test).
 */
function analyteFamilies(): ReadonlyMap<CorpusConcept, readonly { concept: CorpusConcept; axes: LoincAxes }[]> {
  const families = new Map<string, { concept: CorpusConcept; axes: LoincAxes }[]>();
  const byComponent = conceptsByComponent();
  for (const [component, family] of byComponent) {
    const base = component.replace(/\s*\([^()]*\)/g, '').trim();
    if (base !== component && byComponent.has(base)) families.set(base, [...(families.get(base) ?? []), ...family]);
  }
  // One way only: `Pregnancy test` writes what it asks, so the level is no sibling of the test's own names.
  const siblingsOf = new Map<CorpusConcept, readonly { concept: CorpusConcept; axes: LoincAxes }[]>();
  for (const [base, qualified] of families)
    for (const member of byComponent.get(base) ?? [])
      siblingsOf.set(member.concept, [...(byComponent.get(base) ?? []), ...qualified]);
  return siblingsOf;
}

function buildSiblings(): ReadonlyMap<CorpusConcept, SiblingKinds> {
  const kinds = new Map<CorpusConcept, SiblingKinds>();
  const analytes = analyteFamilies();
  for (const family of conceptsByComponent().values()) {
    for (const member of family) {
      const { concept, axes } = member;
      const others = family.filter((m) => m.concept !== concept);
      const ofAnalyte = (analytes.get(concept) ?? family).filter((m) => m.concept !== concept);
      kinds.set(concept, {
        // Properties compare only where both long names state one (`Osmolality of Urine` states none). The specimen
        // compares within the component only: a presence test in urine is the property's question, asked above.
        property: axes.property !== '' && ofAnalyte.some((m) => propertySibling(axes, m)),
        system: others.some(
          (m) =>
            m.axes.system !== axes.system &&
            BARE_NAME_SYSTEM.test(m.axes.system) &&
            !pointOfCareEnzyme(axes, m.axes) &&
            !pointOfCareTwin(member, m) &&
            // A method written in the name (`hs-Troponin I`) already sets it apart from a method-less sibling.
            m.axes.method === axes.method &&
            // A long name without a property (`Osmolality of Urine`) counts as a sibling across serum and urine only:
            // there one test is routinely run on both, and nothing in a unitless reading says which.
            ((axes.property !== '' && m.axes.property !== '') ||
              (SERUM_OR_URINE.test(axes.system) && SERUM_OR_URINE.test(m.axes.system))),
        ),
      });
    }
  }
  return kinds;
}

/** A specimen named in the reading's own words, in the languages the corpus carries. */
const NAMED_SPECIMEN =
  /\b(?:serum|plasma|blood|whole blood|urine|urinary|csf|spinal|arterial|venous|capillary|stool|faeces|feces|saliva|sérum|sangre|sangue|sang|blut|vollblut|orina|urina|urin|harn|liquor|plasmatique|sérique|sanguíneo|sanguineo)\b|血|尿/i;

/**
 * Korean names carry the specimen as a Sino-Korean prefix, as Han names do with `尿`/`血`: `요` (urine) opening the
 * name (`요잠혈`, `요단백`; not `요산` uric acid or `요소` urea, serum tests), `혈청` serum, `소변` urine, `혈액` blood.
 */
const KOREAN_SPECIMEN = /^요(?![산소])\p{Script=Hangul}|혈청|소변|혈액/u;

/** LOINC's short-name specimens, as HL7 OBX-3 text and Epic components write them (`pH UR Strip`, `SODIUM, SER/PLAS`). */
const ABBREVIATED_SPECIMEN = /\b(?:ur|bld|blda|bldv|bldc|bldco|serpl|ser|plas)\b/i;

/**
 * Blood-gas symbols carry their specimen in a lower-case letter (`PaO2`, `PaCO2`, `SaO2` arterial, `PvO2`, `SvO2`
 * venous), and a trailing `UA` (`pH, UA`, `Ketones UA`) files a line under the urinalysis.
 */
const SPECIMEN_IN_SYMBOL = /\b(?:p[av]c?o2|s[av]o2)\b|[\p{L}\p{N}][\s,]+ua\s*$/iu;

/** A specimen written in the name: in words, or in HL7's abbreviations (`pH UR Strip`, `Glucose SerPl`, `K Bld`). */
function namesSpecimen(name: string): boolean {
  return (
    NAMED_SPECIMEN.test(name) ||
    KOREAN_SPECIMEN.test(name.trim()) ||
    ABBREVIATED_SPECIMEN.test(name) ||
    SPECIMEN_IN_SYMBOL.test(name) ||
    readSystemAxis(name) !== null
  );
}

/**
 * LOINC's scale written in words (`ANA screen`, `ANA titer`, `hCG qualitative`): the property the reading has, so a
 * sibling of another property is not what the missing unit would have to decide.
 */
const WRITTEN_PROPERTY: readonly (readonly [RegExp, string])[] = [
  [/\b(?:screen(?:ing)?|qualitative|ql|presence)\b/i, 'presence'],
  [/\b(?:titer|titre|titr)\b/i, 'titer'],
  // HL7 short names write a count as `#` (`WBC # Bld Auto`, `Platelet # Bld`).
  [/(?:^|\s)#(?=\s|$)/, '#/volume'],
  // A screening report's `AFP MoM`, `hCG MoM`: the multiple of the median, which no bare name means (above).
  [/\bmom\b/i, 'multiple of the median'],
];

function writesOwnProperty(concept: CorpusConcept, name: string): boolean {
  const property = axesOfConcept(concept)?.property;
  // A LOINC short name's property suffix (`TSH SerPl-aCnc`, `Glucose BldC Glucomtr-mCnc`) states the property itself.
  if (property !== undefined && readSystemAxis(name)?.property === property) return true;
  return WRITTEN_PROPERTY.some(([words, written]) => words.test(name) && property === written);
}

/**
 * Analytes laboratories report on two scales LOINC codes apart, where the corpus carries one side only and no molar
 * mass converts them, each with the property of the side it carries: prolactin in ng/mL (US) or mIU/L (UK, much of
 * Europe; about 21 mIU/L per ng/mL), growth hormone in µg/L or mIU/L, anti-Müllerian hormone in ng/mL or pmol/L (7.14
 * pmol/L per ng/mL). Without a unit a value of 250 is a normal prolactin on one scale and a tumour's on the other, as
 * with mass and molar siblings. The platelet distribution width is a volume (fL, Sysmex) on some analysers and a
 * geometric standard deviation (%, Beckman Coulter, Abbott) on others: 12 and 16 are both normal, one on each scale.
 */
const TWO_SCALE_COMPONENTS: ReadonlyMap<string, string> = new Map([
  ['prolactin', 'mass/volume'],
  ['somatotropin', 'mass/volume'],
  ['mullerian inhibiting substance', 'mass/volume'],
  ['platelet distribution width', 'entitic volume'],
]);

function reportedOnTwoScales(concept: CorpusConcept): boolean {
  const axes = axesOfConcept(concept);
  return axes !== null && TWO_SCALE_COMPONENTS.get(axes.component) === axes.property;
}

/**
 * `hCG, Quantitative` beside `Choriogonadotropin [Multiple of the median]` and the pregnancy test: the written
 * `quantitative` rules out every sibling that is no measured amount, so when those are its only siblings of another
 * property, the missing unit has nothing left to decide.
 */
function measuredAmongScores(concept: CorpusConcept, name: string): boolean {
  if (!QUANTITATIVE.test(name)) return false;
  const axes = axesOfConcept(concept);
  if (!axes || NO_AMOUNT.test(axes.property)) return false;
  const family = conceptsByComponent().get(axes.component) ?? [];
  return family.every(
    (m) =>
      m.concept === concept || !m.axes.property || m.axes.property === axes.property || NO_AMOUNT.test(m.axes.property),
  );
}

/**
 * Whether this concept, reached from `name` without a unit, stands among siblings the missing unit would have to
 * decide: any sibling of another property when the name states none (`[Mass/volume]`, `-mCnc`), or of another
 * specimen when the name names none. An analyte laboratories report in mass and in molar units (`molar-masses.ts`)
 * has its other sibling in LOINC even where HDS's corpus carries one side only (`Bilirubin.direct`, µmol/L in Europe):
 * without a unit, 5 is mg/dL or µmol/L.
 */
export function unitWouldDecide(concept: CorpusConcept, name: string, property: PropertyHint): boolean {
  siblings ??= buildSiblings();
  const kinds = siblings.get(concept);
  if (!kinds) return false;
  // A trace element has its mass, molar and other-specimen siblings in LOINC where the corpus has one concept.
  const element = isTraceElementConcentration(concept);
  const massOrMolar = kinds.property || element || molarMassOf(concept.code) !== null || reportedOnTwoScales(concept);
  const quantityWritten =
    !element &&
    molarMassOf(concept.code) === null &&
    !reportedOnTwoScales(concept) &&
    measuredAmongScores(concept, name);
  return (
    (massOrMolar && property === null && !writesOwnProperty(concept, name) && !quantityWritten) ||
    ((kinds.system || element) && !namesSpecimen(name))
  );
}

/**
 * A urine analyte over creatinine (`Microalbumin/Creatinine`, `Protein/Creatinine`): laboratories divide by grams of
 * creatinine (mg/g, US) or by millimoles (mg/mmol, UK and Europe), two ratios 8.84 apart; only the unit tells which.
 */
const CREATININE_NORMALISED = /\/Creatinine\b[^/]*\bin (?:24 hour )?Urine\b/;

/** A blood differential's share (`Blasts/100 leukocytes in Blood`): labs report every such cell type as a count too. */
const SHARE_OF_LEUKOCYTES = /\/100 leukocytes(?: \[Ratio\])? in Blood\b/;
/** A name that writes the share itself: `Blasts %`, `LYMPH%`, `Neutrophils percent`, `Eos rel.`, `NRBC/100 WBC`. */
const WRITES_SHARE = /%|\bpct\b|percent|porcent|pourcent|prozent|percentual|\brel\b|relativ|\/\s*100\b|百分|比率/i;

/**
 * Whether a cell type of the blood differential is named without saying share or count: LOINC codes both
 * (`Blasts/100 leukocytes` and `Blasts [#/volume]`) even where HDS's corpus carries only the share, and a value of 2
 * is 2 % or 2 cells/µL; only the unit or the name's own `%` tells.
 */
function shareOrCountUnwritten(concept: CorpusConcept, name: string): boolean {
  return SHARE_OF_LEUKOCYTES.test(concept.display) && !WRITES_SHARE.test(name);
}

/**
 * `Beta HCG`, `β-hCG` without a unit: the beta subunit is what both the quantitative assay (mIU/mL) and the
 * pregnancy test (present or absent) detect, and LOINC files the pregnancy tests under the whole hormone
 * (`Choriogonadotropin (pregnancy test) [Presence]`), so the subunit's family in the corpus shows no presence sibling
 * where a bare `hCG` does. As for `hCG`, only a unit or a written `quantitative` says the amount.
 */
function pregnancyTestOrAmount(concept: CorpusConcept, name: string): boolean {
  const axes = axesOfConcept(concept);
  return (
    axes?.component === 'choriogonadotropin.beta subunit' && !NO_AMOUNT.test(axes.property) && !QUANTITATIVE.test(name)
  );
}

/**
 * `PT` is the prothrombin time in seconds and, written `PT %`, the prothrombin activity (Quick): where the corpus
 * files the name with a percent sign under another concept, the percent sign is what decides, and a reading without
 * a unit cannot tell which.
 */
function percentNamesAnother(concept: CorpusConcept, name: string): boolean {
  // `SaO2` beside `SaO2 % Bld` (blood): a concept reported in % already, so the sign adds no property; the specimen
  // the other name writes (`Bld`, dropped by the key) is what sets that one apart.
  if (WRITES_SHARE.test(name) || concept.units.includes('%')) return false;
  // The corpus's own name with the sign, found by its key alone: no slip or retrieval stage for every unitless reading.
  const group = corpusIndex.exact.get(normalizeIndicatorText(`${name.trim()} %`));
  return group !== undefined && !group.ambiguous && !group.concepts.includes(concept);
}

/**
 * The code of a reading's name: the name lookup (`resolver.ts`), except that a name without a unit among siblings the
 * unit would decide gives null. This is the one answer for a name and unit: the module exports it as
 * `resolveIndicator`. A question's words ("my creatinine") go through the lookup alone (`resolveSeriesIndicator`):
 * they ask for a series, they do not file a value in one.
 */
export function resolveReadingIndicator(name: string, unit: string | null): IndicatorResolution {
  const resolution = resolveIndicator(name, unit);
  if (resolution.loincCode === null) return resolution;
  const concept = conceptByCode(resolution.loincCode);
  if (!concept) return resolution;
  // `Glucose Value (mmol/L)`, `Historic Glucose mg/dL`: a column header that carries its unit is no unitless name, so
  // the unit it writes decides between mass and molar siblings as a unit column would.
  // Not `Glucose Value (mg/dL)`, Dexcom Clarity's sensor column: the key drops `value`, so the name reads as serum
  // glucose, and only a header naming the test (not its column of values) says the unit is that test's.
  const givenUnit = (unit ?? '').trim() === '' ? unitWrittenInName(name, (t) => normalizeUnit(t) !== null) : null;
  if (givenUnit && !/\bvalues?$/i.test(givenUnit.rest)) unit = givenUnit.unit;
  const normalizedUnit = normalizeUnit(unit);
  // Section titles and panels (ambiguity.ts), a report's own fields (not-a-reading.ts) and a caption naming two tests
  // (two-tests-in-one.ts): no value is filed under them, with or without a unit.
  const notAReading =
    isGroupHeading(name) ||
    isValuelessPanel(concept) ||
    framingReachedByName(concept, name) ||
    twoTestsReadAsOne(name, concept) ||
    // `Average Heart Rate`, `breathing_rate_avg`: a period's statistic, not a point-in-time reading (period-statistic.ts).
    summarisesAPeriod(concept, name);
  // `Creatininuria` read as serum creatinine: a urine word on another specimen's concept (ambiguity.ts).
  if (urineWordOnAnotherSpecimen(concept, name))
    return Object.freeze({ loincCode: null, canonicalName: null, confidence: 0, category: resolution.category });
  const undecided =
    normalizedUnit === null
      ? (unitWouldDecide(concept, name, analyseIndicatorText(name).property) &&
          !decidedWithoutUnit(concept.code, name) &&
          // `Bilirubin, UA`: a strip's present-or-absent result has no unit to wait for (urinalysis-strip.ts).
          !qualitativeUrinalysisNamed(concept.display, name)) ||
        ((unit ?? '').trim() === '' && shareOrCountUnwritten(concept, name)) ||
        CREATININE_NORMALISED.test(concept.display) ||
        pregnancyTestOrAmount(concept, name) ||
        ((unit ?? '').trim() === '' && percentNamesAnother(concept, name))
      : (!namesSpecimen(name) && unitPointsToAnotherSpecimen(concept, normalizedUnit)) ||
        massBesideInternationalUnits(concept, name);
  if (!notAReading && !undecided) return resolution;
  return Object.freeze({ loincCode: null, canonicalName: null, confidence: 0, category: resolution.category });
}
