/**
 * Dates in report text, as ISO `YYYY-MM-DD`.
 *
 * Day/month order, which numbers alone cannot always settle:
 *  - ISO (`2026-03-12`, `2026/03/12`): always year-month-day.
 *  - Dotted (`12.03.2026`, `12.03.26`): always day-first; no region writes month-first with dots.
 *  - Slash or dash (`03/12/2026`, `12-03-2026`): a date whose first number is > 12 is day-first and one whose second
 *    number is > 12 is month-first, whatever the rest of the document says. Otherwise the document decides: if any
 *    other slash date in it is unambiguous (a DOB like `23/06/1972`), all its slash dates follow that order; if none
 *    is, the document's locale evidence decides (`date-locale.ts`: language, phone code, postal code, company form,
 *    spelling, decimal commas, month names elsewhere), and a document without any is month-first (US convention).
 *  - Month names in English, German, Spanish and French (`Mar 4, 2026`, `12. März 2026`, `9 de marzo de 2026`).
 *  - Chinese, Japanese and Korean year-month-day with their characters (`2024年3月15日`, `2024년 3월 15일`), and
 *    Japanese era years (`令和6年5月20日`).
 *  - Thai Buddhist-era years (`12/03/2569`) and Taiwanese ROC-era years (`115/06/03`) as `asian-calendars.ts` reads them.
 *  - Two-digit years are 20yy up to 69 and 19yy from 70.
 */

import { isAdmissionCaption } from './admission-dates';
import { gregorianYear, rocDates } from './asian-calendars';
import { localeDateOrder } from './date-locale';
import { KeyedTextMemo } from './text-memo';
import { timeCaptionLine, timeInNextCell } from './time-cells';
import { fullWeekdayAlternation } from './weekdays';

export type SlashOrder = 'month-first' | 'day-first';

export interface DateMatch {
  start: number;
  end: number;
  iso: string;
}

const MONTHS: ReadonlyArray<readonly [string, number]> = [
  ...(
    [
      ['january', 1],
      ['february', 2],
      ['march', 3],
      ['april', 4],
      ['may', 5],
      ['june', 6],
      ['july', 7],
      ['august', 8],
      ['september', 9],
      ['october', 10],
      ['november', 11],
      ['december', 12],
      ['januar', 1],
      ['jänner', 1],
      ['februar', 2],
      ['märz', 3],
      ['maerz', 3],
      ['mai', 5],
      ['juni', 6],
      ['juli', 7],
      ['oktober', 10],
      ['dezember', 12],
      ['enero', 1],
      ['febrero', 2],
      ['marzo', 3],
      ['abril', 4],
      ['mayo', 5],
      ['junio', 6],
      ['julio', 7],
      ['agosto', 8],
      ['septiembre', 9],
      ['setiembre', 9],
      ['octubre', 10],
      ['noviembre', 11],
      ['diciembre', 12],
      ['janvier', 1],
      ['février', 2],
      ['fevrier', 2],
      ['mars', 3],
      ['avril', 4],
      ['juin', 6],
      ['juillet', 7],
      ['août', 8],
      ['aout', 8],
      ['septembre', 9],
      ['octobre', 10],
      ['novembre', 11],
      ['décembre', 12],
      ['decembre', 12],
      ['gennaio', 1],
      ['febbraio', 2],
      ['aprile', 4],
      ['maggio', 5],
      ['giugno', 6],
      ['luglio', 7],
      ['settembre', 9],
      ['ottobre', 10],
      ['dicembre', 12],
      ['janeiro', 1],
      ['fevereiro', 2],
      ['março', 3],
      ['marco', 3],
      ['maio', 5],
      ['junho', 6],
      ['julho', 7],
      ['setembro', 9],
      ['outubro', 10],
      ['novembro', 11],
      ['dezembro', 12],
    ] as const
  ).map(([name, month]) => [name, month] as const),
  ...(
    [
      ['jan', 1],
      ['feb', 2],
      ['mar', 3],
      ['apr', 4],
      ['jun', 6],
      ['jul', 7],
      ['aug', 8],
      ['sep', 9],
      ['sept', 9],
      ['oct', 10],
      ['nov', 11],
      ['dec', 12],
      ['mär', 3],
      ['okt', 10],
      ['dez', 12],
      ['ene', 1],
      ['abr', 4],
      ['ago', 8],
      ['dic', 12],
      ['janv', 1],
      ['févr', 2],
      ['avr', 4],
      ['juil', 7],
      ['déc', 12],
    ] as const
  ).map(([name, month]) => [name, month] as const),
  // Malay and Indonesian (Mac, Ogos, Disember; Maret, Agustus, Desember), Tagalog (Marso, Hunyo, Disyembre).
  ...(
    [
      ['januari', 1],
      ['februari', 2],
      ['mac', 3],
      ['maret', 3],
      ['mei', 5],
      ['julai', 7],
      ['juni', 6],
      ['ogos', 8],
      ['agustus', 8],
      ['disember', 12],
      ['desember', 12],
      ['pebrero', 2],
      ['marso', 3],
      ['hunyo', 6],
      ['hulyo', 7],
      ['setyembre', 9],
      ['oktubre', 10],
      ['nobyembre', 11],
      ['disyembre', 12],
    ] as const
  ).map(([name, month]) => [name, month] as const),
  // Thai, full and abbreviated with their inner dot (`4 มี.ค. 2569`, Buddhist-era years, `asian-calendars.ts`).
  ...(
    [
      ['มกราคม', 1],
      ['กุมภาพันธ์', 2],
      ['มีนาคม', 3],
      ['เมษายน', 4],
      ['พฤษภาคม', 5],
      ['มิถุนายน', 6],
      ['กรกฎาคม', 7],
      ['สิงหาคม', 8],
      ['กันยายน', 9],
      ['ตุลาคม', 10],
      ['พฤศจิกายน', 11],
      ['ธันวาคม', 12],
      ['ม.ค', 1],
      ['ก.พ', 2],
      ['มี.ค', 3],
      ['เม.ย', 4],
      ['พ.ค', 5],
      ['มิ.ย', 6],
      ['ก.ค', 7],
      ['ส.ค', 8],
      ['ก.ย', 9],
      ['ต.ค', 10],
      ['พ.ย', 11],
      ['ธ.ค', 12],
    ] as const
  ).map(([name, month]) => [name, month] as const),
];

