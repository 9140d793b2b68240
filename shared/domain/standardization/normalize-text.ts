import { foldKanaLookalikes, foldTraditionalChinese } from './cjk-fold';
import { LATIN_LOOKALIKES } from './latin-lookalikes';

/**
 * Words that name the specimen, method or framing of a test rather than the analyte. Dropping them lets
 * "Serum glucose level" and "glucose" meet. Specimens that change the LOINC code (urine, CSF, capillary) are kept.
 */
const NOISE_WORDS = new Set([
  'serum',
  'plasma',
  'blood',
  'bld',
  'ser',
  'plas',
  'serpl',
  'whole',
  'level',
  'levels',
  // `Digoxin Lvl`, `Lithium Lvl`: Cerner's and Meditech's short form of `level`.
  'lvl',
  'value',
  'values',
  'result',
  'results',
  'test',
  'measurement',
  'the',
  'of',
  'in',
  'sanguine',
  'serique',
  'serico',
  'serica',
  'en',
  'sangre',
  'im',
  'or',
  'conc',
  'concentration',
  'reading',
  'pl',
]);

/**
 * Token standing for "whole blood". Blood-gas and point-of-care analysers report sodium, glucose or creatinine in
 * whole blood, which LOINC codes apart from serum; plain "blood" stays a noise word ("blood glucose" is serum).
 */
export const WHOLE_BLOOD = 'wb';

/** LOINC property written into a name (`Glucose [Moles/volume]`, `Creat SerPl-sCnc`): chooses molar vs mass. */
export type PropertyHint = 'mass' | 'moles' | null;

/** Different spellings of one qualifier, so `Neutrophils %` and `neutrophils percent` normalise alike. */
const TOKEN_ALIASES: ReadonlyMap<string, string> = new Map([
  ['percent', 'pct'],
  ['percentage', 'pct'],
  ['absolute', 'abs'],
  ['haemoglobin', 'hemoglobin'],
  ['haematocrit', 'hematocrit'],
  ['gesamt', 'total'],
  ['antibodies', 'antibody'],
  ['ab', 'antibody'],
  ['ak', 'antibody'],
  ['antikorper', 'antibody'],
  ['ur', 'urine'],
  // `URINARY MICROALBUMIN`, `Urinary albumin/creatinine ratio`: the adjective names the same specimen.
  ['urinary', 'urine'],
  // `Calories burnt`, Huawei's `DT_CONTINUOUS_CALORIES_BURNT`: the British past participle of `burned`.
  ['burnt', 'burned'],
]);

const URINE_WORDS = new Set(['urine', 'ur', 'urina', 'orina', 'urin']);
const BLOOD_WORDS = new Set(['sangre', 'sang', 'sangue']);
const WHOLE_WORDS = new Set(['total', 'entera', 'entero', 'intero', 'inteiro']);

/** `24 hr`, `24-hour`, `2h`: one token per duration, so report and synonym spellings meet. */
const HOUR_WORDS = new Set(['h', 'hr', 'hrs', 'hour', 'hours', 'std', 'stunden']);
const DURATION_TOKEN = /^(\d+)(?:h|hr|hrs|hour|hours)$/;

/**
 * Scandinavian/German lab prefixes (`S-Kreatinin`, `P-Glukose`) name the specimen, like "serum" above; so does the
 * `Sr.`/`Sr` South Asian reports write before a serum test (`Sr. Creatinine`, `SR.CREATININE`).
 */
const SPECIMEN_PREFIX = /^(?:s|p|b|fs|fp|ps|sp|sr)$/;
/** `B-Hb`: whole blood, which changes the code for some tests; `U-Albumin`: urine. */
const PREFIX_TOKENS: ReadonlyMap<string, string> = new Map([
  ['u', 'urine'],
  ['du', 'urine'],
]);
/** `B-Hb` is blood haemoglobin, but `B lymphocytes` / `B cells` are a cell type (OCR's `B lyrnphocytes` too): keep the B. */
const B_CELL_WORD = /^(?:ly[mr]n?ph|lymf|cell|zell)/;

