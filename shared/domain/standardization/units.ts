import ucum, { type UcumLhcUtilsInstance } from '@lhncbc/ucum-lhc';
import { latinUnitSymbols } from './cyrillic-units';

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
  // nucleated red cells counted per 100 white cells in the differential
  ...['/100 wbc', '/100 wbcs', '/100wbc', 'per 100 wbc', '/100 leukocytes', '/100 leucocytes', '/100 leuk'].map(
    (k) => [k, '/100{WBCs}'] as const,
  ),
  ['/hpf', '/[HPF]'],
  ['per hpf', '/[HPF]'],
  // a urine sediment count per microscope field in Spanish, Portuguese, Italian, French and German reports: the high
  // power field is the one sediment counts are read in (`Leucocitos en sedimento 0-2 /campo`)
  ...['/campo', 'por campo', 'x campo', 'p/campo', '/champ', 'par champ', '/gf', 'pro gf', '/gesichtsfeld'].map(
    (k) => [k, '/[HPF]'] as const,
  ),
  // `/c` and `x c` abbreviate *por campo*; the low power field is written out (`/campo menor`, `campo de menor aumento`)
  ...['/c', 'x c', '/campo mayor', 'por campo mayor'].map((k) => [k, '/[HPF]'] as const),
  ...['/lpf', '/campo menor', 'por campo menor', '/campo de menor aumento', '/champ faible grossissement'].map(
    (k) => [k, '/[LPF]'] as const,
  ),
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
  ...['°c', 'c', 'degc', 'deg c', 'celsius', '°celsius', 'cel', 'degrees c', 'degree c', 'grad c', 'grad celsius'].map(
    (k) => [k, 'Cel'] as const,
  ),
  ...['°f', 'f', 'degf', 'deg f', 'fahrenheit', '°fahrenheit', '[degf]', 'degrees f', 'degree f'].map(
    (k) => [k, '[degF]'] as const,
  ),
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
  ...['uiu/ml', 'u[iu]/ml', 'microiu/ml'].map((k) => [k, 'u[IU]/mL'] as const),
  ...['meq/l', 'mval/l'].map((k) => [k, 'meq/L'] as const),
  ...['mosm/kg', 'mosmol/kg'].map((k) => [k, 'mosm/kg'] as const),
  ['u/l', 'U/L'],
  ['ukat/l', 'ukat/L'],
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
  // French, Spanish, Italian and Portuguese write UI for IU
  ['ui/l', '[IU]/L'],
  ['mui/l', 'm[IU]/L'],
  ...['mill/ul', 'mio/ul', 'mio./ul', 'million/ul', 'mil./ul'].map((k) => [k, '10*6/uL'] as const),
  // German haematology: thousands (`Tsd/µl`), and the East German particle units (`Gpt/l` giga-, `Tpt/l` tera-)
  ...['tsd/ul', 'tsd./ul', 'tausend/ul'].map((k) => [k, '10*3/uL'] as const),
  // the same counts per cubic millimetre (= per microlitre), kept per mm3 as `10^3/mm3` is
  ...['tsd/mm3', 'thou/mm3'].map((k) => [k, '10*3/mm3'] as const),
  // Polish haematology: thousands and millions (`tys/µl`, `mln/µl`, *tysięcy*, *milionów*)
  ...['tys/ul', 'tys./ul', 'tys/mm3'].map((k) => [k, k.endsWith('mm3') ? '10*3/mm3' : '10*3/uL'] as const),
  ...['mln/ul', 'mln./ul'].map((k) => [k, '10*6/uL'] as const),
  ...['mill/mm3', 'mil/mm3', 'mio/mm3'].map((k) => [k, '10*6/mm3'] as const),
  // Spanish, Portuguese, Italian and French reports spell the multiplier out: `millones/mm³`, `milioni/µL`, `miles/mm³`
  ...['millones', 'millions', 'million', 'milhões', 'milhoes', 'milioni'].flatMap((w) => [
    [`${w}/mm3`, '10*6/mm3'] as const,
    [`${w}/ul`, '10*6/uL'] as const,
  ]),
  ...['miles', 'milliers', 'milhares', 'migliaia', 'mila', 'thousand', 'thousands', 'thou'].flatMap((w) => [
    [`${w}/mm3`, '10*3/mm3'] as const,
    [`${w}/ul`, '10*3/uL'] as const,
  ]),
  // millimetres in the first hour (ESR): `mm/heure` (fr), `mm/hora` (es, pt), `mm/ora` (it)
  ...['mm/heure', 'mm/hora', 'mm/ora', 'mm/1a hora', 'mm/1h'].map((k) => [k, 'mm/h'] as const),
  // the same in Turkish (`mm/saat`) and German (`mm/1.Std`, the first hour)
  ...['mm/saat', 'mm/1.std', 'mm/1. std', 'mm/1.st', 'mm/std'].map((k) => [k, 'mm/h'] as const),
  // and in Dutch (`mm/uur`, `mm/u`), Norwegian and Danish (`mm/t`, *time*), Swedish (`mm/tim`), Polish (`mm/godz`),
  // Russian (`мм/ч`, `мм/час`), Finnish (`mm/tunti`)
  ...['mm/uur', 'mm/u', 'mm/t', 'mm/time', 'mm/tim', 'mm/godz', 'mm/godz.', 'мм/ч', 'мм/час', 'mm/ч', 'mm/tunti'].map(
    (k) => [k, 'mm/h'] as const,
  ),
  // seconds in Spanish and Portuguese (`seg`), Turkish (`sn`, *saniye*): clotting times
  ...['seg', 'seg.', 'segs', 'segundos', 'saniye'].map((k) => [k, 's'] as const),
  // HealthKit volume units
  ['fl_oz_us', '[foz_us]'],
  ['cup_us', '[cup_us]'],
  ...['gpt/l', 'giga/l'].map((k) => [k, '10*9/L'] as const),
  ...['tpt/l', 'tera/l'].map((k) => [k, '10*12/L'] as const),
  // Internationale Einheiten (de), unités internationales (fr), unidades internacionales (es): `IE`, `UI`
  ...['ie/ml', 'ui/ml'].map((k) => [k, '[IU]/mL'] as const),
  ...['mie/ml', 'mui/ml'].map((k) => [k, 'm[IU]/mL'] as const),
  ...['uie/ml', 'uui/ml'].map((k) => [k, 'u[IU]/mL'] as const),
  ...['kiu/l', 'kui/l', 'kie/l', 'k[iu]/l'].map((k) => [k, 'k[IU]/L'] as const),
  ...['ie', 'ui'].map((k) => [k, '[IU]'] as const),
  // volume percent (`Vol%`, German haematocrit) is a plain percent of the sample
  ...['vol%', 'vol %', 'vol.%', '%vol', '% vol'].map((k) => [k, '%'] as const),
  ['‰', '[ppth]'],
  ...['stone', 'stones', '[stone_av]'].map((k) => [k, '[stone_av]'] as const),
  ...['o/oo', 'promille'].map((k) => [k, '[ppth]'] as const),
  // sound exposure (HealthKit `dB(SPL)`, Apple's A-weighted `dBASPL`): UCUM's decibel sound pressure level
  ...['db(spl)', 'db spl', 'dbspl', 'dbaspl', 'db[spl]'].map((k) => [k, 'dB[SPL]'] as const),
  ...['titer', 'titre', 'titer(s)', '{titer}'].map((k) => [k, '{titer}'] as const),
  ...['copies/ml', 'kopien/ml', 'copias/ml', 'copie/ml', '{copies}/ml'].map((k) => [k, '{copies}/mL'] as const),
  ...['index_val', '{index_val}'].map((k) => [k, '{index_val}'] as const),
  ...['pushes', 'wheelchair pushes', '{pushes}'].map((k) => [k, '{pushes}'] as const),
  ...['strokes', '{strokes}'].map((k) => [k, '{strokes}'] as const),
  // latidos por minuto (es), breaths per minute (Fitbit)
  ...['lpm', 'brpm'].map((k) => [k, '/min'] as const),
  ...['r/min', 'rev/min', 'revolutions/min', 'spm', 'steps/min'].map((k) => [k, '/min'] as const),
  ...['stunden', 'stunde'].map((k) => [k, 'h'] as const),
  ...['flights', 'floors', '{flights}', 'stockwerke', 'etages', 'pisos'].map((k) => [k, '{flights}'] as const),
  // urobilinogen Ehrlich units, arbitrary units
  ...['eu/dl', 'ehrlich u/dl', 'ehrlich units/dl', "[ehrlich'u]/dl", "{ehrlich'u}/dl"].map(
    (k) => [k, "{Ehrlich'U}/dL"] as const,
  ),
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
  // molar shorthand of lab and research reports (`mM` glucose); lower-cased it would read as a length (mm, um, nm)
  ['mM', 'mmol/L'],
  ['uM', 'umol/L'],
  ['nM', 'nmol/L'],
  ['pM', 'pmol/L'],
  // a letter o typed for the degree sign; lower-case `oc` stays unknown
  ['oC', 'Cel'],
  ['oF', '[degF]'],
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

