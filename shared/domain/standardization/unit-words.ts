/**
 * Vendor field names often end in the unit they are reported in (`weightInGrams`, `restingHeartRateInBeatsPerMinute`,
 * `hrv_rmssd_milli`, `activeKilocalories`): the unit is the reading's, not part of the test's name. These are the
 * unit words such names end in, as normalised tokens, longest first.
 */
const TRAILING_UNIT_WORDS: readonly (readonly string[])[] = [
  ['beats', 'per', 'minute'],
  ['breaths', 'per', 'minute'],
  ['per', 'minute'],
  ['mm', 'hg'],
  ['kg', 'm2'],
  ['kgm2'],
  ['degrees', 'celsius'],
  ['grams'],
  ['gram'],
  ['kilograms'],
  ['kilogram'],
  ['kg'],
  ['milligrams'],
  ['pounds'],
  ['lbs'],
  ['milli'],
  ['millis'],
  ['milliseconds'],
  ['ms'],
  ['seconds'],
  ['secs'],
  ['minutes'],
  ['mins'],
  ['bpm'],
  ['rpm'],
  ['brpm'],
  ['meters'],
  ['metres'],
  ['centimeters'],
  ['centimetres'],
  ['cm'],
  ['millimeters'],
  ['celsius'],
  ['fahrenheit'],
  ['inches'],
  ['hours'],
  ['hrs'],
  ['liters'],
  ['litres'],
  ['mmhg'],
];

/** Energy units that name what is counted (`activeKilocalories` is active calories), not a unit annotation. */
const ENERGY_WORDS: ReadonlyMap<string, string> = new Map([
  ['kilocalories', 'calories'],
  ['kcal', 'calories'],
  ['kcals', 'calories'],
]);

/** `x 1000`, `x10 9`, `x 10^3`: a multiplier written after a count's name belongs to its unit (`K/uL`). */
function withoutFactor(tokens: string[]): string[] {
  const n = tokens.length;
  if (n >= 3 && tokens[n - 2] === 'x' && /^10+$|^10\d$/.test(tokens[n - 1] as string)) return tokens.slice(0, n - 2);
  if (n >= 4 && tokens[n - 3] === 'x' && tokens[n - 2] === '10' && /^\d$/.test(tokens[n - 1] as string)) {
    return tokens.slice(0, n - 3);
  }
  if (n >= 3 && /^x10+$/.test(tokens[n - 2] as string) && /^\d$/.test(tokens[n - 1] as string))
    return tokens.slice(0, n - 2);
  if (n >= 2 && /^x10+$/.test(tokens[n - 1] as string)) return tokens.slice(0, n - 1);
  return tokens;
}

/**
 * The normalised key without the unit words or multiplier it ends in, with energy units read as calories; null when nothing
 * changed or nothing would be left.
 */
export function withoutUnitWords(normalized: string): string | null {
  let tokens = withoutFactor(normalized.split(' ').map((t) => ENERGY_WORDS.get(t) ?? t));
  // `activeCaloriesKcal`: the energy unit after the word it counts is the unit, not a second name of it.
  if (tokens.length > 2 && tokens.at(-1) === 'calories' && tokens.at(-2) === 'calories') tokens = tokens.slice(0, -1);
  let changed = tokens.join(' ') !== normalized;
  for (const words of TRAILING_UNIT_WORDS) {
    if (tokens.length <= words.length) continue;
    const tail = tokens.slice(tokens.length - words.length);
    if (tail.every((t, i) => t === words[i])) {
      tokens = tokens.slice(0, tokens.length - words.length);
      changed = true;
      break;
    }
  }
  return changed ? tokens.join(' ') : null;
}

/**
 * Bare unit words a column header may end in without brackets (`Weight kg`, `Pulse bpm`), as written: `MS` in
 * `Estriol (MS)` is mass spectrometry, not milliseconds. `rpm`, `brpm`: breaths (respirations) per minute, as WHOOP
 * and sleep apps head a respiratory-rate column (`Respiratory rate (rpm)`).
 */
const BARE_UNITS = new Set(['kg', 'g', 'cm', 'mm', 'mmHg', 'bpm', 'rpm', 'brpm', 'kcal', 'ms', 'lb', 'lbs']);

/**
 * Units a header writes only in brackets: a temperature's degrees, a duration's (`Asleep duration (min)`, WHOOP's
 * export; `Sleep Analysis [Asleep] (hr)`, Apple Health's) and `count` (`Step Count (count)`; a BMI in `count` keeps a
 * unit BMI is never given in, as the team set labels it). Bare after a space they would be words of the name.
 */
const BRACKETED_UNITS = new Set(['°C', 'ºC', '°F', 'ºF', 'degC', 'degF', 'min', 'hr', 'h', 'count']);

/**
 * Unit-shaped text: a ratio, a percent, a power, or one of the bare unit words; not a code that UCUM would also parse
 * (`h5` in `troponin I hs` misread, `1600` in `Cortisol (1600)`).
 */
function looksLikeUnit(text: string, bracketed: boolean): boolean {
  return (
    (/[/%^*]/.test(text) && /\p{L}|%/u.test(text)) || BARE_UNITS.has(text) || (bracketed && BRACKETED_UNITS.has(text))
  );
}

export interface UnitInName {
  /** The name without its unit. */
  rest: string;
  /** The unit as written (`mg/dL`), for `normalizeUnit`. */
  unit: string;
}

/**
 * A unit written into the name itself, as CSV headers and LIS exports do (`Glucose (mg/dL)`, `WBC [10^9/L]`,
 * `Potassium, mmol/L`, `Weight kg`): in brackets or after the last comma or space, unit-shaped, and a unit UCUM
 * accepts (`isUnit`). Null when the name carries none, or nothing would be left.
 */
export function unitWrittenInName(name: string, isUnit: (text: string) => boolean): UnitInName | null {
  const trimmed = name.trim();
  const patterns = [/^(.+?)\s*\(([^()]+)\)$/, /^(.+?)\s*\[([^[\]]+)\]$/, /^(.+?)\s*,\s*(\S+)$/, /^(.+?)\s+(\S+)$/];
  for (const [index, pattern] of patterns.entries()) {
    const match = pattern.exec(trimmed);
    if (!match) continue;
    const rest = (match[1] as string).trim();
    const unit = (match[2] as string).trim();
    if (rest && looksLikeUnit(unit, index < 2) && isUnit(unit)) return { rest, unit };
  }
  return null;
}

/**
 * `VS 1ère heure` / `Blutsenkung 1h` / `ESR 1st hour` in `mm`: a sedimentation rate's hour written in the name and
 * only its millimetres in the unit column. The hour belongs to the unit (`mm/h`, millimetres in the first hour); the
 * name without it is read in that unit. Only `mm` with the first hour: a second-hour reading (`2h`) is another
 * observation LOINC codes apart, and no other unit is a per-hour rate cut in two.
 */
const FIRST_HOUR =
  /(?<![\p{L}\p{N}])(?:1\s*(?:st|ère|re|er|e|a|ª|\.)?\s*(?:h|hr|hour|hora|ora|heure|Stunde|Std)\.?|first hour|prima ora|primera hora|première heure)(?![\p{L}\p{N}])/iu;

export function firstHourWrittenInName(name: string, unit: string | null): { rest: string; unit: string } | null {
  if (unit !== 'mm' || name.length > 80 || !FIRST_HOUR.test(name)) return null;
  const rest = name
    .replace(FIRST_HOUR, ' ')
    .replace(/\(\s*\)|\s{2,}/g, ' ')
    .trim();
  return rest ? { rest, unit: 'mm/h' } : null;
}
