/**
 * The part of a reading after its name: value, unit, reference range and flag, in whatever order a layout puts them
 * (`104 mg/dL (70-99) H`, `104 H mg/dL 65-99`, `11,8 ↓ g/dl 12,0 - 15,4`, `6.1 %`, `Negative  Negative`).
 * Everything is returned as written; only the separators around the parts (parentheses, `Ref:`) are dropped.
 */
import { normalizeUnit } from '#standardization';
import { TextMemo } from './text-memo';

export interface Measurement {
  value: string;
  unit: string | null;
  referenceRange: string | null;
  flag: string | null;
  /** The value is a word (`negative`, `trace`, `2+`) rather than a number. */
  qualitative: boolean;
  /** Text left after the parts that were recognised ('' when the whole input was read). */
  rest: string;
}

/** A number as written: thousands separators (`1,250`, `1.120`, `1'250`), decimal point or comma. */
const NUMBER = String.raw`[-+]?(?:\d{1,3}(?:[,.']\d{3})+(?:[.,]\d+)?|\d+(?:[.,]\d+)?)`;
/** Not followed by more digits, a date/time/range continuation, or a word joined by a hyphen (`58-year-old`). */
const NUMBER_END = String.raw`(?!\d)(?![.,:/'-]\d)(?!-\p{L})`;
const COMPARATOR = `(?:<=|>=|=<|=>|≤|≥|<|>)`;

/** A numeric result as written, perhaps after a comparator (`104`, `< 0.5`, `≥90`, `1,250`): a pattern's source. */
export const NUMERIC_RESULT = String.raw`(?:${COMPARATOR}\s?)?${NUMBER}`;

const NUMERIC_VALUE = new RegExp(`${NUMERIC_RESULT}${NUMBER_END}`, 'uy');
/**
 * A result in E notation, as viral loads and other wide-range assays print them (`1.53E+03`, `<2.0E+01`, `4.1e5`):
 * a short mantissa and a one- or two-digit exponent, nothing glued after it (`2609012E0345` is a code, not a value).
 */
const E_NOTATION_VALUE = new RegExp(
  String.raw`(?:${COMPARATOR}\s?)?\d{1,3}(?:[.,]\d{1,4})?[eE][+-]?\d{1,2}(?![\p{L}\d])(?![.,/-]\d)`,
  'uy',
);
/** Blood pressure and other paired values: `128/82`, `135 / 85`. */
const RATIO_VALUE = /\d{2,3}\s?\/\s?\d{2,3}(?![\d/])(?![.,]\d)/y;
/**
 * A number as OCR of a photo misreads it: `l` or `I` for 1 and `O` or `o` for 0 among its digits (`l02`, `4.l`, `1O4`).
 * At least one real digit; `O2` (oxygen) is a name, not a number.
 */
const OCR_NUMBER = /[-+]?[\dlIOo]+(?:[.,][\dlIOo]+)?(?=$|[\s;)(\]])/y;

function repairOcrNumber(token: string): string | null {
  if (!/\d/.test(token) || !/[lIOo]/.test(token) || /^[Oo]\d$/.test(token)) return null;
  return token.replace(/[lI]/g, '1').replace(/[Oo]/g, '0');
}

/** Dipstick grades: `1+`, `2+`, `+++`. */
const DIPSTICK_VALUE = /(?:[1-4]\+|\+{1,4})(?=$|[\s,;)])/y;
/** A count range given as the result (`10-20` cells per field in urine microscopy). */
const SPAN_VALUE = new RegExp(String.raw`\d+\s?-\s?\d+${NUMBER_END}`, 'uy');
/**
 * A count per microscope field right after a span (`5-9 /HPF`, `6-10/hpf`, `2-4 per LPF`): microscopy reports the
 * count as a span, so the span is the value even outside a result cell. A reference span carries no field unit of its
 * own before the value (`0 - 2` after `6-10 /HPF`), so it is not taken for one.
 */
const FIELD_COUNT_UNIT = /\s*(?:\/|per\s|por\s|x\s)\s?(?:hpf|lpf|hp|lp|campo|champ|gesichtsfeld|gf)(?![\p{L}\d])/iuy;
/**
 * The per-field unit as Latin American sediment reports spell it in words (`25-50 x campo`, `2 por campo`): a unit of
 * two words, which the token-wise unit reader would split at `x`.
 */
const FIELD_UNIT_PHRASE = /(?:x|por|per)\s(?:campo|champ|field|hpf|lpf)(?![\p{L}\d])/iuy;

/**
 * Sediment crystals named by their kind (`Crystals  Calcium Oxalate (+)`, `Cristales  Uratos amorfos`): the result of
 * a crystals row. Only the kinds whose names are no test of their own are listed (`Uric acid` is one).
 */