export const MONTH_BY_NAME: ReadonlyMap<string, number> = new Map(MONTHS);
/** Longest names first, so `march` wins over `mar` and `juillet` over `juil`. */
export const MONTH_ALTERNATION = [...MONTH_BY_NAME.keys()]
  .sort((a, b) => b.length - a.length || (a < b ? -1 : 1))
  .map((name) => name.replace(/\./g, '\\.')) // a Thai abbreviation's inner dot is a dot
  .join('|');

const YEAR_FIRST = /(?<![\d./-])(\d{4})([-/.])(\d{1,2})\2(\d{1,2})(?![\d]|[-/.:]\d)/g;
const NUMERIC = /(?<![\d./-])(\d{1,2})([./-])(\d{1,2})\2(\d{4}|\d{2})(?![\d]|[-/.]\d)/g;
// `12/Apr/2026` and `12-Apr-2026` (Indian and British lab systems) as well as `12 April 2026`.
const DAY_MONTH_NAME = new RegExp(
  String.raw`(?<![\p{L}\d])(\d{1,2})(?:\.|st|nd|rd|th)?(?:\s+de)?(?:[\s-]+|\/)(${MONTH_ALTERNATION})\.?,?(?:\s+de)?(?:[\s-]+|\/)(\d{4}|\d{2}(?!\d))`,
  'giu',
);
const MONTH_NAME_DAY = new RegExp(
  String.raw`(?<![\p{L}])(${MONTH_ALTERNATION})\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})(?!\d)`,
  'giu',
);
/** `MAR-17-2026`, `Mar/17/2026`: US systems (fax headers, exports) writing the month name first with separators. */
const MONTH_NAME_DAY_SEPARATED = new RegExp(
  String.raw`(?<![\p{L}])(${MONTH_ALTERNATION})([-/])(\d{1,2})\2(\d{4})(?!\d)`,
  'giu',
);
/** `2026-Oct-05`, `2026/Oct/05`: Canadian lab systems (LifeLabs, Dynacare) write the year, the month name, the day. */
const YEAR_MONTH_NAME_DAY = new RegExp(
  String.raw`(?<![\p{L}\d])(\d{4})([-/])(${MONTH_ALTERNATION})\2(\d{1,2})(?!\d)`,
  'giu',
);
/**
 * OCR and fax text spaces the slashes out: `03 / 17 / 2026` (four-digit year only, so a ratio `3 / 4 / 12` is never a
 * date). `letter-spacing.ts` joins such a date on its line with this same pattern, so that a ratio is not joined
 * into a date there either.
 */
export const SPACED_SLASH_DATE = /(?<![\d./-])(\d{1,2}) \/ (\d{1,2}) \/ (\d{4})(?!\d)/g;

/**
 * Full-width ASCII (`２０２６／０２／１８`, common in Japanese and Chinese reports) as half-width, one code unit for
 * one, so match positions still index the original line.
 */
/** A slash date a fax's OCR wrote with letters O for zeros (`O3/O5/2026`): every part digits or O, a digit in it. */
const OCR_SLASH_DATE = /(?<![\p{L}\d])[O\d]{1,2}\/[O\d]{1,2}\/[O\d]{2}(?:[O\d]{2})?(?![\p{L}\d])/gu;

/** The text with such dates' O read as 0; the length stays, so every position found in it holds for the original. */
function withOcrDateDigits(text: string): string {
  if (!text.includes('O')) return text;
  return text.replace(OCR_SLASH_DATE, (date) => (/\d/.test(date) ? date.replace(/O/g, '0') : date));
}

function halfWidth(text: string): string {
  return text.replace(/[\uFF01-\uFF5E]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0)).replace(/\u3000/g, ' ');
}

/** Chinese and Japanese `2024年3月15日`, Korean `2024년 3월 15일` (and `2024. 3. 15.` handled as year-first dots). */
const CJK_YEAR_MONTH_DAY = /(?<!\d)(\d{4})\s*[年년]\s*(\d{1,2})\s*[月월]\s*(\d{1,2})\s*[日일号號]?(?!\d)/gu;

