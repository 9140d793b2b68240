/**
 * Text clean-up, line splitting, cell splitting and header/footer noise detection. Everything downstream works on
 * one line at a time; this module decides what a line is made of and whether it can carry a reading at all.
 */
import { TextMemo } from './text-memo';

/** One line of the document, with its position (for document order) and its cleaned text. */
export interface SourceLine {
  index: number;
  /** The line after clean-up (NBSP and zero-width characters removed, stray OCR margin characters stripped). */
  text: string;
}

/**
 * A cell of a row: its text (trimmed) and where it starts and ends in the line, for fixed-width column mapping
 * (for fixed-width rows in display columns, see `splitOnSpaces`; for delimited rows in characters).
 */
export interface Cell {
  text: string;
  start: number;
  end: number;
}

export type Delimiter = 'tab' | 'semicolon' | 'pipe' | 'comma' | 'spaces';

/**
 * Full-width forms (`１２３`, `ｍｇ／ｄＬ`, `（７０－９９）`, `：`, `～`, `￥`) and the squared unit signs of CJK fonts
 * (`㎎`, `㎗`, `㎕`): NFKC makes them the ASCII characters every reader understands. NFKC is applied to these blocks
 * only, not to whole lines: on whole lines it would also flatten superscripts (`10⁹/L` → `109/L`, `mm³` → `mm3`),
 * turn the micro sign µ into Greek μ, and widen half-width katakana (`ｱﾙﾌﾞﾐﾝ`, kept as written) so that columns
 * after them would no longer line up. All characters matched here are printed two columns wide.
 */
const COMPATIBILITY_FORMS = /[\uff01-\uff60\uffe0-\uffe6\u3380-\u33ff]+/g;

/** A column gap: two spaces, an ideographic space, a tab (at the end of a line padding would only be trimmed). */
const GAP_AHEAD = /^(?: {2}|\u3000|\t)/;

/** NFKC of a run of compatibility forms. NFKC writes the micro of `㎍`, `㎕` as Greek mu; reports type the micro sign. */
function compatibilityToPlain(run: string): string {
  return run.normalize('NFKC').replace(/\u03bc/g, '\u00b5');
}

/** A cell of a line: words parted by single spaces (a gap of two, an ideographic space, a tab or a line end ends it). */
const CELL_SPAN = /[^\t\n\u3000 ]+(?: [^\t\n\u3000 ]+)*/g;

/**
 * A cell with its compatibility forms made plain. A full-width character is printed two columns wide, so a cell that
 * has a gap after it is padded back to its printed width: the cells after it stay under their header (`７．２　　ｇ／ｄＬ`
 * lines up with `結果　　　単位`), also when a full-width bracket sits inside the cell around a half-width sign
 * (`（±）`, `HbA1c（NGSP）`). Padding inside the cell would split it, so it all goes at the cell's end.
 */
function cellToPlain(cell: string, offset: number, text: string): string {
  let lost = 0;
  const plain = cell.replace(COMPATIBILITY_FORMS, (run, at: number) => {
    let converted = compatibilityToPlain(run);
    // Chinese and Japanese prose puts no space after a full-width comma, semicolon or colon (`T 38.6℃，P 102次/分`):
    // the space its second printed column stood for keeps the clauses apart, as after their ASCII forms.
    if (/[\uff0c\uff1a\uff1b]$/.test(run) && /[^\s\d]/u.test(cell[at + run.length] ?? ' ')) converted += ' ';
    lost += Math.max(0, 2 * run.length - converted.length);
    return converted;
  });
  // A `±` between full-width brackets is the double-byte sign of the JIS and GB sets, printed two columns wide too.
  lost += cell.match(/(?<=[\uff08\uff3b])±|±(?=[\uff09\uff3d])/g)?.length ?? 0;
  if (plain === cell || !GAP_AHEAD.test(text.slice(offset + cell.length, offset + cell.length + 2))) return plain;
  return plain + ' '.repeat(lost);
}

