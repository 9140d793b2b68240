/**
 * A section or category cell printed before the test name on the same row (`Hematology    Hemoglobin   13.9 g/dL`,
 * `Lípidos   Colesterol total  221`, `身体計測 腹囲  88.2`): reports that list a panel's name in a column of its own
 * fill it on the first row of each panel, or on every row. It names the group, not the test.
 *
 * Only a category word from the list below, and only when a column gap (two spaces or more) separates it from the
 * name, or, when the category fills its column (`Química clínica Glucosa`), when only the rest is a test the
 * vocabulary knows: `Coagulation factor VIII` is a name that starts with a panel's word. CJK text has no spaces
 * between words, so there one space is already a cell break.
 */
import { foldText, isKnownMeasurement } from './vocabulary';

/** Panel and department names in the languages the extractor reads, folded (`foldText`): lower case, no accents. */
const CATEGORY_WORDS = new Set(
  [
    // English
    'hematology',
    'haematology',
    'chemistry',
    'clinical chemistry',
    'biochemistry',
    'lipids',
    'lipid panel',
    'lipid profile',
    'liver function',
    'renal function',
    'kidney function',
    'electrolytes',
    'coagulation',
    'immunology',
    'serology',
    'endocrinology',
    'hormones',
    'thyroid function',
    'diabetes',
    'urinalysis',
    'body measurements',
    'anthropometry',
    'vital signs',
    // Spanish, Portuguese, Italian
    'hematologia',
    'bioquimica',
    'quimica clinica',
    'lipidos',
    'lipidios',
    'perfil lipidico',
    'lipidograma',
    'coagulacion',
    'coagulacao',
    'inmunologia',
    'imunologia',
    'hormonas',
    'hormonios',
    'ematologia',
    'chimica clinica',
    'biochimica',
    'lipidi',
    'coagulazione',
    'ormoni',
    'uroanalisis',
    // French, German, Dutch
    'hematologie',
    'biochimie',
    'lipides',
    'bilan lipidique',
    'hormonologie',
    'hamatologie',
    'klinische chemie',
    'blutbild',
    'gerinnung',
    'lipide',
    'fettstoffwechsel',
    'elektrolyte',
    'leberwerte',
    'nierenwerte',
    'schilddruse',
    'stolling',
    // Japanese, Chinese, Korean
    '身体計測',
    '血液学',
    '血液一般',
    '血液学検査',
    '生化学',
    '生化学検査',
    '脂質',
    '糖代謝',
    '肝機能',
    '腎機能',
    '尿検査',
    '尿一般',
    '血常规',
    '生化',
    '肝功能',
    '肾功能',
    '血脂',
    '甲状腺功能',
    '尿常规',
    '혈액학',
    '생화학',
    '지질',
    '간기능',
    '신기능',
  ].map(foldText),
);

/** A leading cell, then a column gap (or, in CJK, one space), then the rest of the line's name. */
const LEADING_CELL = /^\s*(\S+(?: \S+){0,2}?)(?:\s{2,}|\u3000+)(?=\S)/u;
/** One, two or three words, then one space: a category cell as wide as its column. */
const FULL_CELLS = [1, 2, 3].map((words) => new RegExp(`^\\s*(\\S+(?: \\S+){${words - 1}}) (?=\\S)`, 'u'));
const CJK_LEADING_CELL = /^\s*([\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7a3]{2,6})\s+(?=\S)/u;

/** The name without a category cell in front of it (as written otherwise). */
export function withoutCategoryCell(name: string): string {
  for (const pattern of [LEADING_CELL, CJK_LEADING_CELL]) {
    const m = pattern.exec(name);
    if (m && CATEGORY_WORDS.has(foldText(m[1] as string)) && /\p{L}/u.test(name.slice(m[0].length))) {
      return name.slice(m[0].length);
    }
  }
  for (const pattern of FULL_CELLS) {
    const m = pattern.exec(name);
    if (!m || !CATEGORY_WORDS.has(foldText(m[1] as string))) continue;
    const rest = name.slice(m[0].length);
    if (isKnownMeasurement(rest, null) && !isKnownMeasurement(name, null)) return rest;
  }
  return name;
}