const CRYSTAL_KINDS = [
  'calcium oxalate',
  'oxalato de calcio',
  'oxalato de cálcio',
  'oxalate de calcium',
  'ossalato di calcio',
  'calciumoxalat',
  'kalziumoxalat',
  'amorphous urates',
  'amorphous phosphates',
  'uratos amorfos',
  'fosfatos amorfos',
  'urates amorphes',
  'phosphates amorphes',
  'urati amorfi',
  'fosfati amorfi',
  'triple phosphate',
];

const QUALITATIVE_WORDS = [
  // Urinalysis and sediment words in the seven languages (colour, aspect, trace, few/many, increased), longest
  // first: an alternation takes the first word that fits, and `amarelo` must not cut `amarelo citrino` short.
  'amarelo citrino',
  'amarelo claro',
  'amarelo escuro',
  'amarillo claro',
  'amarillo pálido',
  'amarillo ámbar',
  'giallo paglierino',
  'jaune clair',
  'jaune paille',
  'light yellow',
  'straw yellow',
  'ligeiramente turvo',
  'ligeiramente turva',
  'ligeramente turbio',
  'leggermente torbido',
  'légèrement trouble',
  'leicht trüb',
  'slightly cloudy',
  'slightly hazy',
  'amarelo',
  'citrino',
  'âmbar',
  'ámbar',
  'pajizo',
  'giallo',
  'paglierino',
  'ambrato',
  'ambré',
  'hellgelb',
  'dunkelgelb',
  'strohgelb',
  'límpido',
  'límpida',
  'limpido',
  'limpida',
  'transparente',
  'turvo',
  'turva',
  'torbido',
  'traços',
  'traço',
  'tracce',
  'indicios',
  'poucas',
  'poucos',
  'algumas',
  'alguns',
  'frequentes',
  'scarse',
  'scarso',
  'scarsa',
  'scarsi',
  'numerose',
  'numerosi',
  'rari',
  'assenti',
  'assente',
  'presenti',
  'presente',
  'rares',
  'quelques',
  'nombreuses',
  'nombreux',
  'vereinzelt',
  'wenige',
  'reichlich',
  'zahlreich',
  'aumentada',
  'aumentado',
  'aumentata',
  'aumentato',
  'augmentée',
  'vermehrt',
  'increased',
  'not detected',
  'none detected',
  'non detected',
  'nicht nachweisbar',
  // German `n.n.` (nicht nachweisbar) and the Italian, Spanish and Portuguese "not detectable"
  'n. n.',
  'n.n.',
  'non rilevabile',
  'non rilevato',
  'no detectable',
  'indetectable',
  'não detectado',
  'não detectável',
  'no detectado',
  'non détecté',
  'non detecte',
  'none seen',
  'not found',
  'not seen',
  'non-reactive',
  'nonreactive',
  'non reactive',
  'pale yellow',
  'dark yellow',
  'negative',
  'negativ',
  'negativo',
  'negativa',
  'négatif',
  'négative',
  'negatif',
  // Nordic portals abbreviate with a dot (Omakanta `Pos.`, `Neg.`); listed before the bare words so the dot is kept.
  'neg.',
  'neg',
  'positive',
  'positiv',
  'positivo',
  'positiva',
  'positif',
  'pos.',
  'pos',
  'traces',
  'trace',
  'trazas',
  'spuren',
  'undetectable',
  'indétectable',
  'detected',
  'nachweisbar',
  'detectado',
  'détecté',
  'reactive',
  'absent',
  'absente',
  'présent',
  'present',
  'normal',
  'abnormal',
  'clear',
  'cloudy',
  'hazy',
  'turbid',
  'yellow',
  'straw',
  'amber',
  'colorless',
  'colourless',
  'klar',
  'trüb',
  'gelb',
  'limpide',
  'trouble',
  'jaune',
  'claro',
  'turbio',
  'amarillo',
  // Spanish and Portuguese sediment grades (`Celulas epiteliales  Escasas`, `Bacterias  No se observan`)
  'regular cantidad',
  'moderada cantidad',
  'abundante cantidad',
  'escasa cantidad',
  'numerosos',
  'numerosas',
  // Argentine urinalysis: `Proteínas  No contiene`, `Glucosa  Contiene indicios`
  'no contiene',
  'não contém',
  'contiene indicios',
  'indicios',
  'no se observan',
  'no se observa',
  'escasas',
  'escasos',
  'escasa',
  'escaso',
  'abundantes',
  'abundante',
  'moderadas',
  'moderados',
  'raras',
  'raros',
  'ausentes',
  'ausente',
  'few',
  'moderate',
  'many',
  'rare',
  'occasional',
  'none',
  'nil',
  ...CRYSTAL_KINDS,
  // Chinese, Japanese and Korean microscopy grades: not seen, not detected, occasional, trace, few, moderate, many
  '未见',
  '未見',
  '未检出',
  '未檢出',
  '検出せず',
  '偶见',
  '微量',
  '少量',
  '少数',
  '中量',
  '大量',
  '多数',
  '없음',
  '미량',
  '소량',
  '다량',
  // Chinese, Japanese and Korean urinalysis and serology: negative, weakly positive, positive
  '阴性',
  '弱阳性',
  '阳性',
  '陰性',
  '弱陽性',
  '陽性',
  '음성',
  '약양성',
  '양성',
  // Not detected, as CJK molecular and serology results write it (`미검출`, `未検出`, `未检出`)
  '미검출',
  '불검출',
  '未検出',
  '検出せず',
  '未检出',
];
const QUALITATIVE_ALTERNATION = QUALITATIVE_WORDS.map((w) => w.replace(/\./g, '\\.').replace(/[-\s]/g, '[-\\s]')).join(
  '|',
);
const QUALITATIVE_VALUE = new RegExp(String.raw`(?:${QUALITATIVE_ALTERNATION})(?![\p{L}\d])`, 'iuy');
/**
 * CJK printouts grade a negative or positive result in brackets after the word: `阴性(-)`, `弱阳性(±)`, `陽性(2+)`,
 * `양성(+)`. The grade is part of the result as written, not a reference range.
 */
