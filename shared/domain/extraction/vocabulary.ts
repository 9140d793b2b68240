/**
 * Words the extractor recognises: table header words per column role, names of measurements the LOINC resolver does
 * not cover on purpose (it refuses ambiguous names such as "BP" or "protein", which in a report line are plainly
 * readings), and the words that make a number a dose rather than a result.
 */

import { corpusIndex, resolveSeriesIndicator } from '#standardization';
import { normalizeIndicatorText } from '../standardization/normalize-text';
import { abbreviatedCaptionMatcher } from './abbreviated-captions';
import { countLookup, spendLookup } from './lookup-budget';
import { TextMemo } from './text-memo';

/** Printable ASCII text (and tabs): nothing in it has an accent. */
const ASCII = /^[\t -~]*$/;

/**
 * Lower case, accents removed, punctuation to single spaces: how header words and names are compared. NFD splits a
 * Hangul syllable into its letters (which are no accents), so NFC puts them back together: `결과` stays `결과`.
 */
export function foldText(text: string): string {
  // Readers fold the same words again and again (header checks, name caches): each text is folded once.
  return foldedTexts.get(text) ?? foldedTexts.set(text, folded(text));
}

const foldedTexts = new TextMemo<string>();

function folded(text: string): string {
  // Plain ASCII has no accents to strip: the two normalisations, the costliest steps, would leave it as it is.
  const unaccented = ASCII.test(text) ? text : text.normalize('NFD').replace(/\p{M}/gu, '').normalize('NFC');
  return (
    unaccented
      .toLowerCase()
      // The numero sign is the row-number caption of Cyrillic forms (`№`): the `no` column.
      .replace(/№/g, ' no ')
      .replace(/[^\p{L}\p{N}%#]+/gu, ' ')
      .trim()
  );
}

/**
 * Captions of an earlier-results column, folded: French, German (`Vorwert`, `Vorbefund`), English (`PREV` too),
 * Spanish, Italian, Dutch, Greek, Czech, Slovak, Polish, Croatian, Romanian, Russian, Ukrainian, Turkish, Hungarian
 * (`Előző`, `Korábbi`), the Nordic languages (`Tidigare`, `Tidligere`, `Forrige`, `Edellinen`). A table header that
 * captions its test column names its earlier-results column with them as surely as a caption over a bare column does
 * (`earlier-column.ts`, `table-layout.ts`).
 */
export const EARLIER_CAPTION =
  /^(?:ant[ée]riorit[ée]s?|ant[ée]rieurs?|r[ée]sultats?\s+ant[ée]rieurs?|valeurs?\s+ant[ée]rieures?|vorwerte?|vorbefunde?|prev\.?|previous(?:\s+(?:results?|values?))?|prior(?:\s+results?)?|last\s+results?|(?:resultados?|valor(?:es)?)\s+anterior(?:es)?|anterior(?:es)?|precedenti|risultati\s+precedenti|(?:(?:r[ée]sultats?|valeurs?)\s+)?pr[ée]c[ée]dent(?:e?s)?|vorige\s+uitslag|vorige|προηγ(?:ουμεν\p{L}*)?|predchozi(?:\s+vysledek)?|predchadzajuci(?:\s+vysledok)?|poprzedni[ea]?(?:\s+wynik)?|предыдущ\p{L}*|попередн\p{L}*|onceki(?:\s+sonuc)?|prethodni(?:\s+nalaz)?|rezultat(?:ul)?\s+anterior|(?:elozo|korabbi)(?:\s+(?:eredmenye?k?|ertek))?|tidigare(?:\s+(?:resultat|varde|svar))?|tidligere(?:\s+(?:resultat|svar|verdi|vaerdi))?|forrige(?:\s+(?:resultat|svar|verdi))?|(?:edellinen|aiempi)(?:\s+tulos)?)$/iu;

/** `previous`: a column holding an earlier result and its date (LabCorp's `Previous Result and Date`). */
export type ColumnRole = 'name' | 'value' | 'unit' | 'range' | 'flag' | 'date' | 'time' | 'previous' | 'other';

const HEADER_WORDS: ReadonlyArray<readonly [ColumnRole, readonly string[]]> = [
  [
    'name',
    [
      'test',
      'tests',
      'test name',
      'testname',
      'analyte',
      'analytes',
      'parameter',
      'parameters',
      'component',
      'components',
      'investigation',
      'examination',
      'description',
      'test description',
      'item',
      'untersuchung',
      'analyt',
      'bezeichnung',
      'prueba',
      'pruebas',
      'determinacion',
      'determinaciones',
      'analisis',
      'estudio',
      'examen',
      'analyse',
      'analyses',
      'parametre',
      'parametres',
      'esame',
      'esami',
      'analita',
      'parametro',
      'parametri',
      'exame',
      'exames',
      'analito',
      // Dutch (a portal export's `Bepaling`, a cumulative overview's `Onderzoek`)
      'bepaling',
      'bepalingen',
      'onderzoek',

      // Turkish (e-Nabız, hospital LIS)
      'tahlil adı',
      'tahlil',
      'test adı',
      'tetkik adı',
      'tetkik',
      // Russian (and other Cyrillic) laboratory forms
      'исследование',
      'показатель',
      'наименование',
      'тест',
      '项目',
      '项目名称',
      '检验项目',
      '检测项目',
      '中文名称',
      '項目',
      '項目名',
      '検査項目',
      '検査名',
      '검사명',
      '검사항목',
      // Vietnamese, Indonesian/Malay, Thai and traditional Chinese test-name captions
      'ten xet nghiem',
      'xet nghiem',
      'pemeriksaan',
      'jenis pemeriksaan',
      'nama pemeriksaan',
      'ujian',
      'nama ujian',
      // Tagalog
      'pagsusuri',
      'uri ng pagsusuri',
      'รายการตรวจ',
      '檢驗項目',
      '檢查項目',
      '항목',
      // Czech, Turkish, Swedish/Norwegian name captions; a US portal's `Result Name`
      'vyšetření',
      'test adı',
      'tetkik',
      'analys',
      'result name',
      // Greek: examination(s), parameter
      'εξεταση',
      'εξετασεις',
      'παραμετρος',
      // Hungarian (laboratóriumi lelet): the examination, its name
      'vizsgálat',
      'vizsgálat megnevezése',
      'vizsgálat neve',
      'vizsgálatok',
      // Polish, Czech/Slovak/Romanian, Croatian: the test or parameter examined. Not `Badanie`: with it, bdev21's OCR'd
      // fax read its `Pacjent :` line as a row (not traced further).
      'nazwa badania',
      'oznaczenie',
      'parametr',
      'analiza',
      'vyšetrenie',
      'pretraga',
    ],
  ],
  [
    'value',
    [
      'result',
      'results',
      'value',
      'values',
      'your value',
      // chatbot and patient-portal tables address the reader
      'your result',
      'your results',
      'my result',
      'current result',
      'current result and flag',
      'current value',
      'in range',
      'out of range',
      'observed value',
      'befund',
      'ergebnis',
      'wert',
      'messwert',
      'resultado',
      'resultados',
      'valor',
      'resultat',
      'resultats',

      // Russian
      'результат',
      // Turkish
      'sonuç',
      'sonuc',
      'valeur',
      'risultato',
      'risultati',
      'esito',
      'valore',
      // Polish, Dutch, Czech, Turkish, Finnish, Danish/Norwegian result captions
      'wynik',
      'wyniki',
      'uitslag',
      'resultaat',
      'výsledek',
      'sonuç',
      'tulos',
      'resultater',
      // Romanian and Greek result captions
      'rezultat',
      'rezultate',
      'αποτελεσμα',
      'αποτελεσματα',
      '结果',
      '檢驗結果',
      '检验结果',
      '检测结果',
      '检测值',
      '结果值',
      '測定値',
      '検査値',
      '検査結果',
      '結果',
      '결과',
      '결과값',
      '검사결과',
      // Vietnamese, Indonesian/Malay, Thai and traditional Chinese result captions
      'ket qua',
      'hasil',
      'hasil pemeriksaan',
      'keputusan',
      'resulta',
      'mga resulta',
      'ผลการตรวจ',
      'ผลตรวจ',
      '檢驗值',
      // Hungarian
      'eredmény',
      'eredmények',
    ],
  ],
  [
    'unit',
    [
      'unit',
      'units',
      'uom',
      'birim',
      'ед изм',
      'единицы',
      'единицы измерения',
      'einheit',
      'einheiten',
      'unidad',
      'unidades',
      'unite',
      'unites',
      'unita',
      'unita di misura',
      'u m',
      'unidade',
      // Czech, Turkish, Swedish/Norwegian, Danish
      'jednotky',
      'jednotka',
      'jednostka',
      'jednostki',
      // A caption naming the result's unit (e-Nabız `Sonuç Birimi`, `Result Units`); Romanian, Greek
      'sonuç birimi',
      'sonuc birimi',
      'birimi',
      'result unit',
      'result units',
      'unitate',
      'unitate de masura',
      'μοναδα',
      'μοναδες',
      'μοναδα μετρησης',
      'birim',
      'enhet',
      'enhed',
      // Dutch
      'eenheid',
      'eenheden',
      '单位',
      '單位',
      '単位',
      '단위',
      // Vietnamese, Indonesian/Malay and Thai unit captions
      'đon vi',
      'satuan',
      'unit ukuran',
      'yunit',
      'หน่วย',
      // Hungarian
      'mértékegység',
      'egység',
      // Croatian, Serbian, Bosnian, Slovene: a header that names its test column (`Pretraga`) must name its unit
      // column too, or the unit cell is read as nothing
      'jedinica',
      'jed',
      'mjerna jedinica',
      'merna jedinica',
      'enota',
      'enote',
    ],
  ],
  [
    'range',
    [
      'reference',
      'referans değeri',
      'referans aralığı',
      'referans',
      'референс',
      'референсные значения',
      'референсный интервал',
      'норма',
      'reference range',
      'reference ranges',
      'ref range',
      'ref range units',
      'reference range units',
      'ref',
      'reference interval',
      'bio ref interval',
      'bio ref range',
      'biological reference interval',
      'biological ref interval',
      'biological reference range',
      'reference value',
      'reference values',
      'normal range',
      'normal values',
      'standard range',
      // Lipid and diabetes clinics print the band a result is judged against as a target column.
      'target',
      'target range',
      'target value',
      'target values',
      'normal',
      'range',
      'referenzbereich',
      'normbereich',
      'referenz',
      'referenzwert',
      'referenzwerte',
      'normwert',
      'normwerte',
      // Polish, Dutch, Czech, Turkish, Finnish, Danish/Norwegian/Swedish
      'zakres referencyjny',
      'zakres',
      'wartości referencyjne',
      'norma',
      // Croatian, Serbian, Bosnian, Slovene
      'referentni interval',
      'referentne vrijednosti',
      'referentne vrednosti',
      'referentni raspon',
      'ref interval',
      'referenčne vrednosti',
      'referencne vrednosti',
      'referenčni interval',
      'referencni interval',
      'referentiewaarde',
      'referentiewaarden',
      'referentie',
      'normaalwaarde',
      'normaalwaarden',
      'referenční meze',
      'ref meze',
      'rango terapeutico',
      'therapeutic range',
      'referenční rozmezí',
      'referans aralığı',
      'referans değer',
      'referans değeri',
      'viitearvo',
      'viitealue',
      'referenceinterval',
      'referanseområde',
      'referensintervall',
      'valores de referencia',
      'valor de referencia',
      'valores normales',
      'rango',
      'rango de referencia',
      'intervalo de referencia',
      'valeurs de reference',
      'valeur de reference',
      'valeurs normales',
      'normes',
      'intervalle de reference',
      'valori di riferimento',
      'valore di riferimento',
      'intervallo di riferimento',
      'range di riferimento',
      'valori normali',
      '参考范围',
      '参考区间',
      '参考值',
      '参考値',
      '參考值',
      '參考範圍',
      '正常值',
      '正常范围',
      '基准值',
      '基準値',
      '基準範囲',
      '참고치',
      '참고범위',
      '참고값',
      '정상범위',
      '정상치',
      // Vietnamese, Indonesian/Malay and Thai reference captions
      'chi so binh thuong',
      'tri so binh thuong',
      'gia tri binh thuong',
      'gia tri tham chieu',
      'khoang tham chieu',
      // The abbreviation Vietnamese hospital sheets caption with (`CSBT / Ref. range`): chỉ số bình thường
      'csbt',
      // Romanian and Greek reference captions
      'interval de referinta',
      'interval biologic de referinta',
      'valori de referinta',
      'valori normale',
      'τιμες αναφορας',
      'φυσιολογικες τιμες',
      'nilai rujukan',
      'nilai normal',
      'nilai rujukan normal',
      'julat rujukan',
      'julat normal',
      'normal na saklaw',
      'saklaw ng sanggunian',
      'sanggunian',
      'ค่าอ้างอิง',
      'ค่าปกติ',
      // Hungarian
      'referencia tartomány',
      'referenciatartomány',
      'referencia érték',
      'referenciaérték',
      'referencia',
      'normál érték',
      'normálérték',
    ],
  ],
  [
    'flag',
    [
      'flag',
      'flags',
      'status',
      'abnormal',
      'abn',
      'ind',
      'indicator',
      'interpretation',
      'kennzeichen',
      'markierung',
      'bewertung',
      // A judgement or grade column (check-up sheets grade each result A–E): the result's flag
      'beurteilung',
      'einstufung',
      '判定区分',
      '判定結果',
      'judgement',
      'judgment',
      'hinweis',
      'indicador',
      'alerta',
      'marca',
      'indicateur',
      'alerte',
      '提示',
      '标志',
      '標誌',
      '异常提示',
      '判定',
      '標識',
      '高低',
      '판정',
      '결과판정',
      // Taiwanese interpretation column
      '判讀',
      '判讀結果',
      // Dutch
      'vlag',
    ],
  ],
  [
    'date',
    [
      'date',
      'datum',
      'fecha',
      'collection date',
      'collected',
      'date collected',
      'sample date',
      'entnahmedatum',
      'fecha de toma',
      'data',
      'data prelievo',
      'data da coleta',
      'data coleta',
      'abnahmedatum',
      'probenahme',
      'probendatum',
      'date prelevement',
      'fecha extraccion',
      'fecha de extraccion',
      'data del prelievo',
      'specimen date',
      'visit date',
      'date time',
      'collection date time',
      'collected date time',
      'datum zeit',
      'datum uhrzeit',
      'fecha hora',
      'date heure',
      'data ora',
      'date of visit',
      'encounter date',
      'result date',
      'besuchsdatum',
      'fecha de visita',
      'date de visite',
      'date of test',
      'test date',
      'date of collection',
      'date tested',
      // Dutch: the collection date of a cumulative overview's columns or an export's rows
      'afnamedatum',
      'datum afname',
      // CJK export captions of the collection or check-up date (a long export repeats it on every row).
      '검진일자',
      '검진일',
      '검사일자',
      '검사일',
      '채취일',
      '채취일자',
      '채취일시',
      '채혈일',
      '検査日',
      '採取日',
      '採血日',
      '受診日',
      '检验日期',
      '采样日期',
      '采集日期',
    ],
  ],
  // Spreadsheet and practice-software exports give the collection time its own column beside the date.
  [
    'time',
    [
      'time',
      'collection time',
      'time collected',
      'zeit',
      'uhrzeit',
      'abnahmezeit',
      'entnahmezeit',
      'heure',
      'heure prelevement',
      'hora',
      'ora',
      'ora prelievo',
      // Dutch
      'tijd',
      'afnametijd',
      'tijd afname',
    ],
  ],
  [
    'previous',
    [
      'previous result',
      'previous result and date',
      'previous value',
      'prior result',
      'last result',
      'vorwert',
      'resultado anterior',
      'valeur anterieure',
      'valore precedente',
    ],
  ],
  [
    'other',
    [
      'lab',
      'site',
      'method',
      'methodology',
      'technology',
      'methode',
      'metodo',
      'comment',
      'comments',
      'opmerking',
      'laboratorium',
      'code',
      'loinc',
      'notes',
      'labor',
      // Export columns about the patient or the order, never a result: an export repeats them on every row.
      'patient',
      'patient name',
      'patient id',
      'patientin',
      'geburtsdatum',
      'dob',
      'date of birth',
      'birth date',
      'mrn',
      'auftragsnummer',
      'auftrag',
      'order number',
      'accession',
      'accession number',
      'laboratory',
      'fecha de nacimiento',
      'date de naissance',
      'data di nascita',
      // CJK printouts: row number, abbreviation/English-name columns, method and remark columns
      '序号',
      '序號',
      '缩写',
      '代号',
      '英文名称',
      '英文缩写',
      '项目代号',
      '方法',
      '检测方法',
      '备注',
      '略号',
      '略称',
      'コード',
      '備考',
      '약어',
      '코드',
      '비고',
      // Row numbers (Vietnamese STT, Indian Sl. No.), method and remark columns
      'stt',
      'no',
      'sl no',
      's no',
      'sr no',
      'metode',
      'phuong phap',
      'ghi chu',
      'keterangan',
    ],
  ],
];

const HEADER_ROLE: ReadonlyMap<string, ColumnRole> = new Map(
  // Folded like the cells they are compared with: `výsledek` and `referans aralığı` are listed as printed.
  HEADER_WORDS.flatMap(([role, words]) => words.map((word) => [foldText(word), role] as const)),
);

/**
 * `Result / النتيجة`, `Ref. Range / المعدل الطبيعي`, `Тест / Test`: a caption glossed in a script without Latin
 * letters (Arabic, Hebrew, Cyrillic, Greek) after a slash. The Latin side decides; the gloss only may not be Latin.
 */
function glossedRole(cell: string): ColumnRole | null {
  if (cell.length > 80) return null;
  const m = /^([^/]+?)\s*\/\s*([^/]+)$/.exec(cell.trim());
  if (!m) return null;
  const [left, right] = [m[1] as string, m[2] as string];
  const latin = /\p{Script=Latin}/u;
  const other = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Cyrillic}\p{Script=Greek}]/u;
  if (latin.test(left) && !latin.test(right) && other.test(right)) return headerRole(left);
  if (latin.test(right) && !latin.test(left) && other.test(left)) return headerRole(right);
  return null;
}