/** Placeholders a report or export writes where there is no unit: `N/A` would otherwise validate (newton per ampere). */
const NO_UNIT =
  /^(?:n\/?a|n\.a\.?|na|nd|n\.d\.?|k\.?\s?a\.?|none|null|nil|nan|undefined|unitless|no unit|sans unit[eé]|-+|[\u2012-\u2015\u2212]+|\.+|\/|\*|\?+|x)$/i;

/**
 * Characters that look like a degree sign and are typed for one (`º` masculine ordinal, `˚` ring, `ᵒ`, `⁰`).
 * Mapped before NFKC, which would turn `º` into the letter `o` and `⁰` into a zero.
 */
const DEGREE_LOOKALIKE = /[º˚ᵒ⁰°]\s*(?=[CcFf](?![A-Za-z]))/g;

const SUPERSCRIPT_DIGITS: Readonly<Record<string, string>> = {
  '⁰': '0',
  '¹': '1',
  '²': '2',
  '³': '3',
  '⁴': '4',
  '⁵': '5',
  '⁶': '6',
  '⁷': '7',
  '⁸': '8',
  '⁹': '9',
  '⁻': '-',
  '⁺': '',
};

/** `10⁹/L`, `x10³/µL`: a power of ten written in superscripts, which NFKC would flatten into `109`. */
const SUPERSCRIPT_POWER_OF_TEN = /10([⁻⁺]?[⁰¹²³⁴⁵⁶⁷⁸⁹]+)/g;

