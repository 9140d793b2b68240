import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadTsvCases } from '../../../bench/standardize-resolver';
import { isValidLoincCode } from '../../../shared/domain/standardization/loinc-code';
import { readTranslatedLongName, sharePerHundred } from '../../../shared/domain/standardization/translated-long-name';
import { resolveReadingIndicator } from '../../../shared/domain/standardization/unitless-siblings';

// Names taken from public catalogues that map the names they print to LOINC (session 27, helper c27): LOINC's German
// translation as the COPRA/LOINC project ships it, LOINC's Brazilian Portuguese names and a Brazilian project's own
// labels, the French EDSH core profiles and French LOINC displays in FHIR IGs. A sample by language, then the
// mechanisms (a translated long name read as its axes, a share written per hundred cells) with variations written
// here for other tests, spellings and languages, and the near misses that must stay null.
const code = (name: string, unit: string | null) => resolveReadingIndicator(name, unit).loincCode;

const evalDir = join(dirname(fileURLToPath(import.meta.url)), '../../../eval/standardization');

/** [source language, name, unit, expected code]: rows of eval/standardization/realworld/catalogues-s27.tsv. */
const CATALOGUE_ROWS: readonly (readonly [string, string, string | null, string])[] = [
  ['de', 'Hämoglobin [Masse/Volumen] in Blut', 'g/dL', '718-7'],
  ['de', 'Kalium [Mol/Volumen] in Serum oder Plasma', 'mmol/L', '2823-3'],
  ['de', 'Hämatokrit [Volumenfraktion] von Blut mit automatisierter Zählung', '%', '4544-3'],
  ['de', 'Neutrophile/100 Leukozyten in Blut mit automatisierter Zählung', '%', '770-8'],
  ['de', 'Sauerstoffsättigung in arteriellem Blut mit Pulsoximetrie', '%', '59408-5'],
  ['de', 'Creatinin [Mol/Volumen] in Urin', 'mmol/L', '14683-7'],
  ['de', 'Cholesterol in LDL [Masse/Volumen] in Serum oder Plasma, berechnet', 'mg/dL', '13457-7'],
  ['de', 'Troponin I.kardial [Masse/Volumen] in Serum oder Plasma mit Hochsensitivitätsmethode', 'ng/L', '89579-7'],
  ['de', 'Leukozyten [#/Fläche] in Urinsediment mit Lichtmikroskopie, hohe Vergrösserung', '/[HPF]', '5821-4'],
  ['de', 'Glucose-Nahrungskarenz', 'mmol/L', '14771-0'],
  ['de', 'Anti-Müller-Substanz', 'ng/mL', '38476-8'],
  ['pt', 'Linfócitos/100 leucócitos', '%', '26478-8'],
  ['pt', 'Neutrófilos/100 leucócitos', '%', '26511-6'],
  ['pt', 'Hemoglobina A1c/Hemoglobina.total', '%', '4548-4'],
  ['pt', 'Bilirrubina.não glicuronizada', 'mg/dL', '1971-1'],
  ['pt', 'Tiroperoxidase Ac', '[IU]/mL', '8099-4'],
  ['pt', 'Gonadotrofina Coriônica', 'm[IU]/mL', '19080-1'],
  ['pt', 'Relacao albumina/creatinina', 'mg/g{creat}', '9318-7'],
  ['fr', 'Leucocytes [Nombre/Volume] Sang ; Numérique ; Comptage automate', '10*3/uL', '6690-2'],
  ['fr', 'Phosphatases alcalines [Catalytique/Volume] Sérum/Plasma ; Numérique', 'U/L', '6768-6'],
  ['fr', 'Glucose [Masse/Volume] Sang capillaire ; Numérique', 'g/L', '32016-8'],
  ['fr', 'Hémoglobine A1c/hémoglobine totale [Fraction massique] Sang ; Numérique', '%', '4548-4'],
  ['fr', 'Glycémie à jeun', 'mmol/L', '14771-0'],
];

describe('catalogue names (session 27)', () => {
  it.each(CATALOGUE_ROWS)('%s: %s [%s] → %s', (_language, name, unit, expected) => {
    expect(code(name, unit)).toBe(expected);
  });
});