const CJK_GRADED_VALUE = /(?:弱?阳性|阴性|弱?陽性|陰性|약?양성|음성)\s?\((?:\+{1,4}|[1-4]\+|-|±)\)/uy;

/**
 * A microscopy or serology word graded in brackets (`Seen (+)`, `Malaria parasite  Seen (++)`, `Reactive (+)`, West
 * African slips): the grade is part of the result. `Seen` counts only so graded: alone it is a word of prose.
 */
const GRADED_WORD_VALUE =
  /(?:not\s+seen|seen|positive|negative|reactive|non-?reactive|present|absent|detected|not\s+detected)\s?\((?:\+{1,4}|[1-4]\+|-|±)\)/iuy;

/** A crystal kind graded in brackets (`Calcium Oxalate (+)`, `Oxalato de calcio (++)`): the grade is part of the result. */
const GRADED_CRYSTAL_VALUE = new RegExp(
  String.raw`(?:${CRYSTAL_KINDS.map((w) => w.replace(/\s/g, '\\s')).join('|')})\s?\((?:\+{1,4}|[1-4]\+)\)`,
  'iuy',
);

/** The same words anywhere, for checking whole cells. */
export const QUALITATIVE_CELL = new RegExp(String.raw`^(?:${QUALITATIVE_ALTERNATION}|[1-4]\+|\+{1,4})$`, 'iu');

/**
 * Single-letter and symbol flags are case-sensitive (`h` is the hour); word flags are not. CJK printouts write
 * 偏高/偏低 (Chinese), 高/低, 높음/낮음 (Korean) in their flag column.
 */
// Epic flowsheets mark an abnormal cell `(!)`. Arrows and triangles (▲/▼ in Chinese and Korean printouts) are never part of a word, so they may touch what
// follows (`128g/L↓(130-175)`); letters and stars may not.
const FLAG_SYMBOL =
  /(?:↑↑?|↓↓?|⬆|⬇|▲|▼)|(?:\((?:HH|LL|H|L|A|N|Y|D|!{1,2})\)|HH|LL|AA|H|L|A|N|\*{1,3}|!{1,2})(?=$|[\s,;)|])/y;