function powerOfTen(_all: string, exponent: string): string {
  return `10^${[...exponent].map((c) => SUPERSCRIPT_DIGITS[c] ?? c).join('')}`;
}

/**
 * Typography only: look-alike degree signs, superscript powers of ten, compatibility forms (NFKC: full-width
 * letters, `²`, `µ`), dashes and minus signs, invisible characters, middle dots as UCUM's `.` multiplication.
 */
function normaliseTypography(unit: string): string {
  return unit
    .replace(DEGREE_LOOKALIKE, '°')
    .replace(SUPERSCRIPT_POWER_OF_TEN, powerOfTen)
    .normalize('NFKC')
    .replace(/[\u00ad\u200b-\u200d\u2060\ufeff]/g, '')
    .replace(/[\u2010-\u2015\u2212\ufe63\uff0d]/g, '-')
    .replace(/[µμ]/g, 'u')
    .replace(/[·⋅∙•]/g, '.')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Mass units that `%` follows in the legacy "per 100 mL" notation (`mg%`, `g %`, `mg per cent`). */
const LEGACY_PERCENT = /^(m|u|n)?g\s*(?:%|per\s*cent|pct)$/i;

/**
 * Words of counted events per minute, in the corpus languages: `beats/min`, `Schläge/min`, `latidos/min` are `/min`,
 * the form HDS stores heart and respiratory rate in. A UCUM annotation written out (`{beats}/min`) is already
 * valid UCUM and is kept as written; the rate concepts accept both.
 */
const RATE_EVENT =
  /^(?:beats?|b|counts?|breaths?|br|resp(?:irations?)?|pulses?|schl(?:a|ä)ge|atemz(?:u|ü)ge|latidos|lat|respiraciones|battements|batt?|battiti|respiri|batimentos|respira(?:ç|c)(?:õ|o)es|cycles?)\s*(?:\/|per |pro |por |par |al )\s*(?:min|minutes?|minuto|mn)$/i;

/** Steps in the languages of the corpus (`Schritte`, `pasos`, `passi`, `passos`); a bare `pas` is too short to trust. */
const STEP_WORD = /^(?:steps?|\{steps\}|schritte|pasos|passi|passos)$/i;
const STEPS_PER_DAY =
  /^(?:steps?|\{steps\}|schritte|pasos|passi|passos)\s*(?:\/|per |pro |por |par |al )\s*(?:d|day|tag|d(?:i|í)a|jour|giorno|dia)$/i;

/**
 * Non-typographic spelling: legacy and locale forms rewritten toward UCUM before the table and validation.
 * Each rule covers a class of spellings (every `x10^n`, every `/100 mL`), not one string.
 */
function cleanSpelling(unit: string): string {
  const typed = latinUnitSymbols(normaliseTypography(unit));
  if (NO_UNIT.test(typed)) return '';
  // A bare number is a value in the unit column (`37`), not a unit; `1` is UCUM's unity, which ratios use.
  if (/^\d+(?:[.,]\d+)?$/.test(typed) && typed !== '1') return '';
  if (RATE_EVENT.test(typed)) return '/min';
  if (STEPS_PER_DAY.test(typed)) return '{steps}/d';
  if (STEP_WORD.test(typed)) return '{steps}';
  const legacyPercent = LEGACY_PERCENT.exec(typed);
  if (legacyPercent) return `${legacyPercent[1]?.toLowerCase() ?? ''}g/dL`;
  return (
    spellOutToSymbols(typed)
      // a note after the unit: `mg/dL (calc)`, `mL/min (est.)`
      .replace(/\s*\((?:calc(?:ulated)?|est(?:imated)?|derived|measured|approx)\.?\)$/i, '')
      // the microscope's magnification after a field count: `/HPF (40x)`, `/hpf (400X)`
      .replace(/^(\/\s*[hl]pf)\s*\(\s*\d+\s*x\s*\)$/i, '$1')
      .replace(/\bmicro(?=mol|g\b|gram|l\b|L\b)/gi, 'u')
      .replace(/(?<!\{)\bmc(?=g\b|mol\b|l\b|L\b|U\b|IU|kat)/gi, 'u')
      // OCR and typing put a lower-case l for the I of IU (`mlU/l`, `µlU/ml`), a capital I for the litre's l
      // (`mg/dI`, `mmol/I`), rn for m (`rng/dL`, `ng/rnL`, `rnmol/L`, `µrnol/L`) and a one for the l of mol (`mmo1/mo1`, which
      // UCUM would read as millimonths per month); none of these misreadings is itself a unit anyone reports in
      .replace(/\b([mu]?)lU(?=\/|$)/g, '$1IU')
      .replace(/(^|\/)([munpdc]?)I(?=$|\/)/g, '$1$2l')
      .replace(/(^|\/)([mun]?)rn(?=[glL]|mol|ol\b|eq|Eq)/g, '$1$2m')
      // and a one for the l of the decilitre (`mg/d1`: UCUM would read "per day")
      .replace(/\/d1$/, '/dL')
      // Japanese health-check sheets' ten thousand (万) per µL or mm³: `450万/µL` RBC, `25.0万/mm3` platelets
      .replace(/^万\s*\/\s*(?:[uµμ]l|mm3|mm³)$/i, '10*4/uL')
      // Indian reports' cubic millimetre: `cells/cumm`, `/cu mm`, `lakhs/cu.mm` (= per µL)
      .replace(/\/\s*cu\.?\s*mm\b|\/cumm\b/gi, '/mm3')
      .replace(/(^|\/)([munpf]?)mo1(?=$|\/)/g, '$1$2mol')
      .replace(/\bgms?(?=\/)/gi, 'g')
      // dotted abbreviations: `U.I./L`
      .replace(/(?<![\w.])([A-Za-z])\.([A-Za-z])\.(?=\/|$)/g, '$1$2')
      .replace(/\bmval\b/gi, 'meq')
      // HealthKit writes a molar unit with the molar mass it converts by: `mmol<180.15588000005408>/L`
      .replace(/<[\d.]+>/g, '')
      .replace(/(\d),(\d)/g, '$1.$2')
      // spelled-out division: `mg per dL`, `Zellen pro µl`, `g por L`, `pro µL`
      .replace(/\s+(?:per|pro|por|par)\s+/gi, '/')
      .replace(/^(?:per|pro|por|par)\s+/i, '/')
      // a count written as `#`: `#/mm3`, `# /hpf`
      .replace(/^#\s*\//, '/')
      // per n hours: `mg/24h`, `mg/24 hr`, `mL/8hr`; `mm/1h` is per hour
      .replace(/\/\s*1\s*(?:h|hr|hrs|hours?|std)\b\.?/gi, '/h')
      // … and in words: `mg/24 ore` (it), `mg/24 horas` (es, pt), `mg/24 heures` (fr), `mg/24 Stunden` (de)
      .replace(/\/\s*(\d+)\s*-?\s*(?:h|hr|hrs|hours?|std|ore|horas?|heures?|stunden)\b\.?/gi, '/($1.h)')
      .replace(/\/\s*(?:hr|hrs|hour)\b/gi, '/h')
      // a bare `/24` after an amount is per 24 hours in lab exports (`mg/24`, `mcg/24`): UCUM would read "per 24"
      .replace(/^([munpk]?(?:g|mol|eq|l|L|U))\/\s*24$/, '$1/(24.h)')
      // the D-dimer reporting unit written after the unit: `ng/mL FEU`, `mg/L DDU`
      .replace(/^(\S+?)\s*\(?\b(FEU|DDU)\)?$/i, (_all, unit: string, kind: string) => `${unit}{${kind.toUpperCase()}}`)
      .replace(/\/\s*(?:day|tag|jour|d[ií]a|giorno)\b/gi, '/d')
      // the legacy "per 100 mL" is per decilitre: `mg/100ml`, `g/100 mL`
      .replace(/\/\s*100\s*ml\b/gi, '/dL')
      // body-surface normalisation of eGFR and clearances: `/1.73m²`, `/1,73 qm`, `/1.73_m2`, `/1.73m*2` (EMIS), a
      // bare `/1.73`
      .replace(/\/\s*\{?1\.73\s*_?\s*(?:m2|m\^2|m\*2|qm|sq\.?\s*m)?\}?(?![\w.*])/gi, '/{1.73_m2}')
      // enzyme activity per gram of haemoglobin: `U/g Hb`, `U/g Hgb`
      .replace(/\/\s*g\s*(?:hb|hgb)\b/gi, '/g{Hb}')
      // osmolality per kilogram of water: `mOsm/kg H2O`
      .replace(/\/\s*kg\s*H2O$/i, '/kg')
      // Westergren ESR "in the first hour": `mm/1st hr`
      .replace(/\/\s*1st\s*(?:h|hr|hour)\b/gi, '/h')
      // creatinine-normalised ratios: `mg/g creat`, `mg/mmol Cr`, `mg/g Krea`
      .replace(/\/\s*(m?mol|g|mg)\s*(?:creat(?:inine?)?|crea|cr|krea(?:tinin)?|kre)\b/gi, '/$1{creat}')
      // counted cells per volume are a bare count in UCUM: `cells/µL`, `Zellen/µl`, `células/mm3`
      .replace(/^(?:cells?|zellen|c(?:e|é)lulas|cellules|cellule)\s*\//i, '/')
      // UCUM's bracketed arbitrary units written without brackets: `arb'U/mL`, `GPL'U`
      .replace(/(?<![[{\w])([A-Za-z]+'U)(?![\]}\w])/g, '[$1]')
      // powers of ten: `x10^9/L`, `× 10E3/µL`, `*10^3/mm3`, `10e9/l`
      .replace(/^[x×*]\s*10/i, '10')
      .replace(/^10\s*[eE]\s*\+?(-?\d+)/, '10^$1')
      .replace(/10\s*\^\s*\(?\+?(-?\d+)\)?/g, '10*$1')
      .replace(/\*/g, multiplicationOrPower)
      // negative exponents as division: `mmol·L⁻¹` → `mmol/L`, `mL·kg⁻¹·min⁻¹` → `mL/kg/min`
      .replace(/(^|[.\s])([A-Za-z[\]{}_']+)-1(?=$|[./\s])/g, '/$2')
      .replace(/^\/\//, '/')
      // a product after a division is the whole denominator as people write it: `mL/min·kg`, `nmol/L*s`
      .replace(/^([^/]+)\/([A-Za-z[\]_']+(?:\.[A-Za-z[\]_']+)+)$/, '$1/($2)')
      // a trailing full stop of an abbreviation: `sec.`, `Std.`, `lbs.`
      .replace(/(?<=[A-Za-z])\.$/, '')
      .replace(/\s*\/\s*/g, '/')
      .trim()
  );
}

/** `*` is UCUM's power sign after a 10 (`10*9/L`) and a multiplication elsewhere (`µg*h/l`, `nmol/(L*s)`). */
function multiplicationOrPower(star: string, offset: number, whole: string): string {
  return /10$/.test(whole.slice(0, offset)) && /^\*[-+]?\d/.test(whole.slice(offset)) ? star : '.';
}

const PREFIX_SYMBOLS: Readonly<Record<string, string>> = {
  kilo: 'k',
  deci: 'd',
  centi: 'c',
  milli: 'm',
  micro: 'u',
  nano: 'n',
  pico: 'p',
  femto: 'f',
};
const BASE_SYMBOLS: Readonly<Record<string, string>> = {
  gram: 'g',
  gramme: 'g',
  meter: 'm',
  metre: 'm',
  liter: 'L',
  litre: 'L',
  mole: 'mol',
  mol: 'mol',
  joule: 'J',
  watt: 'W',
  pascal: 'Pa',
  hertz: 'Hz',
  second: 's',
};
const SPELLED_UNIT =
  /\b(kilo|deci|centi|milli|micro|nano|pico|femto)?(gramme|gram|meter|metre|liter|litre|mole|mol|joule|watt|pascal|hertz|second)s?\b/gi;

/** Unit names written out (`milligrams per decilitre`, `meters`, `hertz`, HealthKit's `watt`) as UCUM symbols. */
function spellOutToSymbols(unit: string): string {
  return unit.replace(SPELLED_UNIT, (_all, prefix: string | undefined, base: string) => {
    const symbol = BASE_SYMBOLS[base.toLowerCase()] ?? base;
    return `${prefix ? (PREFIX_SYMBOLS[prefix.toLowerCase()] ?? '') : ''}${symbol}`;
  });
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

/**
 * Written in capitals (`MG/ML`, `PG/ML`, `MU/L`): US lab systems print units upper-case, where UCUM's case would read
 * mega-, peta- and giga- prefixes. Only letters outside `[…]` and `{…}` count; one capital (`U/L` aside) is no shout.
 */
function isShouted(typed: string): boolean {
  const outside = typed.replace(/\[[^\]]*\]|\{[^}]*\}/g, '');
  return !/\p{Ll}/u.test(outside) && (outside.match(/\p{Lu}/gu) ?? []).length >= 2;
}

/**
 * The case a shouted unit means: lower case, except the enzyme unit (`U`, `kU`, `mU`, `uU`), the litre and the
 * pascal and hertz, which UCUM writes with a capital. Brackets keep their own case (`[IU]`).
 */
function unshout(cleaned: string): string {
  return cleaned
    .replace(/\[[^\]]*\]|\{[^}]*\}|[^[{]+/g, (part) =>
      part.startsWith('[') || part.startsWith('{') ? part : part.toLowerCase(),
    )
    .replace(/(^|[/.(])([kmu]?)u(?=$|[/.)\d])/g, '$1$2U')
    .replace(/(^|[/.(])([munpfdc]?)l(?=$|[/.)\d])/g, '$1$2L')
    .replace(/(^|[/.(])(k?)pa(?=$|[/.)])/g, '$1$2Pa')
    .replace(/(^|[/.(])(k?)hz(?=$|[/.)])/g, '$1$2Hz');
}

function resolveUnit(raw: string): string | null {
  const cleaned = cleanSpelling(raw);
  if (cleaned === '') return null;
  const synonym = CASE_SENSITIVE_SYNONYMS.get(cleaned) ?? UNIT_SYNONYMS.get(cleaned.toLowerCase());
  if (synonym) return synonym;
  if (REJECTED_UNITS.has(cleaned)) return null;
  if (isShouted(normaliseTypography(raw))) return validUcum(unshout(cleaned));
  // Mixed case (`mMol/L`): UCUM is case-sensitive, so retry in lower case only on failure.
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