/** Japanese era dates: `令和6年5月20日` (Reiwa 1 = 2019), `平成31年4月1日` (Heisei 1 = 1989), `元年` for year 1. */
const JAPANESE_ERA_DATE = /(令和|平成)\s*(元|\d{1,2})\s*年\s*(\d{1,2})\s*月\s*(\d{1,2})\s*日?(?!\d)/gu;
/** The Gregorian year before each Japanese era's first year (令和元年 = 2019). */
export const ERA_START: Readonly<Record<string, number>> = { 令和: 2018, 平成: 1988 };

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function fullYear(text: string): number {
  const year = Number(text);
  if (text.length === 4) return gregorianYear(year);
  return year <= 69 ? 2000 + year : 1900 + year;
}

export function iso(year: number, month: number, day: number): string | null {
  if (year < 1900 || year > 2199 || month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * Every match of a global pattern, as `matchAll` lists them. `matchAll` copies the pattern on each call, which for
 * the month-name patterns costs more than the search itself, and `findDates` runs on every line and cell. None of
 * the patterns here matches the empty string.
 */
function matchesOf(pattern: RegExp, text: string): RegExpExecArray[] {
  const found: RegExpExecArray[] = [];
  pattern.lastIndex = 0;
  for (let m = pattern.exec(text); m !== null; m = pattern.exec(text)) {
    found.push(m);
    if (m[0] === '') pattern.lastIndex++;
  }
  pattern.lastIndex = 0;
  return found;
}

/** The order this document uses for ambiguous slash and dash dates (see the module comment). */
export function detectSlashOrder(text: string): SlashOrder {
  let dayFirst = 0;
  let monthFirst = 0;
  for (const match of matchesOf(NUMERIC, text)) {
    if (match[2] === '.') continue;
    const first = Number(match[1]);
    const second = Number(match[3]);
    if (first > 12 && first <= 31) dayFirst++;
    else if (second > 12 && second <= 31) monthFirst++;
  }
  if (dayFirst > 0 && monthFirst === 0) return 'day-first';
  if (monthFirst > 0 && dayFirst === 0) return 'month-first';
  return localeDateOrder(text) ?? 'month-first';
}

/** Every date in a line, in order, without overlaps. */
/**
 * `9 - Nov 22` inside `(Nov 9 - Nov 22)`: a spaced dash after the day and a two-digit number after the month is a
 * span between two yearless days, not the 9th of November 2022; a date with a short year repeats its separator
 * (`12-Apr-26`, `12 Apr 26`).
 */
function isSpanToYearlessDay(match: string): boolean {
  return /^\d{1,2}\s+-[\s-]*\p{L}/u.test(match) && /\s\d{2}$/.test(match);
}

export function findDates(original: string, order: SlashOrder): DateMatch[] {
  // Every date form has a digit: a cell or line without one (a row of a thousand blank cells) is not scanned.
  if (!/[\d\uFF10-\uFF19]/.test(original)) return [];
  // Every reader looking for a date asks again of the same line (`text-memo.ts`); the matches are frozen, the list a copy.
  const memo = datesMemo.of(order);
  const known =
    memo.get(original) ?? memo.set(original, Object.freeze(datesIn(original, order).map((d) => Object.freeze(d))));
  return [...known];
}

const datesMemo = new KeyedTextMemo<SlashOrder, readonly Readonly<DateMatch>[]>();

const FOUR_DIGITS = /\d{4}/;

function datesIn(original: string, order: SlashOrder): DateMatch[] {
  const text = withOcrDateDigits(halfWidth(original));
  const found: DateMatch[] = [];
  // Six of the forms write a four-digit year; their patterns (the month-name alternations above all) are the costly
  // ones, and most lines with a number have no four digits in a row (`glucose 5.4`, `took 123.4 ms`).
  const yearDigits = FOUR_DIGITS.test(text);
  for (const m of yearDigits ? matchesOf(YEAR_FIRST, text) : []) {
    const value = iso(gregorianYear(Number(m[1])), Number(m[3]), Number(m[4]));
    if (value) found.push({ start: m.index, end: m.index + m[0].length, iso: value });
  }
  for (const m of matchesOf(NUMERIC, text)) {
    const a = Number(m[1]);
    const b = Number(m[3]);
    const year = fullYear(m[4] as string);
    let dayFirst = m[2] === '.' || order === 'day-first';
    if (a > 12) dayFirst = true;
    else if (b > 12) dayFirst = false;
    const value = dayFirst ? iso(year, b, a) : iso(year, a, b);
    if (value) found.push({ start: m.index, end: m.index + m[0].length, iso: value });
  }
  for (const m of yearDigits ? matchesOf(SPACED_SLASH_DATE, text) : []) {
    const a = Number(m[1]);
    const b = Number(m[2]);
    const year = Number(m[3]);
    const dayFirst = a > 12 || (b <= 12 && order === 'day-first');
    const value = dayFirst ? iso(year, b, a) : iso(year, a, b);
    if (value) found.push({ start: m.index, end: m.index + m[0].length, iso: value });
  }
  for (const m of yearDigits ? matchesOf(MONTH_NAME_DAY_SEPARATED, text) : []) {
    const month = MONTH_BY_NAME.get((m[1] as string).toLowerCase());
    const value = month ? iso(Number(m[4]), month, Number(m[3])) : null;
    if (value) found.push({ start: m.index, end: m.index + m[0].length, iso: value });
  }
  for (const m of matchesOf(DAY_MONTH_NAME, text)) {
    if (isSpanToYearlessDay(m[0])) continue;
    const month = MONTH_BY_NAME.get((m[2] as string).toLowerCase());
    const value = month ? iso(fullYear(m[3] as string), month, Number(m[1])) : null;
    if (value) found.push({ start: m.index, end: m.index + m[0].length, iso: value });
  }
  for (const m of yearDigits ? matchesOf(CJK_YEAR_MONTH_DAY, text) : []) {
    const value = iso(Number(m[1]), Number(m[2]), Number(m[3]));
    if (value) found.push({ start: m.index, end: m.index + m[0].length, iso: value });
  }
  for (const m of matchesOf(JAPANESE_ERA_DATE, text)) {
    const year = (ERA_START[m[1] as string] as number) + (m[2] === '元' ? 1 : Number(m[2]));
    const value = iso(year, Number(m[3]), Number(m[4]));
    if (value) found.push({ start: m.index, end: m.index + m[0].length, iso: value });
  }
  for (const era of rocDates(text)) {
    const value = iso(era.year, era.month, era.day);
    if (value) found.push({ start: era.start, end: era.end, iso: value });
  }
  for (const m of yearDigits ? matchesOf(YEAR_MONTH_NAME_DAY, text) : []) {
    const month = MONTH_BY_NAME.get((m[3] as string).toLowerCase());
    const value = month ? iso(Number(m[1]), month, Number(m[4])) : null;
    if (value) found.push({ start: m.index, end: m.index + m[0].length, iso: value });
  }
  for (const m of yearDigits ? matchesOf(MONTH_NAME_DAY, text) : []) {
    const month = MONTH_BY_NAME.get((m[1] as string).toLowerCase());
    const value = month ? iso(Number(m[3]), month, Number(m[2])) : null;
    if (value) found.push({ start: m.index, end: m.index + m[0].length, iso: value });
  }
  found.sort((x, y) => x.start - y.start || y.end - x.end);
  const result: DateMatch[] = [];
  for (const match of found) {
    const last = result[result.length - 1];
    if (last && match.start < last.end) continue;
    result.push(match);
  }
  return result;
}

export const WEEKDAY = new RegExp(
  String.raw`\b(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(?:day)?\b|\b(?:${fullWeekdayAlternation(['de', 'es', 'fr'])})\b`,
  'giu',
);
const TIME = /\b\d{1,2}[:h]\d{2}(?::\d{2})?\s*(?:[ap]\.?m\.?)?/gi;

/** A line that is only a date (with weekday, time and punctuation): a section heading such as a journal day. */
export function dateOnlyLine(text: string, order: SlashOrder): string | null {
  const dates = findDates(text, order);
  if (dates.length !== 1) return null;
  const date = dates[0] as DateMatch;
  const rest = (text.slice(0, date.start) + text.slice(date.end)).replace(WEEKDAY, '').replace(TIME, '');
  return /[\p{L}\d]/u.test(rest) ? null : date.iso;
}

/** A line that opens with its own date (`2026-03-10: glucose 104 mg/dL`): the date and the text after it. */
export function leadingDate(text: string, order: SlashOrder): { iso: string; rest: string } | null {
  const dates = findDates(text, order);
  const first = dates[0];
  if (!first) return null;
  const before = text.slice(0, first.start).replace(WEEKDAY, '');
  // A discharge summary's clause may open with a short caption before its date (`辅助检查：2026-01-15 血常规：WBC …`,
  // investigations on that day): the date is the clause's own all the same. A caption naming a birth date is not.
  const captioned = /^[^\d:]{1,24}:\s*$/u.test(before) && !BIRTH.test(before);
  if (/[\p{L}\d]/u.test(before) && !captioned) return null;
  const rest = text
    .slice(first.end)
    .replace(/^\s*(?:\d{1,2}[:h]\d{2}(?::\d{2})?\s*(?:[ap]\.?m\.?)?)?\s*[:\-–—,|]?\s*/i, '');
  return /\p{L}/u.test(rest) ? { iso: first.iso, rest } : null;
}

/**
 * A date something stays valid until (`Sample valid until: 17/10/2026 23:59` on a transfusion slip, a product's
 * expiry): a deadline, never when anything was measured.
 */
const VALIDITY =
  /(?:\bvalid\s+(?:until|till|to|through)\b|\bexpir|\bg[üu]ltig\s+bis\b|\bv[áa]lid[oa]\s+hasta\b|\bvalable\s+jusqu|\bvalido\s+fino\b|\buse\s+by\b|\bverfall)/i;

export type DateLabel = 'birth' | 'collection' | 'generic' | 'report';

// Geburtsdatum, geboortedatum, data urodzenia, födelsedatum, fødselsdato, syntymäaika, datum narození, doğum tarihi,
// születési dátum (Szül.), data nașterii (născut), datum rođenja / rojstva (Croatian, Serbian, Bosnian, Slovene).
const BIRTH =
  /(?:תאריך לידה|出生|生年月日|วันเกิด|ng[àa]y sinh|n[ăa]m sinh|tanggal lahir|tgl\.? lahir|생년월일|d\.?o\.?b|birth|nascita|nascimento|\bnasc\b|\bnac\.|\bnat[oa]\b|\bgeb\b|\bgeb\.|geboren|geburt|geboorte|urodzen|f[öo]delse|f[øo]dsel|syntym|naroz|do[gğ]um|\bn[ée]e?(?![a-z])|naissance|nacimiento|\bborn\b|\bsz[üu]l\b|sz[üu]let[ée]s|\bn[ăa]scut|ro[đd]enj|rojstv|рођењ|рожд|народж|γ[έε]νν[ηή]σ)/i;
// CJK captions: 采样/采集/采血/送检 (sampled, collected, sent to the lab), 採取/採血, 채취/채혈; 报告/審核/打印/接收
// (reported, verified, printed, received), 受付/報告, 보고/접수/출력; 日期/検査日/검사일 are the plain test date.
// A check-up's visit (受診/健診/検診 in Japanese, 검진/수검 in Korean, 体检 in Chinese) is when it was measured. Other
// languages' sampling words: Dutch afname, Polish pobranie, Scandinavian prøvetaking/provtagning, Finnish
// näytteenotto, Czech odběr, Turkish numune; Taiwanese 採檢/抽血, Thai เก็บตัวอย่าง/เจาะเลือด, Vietnamese lấy mẫu,
// Indonesian pengambilan, Malay sampel/spesimen, Tagalog koleksyon/kinuha, Thai ผลครั้งก่อน (an earlier result's
// heading dates the rows under it), Hebrew לקיחה/דגימה, Spanish (US portals) recolectado/recolección. Received/printed: Hebrew קבלה/הפקה, 簽收, Thai รับตัวอย่าง/รายงาน/พิมพ์, Vietnamese nhận mẫu/trả kết quả; Hungarian mintavétel, Romanian recoltare.
// Croatian/Serbian/Bosnian uzorkovanje, vađenje (krvi), Slovene odvzem.
// Turkish tahlil/tetkik (e-Nabız `Tahlil Tarihi`) against sonuç (result); Russian взятия/забор, дата; `Blood taken`.
// Indonesian `Tgl Ambil` (taken) against `Tgl Cetak`/`Tgl Terima` (printed, received); Greek `Ημ/νία λήψης` (taken)
// against έκδοσης/παραλαβής/εκτύπωσης (issued, received, printed); Ukrainian `Дата взяття` (taken), відбір/отбор
// (sampling) against видачі/друку (issued, printed); Ukrainian народження and Greek γέννησης are births.
const COLLECTION =
  /(?:לקיחה|דגימה|נלקח|採檢|采检|抽血|เก็บตัวอย่าง|เก็บสิ่งส่งตรวจ|เจาะเลือด|l[ấa]y m[ẫa]u|pengambilan|采样|采集|采血|送检|取样|採取|採血|採尿|채취|채혈|受診日|受診年月日|健診日|検診日|受検日|健康診断日|実施日|검진일|수검일|체검일|体检日期|体检时间|co[l1i][l1i]ect|afname|afgenomen|staalname|pobran|pr[øo]vetak|pr[øo]vetag|provtag|n[äa]ytteenot|odb[ěe]r|numune|mintav[ée]tel|recoltar|prelievo|prelevat|\bcolet(?:a|ad[oa])\b|colheita|raccolta|recolect|recolecci[oó]n|\bdrawn\b|\bdraw\b|\btaken\b|sampl|specimen|entnahme|abnahme|abgenommen|extracci[oó]n|\btoma\b|pr[ée]l[eè]v|obtenci[oó]n|\bvisit|\bsampel\b|spesimen|koleksyon|kinuha|ผลครั้งก่อน|взяти|взят|відбор|отбор|забор|λ[ήη]ψ[ηή]|αιμολ[ηή]ψ|δειγματολ|\b(?:di)?ambil\b|tahlil|tetkik|uzorkovan|uzorak|va[đd]enj|odvzem|\bcoll\b)/i;
const GENERIC =
  /(?:日期|检验日|檢驗日|検査日|検査年月日|日付|검사일|검사일자|날짜|\bdate\b|datum|\bfecha\b|\bdata\b|\bvom\b|\bdu\b|\bnote\b|\bdated\b|\btarikh\b|\btanggal\b|\bpetsa\b|\btgl\b|วันที่|дата|ημερομην[ίι]α|ημ\/ν[ίι]α|tarih)/i;
const REPORT =
  /(?:קבלה|הפקה|הדפסה|簽收|รายงาน|รับตัวอย่าง|รับสิ่งส่งตรวจ|พิมพ์|nh[ậa]n m[ẫa]u|tr[ảa] k[ếe]t qu[ảa]|报告|報告|审核|審核|打印|接收|签收|受付|印刷|発行|보고|접수|출력|발행|report|referto|laudo|emiss|liberad|result|receiv|eingang|befund|printed|issued|validat|valid[ée]|authori|review|signed|ausgedruckt|gedruckt|telephon|export|generated|erstellt|sonu[çc]|\bcetak\b|\bterima\b|\bdicetak\b|видач|выдач|друк|печат|[έε]κδοσ|παραλαβ|εκτ[υύ]πωσ)/i;

/**
 * Prose naming when the samples were taken, right before the date: `your lab results from March 4, 2026`, `labs
 * from April 10`, `bloods taken on`, `Laborwerte vom`, `analisi del`, `análisis del`, `analyses du`.
 */
const PROSE_COLLECTION =
  /(?:\b(?:labs?|lab ?work|blood ?work|bloods?|results?|tests?|samples?|panel)\s+(?:(?:were\s+)?(?:taken|drawn|done|collected)\s+)?(?:from|of|on|dated)|\b(?:laborwerte|werte|blutwerte|analisi|esami|an[áa]lisis|analyses|examens|bilan)\s+(?:vom|del|du|de)\s*(?:l[ae]\s+)?)\s*$/i;

/**
 * What a date's caption says the date is: birth, collection, a plain date, a report date; null for none. A caption
 * naming a report (`Date reported`) is a report's, though its `Date` alone would be a plain date.
 */
export function dateCaptionKind(label: string): DateLabel | null {
  return REPORT.test(label) && !COLLECTION.test(label) ? 'report' : classify(label);
}

/** A caption naming when a report was printed, issued, received or validated: no collection time follows from it. */
export function isReportCaption(label: string): boolean {
  return REPORT.test(label);
}

function classify(label: string): DateLabel | null {
  // `Sample valid until`: its `sample` would make the deadline a collection date.
  if (VALIDITY.test(label)) return null;
  if (BIRTH.test(label)) return 'birth';
  if (PROSE_COLLECTION.test(label)) return 'collection';
  if (COLLECTION.test(label)) return 'collection';
  if (GENERIC.test(label)) return 'generic';
  if (REPORT.test(label)) return 'report';
  return null;
}

/** What joins the two ends of a period: `March 29, 2026 - April 11, 2026`, `01.03.2026 bis 14.03.2026`. */
const PERIOD_JOIN = /^\s*(?:-|–|—|to|through|thru|until|bis|au|al|a|till)\s*$/i;

/** A short line ending in a colon: a caption whose value may be on the next line. */
const CAPTION_LINE = /^[^\d]{2,40}[:：]\s*$/u;

/** A line that is only a caption ending in a colon (`Date Collected:`), whose value is on the next line. */
export function isCaptionLine(text: string): boolean {
  return CAPTION_LINE.test(text) && classify(text) !== null;
}

/** A collection word just before a date, maybe after a bracket or colon: `(drawn 11/12/2026)`, `collected:`. */
const COLLECTION_RIGHT_BEFORE = /\b(?:drawn|taken|collected|sampled)\s*(?:on\s*)?[:\-–]?\s*$/i;

/**
 * A heading that carries its section's date (`OBSERVATIONS ON DISCHARGE (19/02/2026 08:00)`, `Sample collected:
 * 18-Nov-2025 08:55`, `Bloods on admission (collected 14/02/2026 23:05):`): one date, its time, and words only —
 * an upper-case heading or a collection caption. The date with its time, or null.
 */
export function datedHeading(text: string, order: SlashOrder): string | null {
  if (text.length > 200) return null;
  const dates = findDates(text, order);
  if (dates.length !== 1) return null;
  const date = dates[0] as DateMatch;
  const after = withClockWordColon(text.slice(date.end));
  const words = `${text.slice(0, date.start)} ${after.replace(TIME, ' ')}`
    .replace(/\b(?:at|um|ore|om|kl|klo|kello|[AP]M|UTC|GMT|[A-Z]{1,2}[SD]T)\b/g, ' ')
    .replace(/[()[\]:：,.\-–—/|]/g, ' ')
    .trim();
  if (words === '' || /\d/.test(words) || words.split(/\s+/).length > 8) return null;
  // A header row pairing a sample caption with a received/reported date (`Sample Type: SERUM  Received On: …`); a
  // collection word right before the date still names it (`Labs reviewed today (drawn 11/12/2026)`).
  const drawnRightBefore = COLLECTION_RIGHT_BEFORE.test(text.slice(Math.max(0, date.start - 24), date.start));
  if ((REPORT.test(words) && !drawnRightBefore) || BIRTH.test(words) || VALIDITY.test(words)) return null;
  const kind = classify(words);
  const heading = words === words.toUpperCase() && /\p{Lu}{3}/u.test(words) && kind !== 'birth' && kind !== 'report';
  if (!heading && kind !== 'collection') return null;
  return withTimeAfter(date.iso, after.replace(/^\s*[)\]]?/, ''));
}

