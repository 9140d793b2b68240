import { isValidLoincCode } from './loinc-code';

/**
 * An HL7 v2 coded element written as a name: OBX-3's `identifier^text^coding system` (CE/CWE), with an optional
 * alternate triplet after it (`GLU^Glucose^L^2345-7^Glucose SerPl-mCnc^LN`). LIS exports, interface logs and CSVs cut
 * from messages carry the field whole (`K^Potassium^L`, `HGB^Hemoglobin^99LAB`), so the name is its text component;
 * a triplet whose coding system is `LN` (LOINC) names its code outright.
 * @see https://hl7-definition.caristix.com/v2/HL7v2.5.1/DataTypes/CWE
 */
export interface CodedElement {
  /** The test's name as the sender wrote it: the text component, else the alternate text, else the identifier. */
  text: string;
  /** The LOINC code a triplet with coding system `LN` names, when its check digit holds. */
  loincCode: string | null;
}

/**
 * Three to six components (the coding system is what tells a field from a power: `10^9/L`, `x^2` have two); the
 * separator is HL7's default `^`.
 */
const CODED_ELEMENT = /^[^^]*\^[^^]*\^[^^]*(?:\^[^^]*){0,3}$/;
const CODING_SYSTEM = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,19}$/;
const LOINC_SYSTEM = /^(?:LN|LOINC|2\.16\.840\.1\.113883\.6\.1)$/i;

/**
 * The coded element a name is, or null when it is no such field (`10^9/L`, a power in a unit-bearing name, is
 * written as it stands). The text must hold a letter, and the third component must look like a coding-system id
 * (`L`, `LN`, `99LAB`, `LOCAL`) or be empty.
 */
export function codedElementOf(name: string): CodedElement | null {
  const trimmed = name.trim();
  if (!CODED_ELEMENT.test(trimmed)) return null;
  const [identifier = '', text = '', system = '', altIdentifier = '', altText = '', altSystem = ''] = trimmed
    .split('^')
    .map((part) => part.trim());
  if (system !== '' && !CODING_SYSTEM.test(system)) return null;
  if (altSystem !== '' && !CODING_SYSTEM.test(altSystem)) return null;
  if (!/\p{L}/u.test(text) && !(text === '' && /\p{L}/u.test(identifier))) return null;
  const loincCode =
    (LOINC_SYSTEM.test(system) && isValidLoincCode(identifier) ? identifier : null) ??
    (LOINC_SYSTEM.test(altSystem) && isValidLoincCode(altIdentifier) ? altIdentifier : null);
  const written = text || altText || identifier;
  return written === '' ? null : { text: written, loincCode };
}