describe('a translated LOINC long name, read as its axes', () => {
  it('reads the German and French layouts into component, property, system and method', () => {
    expect(readTranslatedLongName('Kalium [Mol/Volumen] in Serum oder Plasma')).toEqual({
      component: 'Kalium',
      property: 'moles/volume',
      system: 'serum or plasma',
      method: '',
    });
    expect(readTranslatedLongName('Hämatokrit [Volumenfraktion] von Blut mit Zentrifugation')).toMatchObject({
      component: 'Hämatokrit',
      system: 'blood',
      method: 'centrifugation',
    });
    expect(readTranslatedLongName('Leucocytes [Nombre/Volume] Sang ; Numérique ; Comptage automate')).toEqual({
      component: 'Leucocytes',
      property: '#/volume',
      system: 'blood',
      method: 'automated count',
    });
  });

  it('is not read from an ordinary name, a sentence, a timing or an unknown method', () => {
    expect(readTranslatedLongName('Kalium')).toBeNull();
    expect(readTranslatedLongName('Potassium, serum')).toBeNull();
    expect(readTranslatedLongName('Glucose, Zeitpunkt nüchtern')).toBeNull();
    expect(readTranslatedLongName('Vancomycin [Masse/Volumen] in Serum oder Plasma --Tal')).toBeNull();
    expect(readTranslatedLongName('Kalium [Mol/Volumen] in Serum oder Plasma mit Flammenphotometrie')).toBeNull();
    expect(
      readTranslatedLongName('Créatinine clairance [Volume/Temps] 24H ; Urine+Sérum/Plasma ; Numérique'),
    ).toBeNull();
    expect(readTranslatedLongName(`${'Kalium '.repeat(40)}[Mol/Volumen] in Serum oder Plasma`)).toBeNull();
  });

  it('never throws nor loops on brackets, chains of specimens or long input', () => {
    for (const name of [
      'Foo]',
      ']]]]',
      '[] in Blut',
      'Kalium [] in Serum oder Plasma',
      'Kalium in Blut in Blut in Blut in Blut',
      `Qzx${' in Blut'.repeat(24)}`,
      `${'Kalium in Blut '.repeat(300)}`,
      `${'a ; '.repeat(500)}`,
    ]) {
      expect(() => code(name, 'mmol/L')).not.toThrow();
      expect(readTranslatedLongName(name)).toBeNull();
    }
  });

  // Variations written here: other tests, capitals and spacing, other specimens and methods of the same layouts.
  it.each([
    ['KALIUM [MOL/VOLUMEN] IN SERUM ODER PLASMA', 'mmol/L', '2823-3'],
    ['Kalium  [Mol/Volumen]  in  Serum oder Plasma', 'mmol/L', '2823-3'],
    ['Natrium [Mol/Volumen] in Urin', 'mmol/L', '2955-3'],
    ['Natrium [Mol/Zeit] in 24-Stunden-Urin', 'mmol/(24.h)', '2956-1'],
    ['Calcium [Mol/Volumen] in Urin', 'mmol/L', '2004-0'],
    ['Hämatokrit [Volumenfraktion] von Blut mit Zentrifugation', '%', '4545-0'],
    ['Glucose [Masse/Volumen] in Blut', 'mg/dL', '2339-0'],
    ['Glucose [Masse/Volumen] in Kapillarblut mit Glucometer', 'mg/dL', '41653-7'],
    ['Glucose [Masse/Volumen] in Zerebrospinalflüssigkeit', 'mg/dL', '2342-4'],
    ['Protein [Masse/Volumen] in Urin', 'mg/dL', '2888-6'],
    ['Cholesterol in LDL [Masse/Volumen] in Serum oder Plasma mit direktem Test', 'mg/dL', '18262-6'],
    ['Thyreotropin [Einheiten/Volumen] in Serum oder Plasma', 'mU/L', '3016-3'],
    ['Glucose in Urin', 'mg/dL', '2350-7'],
    ['Monozyten [#/Volumen] in Blut', '10*3/uL', '26484-6'],
    ['Sauerstoffsättigung in Blut', '%', '20564-1'],
    ['Hémoglobine [Masse/Volume] Sang;Numérique', 'g/dL', '718-7'],
    ['Potassium [Moles/Volume] Sérum/Plasma ; Numérique', 'mmol/L', '2823-3'],
    ['Sodium [Moles/Volume] Urine ; Numérique', 'mmol/L', '2955-3'],
    ['Créatinine [Moles/Volume] Urine ; Numérique', 'mmol/L', '14683-7'],
    ['Glucose [Moles/Volume] Sang capillaire ; Numérique', 'mmol/L', '51596-5'],
    ['Cholestérol HDL [Moles/Volume] Sérum/Plasma ; Numérique', 'mmol/L', '14646-4'],
    ['Plaquettes [Nombre/Volume] Sang ; Numérique', '10*3/uL', '26515-7'],
  ] as const)('%s [%s] → %s', (name, unit, expected) => {
    expect(code(name, unit)).toBe(expected);
  });

  // Near misses: a property the unit contradicts, a method or specimen the corpus does not code, so no code.
  it.each([
    ['Kalium [Masse/Volumen] in Serum oder Plasma', 'mmol/L'],
    ['Ferritin [Masse/Volumen] in Serum oder Plasma', 'mmol/L'],
    ['Leukozyten [#/Volumen] in Blut mit manueller Zählung', '10*3/uL'],
    ['Leucocytes [Nombre/Volume] Sang ; Numérique ; Comptage manuel', '10*3/uL'],
    ['Creatinin [Mol/Volumen] in Pleuraflüssigkeit', 'umol/L'],
    ['Gewicht von Stuhl', 'g'],
  ] as const)('%s [%s] stays null', (name, unit) => {
    expect(code(name, unit)).toBeNull();
  });

  it('never takes a written presence for the bracket-less fraction of the same component', () => {
    expect(code('Hämoglobin S [Nachweis] in Blut', null)).not.toBe('4625-0');
  });
});