/**
 * `Einheit/Unit`, `Valores de referencia / Unidades`, `Result/Unit`: two captions over one cell. The same role twice
 * (a caption and its translation) is that role; a range or a value with its unit is the range or the value, since
 * such a cell prints the unit beside it (`70-99 mg/dL`). Any other pair names no one role.
 */
function compoundRole(cell: string): ColumnRole | null {
  if (cell.length > 80) return null;
  const m = /^([^/]+?)\s*\/\s*([^/]+)$/.exec(cell.trim());
  if (!m) return null;
  const left = HEADER_ROLE.get(foldText(m[1] as string));
  const right = HEADER_ROLE.get(foldText(m[2] as string));
  if (left === undefined || right === undefined) return null;
  if (left === right) return left;
  const pair = new Set([left, right]);
  if (!pair.has('unit')) return null;
  if (pair.has('range')) return 'range';
  return pair.has('value') ? 'value' : null;
}

/** `VALORI DI RIF.`, `Ref. Interv.`: a caption cut short with dots (`abbreviated-captions.ts`). */
const abbreviatedRole = abbreviatedCaptionMatcher(HEADER_ROLE, foldText);

/** Letters a fax's OCR confuses in capitals (`Dl` for `DI`, `C0AGULAZI0NE`, `VALOR1`): one key for each pair. */
function ocrKey(folded: string): string {
  return folded.replace(/[l1]/g, 'i').replace(/0/g, 'o');
}

