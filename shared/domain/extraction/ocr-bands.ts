/**
 * A reference band whose limit a fax or photo's OCR printed with letters for digits (`150 - 4OO`, `3,5 - 5,l`): the
 * range readers stop at the first letter and keep `150 - 4`. A side that is digits and the look-alike letters O, o,
 * l, I, with a digit among them, across a dash from a side of plain digits, and with a column gap or the line's end
 * after it, is the number the lab printed; it is repaired as values are (`1 4.O` is `14.0`).
 */
const OCR_BAND =
  /(?<![\p{L}\d])(\d+(?:[.,]\d+)?\s?[-–]\s?)((?=[\dOolI.,]*\d)[\dOolI]+(?:[.,][\dOolI]+)?)(?=\s{2,}|\s*$)/gu;

export function withOcrBandsRepaired(line: string): string {
  if (!/\d\s?[-–]\s?[\dOolI.,]*[OolI]/.test(line)) return line;
  return line.replace(
    OCR_BAND,
    (_band, low: string, high: string) => `${low}${high.replace(/[Oo]/g, '0').replace(/[lI]/g, '1')}`,
  );
}