const PRIORITY: Record<Exclude<DateLabel, 'birth'>, number> = { collection: 0, generic: 1, report: 2 };

/**
 * A clock time right after a date: `07:42`, `8:15:00AM`, `08h15`, `6:42 p.m.`, optionally after `at`, a comma or the
 * closing dot of a Hungarian date (`2026.02.03. 07:20`), or a French `à` a fax lost its accent from; a fax's OCR may space the colon (`godz. 07 :35`).
 */
const TIME_AFTER =
  /^\s*(?:,|\.|at|um|à|a|às|alle|ore|a las|om|kl\.?|klo|godz\.?|T|-|\/|เวลา|pukul|jam|alas)?\s*(\d{1,2})(?:\s?:\s?|h)(\d{2})(?::(\d{2}))?(?!\d)(?:\s*([ap])\.?\s?m\.?(?![a-z])|([ap])(?![\p{L}\d]))?/iu;

/** `2026-03-14` with the time written after it on the line as `2026-03-14T07:42:00`; the date alone without one. */
/** A clock time a fax's OCR wrote with a letter O for a zero (`O7:35`, `07:3O`): the first such time only. */
const OCR_TIME = /(?<![\p{L}\d])([O\d]{1,2})(\s?:\s?)([O\d]{2})(?![\p{L}\d])/u;