// NHS GP records (EMIS, SystmOne; SNOMED wording) print the flag as a phrase: `Above high reference limit`,
// `Below low reference limit`; the NHS App shortens it to `Above range`. 1177 Journalen (Sweden) and the Nordic and German
// portals write the side of the interval: `Över referensintervall`, `Under referensintervall`, `Over referanseområdet`,
// `Über Referenzbereich`. Finnish Omakanta writes `Korkea`/`Matala`/`Poikkeava` (high, low, abnormal), Swedish
// `Hög`/`Låg`/`Avvikande`, Norwegian and Danish `Høy`/`Høj`/`Lav`, Hungarian `Magas`/`Alacsony`, Polish
// `Podwyższony`/`Obniżony`, Croatian `Povišen`/`Snižen`, Czech `Zvýšená`/`Snížená`. Turkish letters bracketed: `(Y)`üksek, `(D)`üşük. Portuguese, Italian, Dutch and Turkish (e-Nabız) write high/low as words too.
const FLAG_WORD =
  /\(?(?:(?:över|under|over|über|unter|oberhalb|unterhalb|ovan|nedan)\s+(?:(?:dem|des|den|det)\s+)?(?:referens|referanse|reference|referenz|norm)(?:intervall(?:et)?|interval(?:let)?|omr[åa]det|omr[åa]de|bereich(?:s|es)?|werte?s?)|(?:above|below)\s+(?:high|low|the)?\s*(?:(?:normal|reference)\s+)?(?:limit|range)|outside\s+(?:the\s+)?(?:normal|reference)\s+(?:limit|range)|偏高|偏低|高|低|높음|낮음|high|low|abnormal|critical|crit|hoch|niedrig|erhöht|erniedrigt|alto|bajo|alta|baja|élevé|elevé|eleve|bas|haut|baixo|baixa|basso|bassa|hoog|laag|yüksek|düşük|tinggi|rendah|korkea|matala|poikkeava|h[öo]g|l[åa]g|avvikande|h[øo]y|h[øo]j|lav|magas|alacsony|podwy[żz]szon[ya]|obni[żz]on[ya]|povi[šs]en[oa]?|sni[žz]en[oa]?|zv[ýy][šs]en[áaoý]?|sn[íi][žz]en[áaoý]?)\)?(?=$|[\s,;|])/iy;
export const FLAG_CELL =
  /^\(?(?:(?:över|under|over|über|unter|oberhalb|unterhalb|ovan|nedan)\s+(?:(?:dem|des|den|det)\s+)?(?:referens|referanse|reference|referenz|norm)(?:intervall(?:et)?|interval(?:let)?|omr[åa]det|omr[åa]de|bereich(?:s|es)?|werte?s?)|(?:above|below)\s+(?:high|low)\s+reference\s+limit|(?:above|below)\s+range|偏高|偏低|高|低|높음|낮음|HH|LL|AA|H|L|A|N|\*{1,3}|!{1,2}|↑↑?|↓↓?|⬆|⬇|▲|▼|high|low|abnormal|critical|hoch|niedrig|erhöht|erniedrigt|alto|bajo|alta|baja|élevé|elevé|eleve|bas|haut|baixo|baixa|basso|bassa|hoog|laag|yüksek|düşük|tinggi|rendah|korkea|matala|poikkeava|h[öo]g|l[åa]g|avvikande|h[øo]y|h[øo]j|lav|magas|alacsony|podwy[żz]szon[ya]|obni[żz]on[ya]|povi[šs]en[oa]?|sni[žz]en[oa]?|zv[ýy][šs]en[áaoý]?|sn[íi][žz]en[áaoý]?)\)?$/iu;

/** A flag as a reading keeps it: without the brackets some layouts print round it (`(H)` → `H`). */
export function bareFlag(flag: string): string {
  return flag.replace(/^\(|\)$/g, '');
}

// A desirable level given as the band of a lipid (`Deseable: hasta 2,00`, `Optimal: < 100`): the label is dropped.
const RANGE_LABEL = String.raw`(?:(?:ref(?:erence)?\.?(?:\s*(?:range|interval|int\.?|values?))?|normal(?:\s*range)?|norm|nb|rb|vr|vn|range)\s*[:.]?\s*|(?:deseable|desirable|[oó]ptimo|optimal|wünschenswert|souhaitable|desiderabile)\s*:\s*)?`;
/**
 * A bound written after its number (Korean `90 미만`, `60 이상`, `1.5 이하`; Japanese and Chinese `40以下`, `60以上`,
 * `5.0未満`; English `60 or more`, `5 or less`), as NHIS and 特定健診 sheets print their reference column. A blood
 * pressure bound keeps both figures (`120/80 미만`).
 */
