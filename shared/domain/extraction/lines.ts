/**
 * Text clean-up, line splitting, cell splitting and header/footer noise detection. Everything downstream works on
 * one line at a time; this module decides what a line is made of and whether it can carry a reading at all.
 */

/** One line of the document, with its position (for document order) and its cleaned text. */
export interface SourceLine {
  index: number;
  /** The line after clean-up (NBSP and zero-width characters removed, stray OCR margin characters stripped). */
  text: string;
}

/** A cell of a row: its text (trimmed) and where it starts and ends in the line, for fixed-width column mapping. */
export interface Cell {
  text: string;
  start: number;
  end: number;
}

export type Delimiter = 'tab' | 'semicolon' | 'pipe' | 'comma' | 'spaces';

/**
 * Unicode spaces become plain spaces and zero-width characters disappear, so that copy-pasted portal text and PDF
 * extractions split like typed text. Tabs are kept: they are column separators.
 */
export function normalizeText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[\u00a0\u2007\u202f\u2002-\u2006\u2008\u2009\u200a\u3000]/g, ' ')
    .replace(/[\u200b-\u200d\u2060\ufeff]/g, '');
}

/** OCR and copy-paste leave margin characters (`| `, `~ `, bullets) in front of table rows; they carry nothing. */
const LEADING_STRAY = /^\s*(?:[~•·»›◦▪■□●]+\s*|\|\s+(?=[^|]*$))/;

export function splitLines(text: string): SourceLine[] {
  return normalizeText(text)
    .split('\n')
    .map((raw, index) => ({ index, text: raw.replace(LEADING_STRAY, '').replace(/\s+$/, '') }));
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

/** Cells separated by runs of two or more spaces, each with its character span (fixed-width tables). */
function splitOnSpaces(line: string): Cell[] {
  const cells: Cell[] = [];
  const pattern = /\S+(?: \S+)*/g;
  for (const match of line.matchAll(pattern)) {
    cells.push({ text: match[0], start: match.index, end: match.index + match[0].length });
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

/** Page markers anywhere in a line: `Page 1 of 3`, `Seite 1 von 2`, `Página 1 de 2`, `Pg 1 / 2`, `Page 1/1`. */
const PAGE_MARKER = /\b(?:page|pg|seite|p[áa]gina|pagina)\.?\s*\d+\s*(?:of|von|de|di|sur|\/)\s*\d+/i;

/** A phone or fax number introduced as such, anywhere in the line (address blocks put them mid-line). */
const PHONE =
  /(?:\btel\b\.?|\bphone\b|\btelefon\b|\btel[ée]fono\b|\bt[ée]l[ée]?(?:phone)?\b|\bfax\b)\s*[.:]?\s*[+(\d]/i;

/**
 * Street addresses: a house number before a street word (`1447 York Court`, `12 rue de la République`,
 * `Av. de la Constitución 45`) or a German street name before its number (`Hauptstraße 12`).
 */
const ADDRESS = new RegExp(
  [
    String.raw`\b\d{1,5}\s+(?:[\p{L}.'-]+\s+){0,4}(?:street|road|rd|avenue|ave|drive|court|lane|boulevard|blvd|parkway|pkwy|suite)\b`,
    String.raw`\b\d{1,5},?\s+(?:rue|avenue|av|bd|boulevard|chemin|place|calle|avenida|plaza|paseo)\b`,
    String.raw`\b(?:calle|avenida|av\.|plaza|paseo|rue|avenue|via|viale|piazza|corso|rua|travessa|alameda)\s+(?:[\p{L}.'-]+\s+){0,5}\d{1,4}\b`,
    String.raw`\b(?:via|viale|piazza|corso|rua|travessa|alameda|avenida)\s+(?:[\p{L}.'-]+\s+){0,5}[\p{L}.'-]+,\s*\d{1,4}\b`,
    String.raw`\p{L}(?:straße|strasse|str\.|weg|platz|allee|gasse|ring|damm)\s+\d{1,4}\b`,
  ].join('|'),
  'iu',
);

/**
 * A sentence of a note that opens with `Patient` as its subject (`Patient phoned in her readings. BP was 142/91.`):
 * followed by lower-case words, not a colon or a name, and ending as a sentence does. Other labels (comments,
 * methods, signatures) stay furniture even when written as sentences.
 */
function isProse(text: string): boolean {
  return (
    /^(?:pat[i1]ent|paciente|paziente) \p{Ll}+ \p{Ll}+ /iu.test(text) &&
    /[.!?]$/.test(text) &&
    text.split(/\s+/).length >= 8
  );
}

/** Whether a line is report furniture (header, footer, identity, contact, signature) that must not become readings. */
export function isNoiseLine(text: string): boolean {
  const trimmed = text.trim();
  if (trimmed === '') return true;
  if (isRuleLine(trimmed)) return true;
  if (NOISE_LABEL.test(trimmed) && !isProse(trimmed)) return true;
  if (PAGE_MARKER.test(trimmed)) return true;
  if (PHONE.test(trimmed)) return true;
  if (ADDRESS.test(trimmed)) return true;
  return false;
}