/** How far after a date its time may start (`  godz. O7:35`): only that much is looked at, so many dates stay linear. */
const TIME_REACH = 24;

function withOcrTimeRepaired(written: string): string {
  const after = written.slice(0, TIME_REACH);
  if (!/O/.test(after)) return written;
  return `${after.replace(OCR_TIME, (time, hours: string, colon: string, minutes: string) =>
    /\d/.test(time) ? `${hours.replace(/O/g, '0')}${colon}${minutes.replace(/O/g, '0')}` : time,
  )}${written.slice(TIME_REACH)}`;
}

/**
 * A Nordic or German clock time written with a dot after its clock word (`klo 7.52`, `kl. 07.45`, `kello 8.10`,
 * `um 7.30 Uhr`): only the clock word makes the dot a time's, since `02.10.2026 7.52` alone may be a value.
 */
const CLOCK_WORD_DOT_TIME = /^(\s*(?:klo|kello|kl\.?|um))\s*(\d{1,2})\.(\d{2})(?![\d.,])/iu;

/** The same text with a clock word's dotted time written with a colon (see `CLOCK_WORD_DOT_TIME`). */
function withClockWordColon(written: string): string {
  return written.replace(CLOCK_WORD_DOT_TIME, '$1 $2:$3');
}

export function withTimeAfter(date: string, written: string): string {
  const after = withClockWordColon(withOcrTimeRepaired(written));
  const m = TIME_AFTER.exec(after);
  if (!m) return date;
  // A fax spaces the colon of a padded clock time (`godz. 07 :35`); a lone digit before a spaced colon is a count
  // or a dose (`12/03/2026 - 3 :15 units`).
  if (/(?<!\d)\d\s:/.test(m[0])) return date;
  let hours = Number(m[1]);
  const minutes = Number(m[2]);
  const seconds = Number(m[3] ?? '0');
  // A home log writes the half of the day as one letter glued to the time (`9:40p`, `7:10a`).
  const half = (m[4] ?? m[5])?.toLowerCase();
  if (half === 'p' && hours < 12) hours += 12;
  if (half === 'a' && hours === 12) hours = 0;
  if (hours > 23 || minutes > 59 || seconds > 59) return date;
  const two = (n: number) => String(n).padStart(2, '0');
  return `${date}T${two(hours)}:${two(minutes)}:${two(seconds)}`;
}