/**
 * Normalises an indicator name for lookup: Unicode compatibility forms, accents removed, lower case, camelCase and
 * snake_case split, punctuation to spaces, `%` → `pct`, `#` → `abs`, specimen/method noise words dropped.
 * Deterministic and locale-independent; traditional Chinese characters of lab vocabulary are folded to simplified
 * (`cjk-fold.ts`), other CJK characters pass through unchanged.
 */
export function normalizeIndicatorText(name: string): string {
  return analyseIndicatorText(name).key;
}

export interface AnalysedName {
  /** Normalised lookup key. */
  key: string;
  /** Mass or molar property when the name states it. */
  property: PropertyHint;
}

// Polish reports and catalogues abbreviate the property in brackets: `Kreatynina (stęż. mas.)`, `(stęż. mol.)`.
const PROPERTY_PATTERN =
  /\[\s*(mass|moles|substance)\s*\/\s*volume\s*\]|-\s*([msac])cnc\b|\(\s*stęż(?:enie|\.)?\s*(mas|mol)(?:owe|\.)?\s*\)/gi;

// Russian reports type an element's or a cell's short form on the Cyrillic keyboard (`Калий (К)`, `Кальций (Са)`,
// `Моноциты (МО)`): it reads as the Latin symbol it looks like.
const LOOKALIKE_SHORT_FORM = /\(([АВЕКМНОРСТХаеорсх]{1,4}%?)\)/gu;

/** `(К)` → `(K)`: a bracketed short form written only in Cyrillic look-alikes of Latin letters. */
function latinShortForms(name: string): string {
  return name.replace(
    LOOKALIKE_SHORT_FORM,
    (_all, short: string) => `(${[...short].map((c) => LATIN_LOOKALIKES[c] ?? c).join('')})`,
  );
}

/** Lookup key and the property hint (`[Mass/volume]`, `-sCnc`, `(stęż. mol.)`) of an indicator name. */
export function analyseIndicatorText(name: string): AnalysedName {
  let property: PropertyHint = null;
  const withoutProperty = latinShortForms(name).replace(
    PROPERTY_PATTERN,
    (_all, word: string | undefined, short: string | undefined, polish: string | undefined) => {
      const kind = (word ?? short ?? polish ?? '').toLowerCase();
      if (kind === 'mass' || kind === 'm' || kind === 'mas') property = 'mass';
      else if (kind === 'moles' || kind === 'substance' || kind === 's' || kind === 'mol') property = 'moles';
      return ' ';
    },
  );
  return { key: normalizeTokens(withoutProperty), property };
}

/** Zero-width and soft-hyphen characters pasted in from PDFs and web pages: they join, not split, words. */
const INVISIBLE = /[\u00ad\u200b-\u200d\u2060\ufeff]/g;

/**
 * Vendor field names into words: `restingHeartRate`, `HeartRateVariabilitySDNN`, `HDLCholesterol`, `spo2Avg`.
 * A run of capitals stays one acronym (`HDL`, `SDNN`); a single lower-case letter before capitals is part of a
 * lab acronym, not a camelCase word (`eGFR`, `pCO2`, `mRNA` stay whole).
 */
function splitVendorCase(name: string): string {
  return (
    name
      // a two-letter word inside camelCase: `frecuenciaCardiacaEnReposo`, `glucoseInBlood` (not `HbA1c`, `IgG`)
      .replace(/(?<=\p{Ll})(\p{Lu}\p{Ll})(?=\p{Lu}\p{Ll})/gu, ' $1 ')
      // `restingHeart`, `hsCRP`: two or more lower-case letters then a capital. Written as look-arounds: a captured
      // `\p{Ll}{2,}` retried from every letter of a long run without a capital after it is quadratic.
      .replace(/(?<=\p{Ll}{2})(?=\p{Lu})/gu, ' ')
      // `HDLCholesterol`, `SGOTLevel`: an acronym then a capitalised word
      .replace(/(?<=\p{Lu}{2})(?=\p{Lu}\p{Ll}{2})/gu, ' ')
      // `spo2Avg`, `T4Free`: a digit then a capitalised word
      .replace(/(\p{N})(?=\p{Lu}\p{Ll}{2,})/gu, '$1 ')
  );
}

