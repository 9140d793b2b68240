import type { CorpusConcept } from './corpus';
import { axesOfConcept, conceptsByComponent } from './loinc-axes';
import { analyseIndicatorText } from './normalize-text';
import { convertValue } from './unit-conversion';
import { normalizeUnit } from './units';

/**
 * Null where null is right (issue 18): readings the resolver can name a concept for, but whose name and unit do not
 * decide it, or which are no reading at all. Each rule reads LOINC's own parts (component, property, system) of the
 * corpus long names; none lists inputs. A wrong code files a value in another series, so these give null.
 * @see https://loinc.org/kb/users-guide/major-parts-of-a-loinc-term/ — component, property, system
 */

/**
 * A LOINC panel without a unit of its own (`Urinalysis macro (dipstick) panel`, `Hemogram without Platelets panel`)
 * groups results; it carries no value, so a reading is never filed under it. A line that names one (`MACROSCOPIC
 * UA`, `HEMOGRAM`) is a section title. Panels reported with a unit (`Fluid intake and output panel 24 hour`, cm3) are
 * measurements and stay.
 */
export function isValuelessPanel(concept: CorpusConcept): boolean {
  return concept.defaultUnit.trim() === '' && /\bpanel\b/i.test(concept.display);
}

/**
 * Plural headings: a result is one test; a line that says `tests` or `studies` (`GLUCOSE TESTS`, `THYROID
 * STUDIES:`, the section titles of the NLM flowsheet table) groups several.
 */
const GROUP_HEADING = /\b(?:tests|studies)\b/i;

export function isGroupHeading(name: string): boolean {
  return GROUP_HEADING.test(name);
}

/** Specimens a bare chemistry name is commonly reported in: the unit alone must pick one of them. */
const COMMON_SYSTEM = /^(?:blood|serum|plasma|serum or plasma|urine|24 hour urine)$/;
/** Concentrations (mass or substance per volume): where one unit reads the same in blood, serum and urine. */
const CONCENTRATION = /^(?:mass|moles)\/volume$/;

function sameScale(unit: string, other: string): boolean {
  const to = normalizeUnit(other) ?? other;
  const factor = convertValue(1, unit, to);
  return factor !== null && Math.abs(factor - 1) < 1e-9;
}

/**
 * HDS's convention for a bare name with a unit (README "Labelling decisions"): the name means the analyte in the
 * specimen its concept is filed under (serum or plasma; whole blood where blood is what labs measure), provided that
 * concept is reported in the unit. Only a unit that is, to the digit, the reporting unit of a sibling in another
 * common specimen and none of the found concept's own units points away from it: `Lead` in ng/dL is no unit blood
 * lead is reported in (µg/dL, µg/L) but is 24-hour urine lead's scale. `Copper` µg/dL stays serum copper although
 * 24-hour urine copper shares the unit, as `Creatinine` mg/dL stays serum creatinine: a lab writes the specimen when
 * it is not the usual one. A specimen written in the name is read by the caller first.
 */
export function unitPointsToAnotherSpecimen(concept: CorpusConcept, unit: string): boolean {
  const axes = axesOfConcept(concept);
  if (!axes || !COMMON_SYSTEM.test(axes.system) || !CONCENTRATION.test(axes.property)) return false;
  if ([concept.defaultUnit, ...concept.units].some((own) => sameScale(unit, own))) return false;
  return (conceptsByComponent().get(axes.component) ?? []).some(
    (m) =>
      m.concept !== concept &&
      m.axes.system !== axes.system &&
      COMMON_SYSTEM.test(m.axes.system) &&
      m.axes.property === axes.property &&
      m.axes.timing === axes.timing &&
      m.axes.method === axes.method &&
      [m.concept.defaultUnit, ...m.concept.units].some((theirs) => sameScale(unit, theirs)),
  );
}

/**
 * A hormone LOINC codes both in units of an international standard and in mass (`Thyrotropin [Units/volume]` and
 * `[Mass/volume]`, the flowsheet's old `TSH RIA` row): assays are calibrated to the WHO standard and report mIU/L, so
 * a bare `TSH` written beside ng/mL is a unit from another column, not the mass concept. Only a name that writes the
 * property (`TSH SerPl-mCnc`, `Thyrotropin mass conc`) or the old method (`RIA`) reads as it. Read from the long names:
 * a concept of mass beside a units sibling of the same component, system, timing and method.
 */
export function massBesideInternationalUnits(concept: CorpusConcept, name: string): boolean {
  if (/\b(?:ria|mass)\b/i.test(name)) return false;
  return isMassRowBesideUnits(concept) && analyseIndicatorText(name).property === null;
}

/**
 * The name-independent half of `massBesideInternationalUnits`: a mass concept beside a units sibling of the same
 * component, system, timing and method (TSH's old RIA row). A name that writes neither unit nor property never means
 * it, so it neither takes a bare `TSH` nor holds the units concept back as a sibling the unit would have to decide.
 */
export function isMassRowBesideUnits(concept: CorpusConcept): boolean {
  const axes = axesOfConcept(concept);
  if (axes?.property !== 'mass/volume') return false;
  return (conceptsByComponent().get(axes.component) ?? []).some(
    (m) =>
      m.axes.property === 'units/volume' &&
      m.axes.system === axes.system &&
      m.axes.timing === axes.timing &&
      m.axes.method === axes.method,
  );
}

/**
 * `Creatininuria`, `Créatininurie`, `Natriurèse`: Italian, Spanish, Portuguese and French name a urine test by the
 * analyte with `-uria`/`-urie` (or `-urese`, excretion in urine), as `-emia`/`-émie` names the blood level. The slip
 * stages read such a word as the analyte's serum name (`creatininuria` → `creatinine`), so a concept outside urine
 * reached from one is the wrong specimen: no code rather than the serum series.
 */
const URINE_SUFFIX = /\p{L}{3}(?:uria|urie|úria|urìa|urese|urèse|urèses|urias|uries)$/iu;

export function urineWordOnAnotherSpecimen(concept: CorpusConcept, name: string): boolean {
  if (!(name.match(/\p{L}+/gu) ?? []).some((word) => URINE_SUFFIX.test(word))) return false;
  const system = axesOfConcept(concept)?.system ?? '';
  return !/\burine\b/.test(system);
}
