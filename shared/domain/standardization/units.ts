import ucum, { type UcumLhcUtilsInstance } from '@lhncbc/ucum-lhc';

/**
 * Spellings seen in lab reports, wearables and HealthKit exports, keyed in lower case, mapped to UCUM.
 * Checked before validation on purpose: several of these are *valid* UCUM that mean something else in practice
 * (`K/uL` is kelvin per microlitre, `G/L` gauss per litre, `C` coulomb, `F` farad).
 */
const UNIT_SYNONYMS: ReadonlyMap<string, string> = new Map([
  // counts per volume (haematology)
  ...['k/ul', 'k/mm3', 'x10*3/ul', '10^3/ul', 'x10^3/ul', 'x 10^3/ul', '10e3/ul', '10*3/ul', 'thou/ul', '*1000/ul'].map(
    (k) => [k, '10*3/uL'] as const,
  ),
  ...['10^3/mm3', 'x10^3/mm3', '10*3/mm3'].map((k) => [k, '10*3/mm3'] as const),
  ...['giga/l', '10^9/l', 'x10^9/l', 'x 10^9/l', '10e9/l', '10*9/l', 'x10*9/l'].map((k) => [k, '10*9/L'] as const),
  ...['m/ul', 'mil/ul', '10^6/ul', 'x10^6/ul', 'x 10^6/ul', '10e6/ul', '10*6/ul', 'x10*6/ul'].map(
    (k) => [k, '10*6/uL'] as const,
  ),
  ...['10^12/l', 'x10^12/l', 'x 10^12/l', '10e12/l', '10*12/l', 'x10*12/l'].map((k) => [k, '10*12/L'] as const),
  ['cells/ul', '/uL'],
  ['/µl', '/uL'],
  ['/hpf', '/[HPF]'],
  ['per hpf', '/[HPF]'],
  ['/lpf', '/[LPF]'],
  // rates
  ...[
    'bpm',
    'beats/min',
    'beats per minute',
    'beat/min',
    'count/min',
    '1/min',
    'per min',
    '/min',
    'rpm',
    'breaths/min',
  ].map((k) => [k, '/min'] as const),
  // temperature
  ...['°c', 'ºc', 'c', 'degc', 'deg c', 'celsius', '° c', 'cel'].map((k) => [k, 'Cel'] as const),
  ...['°f', 'ºf', 'f', 'degf', 'deg f', 'fahrenheit', '° f', '[degf]'].map((k) => [k, '[degF]'] as const),
  // mass, length
  ...['lb', 'lbs', 'pound', 'pounds', '[lb_av]'].map((k) => [k, '[lb_av]'] as const),
  ...['oz', 'ounce', 'ounces'].map((k) => [k, '[oz_av]'] as const),
  ...['kg', 'kgs', 'kilogram', 'kilograms'].map((k) => [k, 'kg'] as const),
  ...['in', 'inch', 'inches', '"', '[in_i]'].map((k) => [k, '[in_i]'] as const),
  ...['ft', 'feet', 'foot', '[ft_i]'].map((k) => [k, '[ft_i]'] as const),
  ...['kg/m²', 'kg/m^2', 'kg/m2', 'kg/sqm'].map((k) => [k, 'kg/m2'] as const),
  // pressure
  ...['mmhg', 'mm hg', 'mm[hg]', 'torr'].map((k) => [k, 'mm[Hg]'] as const),
  ...['cmh2o', 'cm h2o'].map((k) => [k, 'cm[H2O]'] as const),
  // arbitrary and equivalent units
  ...['iu', '[iu]'].map((k) => [k, '[IU]'] as const),
  ...['iu/l', '[iu]/l', 'ie/l', 'e/l'].map((k) => [k, '[IU]/L'] as const),
  ...['iu/ml', '[iu]/ml'].map((k) => [k, '[IU]/mL'] as const),
  ...['miu/l', 'm[iu]/l', 'mie/l'].map((k) => [k, 'm[IU]/L'] as const),
  ...['miu/ml', 'm[iu]/ml'].map((k) => [k, 'm[IU]/mL'] as const),
  ...['uiu/ml', 'u[iu]/ml', 'µiu/ml', 'μiu/ml', 'microiu/ml'].map((k) => [k, 'u[IU]/mL'] as const),
  ...['meq/l', 'mval/l'].map((k) => [k, 'meq/L'] as const),
  ...['mosm/kg', 'mosmol/kg'].map((k) => [k, 'mosm/kg'] as const),
  ['u/l', 'U/L'],
  ['µkat/l', 'ukat/L'],
  ['inr', '{INR}'],
  ['ratio', '{ratio}'],
  ['ph', '[pH]'],
  // time
  ...['h', 'hr', 'hrs', 'hour', 'hours', 'std'].map((k) => [k, 'h'] as const),
  ...['min', 'mins', 'minute', 'minutes'].map((k) => [k, 'min'] as const),
  ...['s', 'sec', 'secs', 'second', 'seconds'].map((k) => [k, 's'] as const),
  ...['ms', 'msec', 'millisecond', 'milliseconds'].map((k) => [k, 'ms'] as const),
  ...['d', 'day', 'days'].map((k) => [k, 'd'] as const),
  ...['mm/hr', 'mm/h', 'mm/1h'].map((k) => [k, 'mm/h'] as const),
  // activity
  ...['steps', 'step', '{steps}'].map((k) => [k, '{steps}'] as const),
  ...['count', 'counts', '{count}', '#'].map((k) => [k, '{count}'] as const),
  ...['kcal', 'kcals', 'calories', 'kilocalories'].map((k) => [k, 'kcal'] as const),
  ...['%', 'percent', 'pct', 'per cent'].map((k) => [k, '%'] as const),
  // eGFR
  ...['ml/min/1.73m2', 'ml/min/1.73 m2', 'ml/min/1.73m²', 'ml/min/1.73 m²', 'ml/min/1.73m^2', 'ml/min/{1.73_m2}'].map(
    (k) => [k, 'mL/min/{1.73_m2}'] as const,
  ),
  ['ml/kg/min', 'mL/kg/min'],
  ['l/min', 'L/min'],
  // French and Spanish write UI for IU
  ...['ui/l', 'ui/ml'].map((k) => [k, k === 'ui/l' ? '[IU]/L' : '[IU]/mL'] as const),
  ...['mui/ml', 'mui/ml'].map((k) => [k, 'm[IU]/mL'] as const),
  ['mui/l', 'm[IU]/L'],
  ['uui/ml', 'u[IU]/mL'],
  ...['mill/ul', 'mil/µl', 'mio/ul', 'mio/µl'].map((k) => [k, '10*6/uL'] as const),
  // urobilinogen Ehrlich units, arbitrary units
  ...['eu/dl', 'ehrlich u/dl', 'ehrlich units/dl'].map((k) => [k, "{Ehrlich'U}/dL"] as const),
  ...['au/ml', 'arb u/ml', 'arbitrary units/ml'].map((k) => [k, "[arb'U]/mL"] as const),
  ...['u/g hb', 'u/ghb', 'u/g{hb}'].map((k) => [k, 'U/g{Hb}'] as const),
  // distance
  ...['mi', 'mile', 'miles'].map((k) => [k, '[mi_i]'] as const),
]);