describe('a share written per hundred cells', () => {
  it('reads the cells and what they are counted among', () => {
    expect(sharePerHundred('Linfócitos/100 leucócitos')).toEqual({ cells: 'Linfócitos', among: 'leukocytes' });
    expect(sharePerHundred('Retikulozyten / 100 Erythrozyten')).toEqual({
      cells: 'Retikulozyten',
      among: 'erythrocytes',
    });
    expect(sharePerHundred('Kalium/100 mL')).toBeNull();
    expect(sharePerHundred('Lymphozyten')).toBeNull();
  });

  it.each([
    ['Eosinófilos/100 leucocitos', '%', '26450-7'],
    ['Monociti/100 leucociti', '%', '26485-3'],
    ['Lymphocytes/100 leucocytes', '%', '26478-8'],
    ['Neutrophile/100 Leukozyten in Blut', '%', '26511-6'],
    ['Reticulocitos/100 eritrocitos', '%', '4679-7'],
    ['Monócitos/100 leucócitos', null, '26485-3'],
  ] as const)('%s [%s] → %s', (name, unit, expected) => {
    expect(code(name, unit)).toBe(expected);
  });

  it.each([
    ['Linfócitos/100 leucócitos', '10*3/uL'],
    ['Basophile/100 Erythrozyten', '%'],
  ] as const)('%s [%s] stays null', (name, unit) => {
    expect(code(name, unit)).toBeNull();
  });
});

describe('fractions of total protein and ratios in a body fluid', () => {
  it('never gives a name that writes no specimen the cerebrospinal or urine electrophoresis fraction', () => {
    expect(code('Albumina/Proteína.total', '%')).toBeNull();
    expect(code('Alfa 1 globulina/Proteína.total', '%')).toBeNull();
    expect(code('Gama globulina/Proteína.total', '%')).toBeNull();
  });

  it('keeps the fraction whose specimen is written', () => {
    expect(code('Albumin/Protein.total, urine', '%')).toBe('13992-3');
    expect(code('Albumin/Protein.total Elph mass fraction (CSF)', '%')).toBe('13974-1');
  });
});

describe('names a catalogue prints that stay null (README Labelling decisions)', () => {
  it.each([
    ['Proteína', 'g/dL'],
    ['Albumina', 'mg/L'],
    ['Proteína', 'mg/(24.h)'],
    ['Gonadotrofina Coriônica', null],
  ] as const)('%s [%s] stays null', (name, unit) => {
    expect(code(name, unit)).toBeNull();
  });
});

describe('eval/standardization/realworld/catalogues-s27.tsv', () => {
  const cases = loadTsvCases(join(evalDir, 'realworld'), 'dev', (file) => file === 'catalogues-s27.tsv');
  const sources = Object.keys(
    (JSON.parse(readFileSync(join(evalDir, 'realworld/sources.json'), 'utf8')) as { sources: object }).sources,
  );

  it('holds 300 names and more, most of them not English, each from a source sources.json names', () => {
    expect(cases.length).toBeGreaterThanOrEqual(300);
    expect(cases.filter((c) => c.class === 'language').length / cases.length).toBeGreaterThan(0.5);
    for (const c of cases) expect(sources, c.input).toContain(c.source);
  });

  it('writes expected codes as well-formed LOINC codes and labels one input and unit once', () => {
    const seen = new Set<string>();
    for (const c of cases) {
      if (c.expected !== null) expect(isValidLoincCode(c.expected), `${c.input}: ${c.expected}`).toBe(true);
      const key = `${c.input.toLowerCase()}\u0000${c.unit ?? ''}`;
      expect(seen.has(key), c.input).toBe(false);
      seen.add(key);
    }
  });
});
