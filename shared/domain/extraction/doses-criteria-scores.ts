/**
 * Three kinds of line shaped like a reading that state none, left from the session 19 review:
 *
 *  - a dose with no caption (`Warfarin 5 mg`, `Levothyroxine 100 mcg`): an amount of a drug in a mass or count unit,
 *    outside a table, with no range and no flag; in a table too when the unit counts units given (`Humalog (u)`). A measured drug level is a concentration (`mg/L`, `ng/mL`); an
 *    amount alone is what is given.
 *  - a diagnostic criterion under its category (`Diabetes: HbA1c >= 6.5 %`, `Prediabetes: HbA1c 5.7 - 6.4 %`): a
 *    category label and a colon, then a test and a bound or a band. A category with a single value (`Diabetes: HbA1c
 *    58 mmol/mol`, a problem list's latest result) stays a reading.
 *  - a risk score (`QRISK3 score 12.4 %`, `10-year CVD risk 12.4 %`, `FRAX major osteoporotic 9 %`): a model's
 *    estimate from several inputs, not a measurement of the body.
 */

/** Amounts of a drug: mass or count units, never a concentration. */
const AMOUNT_UNIT = /^(?:mg|mcg|µg|μg|ug|iu|ie|ui|units?|einheiten|tab(?:let)?s?|caps?(?:ules?)?|puffs?|drops?)$/i;

/**
 * Units counting what is injected or taken, never a measured amount of the body: an insulin log's `Humalog (u)` or
 * `Bolus (units)` column, `Vitamin D3 1000 IU`. A measured level is per volume (`IU/L`, `mU/L`, `U/mL`).
 */
const GIVEN_COUNT_UNIT = /^(?:u|units?|iu|ui|ie|einheiten|eh)$/i;

/**
 * The same unit left in a log's column name, the value without one: `NovoRapid (units)`, `Insulin [IE]`. A capital
 * `(U)` alone marks a urine test (`ALBUMIN/KREATININ-QUOTIENT (U)`).
 */
const GIVEN_COUNT_HEADER = /[([]\s*(?:u|[Uu]nits?|UNITS|IU|iu|UI|IE|Einheiten|EH)\s*[)\]]\s*$/;

/** A log row's own date (`2026-03-01`, `16.03.2026`) is no range on it. */
const DATE_IN_ROW = /\b\d{4}-\d{1,2}-\d{1,2}\b|\b\d{1,2}[./-]\d{1,2}[./-]\d{2,4}\b/g;

/** A name calling its number a dose: `Gonal-f dose`, `Insulin dosage`, `Dosis Levothyroxin`, `posologie`. */
const DOSE_NAME = /\b(?:dose|doses|dosage|dosis|dosierung|dosering|posologie|dosaggio)\b/i;

/** A name that is a body amount all the same (24-hour urine totals are written `mg` when the period is a column). */
const AMOUNT_MEASURED = /(?:urin|orina|harn|\b24\s*h|sammel|excret|intake|zufuhr|ingesta)/i;

/**
 * Category labels of diagnostic bands, before a colon. The test's name holds no value of its own: `Low: Hemoglobin
 * 9.8 g/dL (12.0-16.0)` and `Diabetes: HbA1c 58 mmol/mol (20-41)` are results with their range, not criteria.
 */
const CRITERION_LINE =
  /^\s*(?:(?:pre-?|non-?)?diabet(?:es|ic|isch|ique|e)|pr[ée]-?diab[èe]te|pr[äae]-?diabetes|impaired\s+fasting\s+glucose|ifg|igt|normal|deficiency|insufficiency|sufficiency|toxicity|optimal|borderline(?:\s+high)?|(?:very\s+)?high|low|desirable|mangel|normalbereich|diabetes\s+mellitus)\s*[:：]\s*\p{L}(?:(?!\s\d+(?:[.,]\d+)?(?:\s|%|$|[µu]?[a-z]+\/))[\p{L}\d\s/().-]){0,40}?\s*(?:[<>≤≥]|=>|=<|\d+(?:[.,]\d+)?\s*(?:[-–]|to|bis|a)\s*\d)/iu;

/** Names of risk scores and risk estimates. */
const RISK_SCORE =
  /(?:\bq-?risk\s*\d?|\bframingham\b|\bascvd\b|\bscore2(?:-op)?\b|\breynolds\b|\bfrax\b|\bcha2?ds2?-?vasc\b|\bhas-?bled\b|\bprocam\b|\barriba\b|\brisk\s+score\b|\b\d{1,2}[-\s]?(?:year|yr|jahres|anos?|años?|ans?)\b.{0,30}\brisk\b|\brisk\s+(?:of|for)\b|\b(?:kardiovaskul[äa]res\s+)?risiko\b|\briesgo\s+cardiovascular\b|\brisque\s+cardiovasculaire\b)/iu;

export interface LineReading {
  name: string;
  value: string;
  unit: string | null;
  fromTable: boolean;
  line: string;
}

/** Whether the reading is a dose without a caption, a quoted diagnostic criterion, or a risk score. */
export function isDoseCriterionOrScore({ name, value, unit, fromTable, line }: LineReading): boolean {
  if (line.length > 400) return false;
  if (RISK_SCORE.test(name)) return true;
  if (CRITERION_LINE.test(line)) return true;
  if (!fromTable && unit === null && spelledDose(line, value)) return true;
  // `Date  Time  BG (mg/dL)  Humalog (u)  Tresiba (u)`: a log's dose column, in a table too.
  const givenCount = unit === null ? GIVEN_COUNT_HEADER.test(name) : GIVEN_COUNT_UNIT.test(unit);
  if (givenCount && !AMOUNT_MEASURED.test(name) && !rangeOrFlagAfter(line.replace(DATE_IN_ROW, ' '))) return true;
  // `Gonal-f dose  225 IU` on a monitoring sheet's row: the name says it is what was given, in a table too.
  if (DOSE_NAME.test(name) && (unit === null || AMOUNT_UNIT.test(unit))) return true;
  return (
    !fromTable && unit !== null && AMOUNT_UNIT.test(unit) && !AMOUNT_MEASURED.test(name) && !rangeOrFlagAfter(line)
  );
}

/** An amount spelled as a word (no unit table lists it), then how it is given: `62.5 microgram orally daily`. */
const SPELLED_AMOUNT = /^\s*(?:micro|milli)?grams?\b|^\s*(?:microgramm[eo]s?|mikrogramm|milligrammes?)\b/i;
const ROUTE_OR_FREQUENCY =
  /\b(?:orally|by\s+mouth|p\.?o\.?|iv|im|sc|s\/c|subcut\w*|daily|nocte|mane|bd|bid|tds|tid|qds|qid|twice|once|weekly|hourly|\d+-hourly|per\s+day|a\s+day)\b/i;

/** `Digoxin 62.5 microgram orally daily (unchanged)`: the value is followed by an amount word and a route or rhythm. */
function spelledDose(line: string, value: string): boolean {
  const at = line.indexOf(value);
  if (at < 0) return false;
  const after = line.slice(at + value.length, at + value.length + 80);
  return SPELLED_AMOUNT.test(after) && ROUTE_OR_FREQUENCY.test(after);
}

/** A range or a flag written on the line: a lab's row, whatever its unit. */
function rangeOrFlagAfter(line: string): boolean {
  return /\(\s*[<>≤≥]?\s*\d[^()]*\)|\d\s*[-–]\s*\d|\s(?:H|L|HH|LL|high|low)\s*$/u.test(line);
}