/** Case-sensitive spellings: German reports write `G/l` (giga per litre) where lower-case `g/l` is grams. */
const CASE_SENSITIVE_SYNONYMS: ReadonlyMap<string, string> = new Map([
  ['G/l', '10*9/L'],
  ['G/L', '10*9/L'],
  ['T/l', '10*12/L'],
  ['T/L', '10*12/L'],
  ['Cal', 'kcal'],
]);

/** Strings that are valid UCUM yet too ambiguous in health data to accept (`K` is kelvin, or "thousand"). */
const REJECTED_UNITS = new Set(['K', 'k', 'M', 'G', 'T', 'st']);

const CACHE_LIMIT = 4096;
const cache = new Map<string, string | null>();
let ucumUtils: UcumLhcUtilsInstance | undefined;

/** Created on first use: building the UCUM tables takes ~15 ms, which module import should not pay. */
export function ucumInstance(): UcumLhcUtilsInstance {
  ucumUtils ??= ucum.UcumLhcUtils.getInstance();
  return ucumUtils;
}

/** Spelling clean-up that is safe for every unit: micro signs, superscripts, `x10^3` prefixes, stray spaces. */
function cleanSpelling(unit: string): string {
  return (
    unit
      .normalize('NFKC')
      .replace(/\bmicro(?=mol|g\b|gram)/gi, 'u')
      .replace(/\bgms?(?=\/)/gi, 'g')
      .replace(/(\d),(\d)/g, '$1.$2')
      // per 24 hours in its many spellings: `mg/24h`, `mg/24 hr`, `g/24 h`, `mmol/d`
      .replace(/\/\s*24\s*-?\s*(?:h|hr|hrs|hours?|std)\b\.?/gi, '/(24.h)')
      .replace(/\/\s*(?:hr|hrs|hour)\b/gi, '/h')
      // creatinine-normalised ratios: `mg/g creat`, `mg/mmol Cr`, `mg/g Krea`
      .replace(/\/\s*(m?mol|g|mg)\s+(?:creat(?:inine)?|crea|cr|krea(?:tinin)?)\b/gi, '/$1{creat}')
      .replace(/[µμ]/g, 'u')
      .replace(/²/g, '2')
      .replace(/³/g, '3')
      .replace(/\bmcg\b/gi, 'ug')
      .replace(/\bmcmol\b/gi, 'umol')
      .replace(/^[x×*]\s*10/i, '10')
      .replace(/10\s*\^\s*(\d+)/g, '10*$1')
      .replace(/\s*\/\s*/g, '/')
      .trim()
  );
}

