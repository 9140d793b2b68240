/**
 * A blood bank's serology results in words: `Antibody screen: Negative`, `Kell  K negative`, `DAT  Negative`,
 * `Crossmatch result  Compatible`, `Rh(D)  Positive`, `Rhesus-Formel: CcD.ee`, `Antikörpersuchtest: negativ`. The
 * values are words no general reader takes on a line without a range or a unit, so the caption (a blood bank test)
 * and the value's shape (a serology word, a Kell or Rhesus phenotype, an agglutination grade) together are the
 * evidence. What a transfusion slip also prints is no result: unit and donation numbers, products, how many units
 * were issued or crossmatched, how long the sample is valid. Those never have a serology word for value.
 */
import type { Measurement } from './measurement';

/** Blood bank tests, in the languages partners send (ABO grouping itself is `blood-group.ts`). */
const TEST = [
  // Rhesus D typing.
  String.raw`rh\s*\(\s*d\s*\)(?:\s+(?:type|typing|antigen|status))?|rh\s*d(?:\s+(?:type|typing|antigen|status))?|rh(?:esus)?[\s-]*(?:factor|faktor|factor\s+d|d)|rhesus(?:\s+d)?`,
  // Rhesus phenotype or formula.
  String.raw`rh(?:esus)?[\s-]*(?:formel|formula|f[óo]rmula|ph[ée]notype|phenotype|f[ée]notipo|fen[óo]tipo|ph[äa]notyp|subgroups?|untergruppen)|(?:ph[ée]notype|fenotipo|fen[óo]tipo)\s+rh(?:[ée]sus)?`,
  // Kell.
  String.raw`kell(?:[\s-]*(?:antigen|typing|\(\s*k\s*\)|factor|faktor|ph[ée]notype))?`,
  // Antibody screen / indirect antiglobulin test.
  String.raw`(?:irregular\s+|red\s+cell\s+)?antibody\s+(?:screen(?:ing)?(?:\s+test)?|search|detection)|indirect\s+(?:antiglobulin|coombs)(?:\s+test)?(?:\s*\((?:iat|ict)\))?|antik[öo]rper[\s-]*such(?:test|e)|ak[\s-]*suche|irregul[äa]re\s+antik[öo]rper|indirekter\s+coombs[\s-]*test|recherche\s+d['’]agglutinines\s+irr[ée]guli[èe]res(?:\s*\(rai\))?|rai|b[úu]squeda\s+de\s+anticuerpos\s+irregulares|rastreo\s+de\s+anticuerpos(?:\s+irregulares)?|escrutinio\s+de\s+anticuerpos|coombs\s+indirect[oa]|pesquisa\s+de\s+anticorpos\s+irregulares(?:\s*\(pai\))?|ricerca\s+(?:di\s+)?anticorpi\s+irregolari|test\s+di\s+coombs\s+indiretto`,
  // Direct antiglobulin test.
  String.raw`direct\s+antiglobulin\s+test(?:\s*\(dat\))?|direct\s+coombs(?:\s+test)?(?:\s*\((?:dat|dct)\))?|dat|dct|direkter\s+coombs[\s-]*test|direkter\s+antihumanglobulintest|test\s+de\s+coombs\s+direct|coombs\s+direct[oa]|prueba\s+de\s+coombs\s+directa|test\s+di\s+coombs\s+diretto|teste\s+de\s+coombs\s+direto`,
  // Crossmatch.
  String.raw`cross[\s-]*match(?:ing)?(?:\s+(?:result|test))?|compatibility\s+test|kreuzprobe|vertr[äa]glichkeitsprobe|prueba\s+cruzada|pruebas\s+cruzadas|[ée]preuve\s+(?:directe\s+)?de\s+compatibilit[ée]|prova\s+(?:crociata|di\s+compatibilit[àa])`,
].join('|');

/** A serology word, optionally with what it was tested for (`Negative (IgG, C3d)`). */
const SEROLOGY = String.raw`(?:negati(?:ve|vo|va|v|f)|n[ée]gati(?:f|ve)|positi(?:ve|vo|va|v|f)|neg\.?|pos\.?|(?:in)?compatib(?:le|ile)|(?:in)?kompatibel|(?:un)?vertr[äa]glich|(?:in)?compat[íi]vel|not\s+detected|detected|nicht\s+nachweisbar|nachweisbar|no\s+detectad[oa]s?|ausente|absent|present|weak(?:ly)?\s+positive|schwach\s+positiv|[1-4]\s?\+|\+{1,4}|w\+)(?:\s*\([^()]{1,40}\))?`;

/** A Kell phenotype: `K negative`, `K-`, `K+`, `kk`, `Kk`. */
const KELL_VALUE = String.raw`K\s*(?:negati(?:ve|v|vo|f)|positi(?:ve|v|vo|f)|neg\.?|pos\.?|[+-])|kk|Kk|KK`;

/** A Rhesus formula: `CcD.ee`, `ccddee`, `CCDEE`, Fisher-Race shorthand `R1r`, `rr`, `R1R2`, or both (`R1r (CcDee)`). */
const RH_FORMULA = String.raw`(?:(?:R[0-2z]|r['"]?|r)(?:R[0-2z]|r['"]?|r)(?:\s*\(\s*[Cc]{2}[Dd]\.?[Ee]{2}\s*\))?|[Cc]{2}[Dd]\.?[Ee]{2})`;

const BLOOD_BANK_LINE = new RegExp(
  String.raw`^\s*(${TEST})\s*(?::|\.{2,}|\s{2,}|\t)\s*(${SEROLOGY}|${KELL_VALUE}|${RH_FORMULA})\s*$`,
  'iu',
);

/** The case-sensitive shapes: a Rhesus formula's capitals are its antigens, a Kell phenotype's `K` is the antigen. */
const CASED_VALUE = new RegExp(String.raw`^(?:${KELL_VALUE}|${RH_FORMULA})$`, 'u');
const WORD_VALUE = new RegExp(String.raw`^${SEROLOGY}$`, 'iu');

/** The blood bank result a line states, or null. */
export function readBloodBankLine(text: string): { name: string; measurement: Measurement } | null {
  if (text.length > 160) return null;
  const m = BLOOD_BANK_LINE.exec(text);
  if (!m?.[1] || !m[2]) return null;
  const value = m[2].trim();
  if (!WORD_VALUE.test(value) && !CASED_VALUE.test(value)) return null;
  return {
    name: m[1].replace(/\s+/g, ' '),
    measurement: { value, unit: null, referenceRange: null, flag: null, qualitative: true, rest: '' },
  };
}
