/**
 * The quantity symbols of blood-gas and CO-oximetry analysers (Radiometer ABL, and the IFCC/IUPAC notation other
 * analysers print): a kind-of-quantity letter before the analyte — `c` concentration, `ct` total concentration, `F`
 * fraction of total haemoglobin, `p` partial pressure — and the ion's charge after it (`cK+`, `cCa2+`, `cHCO3-`,
 * `FCOHb`, `ctHb`, `cGlu`, `cLac`, `ctCO2`). Every such value is measured on the analyser's whole-blood sample, so the
 * symbol is read as its analyte's blood-gas name, which the corpus writes (`potassium blood gas`, 6298-4).
 * @see https://www.radiometer.com/en/products/blood-gas-testing/abl800-flex-blood-gas-analyzer (parameter list)
 */

/** Symbol (without its kind letter and charge) → the name the corpus gives the analyte on a blood-gas sample. */
const ANALYTES: ReadonlyMap<string, { kinds: readonly string[]; name: string }> = new Map([
  ['K', { kinds: ['c'], name: 'potassium blood gas' }],
  ['Na', { kinds: ['c'], name: 'sodium blood gas' }],
  ['Cl', { kinds: ['c'], name: 'chloride blood gas' }],
  // `cCa2+` is the free ion: the ionised calcium, never the total
  ['Ca', { kinds: ['c'], name: 'ionized calcium blood gas' }],
  ['Glu', { kinds: ['c'], name: 'glucose blood gas' }],
  ['Lac', { kinds: ['c'], name: 'lactate blood gas' }],
  ['HCO3', { kinds: ['c'], name: 'bicarbonate blood gas' }],
  ['CO2', { kinds: ['ct'], name: 'tCO2 blood gas' }],
  ['COHb', { kinds: ['F'], name: 'carboxyhemoglobin' }],
  ['MetHb', { kinds: ['F'], name: 'methemoglobin' }],
]);

/** Kind letter and the rest: analyte, charge (`+`, `2+`, `-`), a bracketed note (`cHCO3-(P)`, `cHCO3-(P,st)`). */
const SYMBOL = /^(ct|c|F)([A-Z][A-Za-z]*\d?[+-]?)(?:\s*\([^()]*\))?$/;

/** The corpus name a blood-gas quantity symbol stands for, or null when the name is no such symbol. */
export function bloodGasSymbolName(name: string): string | null {
  const match = SYMBOL.exec(name.trim());
  if (!match) return null;
  const [, kind = '', written = ''] = match;
  const unsigned = written.replace(/[+-]$/, '');
  // `HCO3` keeps its digit; `Ca2+` writes the charge's.
  const known =
    ANALYTES.get(unsigned) ?? (written === unsigned ? undefined : ANALYTES.get(unsigned.replace(/\d$/, '')));
  return known?.kinds.includes(kind) ? known.name : null;
}