/**
 * Box-drawing characters: a drawn table (`│ 1 │ 总胆固醇（TC） │ 5.62 │`) is a pipe table, its borders and joints
 * (`┌──┬──┐`, `├──┼──┤`) rule lines. Read as `|` and `-`, the pipe-table and rule readers take them as they are.
 */
const BOX_BAR = /[\u2502\u2503\u2551\u2506\u2507\u250a\u250b\u254e\u254f]/g;
const BOX_RULE = /[\u2500-\u257f]/g;

/**
 * Unicode spaces become plain spaces and zero-width characters disappear, so that copy-pasted portal text and PDF
 * extractions split like typed text. Tabs are kept: they are column separators. An ideographic space (U+3000) is as
 * wide as two Latin characters and CJK printouts use it as a column gap, so it becomes two spaces (a cell break).
 */
export function normalizeText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(CELL_SPAN, cellToPlain)
    .replace(/\u3000/g, '  ')
    .replace(/[\u00a0\u2007\u202f\u2002-\u2006\u2008\u2009\u200a]/g, ' ')
    .replace(/[\u200b-\u200d\u2060\ufeff]/g, '')
    .replace(BOX_BAR, '|')
    .replace(BOX_RULE, '-');
}

/** OCR and copy-paste leave margin characters (`| `, `~ `, bullets) in front of table rows; they carry nothing. */
const LEADING_STRAY = /^\s*(?:[~•·»›◦▪■□●]+\s*|\|\s+(?=[^|]*$))/;

/** Markdown bold around a value or name (`| Ferritin | **18** |`, pasted from a chat or notes app): the marks go. */
const MARKDOWN_BOLD = /(\*\*|__)(?=\S)([^*_\n]*?\S)\1/g;
/**
 * A Markdown list bullet before a name (`- **Ferritin:** 9 ng/mL`, `+ TSH 1.8`, `* **MCV:** 76 fL`): one space after
 * it. A star is a bullet only before bold: `*  LDL 4.2` and `* LDL 4.2` are a flag column.
 */
const MARKDOWN_BULLET = /^\s*(?:[-+] (?=\p{L}|\*\*)|\* (?=\*\*))/u;
/**
 * The text a bullet leaves. A dash before a sub-row of a fixed-width table (`     - Neutrophils   58.2   45 - 75`, the
 * differential under a Vietnamese or Indian blood count) marks the row as part of the one above; the row's cells
 * keep their printed columns only if the dash becomes spaces. A list item without column gaps loses it outright.
 */
function withoutBullet(bullet: string, rest: string): string {
  return /\S {2,}\S/.test(rest) ? ' '.repeat(bullet.length) : '';
}

/** Markdown italics around a word (`— *low*`): letters only, so a starred value (`*231`) is never touched. */
const MARKDOWN_ITALIC = /(?<![*\p{L}\d])\*(\p{L}[\p{L} ]*\p{L}|\p{L})\*(?![*\p{L}\d])/gu;
/**
 * One character of an emoji as chat answers and portals print them: the pictograph, its variation selectors, the
 * joiner between the parts of a combined one and the keycap mark. For a `u` regex.
 */
export const PICTOGRAPH = String.raw`\p{Extended_Pictographic}|\u{FE0F}|\u{FE0E}|\u{200D}|\u{20E3}`;
/**
 * Emoji a chat answer ends a line with (`✅`, `⚠️`): decoration. The arrows `⬆`/`⬇` are flags and stay. Emoji inside
 * a table's status cell are left for the cell reader (`value-marks.ts`).
 */
// The lookbehind starts a run only after its last word, so a line of spaces or emoji is not re-scanned from each one.
const TRAILING_PICTOGRAPHS = new RegExp(String.raw`(?<!\s|${PICTOGRAPH})(?:\s*(?![⬆⬇])(?:${PICTOGRAPH}))+$`, 'u');