/** Header words by their OCR key; a key two roles share is left out. */
const OCR_HEADER_ROLE: ReadonlyMap<string, ColumnRole | null> = (() => {
  const byKey = new Map<string, ColumnRole | null>();
  for (const [word, role] of HEADER_ROLE) {
    const key = ocrKey(word);
    const known = byKey.get(key);
    byKey.set(key, known === undefined || known === role ? role : null);
  }
  return byKey;
})();

/** A capital caption as a fax's OCR misread it: a `l` among capitals, or a `0`/`1` among letters. */
const OCR_DAMAGE = /\p{Lu}l\b|\bl\p{Lu}|\p{Lu}l\p{Lu}|\p{L}[01]|[01]\p{L}/u;

function ocrRole(cell: string): ColumnRole | null {
  if (cell.length > 60 || !OCR_DAMAGE.test(cell)) return null;
  return OCR_HEADER_ROLE.get(ocrKey(foldText(cell))) ?? null;
}

/** Longest header phrase in words, for splitting single-spaced header lines. */
export const MAX_HEADER_PHRASE_WORDS = 4;

/**
 * Bilingual header cells of CJK printouts: `结果 Result`, `项目名称(Test Name)`, `参考范围/Ref. Range`, `검사명 Test`:
 * the CJK caption and its English gloss.
 */