/**
 * A clock time right before a date in its caption's cell: Vietnamese `Thời gian lấy mẫu: 08:20 ngày 14/04/2026`
 * (time, then `ngày` = day), English `Collected: 08:20 on 14/04/2026`.
 */
const TIME_BEFORE = /(?<![\d:.])(\d{1,2}[:h]\d{2}(?::\d{2})?(?:\s*[ap]\.?m\.?)?)\s*(?:ngày|on|le|el|am|den)?\s*$/iu;

const MILITARY_TIME_CELL = /^ ([01]\d|2[0-3])([0-5]\d)(?:\s?(?:[Ll]ocal|hrs?|[A-Z]{2,4}))?(?:\s{2,}|\t|$)/u;

/** The date with the time written after it, or else with the time its caption ends with; the date alone without one. */
function withTimeAround(date: string, label: string, after: string): string {
  const timed = withTimeAfter(date, after);
  if (timed !== date) return timed;
  // A US report's header prints the collection time military, closing its cell (`03/03/2026 0752 Local`).
  const military = MILITARY_TIME_CELL.exec(after);
  if (military) return withTimeAfter(date, ` ${military[1]}:${military[2]}`);
  // `DATE COLLECTED: 19/08/2026   TIME: 10:25AM`: the time in a cell of its own, captioned so (`time-cells.ts`).
  const cell = timeInNextCell(after);
  if (cell !== null) return withTimeAfter(date, ` ${cell}`);
  const before = TIME_BEFORE.exec(label);
  return before ? withTimeAfter(date, ` ${before[1]}`) : date;
}