const POSTFIX_BOUND = String.raw`${NUMBER}(?:\/${NUMBER})?\s*(?:이상|이하|미만|초과|以上|以下|未満|未满|未滿|超|(?:or|and)\s+(?:less|more|above|below|over|under|higher|lower))(?![\p{L}\d])`;
const RANGE_CORE = String.raw`(?:${NUMBER}\s*(?:-|–|—|~|〜|to|bis|a|à|hasta|até)\s*${NUMBER}|${POSTFIX_BOUND}|(?:[<>]\s*or\s*=|${COMPARATOR})\s*${NUMBER}|(?:up\s+to|bis|hasta|jusqu'à|jusqu'a|até|ate|fino\s+a|inferiore\s+a|superiore\s+a|inferior\s+a|superior\s+a|menor\s+que|maior\s+que|mayor\s+que|menor\s+de|mayor\s+de|menor\s+a|mayor\s+a|maior\s+a|menos\s+de|m[aá]s\s+de)\s+${NUMBER})${NUMBER_END}`;
const RANGE_BARE = new RegExp(`${RANGE_LABEL}(${RANGE_CORE})`, 'iuy');
const RANGE_QUALITATIVE = new RegExp(String.raw`${RANGE_LABEL}((?:${QUALITATIVE_ALTERNATION}))(?![\p{L}\d])`, 'iuy');
/** A bracketed range: `(70-99)`, `[3.5 - 5.0 mmol/L]`, `(Ref: < 200)`, `( 2.0-7.5 )`. */
const RANGE_BRACKETED = /[([]([^()[\]]{1,60})[)\]]/y;
const RANGE_WHOLE = new RegExp(String.raw`^\s*${RANGE_LABEL}(${RANGE_CORE})\s*(.*)$`, 'iu');

/** Words that look like units but in running text are not (`62 y/o`, `at`, `in`, `a` = year). */
const NOT_UNITS = new Set([
  'y/o',
  'a',
  'am',
  'pm',
  'an',
  'in',
  'at',
  'on',
  'to',
  'of',
  'or',
  'and',
  'the',
  'is',
  'was',
  'de',
  'en',
  'et',
  'y',
  'und',
  'le',
  'la',
  'el',
  'mit',
  'bei',
  'per',
  'x',
  'from',
  'for',
  'with',
  'd',
  'm',
  'st',
  'ft',
  'up',
  'b',
]);
/** Alphabetic units that UCUM validation does not know in these spellings. */
const ALPHA_UNITS = new Set(['fl', 'pg', 'sec', 'seg', 'secs', 'ratio', 'mval', 'eu', 'tsd', 'mio', 'mmhg', 'bpm']);

/** Whether a token can be a unit as written: a valid UCUM/known spelling, or unit-shaped (`Tsd/µl`, `x10^3/uL`). */
export function looksLikeUnit(token: string): boolean {
  if (token === '' || token.length > 24) return false;
  // Every word after a number is asked about, by several readers: each token is looked at once (`text-memo.ts`).
  const known = unitLikeTokens.get(token);
  if (known !== undefined) return known;
  return unitLikeTokens.set(token, isUnitLike(token));
}

const unitLikeTokens = new TextMemo<boolean>();

function isUnitLike(token: string): boolean {
  if (FLAG_CELL.test(token) || QUALITATIVE_CELL.test(token)) return false;
  const lower = token.toLowerCase();
  if (NOT_UNITS.has(lower)) return false;
  // Hiragana are Japanese grammar (particles, verb endings), never part of a unit: `2g/日で治療を開始し` is a dose in a
  // sentence, while units of kanji and katakana stand as written (`回/分`, `万/μL`).
  if (/\p{Script=Hiragana}/u.test(token)) return false;
  // A letter with two digits is a vitamin or a code (`B12`, `D25`), never a unit: powers of units are one digit (`m2`).
  if (/^\p{L}\d{2,}$/u.test(token)) return false;
  // The one-character degree signs of CJK fonts (`38.6℃`) are the temperature units as written.
  if (/^[%‰℃℉]$/.test(token) || /^[°º]\s?[CF]$/i.test(token)) return true;
  // Blood-gas and i-STAT printers write the haematocrit's percent as `%PCV` (packed cell volume).
  if (/^%\s?PCV$/i.test(token)) return true;
  if (ALPHA_UNITS.has(lower)) return true;
  if (/^[x×*]?\s?10\s?[\^*e]?\s?\d{1,2}\s?\/\s?[\p{L}µ]+$/u.test(token)) return true;
  if (/^\/[\p{L}µ]+$/u.test(token)) return true;
  if (/^[\p{L}µ°][\p{L}µ0-9²³^*.,]*(?:\/[\p{L}µ0-9.,²³^{}[\]_]+){1,3}$/u.test(token)) return true;
  if (/^\p{L}+$/u.test(token) && token.length <= 6 && normalizeUnit(token) !== null) return true;
  if (!/^\p{L}+$/u.test(token) && normalizeUnit(token) !== null && /\p{L}/u.test(token)) return true;
  return false;
}

const LETTERS_ONLY = /^\p{L}+$/u;
/** A count's power of ten in brackets, as Cerner portals print it: `x10(3)/mcL`, `x10(9)/L`, `10(12)/L`. */
const BRACKETED_POWER_UNIT = /[x×*]?\s?10\s?\(\d{1,2}\)\s?\/\s?(?:mcL|µL|uL|μL|L|l|mL|ml|mm3|kg)(?![\p{L}\d])/uy;
const SPACED_POWER_UNIT = /^[x×]\s?E\s?\d{1,2}\s?\/\s?(?:L|l|µL|uL|mL|ml|mm3|kg)$/u;

