/**
 * The name of an assay method, printed in brackets under a test (`(CLIA)`, `(HPLC)`, Indian reports) or in a
 * TECHNOLOGY column beside it (`IMMUNOTURBIDIMETRY`, `C.L.I.A`). It says how the value was measured, never which
 * test it is, so it neither continues a name nor stands for a value.
 */

/** Method names and their usual abbreviations (dots between the letters allowed: `C.L.I.A`, `H.P.L.C`). */
const METHOD_WORDS = String.raw`(?:E?CLIA|CMIA|ECL|ELFA|ELISA|EIA|RIA|FIA|IFA|CLEIA|HPLC|LC-?MS(?:\/MS)?|ICP-?MS|ISE|GC-?MS|CHOD-?PAP|GPO-?PAP|GOD-?POD|GOD-?PAP|IFCC|(?:immuno)?turbidim[eé]tr(?:y|ic|ie|ía|ia)|n[eé]ph[eé]lom[eé]tr(?:y|ic|ie|ía|ia)|(?:spectro)?photom[eé]tr(?:y|ic|ie|ía|ia)|colou?rim[eé]tr(?:y|ic|ie|ía|ia)|enzymati(?:c|que|sch)|enzim[aá]tic[oa]|kinetic|cin[eé]tique|jaff[eé](?:\s+kinetic)?|hexokinase|immunoassay|(?:[eé]lectro)?ch(?:emi|imi)luminescence|flow\s+cytometry|cytom[eé]trie\s+en\s+flux|impedance|calculated|derived|microscopy|dipstick|latex\s+agglutination|bromocresol\s+(?:green|purple)|BCG|BCP|uricase|urease)`;

/** Letters of an abbreviation written with dots between them: `C.L.I.A` is `CLIA`. */
function withoutLetterDots(text: string): string {
  return /^(?:\p{Lu}\.){2,}\p{Lu}?\.?$/u.test(text) ? text.replaceAll('.', '') : text;
}

const METHOD = new RegExp(`^${METHOD_WORDS}$`, 'iu');

/** Whether `text` is only a method's name, bare or in brackets: `(CLIA)`, `IMMUNOTURBIDIMETRY`, `C.L.I.A`. */
export function isMethodCaption(text: string): boolean {
  const bare = text
    .trim()
    .replace(/^[([](.*)[)\]]$/u, '$1')
    .trim();
  return bare !== '' && METHOD.test(withoutLetterDots(bare));
}

/**
 * A method cell between a row's name and its value (`HS-CRP  IMMUNOTURBIDIMETRY  2.8  mg/L`, `FERRITIN  C.L.I.A  45`):
 * blanked with spaces, so every other cell keeps its column. Only a cell set off by two spaces on each side, after
 * a name and before a number, is a method; a single word glued to the name (`Glucose HK`) may be part of it.
 */
const METHOD_CELL = /(?<=\p{L}[^\s]*\)?\s{2,})(\S+(?:\s\S+)?)(?=\s{2,}[<>≤≥]?\s?\d)/gu;

/**
 * A captioned method cell ending a name line (`FERRITINA, soro        Método: quimioluminescência`, Brazilian laudos):
 * its caption's colon would make the method the name, as `Método: …` alone says which test is not.
 */
const CAPTIONED_METHOD_CELL =
  /(?<=\S\s{2,})(?:m[ée]todos?|m[ée]thodes?|methods?|metodo|methodik|technique|t[ée]cnica)\s*:\s*[^:\d]{1,60}$/iu;

export function withoutMethodCell(line: string): string {
  if (!/\S\s{2,}\S/.test(line)) return line;
  return line
    .replace(METHOD_CELL, (cell) => (isMethodCaption(cell) ? ' '.repeat(cell.length) : cell))
    .replace(CAPTIONED_METHOD_CELL, (cell) => ' '.repeat(cell.length));
}