/**
 * The date the whole report was taken on, from labelled dates anywhere in it: collection/draw/sample dates first,
 * then a plain `Date:`, then reported/received/printed dates, with the clock time written after it when there is
 * one (a fasting glucose at 07:42 is not one at 16:00). Dates of birth are never used. The label is the text just
 * before the date within its cell (cells are separated by runs of spaces, tabs or pipes).
 */
/**
 * A period's start written without its year, right before the end that carries it: `August 31 - ` of `14 days:
 * August 31 - September 13, 2026`, `31 Aug – `.
 */
const YEARLESS_PERIOD_START = new RegExp(
  String.raw`(?:(?:${MONTH_ALTERNATION})\.?\s+\d{1,2}|\d{1,2}\.?\s+(?:${MONTH_ALTERNATION})\.?)\s*(?:-|–|—|to|through|thru|until|bis|au|al)\s*$`,
  'iu',
);

/**
 * A collection date closing its line with its time captioned on the line under it (`Sample taken: 09.05.2026` /
 * `Time: 07:48`): the date with that time; otherwise as it was.
 */
function withTimeBelow(date: string, after: string, below: string | undefined): string {
  if (date.length > 10 || below === undefined || after.trim() !== '') return date;
  const time = timeCaptionLine(below);
  return time === null ? date : withTimeAfter(date, ` ${time}`);
}