/**
 * Whether a run of tokens (`mm Hg`, `x 10^3/uL`) is one unit: its joined-up shape looks like a unit and the unit
 * normaliser knows it as written. Both must hold, so the cheaper question goes first. The shape is cheap when it is
 * remembered, too long, or letters only (`km and she`: never validated); a new token mixing letters and marks (a log
 * line's `Z INFO kalo.mir`, distinct on every line) is parsed by UCUM there, ~3× what the normaliser spends turning
 * down the spaced text, which it never parses.
 */
function isJoinedUnit(candidate: string): boolean {
  // LifeLabs writes a count's power of ten spaced after its `x`: `x E9/L`, `x E12/L` (as `x 10^9/L` elsewhere).
  if (SPACED_POWER_UNIT.test(candidate)) return true;
  const joined = candidate.replace(/\s+/g, '');
  if (joined.length > 24 || LETTERS_ONLY.test(joined) || unitLikeTokens.has(joined)) {
    return looksLikeUnit(joined) && normalizeUnit(candidate) !== null;
  }
  return normalizeUnit(candidate) !== null && looksLikeUnit(joined);
}

function matchAt(pattern: RegExp, text: string, at: number): RegExpExecArray | null {
  pattern.lastIndex = at;
  return pattern.exec(text);
}

function skipSpaces(text: string, at: number): number {
  let i = at;
  while (i < text.length && /\s/.test(text[i] as string)) i++;
  return i;
}

/**
 * A unit at a position: the longest run of up to three tokens that is a known unit (`x 10^3/uL`, `mm Hg`),
 * else a single unit-shaped token. Trailing sentence punctuation is not part of the unit, nor a flag arrow glued to it
 * (`128g/L↓`).
 */
function unitAt(text: string, at: number): { unit: string; end: number } | null {
  const field = matchAt(FIELD_UNIT_PHRASE, text, at);
  if (field) return { unit: field[0], end: at + field[0].length };
  const power = matchAt(BRACKETED_POWER_UNIT, text, at);
  if (power) return { unit: power[0], end: at + power[0].length };
  const tokens: { text: string; end: number }[] = [];
  const pattern = /(?:[^\s,;()[\]|↑↓⬆⬇▲▼]|,(?=\d))+/y;
  let i = at;
  for (let k = 0; k < 3; k++) {
    const m = matchAt(pattern, text, i);
    if (!m) break;
    tokens.push({ text: m[0], end: i + m[0].length });
    i = i + m[0].length;
    if (!/^ \S/.test(text.slice(i, i + 2))) break;
    i++;
  }
  for (let n = tokens.length; n >= 2; n--) {
    const last = tokens[n - 1] as { text: string; end: number };
    const candidate = text.slice(at, last.end);
    if (isJoinedUnit(candidate)) {
      return { unit: candidate, end: last.end };
    }
  }
  const first = tokens[0];
  if (!first) return null;
  // A 24-hour urine unit written with a space before the hours (`ml/24 hs`, `g/24 h`, `mg/24 Std`) is one unit.
  const hours = tokens[1];
  if (hours && /\/24$/.test(first.text) && /^(?:h|hs|hrs?|horas?|std\.?|heures?|ore|uur|godz\.?)$/i.test(hours.text)) {
    if (looksLikeUnit(first.text)) return { unit: text.slice(at, hours.end), end: hours.end };
  }
  const trimmed = first.text.replace(/[.:]+$/, '');
  if (!looksLikeUnit(trimmed)) return null;
  return { unit: trimmed, end: at + trimmed.length };
}

/** A range as written in a cell or bracket: `70-99`, `< 200`, `Ref: 3.5-5.0`, with an optional trailing unit. */
export function parseRangeText(text: string): { range: string; unit: string | null } | null {
  const m = RANGE_WHOLE.exec(text);
  if (m) {
    const trailing = (m[2] as string).trim();
    if (trailing === '') return { range: (m[1] as string).trim(), unit: null };
    const unit = unitAt(trailing, 0);
    // A share keeps a `%` glued to its bound as printed (`superior a 25%`, `Less than 5%`); a spaced one is the unit.
    if (unit?.unit === '%' && trailing === '%' && /\d%\s*$/.test(text))
      return { range: `${(m[1] as string).trim()}%`, unit: '%' };
    if (unit && trailing.slice(unit.end).trim() === '') return { range: (m[1] as string).trim(), unit: unit.unit };
    return null;
  }
  const qualitative = text.trim();
  if (QUALITATIVE_CELL.test(qualitative) || /^none\s+seen$/i.test(qualitative))
    return { range: qualitative, unit: null };
  return null;
}

