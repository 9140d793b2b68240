/**
 * An estimated GFR is one test per equation (README *Labelling decisions*: a bare `eGFR` is null): CKD-EPI 62238-1,
 * CKD-EPI 2021 98979-8, MDRD 33914-3, and MDRD per race 48642-3/48643-1. Reports wrap the equation in words no
 * synonym writes: the area in the name (`eGFR/1.73m2 (CKD-EPI)`), the French and Spanish abbreviation with its
 * trailing `e` (`DFGe`, `TFGe`), the marker and the word `equation` (`eGFR CKD-EPI Cr 2021`, `Estimated GFR (CKD-EPI
 * 2021 equation)`), Cerner's `GFR calculated abbreviated MDRD`. This reads the name as its parts, a GFR word and one
 * creatinine-based equation, and writes it as the corpus names the test; anything else it writes (cystatin C, a
 * child's Schwartz formula, a clearance) or a second equation leaves the name unread.
 * @see https://www.kidney.org/ckd-epi-creatinine-equation-2021 — the 2021 refit without race
 */

/** A word for the glomerular filtration rate, estimated or not, in the languages reports print it in. */
const GFR_WORD =
  /(?:^|[^\p{L}])(?:e?gfre?|[dt]fge?|egfr)(?:$|[^\p{L}])|glomerular\s+filtration|filtrado\s+glomerular|filtration\s+glom[ée]rulaire|glomerul[äa]re\s+filtrationsrate|filtrato\s+glomerulare|filtra[çc][ãa]o\s+glomerular/iu;

/** What another test or another formula writes: such a name is not read here. */
const NOT_CREATININE_EQUATION =
  /cysta|cys\b|schwartz|cockcroft|clearance|klärance|aclaramiento|bedside|\bpediatric|\bbis\b|\bfas\b|lund|ekfc/i;

/** `/1.73m2`, `/1,73 m²`, `/1.73 sq M`: the per-area part of the unit, written in the name. */
export const GFR_AREA_IN_NAME = /\/\s*1[.,]73\s*(?:sq\s*)?m(?:2|²|\^2)?(?![\p{L}\p{N}])/iu;
const YEARS = /\b(?:2009|2021)\b/g;
/**
 * `per 1.73 square metres`, `using creatinine`: UK SNOMED CT's observable (`eGFR using creatinine (CKD-EPI) per 1.73
 * square metres`) writes the area and the marker in words; `using` is read only before the marker, so a report's
 * sentence (`eGFR calculated using CKD-EPI 2021`) still is not a name.
 */
const AREA_IN_WORDS = /\bper\s+1[.,]73\s*(?:square\s+met(?:re|er)s?|sq\.?\s*m|m2|m²)(?![\p{L}\p{N}])/giu;
const USING_CREATININE = /\busing\s+(?=creatinine\b)/gi;

/** The words an eGFR test's name is made of, in the languages of `GFR_WORD` (accents folded). */
const NAME_WORDS: ReadonlySet<string> = new Set(
  (
    'e egfr gfr gfre dfg dfge tfg tfge estimated estimate est estime estimee estimada estimado stimato stimata ' +
    'calculated abbreviated glomerular filtration rate filtrado filtrato glomerulare glomerulaire filtrationsrate ' +
    'taxa de filtracao nach bsa ckd epi mdrd cr creat creatinine creatinina kreatinin non afr african am amer ' +
    'american black blacks among predicted sq m berechnet calcule calculee calculado calculada calcolato calcolata ' +
    'berekend'
  ).split(' '),
);

const CKD_EPI = /ckd\s*[-–]?\s*epi/i;
const MDRD = /\bmdrd\b/i;
const YEAR_2021 = /\b2021\b/;
const YEAR_2009 = /\b2009\b/;
const NON_BLACK = /non[\s.-]*(?:afr\w*\.?\s*am\w*|blacks?\b)|not\s+(?:afr\w*\.?\s*am\w*|blacks?\b)/i;
const BLACK = /afr\w*\.?\s*am\w*|\bblacks?\b/i;

/** The name as the corpus writes the equation's test (`eGFR CKD-EPI 2021`), or null when it is not one. */
export function gfrEquationName(name: string): string | null {
  if (name.length > 80 || !GFR_WORD.test(name) || NOT_CREATININE_EQUATION.test(name)) return null;
  // A figure other than the area and the equation's year (`CKD-EPI 202l`, an OCR'd year; `2012`, the cystatin
  // equation's) says something this reading cannot check.
  const withoutArea = name.replace(AREA_IN_WORDS, ' ');
  // SNOMED's observable writes the marker and the area together; `using` without the area stays a sentence's word.
  const rest = (withoutArea === name ? name : withoutArea.replace(USING_CREATININE, ' '))
    .replace(GFR_AREA_IN_NAME, ' ')
    .replace(YEARS, ' ');
  if (/\d/.test(rest)) return null;
  // Only the words of a test's name: a report's sentence about the equation (`eGFR calculated using CKD-EPI 2021`,
  // `berekend met CKD-EPI`, Polish `wg CKD-EPI`) or a method line wrapped under the name (`(CKD-EPI Equation 2021)`,
  // which the extraction keeps apart) is not one.
  const words = rest
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}]+/u)
    .filter(Boolean);
  if (words.some((word) => !NAME_WORDS.has(word))) return null;
  const ckdEpi = CKD_EPI.test(name);
  const mdrd = MDRD.test(name);
  if (ckdEpi === mdrd) return null;
  if (ckdEpi) {
    // Race-specific CKD-EPI codes are not in the corpus; a race word on a CKD-EPI name stays unread.
    if (BLACK.test(name)) return null;
    if (YEAR_2021.test(name)) return 'eGFR CKD-EPI 2021';
    return 'eGFR CKD-EPI';
  }
  if (YEAR_2021.test(name) || YEAR_2009.test(name)) return null;
  if (NON_BLACK.test(name)) return 'eGFR MDRD non-African American';
  if (BLACK.test(name)) return 'eGFR MDRD African American';
  return 'eGFR MDRD';
}