export function reportDate(lines: readonly string[], order: SlashOrder): string | null {
  let best: { priority: number; iso: string; from: DateMatch } | null = null;
  // A caption alone on its line (`Date Collected:`) whose date is the first thing on the next line.
  let captionAbove: string | null = null;
  for (const [index, line] of lines.entries()) {
    let cellStart = 0;
    const dates = findDates(line, order);
    const caption = captionAbove;
    captionAbove = dates.length === 0 && CAPTION_LINE.test(line) ? line : line.trim() === '' ? captionAbove : null;
    for (const date of dates) {
      // `Collected   : 12/Apr/2026`: the spaces padding the caption to its colon are not a cell boundary.
      const before = line.slice(cellStart, date.start).replace(/[\s:：=-]+$/u, '');
      const boundary = Math.max(before.lastIndexOf('  '), before.lastIndexOf('\t'), before.lastIndexOf('|'));
      let label = boundary >= 0 ? before.slice(boundary) : before;
      if (cellStart === 0 && label.trim() === '' && caption !== null) label = caption;
      cellStart = date.end;
      const previous = dates[dates.indexOf(date) - 1];
      const period =
        (previous !== undefined && PERIOD_JOIN.test(line.slice(previous.end, date.start))) ||
        (previous === undefined && YEARLESS_PERIOD_START.test(line.slice(Math.max(0, date.start - 30), date.start)));
      // The end of a monitoring period (`14 Days: March 29, 2026 - April 11, 2026`) dates the summary over it.
      const admission = !period && isAdmissionCaption(label);
      const kind = period || admission ? 'generic' : classify(label);
      if (kind === null || kind === 'birth') continue;
      const priority = PRIORITY[kind];
      // The period's end replaces its start, which its caption (`Date range: 01/05/2026 - 14/05/2026`) gave first.
      const endsBest = period && best?.from === previous;
      const kept = Math.min(priority, best?.priority ?? priority);
      if (!best || priority < best.priority || endsBest) {
        const timed = admission ? date.iso : withTimeAround(date.iso, label, line.slice(date.end));
        const iso = kind === 'collection' ? withTimeBelow(timed, line.slice(date.end), lines[index + 1]) : timed;
        best = { priority: kept, iso, from: date };
      }
    }
  }
  if (best?.priority === PRIORITY.collection) return best.iso;
  return yearlessProseDate(lines, best?.iso ?? null, order);
}

const YEARLESS_AFTER_PROSE = new RegExp(
  String.raw`(${PROSE_COLLECTION.source.replace(/\\s\*\$$/, '')})\s+(?:(${MONTH_ALTERNATION})\.?\s+(\d{1,2})(?:st|nd|rd|th)?|(\d{1,2})(?:st|nd|rd|th|\.)?\s+(${MONTH_ALTERNATION}))(?![\p{L}\d]|,?\s*\d{2})`,
  'iu',
);

/**
 * A word `YEARLESS_AFTER_PROSE` cannot match without (its prose words hold no space, so a wrap cannot split one): a
 * line without any is not searched, which on a long document saves two searches of every line.
 */
const PROSE_COLLECTION_WORD =
  /lab|blood|result|test|sample|panel|werte|analisi|esami|an[áa]lisis|analyses|examens|bilan/iu;

/**
 * `Your labs from April 10 are back` in a message sent `April 14, 2026`: a collection date without its year takes
 * the year of the message's own date (the year before, when that would put it after the message); the words and the
 * date may sit either side of a line wrap.
 */
function yearlessProseDate(lines: readonly string[], fallback: string | null, order: SlashOrder): string | null {
  let anchor: string | null = fallback;
  for (const [index, line] of lines.entries()) {
    if (line.length > 2000) continue;
    anchor ??= findDates(line, order).find((d) => Number(d.iso.slice(0, 4)) > 1970)?.iso ?? null;
    // A paragraph wrapped between the words and their date (`His fasting labs from` / `October 29 look better`).
    const next = lines[index + 1] ?? '';
    const worded = PROSE_COLLECTION_WORD.test(line);
    const m =
      (worded ? YEARLESS_AFTER_PROSE.exec(line) : null) ??
      (next.length <= 2000 && (worded || PROSE_COLLECTION_WORD.test(next))
        ? YEARLESS_AFTER_PROSE.exec(`${line.trimEnd()} ${next.trimStart()}`)
        : null);
    if (!m) continue;
    if (anchor === null) {
      for (const later of lines) {
        anchor = findDates(later, order)[0]?.iso ?? null;
        if (anchor) break;
      }
    }
    if (anchor === null) return fallback;
    const month = MONTH_BY_NAME.get(((m[2] ?? m[5]) as string).toLowerCase());
    const day = Number(m[3] ?? m[4]);
    if (!month) return fallback;
    const year = Number(anchor.slice(0, 4));
    const sameYear = iso(year, month, day);
    if (sameYear === null) return fallback;
    return sameYear > anchor.slice(0, 10) ? iso(year - 1, month, day) : sameYear;
  }
  return fallback;
}