/** `[90 - ]`: GP record exports (EMIS, SystmOne) print a lower limit alone as an open band, kept as written. */
function openUpperRange(text: string): { range: string; unit: null } | null {
  return /^\s*\d+(?:[.,]\d+)?\s*-\s*$/.test(text) ? { range: text.trimStart(), unit: null } : null;
}

const TRAILING_BRACKETED = /\s[([]([^()[\]]{1,60})[)\]]\s*$/;
const TRAILING_BARE = new RegExp(String.raw`\s${RANGE_LABEL}(${RANGE_CORE})\s*$`, 'iu');

/**
 * A reference range printed at the end of a text, after a space (`ALT   (0-40)`, `Ferritin   15 - 150`,
 * `Cholesterol  < 5.0`): the range, its unit if bracketed with one, and where it starts. A text that is nothing but
 * the range has none (a name must be left in front of it).
 */
export function trailingRange(text: string): { range: string; unit: string | null; start: number } | null {
  const bracketed = TRAILING_BRACKETED.exec(text);
  if (bracketed) {
    const inner = parseRangeText(bracketed[1] as string);
    if (inner && /\d/.test(inner.range)) return { range: inner.range, unit: inner.unit, start: bracketed.index };
    return null;
  }
  const bare = TRAILING_BARE.exec(text);
  if (bare && !isDescendingSpan(bare[1] as string))
    return { range: (bare[1] as string).trim(), unit: null, start: bare.index };
  return null;
}

/**
 * `19-9`, `15-3`, `72-4` after a name are the name's own number (`CA 19-9`, `CA 15-3`): no band runs downwards.
 */
function isDescendingSpan(text: string): boolean {
  const m = /^\s*(\d+(?:[.,]\d+)?)\s*[-–]\s*(\d+(?:[.,]\d+)?)\s*$/.exec(text);
  return m !== null && Number((m[1] as string).replace(',', '.')) > Number((m[2] as string).replace(',', '.'));
}

/** Whether a microscopy count span (`5-9 /HPF`) starts at a position: a value, though written like a range. */
export function fieldCountSpanAt(text: string, at: number): boolean {
  const span = matchAt(SPAN_VALUE, text, at);
  return span !== null && matchAt(FIELD_COUNT_UNIT, text, at + span[0].length) !== null;
}

/** The end of a numeric range (`70-99`, `4.0 - 10.5`) starting at a position, or -1. */
export function rangeEndAt(text: string, at: number): number {
  const range = matchAt(RANGE_BARE, text, at);
  if (!range || !/\d\s*(?:-|–|—|~|〜|to|bis|hasta)\s*[-+]?\d/.test(range[0])) return -1;
  return at + range[0].length;
}

export interface ValueOptions {
  /** The text is known to be a result cell: a span such as `10-20` is the value, not a range. */
  resultCell?: boolean;
  /** The row's unit or range column is filled: a result stands in the cell, so an OCR-damaged number there is one. */
  besideUnitOrRange?: boolean;
}

/** The value at a position, with where it ends. Dates and ranges are not values. */
export function valueAt(
  text: string,
  at: number,
  options: ValueOptions = {},
): { value: string; end: number; qualitative: boolean; repaired?: boolean } | null {
  const ocr = matchAt(OCR_NUMBER, text, at);
  const repaired = ocr ? repairOcrNumber(ocr[0]) : null;
  if (ocr && repaired !== null) return { value: repaired, end: at + ocr[0].length, qualitative: false, repaired: true };
  const span = matchAt(SPAN_VALUE, text, at);
  if (span) {
    if (!options.resultCell && !fieldCountSpanAt(text, at)) return null;
    return { value: span[0], end: at + span[0].length, qualitative: false };
  }
  const range = matchAt(RANGE_BARE, text, at);
  if (range && /\d\s*(?:-|–|—|~|〜|to|bis|hasta)\s*[-+]?\d/.test(range[0]) && !options.resultCell) return null;
  const ratio = matchAt(RATIO_VALUE, text, at);
  if (ratio) return { value: ratio[0], end: at + ratio[0].length, qualitative: false };
  const dipstick = matchAt(DIPSTICK_VALUE, text, at);
  if (dipstick) return { value: dipstick[0], end: at + dipstick[0].length, qualitative: true };
  const exponent = matchAt(E_NOTATION_VALUE, text, at);
  if (exponent) return { value: exponent[0], end: at + exponent[0].length, qualitative: false };
  const numeric = matchAt(NUMERIC_VALUE, text, at);
  if (numeric) return { value: numeric[0], end: at + numeric[0].length, qualitative: false };
  const graded =
    matchAt(CJK_GRADED_VALUE, text, at) ??
    matchAt(GRADED_CRYSTAL_VALUE, text, at) ??
    matchAt(GRADED_WORD_VALUE, text, at);
  if (graded) return { value: graded[0], end: at + graded[0].length, qualitative: true };
  const word = matchAt(QUALITATIVE_VALUE, text, at);
  if (word) return { value: word[0], end: at + word[0].length, qualitative: true };
  return null;
}

