/**
 * A unit conversion printed on a report: `Tabla de conversión: creatinina 1 mg/dl = 88,4 µmol/l`, `Umrechnung: LDL
 * 1 mmol/l = 38,7 mg/dl`, `Facteur de conversion : g/L x 2,586 = mmol/L`. It states how two units relate, never a
 * result. Two signs: the line is captioned as a conversion, or one unit of a quantity is set equal to a number of
 * another (`1 mg/dl = 88,4`). A result restated in a second unit (`Glucose 5.6 mmol/L = 101 mg/dL`) is not one unit.
 */

/** A conversion caption anywhere before the number, in the report languages. */
const CONVERSION_CAPTION =
  /(?:conversion|conversi[oó]n|convers[ãa]o|conversione|umrechnung|einheitenumrechnung|umrechnungsfaktor|omrekening|omrekenfactor|przelicz\w*|konwersj\w*|換算|换算|单位换算)/iu;

/** One of a unit, then `=` or `≙` and a number: the left side of an equation between units. */
const ONE_UNIT_EQUALS = /^\s*[=≙≈]\s*\d/u;

/** Whether the number is part of a unit conversion rather than a result. */
export function isUnitConversion(value: string, unit: string | null, line: string): boolean {
  const at = line.indexOf(value.trim());
  if (at < 0) return false;
  if (CONVERSION_CAPTION.test(line.slice(0, at))) return true;
  if (!/^1(?:[.,]0+)?$/.test(value.trim())) return false;
  let rest = line.slice(at + value.trim().length);
  if (unit) {
    const unitAt = rest.indexOf(unit);
    if (unitAt >= 0 && unitAt < 4) rest = rest.slice(unitAt + unit.length);
  }
  return ONE_UNIT_EQUALS.test(rest);
}