/**
 * No report row is this long; a line that is (a paragraph pasted without breaks, minified HTML, a flood of marks) is
 * read in pieces, since the row readers look back over a line from each candidate value and grow with its square.
 */
const LONGEST_LINE = 1000;

/** A long line cut at the last sentence end before the limit, else the last space, else at the limit. */
export function cutLongLine(line: string, limit = LONGEST_LINE): string[] {
  const pieces: string[] = [];
  let rest = line;
  while (rest.length > limit) {
    const head = rest.slice(0, limit);
    const sentence = /^.*[.!?;。](?=\s)/s.exec(head)?.[0].length ?? 0;
    const space = head.lastIndexOf(' ');
    const cut = sentence > limit / 2 ? sentence : space > limit / 2 ? space : limit;
    pieces.push(rest.slice(0, cut));
    rest = rest.slice(cut).replace(/^\s+/, '');
  }
  pieces.push(rest);
  return pieces;
}

export function splitLines(text: string): SourceLine[] {
  return normalizeText(text)
    .split('\n')
    .flatMap((line) => (line.length > LONGEST_LINE ? cutLongLine(line) : [line]))
    .map((raw, index) => ({
      index,
      text: raw
        .replace(LEADING_STRAY, '')
        .replace(MARKDOWN_BULLET, (bullet, offset: number, line: string) =>
          withoutBullet(bullet, line.slice(offset + bullet.length)),
        )
        .replace(MARKDOWN_BOLD, '$2')
        .replace(MARKDOWN_ITALIC, '$1')
        .replace(TRAILING_PICTOGRAPHS, '')
        .trimEnd(),
    }));
}