const BILINGUAL_CELL =
  /^([\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+)\s*(?:[/(（]\s*)?([A-Za-z][A-Za-z.]*(?: [A-Za-z.]+)*)\s*[)）]?$/u;

/** The column role a header cell names, or null when it is not a header word. */
export function headerRole(cell: string): ColumnRole | null {
  // Asked of every cell, name and caption by many readers: each text is looked at once (`text-memo.ts`).
  const known = headerRoles.get(cell);
  if (known !== undefined) return known;
  return headerRoles.set(cell, roleOfHeader(cell));
}

const headerRoles = new TextMemo<ColumnRole | null>();

function roleOfHeader(cell: string): ColumnRole | null {
  const role = HEADER_ROLE.get(foldText(cell));
  if (role !== undefined) return role;
  const bilingual = BILINGUAL_CELL.exec(cell.trim());
  if (!bilingual) return glossedRole(cell) ?? compoundRole(cell) ?? abbreviatedRole(cell) ?? ocrRole(cell);
  // The CJK caption decides (a test name with an English word, `尿胆原 Normal`, is no header); the gloss may be a word
  // the vocabulary lacks (`英文名称 English Name`) but must not name another role.
  const native = HEADER_ROLE.get(foldText(bilingual[1] as string));
  const gloss = HEADER_ROLE.get(foldText(bilingual[2] as string));
  if (native === undefined || (gloss !== undefined && gloss !== native)) return null;
  return native;
}

/**
 * Measurements the resolver leaves unresolved on purpose (ambiguous outside a report) or does not curate, but which
 * are unmistakably results when a report line states them with a value: urinalysis dipstick fields, blood pressure,
 * kidney function estimates, electrolytes named loosely.
 */
const EXTRA_MEASUREMENTS = new Set(
  [
    'bp',
    'b/p',
    'blood pressure',
    'nibp',
    'blutdruck',
    'rr',
    'ta',
    'pa',
    'tension',
    'tension arterielle',
    'presion arterial',
    'tension arterial',
    // The halves of a blood pressure as a home log's columns name them (`Systolisch`, `Sistólica`, `Systolique`).
    'systolisch',
    'diastolisch',
    'sistolica',
    'diastolica',
    'sistolico',
    'diastolico',
    'systolique',
    'diastolique',
    // Dialysis run sheets and ward obs charts shorten them in front of `BP` (`Sys BP 162    Dia BP 88`).
    'sys bp',
    'syst bp',
    'dia bp',
    'dias bp',
    'diast bp',
    // German charts put them after `RR` (Riva-Rocci): `RR sys  RR dia`.
    'rr sys',
    'rr syst',
    'rr dia',
    'rr diast',
    // Malaria tests as East African slips name them: blood slide for malaria parasites, malaria rapid test.
    'bs for mps',
    'bs for mp',
    'b/s for mps',
    'mps',
    'mrdt',
    'mrdt (malaria)',
    'malaria rdt',
    'malaria parasites',
    // The analysers' immature-granulocyte count, which the name corpus does not curate yet.
    'immature granulocytes',
    'immature grans',
    'unreife granulozyten',
    'granulocitos inmaduros',
    'granulociti immaturi',
    'granulocytes immatures',
    'egfr',
    'gfr',
    'dfg',
    'tfg',
    'anion gap',
    'bicarbonate',
    'hco3',
    'protein',
    'proteins',
    'proteines',
    'proteinas',
    'eiweiss',
    'ketones',
    'ketone',
    'ketonkorper',
    'cetonas',
    'corps cetoniques',
    'bilirubin',
    'bilirubine',
    'urobilinogen',
    'nitrite',
    'nitrites',
    'nitrit',
    'nitritos',
    'leukocyte esterase',
    'leukocytes',
    'leucocytes',
    'leukozyten',
    'blood',
    'sang',
    'sangre',
    'blut',
    'color',
    'colour',
    'farbe',
    'couleur',
    'appearance',
    'aspect',
    'aspecto',
    'clarity',
    'specific gravity',
    'spez gewicht',
    'densite',
    'densidad',
    'ph',
    'epithelial cells',
    'bacteria',
    'bakterien',
    'bacterias',
    'casts',
    'crystals',
    'yeast',
    'mucus',
    // Sediment rows in the other languages, graded in words (`Células epiteliais: Raras`, `Cellule epiteliali: Rare`)
    'celulas epiteliais',
    'celulas epiteliales',
    'cellule epiteliali',
    'cellules epitheliales',
    'epithelzellen',
    'plattenepithelien',
    'bacteriuria',
    'bacterias',
    'batteri',
    'bacteries',
    'cristais',
    'cristales',
    'cristalli',
    'cristaux',
    'kristalle',
    'muco',
    'filamentos de muco',
    'filamentos mucosos',
    'leveduras',
    'levaduras',
    'lieviti',
    'levures',
    'hefen',
    'cilindros',
    'cilindri',
    'cylindres',
    'zylinder',
    'colore',
    'aspetto',
    'cor',
    'globulin',
    'neutrophils',
    'monocytes',
    'basophils',
    'nrbc',
    'hematies',
    'glucose',
    'temp',
    'sat',
    'sats',
    'o2',
    // Handover and obs-chart words the corpus does not file: the Glasgow coma scale total, respirations for short.
    'gcs',
    'glasgow coma scale',
    'glasgow coma score',
    'resps',
  ].map(foldText),
);

const knownCache = new Map<string, boolean>();

/** `TSH`, `Creatinine`: a name the corpus files under tests that only a unit tells apart, known all the same. */
function namesSiblings(name: string): boolean {
  const group = corpusIndex.exact.get(normalizeIndicatorText(name));
  return group !== undefined && !group.ambiguous && !group.needsUnit && group.concepts.length > 1;
}

/**
 * Whether a name is a known health measurement: the LOINC resolver recognises it (with or without the unit) or it
 * is one of the report words above. Only a signal for accepting a candidate: the indicator is never rewritten.
 */
export function isKnownMeasurement(name: string, unit: string | null): boolean {
  countLookup();
  const key = `${name}\u0000${unit ?? ''}`;
  const cached = knownCache.get(key);
  if (cached !== undefined) return cached;
  const folded = foldText(name);
  let known = EXTRA_MEASUREMENTS.has(folded);
  if (!known && folded !== '') {
    // Past the document's budget (or for a text that cannot be a name) the answer is "not known", and not remembered:
    // another document may ask again (`lookup-budget.ts`).
    if (!spendLookup(name)) return false;
    known =
      resolveSeriesIndicator(name, unit).loincCode !== null ||
      resolveSeriesIndicator(name, null).loincCode !== null ||
      namesSiblings(name);
  }
  if (knownCache.size > 4096) knownCache.clear();
  knownCache.set(key, known);
  return known;
}

/** Whether the answer for this name and unit is already known without asking the resolver (a cheap look-up). */
export function isKnownMeasurementCached(name: string, unit: string | null): boolean | undefined {
  return knownCache.get(`${name}\u0000${unit ?? ''}`);
}

/**
 * Units that on their own say "laboratory result": a concentration, a count per volume, a percentage, a cell size.
 * Units of everyday quantities (km, hours, kg, mg as a dose) need a known measurement name as well.
 */
export function isLabUnit(unit: string): boolean {
  const folded = unit.toLowerCase();
  if (folded === 'y/o') return false;
  if (folded.includes('/') || folded.includes('%')) return true;
  return ['fl', 'pg', 'ratio', 'mmhg', 'mm hg', '°c', '℃', 'sec', 'seg'].includes(folded);
}

/** Units in which medication is dosed: a number in one of these next to a drug name is a dose, not a result. */
export function isDoseUnit(unit: string | null): boolean {
  if (unit === null) return true;
  return /^(?:mg|g|mcg|µg|μg|ug|iu|ie|ui|units?|einheiten|tab(?:let)?s?|caps?(?:ules?)?|ml|puffs?|drops?|gtt|mg\/(?:d|day|d[ií]a|tag|j|jour|die))$/i.test(
    unit,
  );
}

/**
 * Words that put the numbers of a clause in a medication context; Spanish and German dosing lines on drug-monitoring
 * sheets (`Dosis: Acido valproico 500 mg c/12h`) and the route after a dose (`Vancomycin 1.25 g IV`) included.
 */
export const DOSING_CONTEXT =
  /\b(?:medications?|meds|treatment|therapy|took|take|takes|taking|dose|dosed|dosage|daily|twice|bid|tid|qid|qd|od|prn|nightly|tablets?|caps?ules?|started|start|increase|increased|reduce|reduced|prescribed|nimmt|einnahme|t[äa]glich|toma|tomar|tomando|prend|prendre|comprim[ée]s?|mg\/day|per\s+day|a\s+day|dosis|dosierung|posolog[ií]a|posologie|c\/\s?\d{1,2}\s?h|cada\s+\d{1,2}\s?h|al\s+d[ií]a|por\s+d[ií]a|mg\/d[ií]a|mg\/die|terapia|compress[ae]|al\s+giorno|iv|po|subcut|intravenous(?:ly)?|orally)\b/i;

/** Words allowed between a measurement's name and its value in running text ("glucose was 104"). */
export const LINKING_WORDS = new Set(
  [
    'was',
    'is',
    'were',
    'are',
    'of',
    'at',
    'came',
    'back',
    'now',
    'today',
    'this',
    'morning',
    'evening',
    'tonight',
    'reading',
    'read',
    'level',
    'levels',
    'measured',
    'about',
    'around',
    'approx',
    'approximately',
    'still',
    // a judgement between name and value: `potassium was a little high at 5.3`
    'little',
    'bit',
    'slightly',
    'mildly',
    'somewhat',
    'high',
    'low',
    'elevated',
    'normal',
    'only',
    'just',
    'went',
    // a course told in verbs: `CRP peaked at 212 mg/L`, `troponin rose to 2,140 ng/L`
    'peaked',
    'rose',
    'fell',
    'dropped',
    'from',
    'climbed',
    'reached',
    'up',
    'down',
    'to',
    'war',
    'ist',
    'bei',
    'heute',
    'es',
    'era',
    'fue',
    'de',
    'etait',
    'était',
    'est',
    'a',
    'à',
    ':',
    '=',
  ].map((w) => w.toLowerCase()),
);