/** UCUM allows `l` and `L` for litre; HDS stores the capital form so `mg/dl` and `mg/dL` are one unit. */
function capitaliseLitre(unit: string): string {
  return unit.replace(/(^|[^A-Za-z[{_'])([munpfdc]?)l(?![A-Za-z_\]'])/g, '$1$2L');
}

function validUcum(candidate: string): string | null {
  // ucum-lhc logs to the console on blank spaces; a unit with a space left in it is not UCUM anyway.
  if (/\s/.test(candidate)) return null;
  const validation = ucumInstance().validateUnitString(candidate, false);
  return validation.status === 'valid' && validation.ucumCode ? capitaliseLitre(validation.ucumCode) : null;
}

function resolveUnit(raw: string): string | null {
  const cleaned = cleanSpelling(raw);
  if (cleaned === '') return null;
  const synonym = CASE_SENSITIVE_SYNONYMS.get(cleaned) ?? UNIT_SYNONYMS.get(cleaned.toLowerCase());
  if (synonym) return synonym;
  if (REJECTED_UNITS.has(cleaned)) return null;
  // Reports shout (`MG/DL`) or mix case (`mMol/L`); UCUM is case-sensitive, so retry in lower case only on failure.
  return validUcum(cleaned) ?? (cleaned === cleaned.toLowerCase() ? null : validUcum(cleaned.toLowerCase()));
}

/**
 * Canonical UCUM code for a unit as written, or null when it is missing, unknown or not valid UCUM.
 * Known non-UCUM spellings (`mg/dl`, `bpm`, `K/uL`, `°C`, `lbs`, `mcg`, `mEq/L`, …) are mapped first, then the
 * remainder is validated with ucum-lhc. Results are cached per input string.
 * @see https://ucum.org/ucum — The Unified Code for Units of Measure (case-sensitive `c/s` codes)
 */
export function normalizeUnit(unit: string | null | undefined): string | null {
  if (unit === null || unit === undefined) return null;
  const cached = cache.get(unit);
  if (cached !== undefined) return cached;
  const result = resolveUnit(unit);
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(unit, result);
  return result;
}