/** Lines made only of rules, dashes, equals signs or table borders: `-----`, `|----|----|`, `=== ===`. */
export function isRuleLine(text: string): boolean {
  return /^[\s\-=_*|+:.~#]*$/.test(text) && text.trim().length > 0;
}

/**
 * Splits a CSV line, honouring double quotes (`"1,250"` stays one cell, as it must when the file uses a comma both
 * as separator and as thousands separator).
 */
function splitQuoted(line: string, separator: string): Cell[] {
  const cells: Cell[] = [];
  let current = '';
  let start = 0;
  let quoted = false;
  for (let i = 0; i <= line.length; i++) {
    const ch = line[i];
    if (ch === undefined || (ch === separator && !quoted)) {
      cells.push({ text: current.trim(), start, end: i });
      current = '';
      start = i + 1;
      continue;
    }
    if (ch === '"') {
      if (quoted && line[i + 1] === '"') {
        current += '"';
        i++;
      } else {
        quoted = !quoted;
      }
      continue;
    }
    current += ch;
  }
  return cells;
}

/** East Asian wide and full-width characters: Hangul, CJK ideographs and kana, full-width forms. */
const WIDE_CHARACTER =
  /[\u1100-\u115f\u2e80-\u303e\u3041-\u33ff\u3400-\u4dbf\u4e00-\u9fff\ua960-\ua97f\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]|[\u{20000}-\u{3fffd}]/u;

/** Whether a text holds CJK (or other East Asian wide) characters. */
export function hasWideCharacters(text: string): boolean {
  return WIDE_CHARACTER.test(text);
}

/**
 * Where each character of a line starts on a monospaced page: a CJK character takes two columns, so a printout whose
 * columns line up on screen has names like `白细胞计数` ending further right than their character count says.
 * Null when the line has no wide character (positions are then plain string indices).
 */
export function displayColumns(line: string): number[] | null {
  if (!WIDE_CHARACTER.test(line)) return null;
  const columns: number[] = [];
  let column = 0;
  for (let i = 0; i < line.length; i++) {
    columns.push(column);
    const code = line.codePointAt(i) as number;
    if (code > 0xffff) {
      columns.push(column); // the low surrogate sits with its high one
      i++;
    }
    column += WIDE_CHARACTER.test(String.fromCodePoint(code)) ? 2 : 1;
  }
  columns.push(column);
  return columns;
}

/** The width of a line as printed (wide characters count twice). */
export function displayWidth(line: string): number {
  return displayColumns(line)?.[line.length] ?? line.length;
}

/**
 * The string index where a printed column starts in a line: the first character at or after that column (the line's
 * length past its end). The inverse of `displayColumns`, for code that cuts lines at a printed position.
 */
export function indexAtColumn(line: string, column: number): number {
  const columns = displayColumns(line);
  if (columns === null) return Math.min(column, line.length);
  const index = columns.findIndex((c) => c >= column);
  return index < 0 ? line.length : Math.min(index, line.length);
}

/**
 * Cells separated by runs of two or more spaces, each with its span in display columns (fixed-width tables): the
 * character span, except that wide characters count twice.
 */
function splitOnSpaces(line: string): Cell[] {
  const cells: Cell[] = [];
  const pattern = /\S+(?: \S+)*/g;
  const columns = displayColumns(line);
  for (const match of line.matchAll(pattern)) {
    const end = match.index + match[0].length;
    cells.push({ text: match[0], start: columns?.[match.index] ?? match.index, end: columns?.[end] ?? end });
  }
  return cells;
}

/** The separator a line uses, in order of how unambiguous it is. Commas only when the caller says it is CSV. */
export function detectDelimiter(line: string, allowComma = false): Delimiter {
  if (line.includes('\t')) return 'tab';
  if ((line.match(/;/g)?.length ?? 0) >= 2) return 'semicolon';
  if ((line.match(/\|/g)?.length ?? 0) >= 2) return 'pipe';
  if (allowComma && (line.match(/,/g)?.length ?? 0) >= 2) return 'comma';
  return 'spaces';
}

/**
 * The cells of a line for a given delimiter. For delimited rows empty cells are kept (their index is their column);
 * a pipe table's outer borders are dropped. For fixed-width rows only non-empty cells exist, with positions.
 */
export function splitCells(line: string, delimiter: Delimiter): Cell[] {
  switch (delimiter) {
    case 'tab':
      return splitQuoted(line, '\t');
    case 'semicolon':
      return splitQuoted(line, ';');
    case 'comma':
      return splitQuoted(line, ',');
    case 'pipe': {
      const cells = splitQuoted(line, '|');
      if (cells.length > 0 && cells[0]?.text === '') cells.shift();
      if (cells.length > 0 && cells[cells.length - 1]?.text === '') cells.pop();
      return cells;
    }
    case 'spaces':
      return splitOnSpaces(line);
  }
}

/**
 * Labels that open header and footer lines of a report: patient identity, sample and order numbers, dates of
 * collection and reporting, signatures, contact details, page numbers, comments. A line that starts with one never
 * carries a reading (its dates are still read, by `dates.ts`). Accents are matched loosely (`m[eé]dico`).
 */
const NOISE_LABEL = new RegExp(
  `^(?:` +
    [
      String.raw`pat[i1]ent(?:in)?(?:\s+(?:name|id|information|no\.?|number))?`,
      `paciente`,
      String.raw`pazien?te|utente|assistito|nat[oa]\s+il|data\s+di\s+nascita|data\s+de\s+nascimento|codice\s+fiscale|cpf|rg|prontu[áa]rio|conv[êe]nio|sesso|et[àa]|idade`,
      `name|nombre|nom|pr[ée]nom|vorname|nachname|nome|cognome|sig\\.?(?:ra)?|sr\\.?|sra\\.?`,
      String.raw`report\s+for|report|befundbericht|informe|compte[\s-]rendu`,
      String.raw`d\.?o\.?b\.?|date\s+of\s+birth|birth\s*date|geb(?:\.|urtsdatum|oren)?|fecha\s+de\s+nacimiento|n[ée]e?\s+le|date\s+de\s+naissance`,
      `sex|gender|geschlecht|sexo|sexe|age|alter|edad|[âa]ge`,
      String.raw`mrn|nhs\s+no|patient\s+id|id|specimen(?:\s+id)?|spec\s*#|sample(?:\s+(?:id|no\.?|number|collected|date))?|probe|muestra|[ée]chantillon|accession|acc(?:t)?\s*#?|account|req(?:uisition)?\s*#?|order(?:ed)?(?:\s+by)?|auftrag(?:snummer)?|barcode|control|lab\s*(?:no|number)|dossier|n[º°]\.?|no\.|n\.|petici[oó]n|accettazione|richiesta|requisi[çc][ãa]o|pedido|material|materiale|campione|amostra`,
      `pg|page|seite|p[áa]gina`,
      String.raw`(?:date\s+)?co[l1i][l1i]ected|collection(?:\s+date)?|(?:date\s+)?received|(?:date\s+)?reported|report\s+date|printed|issued|(?:date\s+)?resulted|date|datum|fecha|data|prelievo|coleta|colheita|emiss[ãa]o|entnahme(?:datum)?|abnahme(?:datum)?|eingang|befunddatum|pr[ée]lev[ée]e?(?:\s+le)?|date\s+de\s+pr[ée]l[èe]vement`,
      String.raw`(?:ordering|referring|requesting)?\s*physician|doctor|dr|arzt|[äa]rztin|m[ée]dico|m[ée]decin|requested\s+by|ordered\s+by|dra|dott(?:\.?ssa)?|direttore|diretor(?:a)?|respons[áa]vel|crm|crf`,
      String.raw`(?:electronically\s+)?signed|verified|validated|valid(?:iert|ado)|authori[sz]ed|reviewed|approved|befund\s+validiert|biologiste|performed|performing|liberado|assinado|firmato|firma|validato|refertato`,
      `tel(?:ephone)?|phone|telefon|tel[ée]fono|t[ée]l[ée]phone|t[ée]l|fax|e-?mail|address|adresse|direcci[oó]n|www|https?`,
      `comments?|commentaire|comentarios?|kommentar|notes?|beurteilung|interpretation|method|m[ée]thode|m[ée]todo|client|insurance|versicherung`,
      String.raw`mit\s+freundlichen|kind\s+regards|dear|sincerely|cordialement|atentamente`,
    ].join('|') +
    String.raw`)(?=[\s:#.,/(-]|$)`,
  'i',
);

/**
 * The same furniture in Chinese, Japanese and Korean printouts: patient identity (姓名/氏名/성명, 性别/性別/성별,
 * 年龄/年齢/나이), ward and bed, record and sample numbers, diagnosis, doctors, sample and report times, signatures
 * (检验者/审核者, 検査者, 검사자), remarks and contacts. CJK has no word boundaries, so a line opening with one of these
 * words (or a longer caption such as `报告时间`) is furniture; the one-character `注` and `页` only before a colon, a
 * space or the line's end. `患者` (the patient) is furniture only as a caption (`患者氏名`, `患者ID：`): a discharge
 * summary's prose sentences open with it (`患者因发热3天入院。`).
 */
const CJK_NOISE_LABEL = new RegExp(
  `^(?:${[
    '姓名|性别|性別|年龄|年齡|年齢|科室|病区|病區|床号|床號|病历号|病歷號|住院号|门诊号|門診號|就诊卡号|卡号|ID号|条码号|条码|标本|標本|样本|樣本|送检|申请|申請',
    '临床诊断|臨床診斷|诊断|診斷|申请医生|送检医生|医生|醫師|医師|检验者|檢驗者|检验员|检验医师|审核者|审核|審核|核对者|报告|報告|采样|采集|接收|打印|备注|備註|说明|注(?=[\\s:：]|$)',
    '电话|電話|地址|医院|醫院|病院|页(?=[\\s:：]|$)|第\\s*\\d+\\s*页',
    '氏名|患者(?=[\\s:：]|$|姓名|氏名|名|ID|番号|编号|編號|号|號|信息|情報)|カルテ|生年月日|受付|依頼|診療科|担当医|主治医|検体|採取|採血|検査日|報告日|コメント|備考|住所',
    '이름|성명|환자|성별|나이|연령|생년월일|등록번호|병록번호|진료과|병동|의뢰|의사|검체|채취|채혈|접수|검사일|보고|판독|비고|주소|전화|병원',
  ].join('|')})`,
  'u',
);

/** Page markers anywhere in a line: `Page 1 of 3`, `Seite 1 von 2`, `Página 1 de 2`, `Pg 1 / 2`, `Page 1/1`. */
const PAGE_MARKER = /\b(?:page|pg|seite|p[áa]gina|pagina)\.?\s*\d+\s*(?:of|von|de|di|sur|\/)\s*\d+/i;

/**
 * A phone or fax number introduced as such, anywhere in the line (address blocks put them mid-line). `Ph` is also
 * urine pH: it is a phone caption only before a country code or digit groups, which no pH value has.
 */
const PHONE =
  /(?:\btel\b\.?|\bphone\b|\btelefon\b|\btel[ée]fono\b|\bt[ée]l[ée]?(?:phone)?\b|\bfax\b|\bmob(?:ile)?\b)\s*[.:]?\s*[+(\d]|(?<!\p{L}\s{0,3})\bph\b\.?\s*[.:]?\s*(?:\+\d|\d{2,5}[\s-]\d{3,4}[\s-]\d{3,4})/iu;
/**
 * `Ph: 040-2351 7788`, `Mob. 98480 22113` (Indian letterheads): `Ph` is also pH, so only with a number shaped like a
 * phone number (an area code and two groups of three to five digits), which no pH reading is, and never after a word
 * (`Alk Ph 250 130-400` is alkaline phosphatase).
 */
const SHORT_PHONE =
  /(?<!\p{L}\s{0,3})\b(?:ph|mob|mobile|cell)\b\.?\s*(?:no\.?\s*)?[:.]?\s*\+?\(?\d{2,5}\)?(?:[\s-]\d{3,5}){1,2}\b/iu;

/**
 * A word of a street's name: `Verdi`, `dell'Orso`, an initial or a short abbreviation with its dot (`G.`, `Dott.`). A
 * longer word ending in a dot ends a sentence, and the street pattern stops there (`via nasal specs. Temp 37.8`).
 */
const STREET_WORD = String.raw`(?:[\p{L}'-]+|[\p{L}'-]{1,4}\.)`;

/**
 * Street addresses: a house number before a street word (`1447 York Court`, `12 rue de la République`,
 * `Av. de la Constitución 45`) or a German street name before its number (`Hauptstraße 12`).
 */
const ADDRESS = new RegExp(
  [
    String.raw`\b\d{1,5}\s+(?:[\p{L}.'-]+\s+){0,4}(?:street|road|rd|avenue|ave|drive|court|lane|boulevard|blvd|parkway|pkwy|suite)\b`,
    String.raw`\b\d{1,5},?\s+(?:rue|avenue|av|bd|boulevard|chemin|place|calle|avenida|plaza|paseo)\b`,
    String.raw`\b(?:calle|avenida|av\.|plaza|paseo|rue|avenue|via|viale|piazza|corso|rua|travessa|alameda)\s+(?:${STREET_WORD}\s+){0,5}\d{1,4}\b(?![.,]\d)`,
    String.raw`\b(?:via|viale|piazza|corso|rua|travessa|alameda|avenida)\s+(?:${STREET_WORD}\s+){0,5}${STREET_WORD},\s*\d{1,4}\b(?![.,]\d)`,
    String.raw`\p{L}(?:straße|strasse|str\.|weg|platz|allee|gasse|ring|damm)\s+\d{1,4}\b`,
  ].join('|'),
  'iu',
);

/**
 * Words `PHONE` and `SHORT_PHONE`, and `ADDRESS` (with a digit), cannot match without: the full patterns, tried at
 * every position of every line, run only on lines holding one (case folding as theirs).
 */
const PHONE_WORD = /t[ée]l|fax|mob|ph|cell/iu;
const ADDRESS_WORD =
  /street|road|rd|ave|drive|court|lane|boulevard|blvd|parkway|pkwy|suite|rue|av|bd|chemin|place|calle|plaza|paseo|via|piazza|corso|rua|travessa|alameda|straße|strasse|str\.|weg|platz|allee|gasse|ring|damm/iu;

/**
 * A sentence of a note that opens with `Patient` as its subject (`Patient phoned in her readings. BP was 142/91.`):
 * followed by lower-case words, not a colon or a name, and ending as a sentence does. Other labels (comments,
 * methods, signatures) stay furniture even when written as sentences.
 */
function isProse(text: string): boolean {
  if (DOCTOR_AS_SUBJECT.test(text)) return true;
  return (
    /^(?:pat[i1]ent|paciente|paziente) \p{Ll}+ \p{Ll}+ /iu.test(text) &&
    /[.!?]$/.test(text) &&
    text.split(/\s+/).length >= 8
  );
}

/**
 * A letter's sentence with the doctor as its subject (`Dr Hughes has looked at your bloods. Your HbA1c is 52`): a
 * doctor's name, then a verb and a lower-case word. A signature or a caption (`Dr R Chaudhry`, `Doctor: Dr Smith`)
 * has no verb after the name.
 */
const DOCTOR_AS_SUBJECT =
  /^(?:[Dd]r\.?|[Dd]octor)\s+(?:\p{Lu}[\p{L}'-]*\.?\s+){1,3}(?:has|have|had|is|was|would|will|reviewed|looked|checked|saw|noted|says|said|asked|wants|recommends|advised|thinks)\s+\p{Ll}/u;

/** Whether a line is report furniture (header, footer, identity, contact, signature) that must not become readings. */
export function isNoiseLine(text: string): boolean {
  // Asked of each line and of each name read from it, on every pass over the document: each text is tested once.
  const known = noiseLines.get(text);
  if (known !== undefined) return known;
  return noiseLines.set(text, isFurniture(text));
}

const noiseLines = new TextMemo<boolean>();

/** A portal page's button or link, copied with the page: `Back to Test Results`, `Print`, `Export to PDF`. */
const PORTAL_BUTTON =
  /^(?:back(?:\s+to\s+[\p{L} ]{2,30})?|print(?:\s+[\p{L} ]{2,20})?|export(?:\s+to\s+\p{L}+)?|download(?:\s+\p{L}+)?|share|e-?mail|send\s+a\s+message|view\s+trends?|graph|zur[üu]ck|drucken|imprimir|volver|voltar|imprimer|retour|stampa|indietro)$/iu;

/** A row of two or more portal buttons parted by gaps (`Back to Test Results     Print     Export to PDF`). */
function isPortalButtonRow(trimmed: string): boolean {
  if (trimmed.length > 120 || /\d/.test(trimmed)) return false;
  const cells = trimmed.split(/\s{3,}|\t|\s+\|\s+/);
  return cells.length >= 2 && cells.every((cell) => PORTAL_BUTTON.test(cell.trim()));
}

function isFurniture(text: string): boolean {
  const trimmed = text.trim();
  if (trimmed === '') return true;
  if (isRuleLine(trimmed)) return true;
  if (NOISE_LABEL.test(trimmed) && !isProse(trimmed)) return true;
  if (CJK_NOISE_LABEL.test(trimmed)) return true;
  if (PAGE_MARKER.test(trimmed)) return true;
  if (isPortalButtonRow(trimmed)) return true;
  if (PHONE_WORD.test(trimmed) && (PHONE.test(trimmed) || SHORT_PHONE.test(trimmed))) return true;
  if (ADDRESS_WORD.test(trimmed) && /\d/.test(trimmed) && ADDRESS.test(trimmed)) return true;
  return false;
}