const DASH = /[—–-]\s+/y;

/**
 * A flag word a chat answer or a note sets off with a dash at the end of the reading (`9 ng/mL (15–150) — low`): the
 * word, with the dash counted in its length. Only at the end, so a dash between two readings is left alone.
 */
function dashedLastFlag(text: string, at: number): [string] | null {
  const dash = matchAt(DASH, text, at);
  if (!dash) return null;
  const word = matchAt(FLAG_WORD, text, at + dash[0].length);
  if (!word || !/^[\s.!]*$/.test(text.slice(at + dash[0].length + word[0].length))) return null;
  return [`${dash[0]}${word[0]}`];
}

/**
 * Reads value, then unit, range and flag in any order, from `at`. Stops at the first thing that is none of them;
 * what is left is returned in `rest` so callers can tell a complete reading line from a sentence.
 */
export function parseMeasurement(text: string, at = 0, options: ValueOptions = {}): Measurement | null {
  let i = skipSpaces(text, at);
  const value = valueAt(text, i, options);
  if (!value) return null;
  const result: Measurement = {
    value: value.value.trim(),
    unit: null,
    referenceRange: null,
    flag: null,
    qualitative: value.qualitative,
    rest: '',
  };
  i = value.end;
  let gluedLetterFlag = false;
  // A unit may be glued to the number: `98%`, `81.0fL`, `78/min`. LIS printouts also glue the flag (`12.5H`,
  // `3.1L`, `12.5↑`; the arrows are read by the flag step below): a letter flag is never a unit (`looksLikeUnit`).
  if (!value.qualitative && i < text.length && /[\p{L}µ%°℃℉/]/u.test(text[i] as string)) {
    const glued = unitAt(text, i);
    const gluedFlag = glued ? null : matchAt(FLAG_SYMBOL, text, i);
    if (!glued && !gluedFlag) return null;
    gluedLetterFlag = gluedFlag !== null;
    if (glued) {
      result.unit = glued.unit;
      i = glued.end;
    }
  }
  for (;;) {
    i = skipSpaces(text, i);
    if (i >= text.length) break;
    const flag = matchAt(FLAG_SYMBOL, text, i) ?? matchAt(FLAG_WORD, text, i) ?? dashedLastFlag(text, i);
    if (flag) {
      result.flag ??= bareFlag(flag[0].replace(/^[—–-]\s+/, ''));
      i += flag[0].length;
      continue;
    }
    if (result.referenceRange === null) {
      const bracketed = matchAt(RANGE_BRACKETED, text, i);
      if (bracketed) {
        const inner = parseRangeText(bracketed[1] as string) ?? openUpperRange(bracketed[1] as string);
        if (inner) {
          result.referenceRange = inner.range;
          result.unit ??= inner.unit;
          i += bracketed[0].length;
          continue;
        }
      }
      const bare = matchAt(RANGE_BARE, text, i);
      if (bare) {
        result.referenceRange = (bare[1] as string).trim();
        i += bare[0].length;
        continue;
      }
      if (result.qualitative) {
        const word = matchAt(RANGE_QUALITATIVE, text, i);
        if (word) {
          result.referenceRange = (word[1] as string).trim();
          i += word[0].length;
          continue;
        }
      }
    }
    const unit = unitAt(text, i);
    if (unit && (result.unit === null || unit.unit === result.unit)) {
      result.unit ??= unit.unit;
      i = unit.end;
      continue;
    }
    break;
  }
  result.rest = text.slice(i).trim();
  // A repaired OCR number counts only beside a unit or a range that say a result is there (`4l` alone is 4 litres).
  if (value.repaired && result.unit === null && result.referenceRange === null && !options.besideUnitOrRange)
    return null;
  // Likewise a letter glued to a number is a flag only in a result cell or beside a unit or range (`3L` alone in a
  // sentence is three litres).
  if (gluedLetterFlag && !options.resultCell && result.unit === null && result.referenceRange === null) return null;
  return result;
}