function normalizeTokens(name: string): string {
  const spaced = splitVendorCase(
    foldTraditionalChinese(foldKanaLookalikes(name.normalize('NFKC').replace(INVISIBLE, ''))),
  )
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/%/g, ' pct ')
    .replace(/#/g, ' abs ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ');
  const tokens: string[] = [];
  let bloodWord: string | undefined;
  const raw = spaced.split(' ').filter(Boolean);
  for (let i = 0; i < raw.length; i++) {
    const token = raw[i] as string;
    const next = raw[i + 1];
    // "whole blood", "Vollblut", "in Blood" / "of Blood" (LOINC's system for whole-blood tests) → one token.
    if ((token === 'whole' || token === 'in' || token === 'of') && next === 'blood') {
      if (!tokens.includes(WHOLE_BLOOD)) tokens.push(WHOLE_BLOOD);
      i++;
      continue;
    }
    // `sangre total`, `sang total`, `sangue intero`: whole blood in Spanish, French, Italian and Portuguese, where the
    // specimen word alone (`sangre`) is the lay word for blood and `total` would read as the total amount.
    if (BLOOD_WORDS.has(token) && WHOLE_WORDS.has(next ?? '')) {
      if (!tokens.includes(WHOLE_BLOOD)) tokens.push(WHOLE_BLOOD);
      i++;
      continue;
    }
    if (token === 'vollblut' || token === WHOLE_BLOOD) {
      if (!tokens.includes(WHOLE_BLOOD)) tokens.push(WHOLE_BLOOD);
      continue;
    }
    if (NOISE_WORDS.has(token)) {
      if (BLOOD_WORDS.has(token)) bloodWord = token;
      continue;
    }
    // `Potassium, Random Urine`, `Sodium spot urine`: an untimed collection is LOINC's plain `Urine` system.
    if ((token === 'random' || token === 'spot') && (URINE_WORDS.has(next ?? '') || tokens.at(-1) === 'urine'))
      continue;
    if (i === 0 && i < raw.length - 1) {
      if (SPECIMEN_PREFIX.test(token) && !(token === 'b' && B_CELL_WORD.test(next ?? ''))) continue;
      const prefixed = PREFIX_TOKENS.get(token);
      if (prefixed) {
        tokens.push(prefixed);
        continue;
      }
    }
    if (/^\d+$/.test(token) && next !== undefined && HOUR_WORDS.has(next)) {
      tokens.push(`${token}h`);
      i++;
      continue;
    }
    const duration = DURATION_TOKEN.exec(token);
    if (duration) {
      tokens.push(`${duration[1]}h`);
      continue;
    }
    tokens.push(TOKEN_ALIASES.get(token) ?? valueSuffixDropped(token));
  }
  // `Sangre en orina`: the blood is the analyte (the strip's blood pad) where nothing but the urine is left, and a
  // key of the urine alone would name no test (every `Proteína (orina)` read its bracket as this one).
  if (bloodWord && tokens.length > 0 && tokens.every((token) => URINE_WORDS.has(token))) tokens.unshift(bloodWord);
  return tokens.join(' ');
}

/**
 * Japanese reports write `値` (value) after a test's name (`尿酸値`, `血糖値`, `ヘマトクリット値`), as English writes
 * `level`: dropped like the noise words, when a name of two characters or more is left.
 */
function valueSuffixDropped(token: string): string {
  return token.length >= 3 && token.endsWith('値') ? token.slice(0, -1) : token;
}

/** Word order rarely changes meaning in test names ("glucose fasting" = "fasting glucose"), so a sorted key too. */
export function sortedTokenKey(normalized: string): string {
  return normalized.split(' ').sort().join(' ');
}
