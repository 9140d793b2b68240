import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadTsvCases } from '../../../bench/standardize-resolver';
import { conceptByCode } from '../../../shared/domain/standardization/corpus';
import { latinUnitSymbols } from '../../../shared/domain/standardization/cyrillic-units';
import { readFullySpecifiedName } from '../../../shared/domain/standardization/fully-specified-name';
import { isValidLoincCode } from '../../../shared/domain/standardization/loinc-code';
import { readTranslatedLongName } from '../../../shared/domain/standardization/translated-long-name';
import { resolveReadingIndicator } from '../../../shared/domain/standardization/unitless-siblings';
import { normalizeUnit } from '../../../shared/domain/standardization/units';

// Names taken from public sources that map the names they print to LOINC (session 28, helper c28): LOINC's Polish
// variant as the Polish SSIDL guide sends it (fully specified names and their components), an Italian FSE pilot
// catalogue, a Korean LIS table, a Russian analytes table and the names a Russian laboratory prints (LOINC's Russian
// long names, the federal directory's names, Cyrillic units). A sample by language, then the mechanisms with
// variations written here (other tests, specimens and spellings of the same layouts) and the near misses that stay null.
const code = (name: string, unit: string | null) => resolveReadingIndicator(name, unit).loincCode;

const evalDir = join(dirname(fileURLToPath(import.meta.url)), '../../../eval/standardization');

/** [language, name, unit, expected code]: rows of eval/standardization/realworld/catalogues-s28.tsv. */
const CATALOGUE_ROWS: readonly (readonly [string, string, string | null, string])[] = [
  ['pl', 'Kreatynina: stężenie masowe: punkt w czasie: surowica lub osocze: ilościowy', 'mg/dL', '2160-0'],
  ['pl', 'Kreatynina: stężenie molowe: punkt w czasie: mocz: ilościowy', 'mmol/L', '14683-7'],
  ['pl', 'Leukocyty: stężenie liczbowe: punkt w czasie: krew: ilościowy: automatyczne liczenie', '10*3/uL', '6690-2'],
  [
    'pl',
    'Cholesterol.w LDL: stężenie masowe: punkt w czasie: surowica lub osocze: ilościowy: obliczony',
    'mg/dL',
    '13457-7',
  ],
  ['pl', 'Glukoza: stężenie masowe: punkt w czasie: mocz: półilościowy: test paskowy', 'mg/dL', '5792-7'],
  ['pl', 'Chlorek: stężenie molowe: punkt w czasie: krew: ilościowy', 'mmol/L', '2069-3'],
  ['pl', 'Tyreoperoksydaza Ab', 'U/mL', '8099-4'],
  ['pl', 'Nie-HDL-C', 'mmol/L', '70204-3'],
  ['pl', 'Płytki krwi', '10*3/uL', '26515-7'],
  ['it', 'Azoto ureico (BUN)', 'mg/dL', '3094-0'],
  ['it', 'Glicemia', 'mg/dL', '2345-7'],
  ['ko', '포도당', 'mg/dL', '2345-7'],
  ['ko', '적혈구용적률', '%', '20570-8'],
  ['ru', 'Креатинин (Creatinine)', 'мкмоль/л', '14682-9'],
  ['ru', 'Эритроциты (RBC)', '10¹²/л', '789-8'],
  ['ru', 'Гемоглобин общий, массовая концентрация в крови', 'г/л', '718-7'],
  ['ru', 'Гемоглобин [масса / объем] в венозной крови', 'г/л', '30350-3'],
  ['ru', 'Лимфоциты, относительное количество в крови методом ручного подсчёта', '%', '737-7'],
];

describe('catalogue names (session 28)', () => {
  it.each(CATALOGUE_ROWS)('%s: %s [%s] → %s', (_language, name, unit, expected) => {
    expect(code(name, unit)).toBe(expected);
  });
});

describe("LOINC's fully specified name, read as its axes", () => {
  it('reads the colon layout in LOINC abbreviations and in Polish', () => {
    expect(readFullySpecifiedName('Creatinine:MCnc:Pt:Ser/Plas:Qn')).toEqual({
      component: 'Creatinine',
      property: 'mass/volume',
      system: 'serum or plasma',
      method: '',
    });
    expect(readFullySpecifiedName('Hemoglobina:stężenie masowe:punkt w czasie:krew:ilościowy')).toMatchObject({
      component: 'Hemoglobina',
      system: 'blood',
    });
  });

  it.each([
    // LOINC's own abbreviations, as HL7 v2 feeds and LIS exports carry them
    ['Creatinine:MCnc:Pt:Ser/Plas:Qn', 'mg/dL', '2160-0'],
    ['Creatinine:SCnc:Pt:Urine:Qn', 'mmol/L', '14683-7'],
    ['Potassium : SCnc : Pt : Ser/Plas : Qn', 'mmol/L', '2823-3'],
    ['Leukocytes:NCnc:Pt:Bld:Qn:Automated count', '10*3/uL', '6690-2'],
    ['Cholesterol.in HDL:MCnc:Pt:Ser/Plas:Qn', 'mg/dL', '2085-9'],
    ['Protein:MCnc:Pt:Urine:Qn', 'mg/dL', '2888-6'],
    ['Neutrophils/100 leukocytes:NFr:Pt:Bld:Qn:Automated count', '%', '770-8'],
    ['INR:RelTime:Pt:PPP:Qn:Coag', '{INR}', '6301-6'],
    // Polish tests and specimens the catalogue does not carry
    ['Potas: stężenie molowe: punkt w czasie: mocz: ilościowy', 'mmol/L', '2828-2'],
    ['Sód: stężenie molowe: punkt w czasie: mocz: ilościowy', 'mmol/L', '2955-3'],
    ['Magnez: stężenie masowe: punkt w czasie: surowica lub osocze: ilościowy', 'mg/dL', '19123-9'],
  ])('%s [%s] → %s', (name, unit, expected) => {
    expect(code(name, unit)).toBe(expected);
  });

  it.each([
    // a timed collection, a method outside the table, a challenge suffix: not read
    ['Kreatynina: stężenie masowe: 24h: mocz: ilościowy', 'mg/dL'],
    ['Kreatynina: stężenie masowe: punkt w czasie: surowica lub osocze: ilościowy: metoda Jaffego', 'mg/dL'],
    ['Glukoza^po poście: stężenie masowe: punkt w czasie: surowica lub osocze: ilościowy', 'mg/dL'],
    // the molar property beside a mass unit: the written axes and the unit disagree
    ['Kreatynina: stężenie molowe: punkt w czasie: surowica lub osocze: ilościowy', 'mg/dL'],
    // four parts, a label and its value
    ['Creatinine:MCnc:Pt:Ser/Plas', 'mg/dL'],
    ['Glucose: 5.4 mmol/L', null],
  ])('%s [%s] stays null', (name, unit) => {
    expect(code(name, unit)).toBeNull();
  });
});

describe('Russian long names and directory names, read as their axes', () => {
  it('reads both layouts', () => {
    expect(readTranslatedLongName('Креатинин, молярная концентрация в сыворотке или плазме крови')).toEqual({
      component: 'Креатинин',
      property: 'moles/volume',
      system: 'serum or plasma',
      method: '',
    });
    expect(readTranslatedLongName('Лимфоциты [# / объем] в крови автоматизированным подсчетом')).toEqual({
      component: 'Лимфоциты',
      property: '#/volume',
      system: 'blood',
      method: 'automated count',
    });
  });

  it.each([
    ['Гемоглобин [масса/объем] в крови', 'г/л', '718-7'],
    ['Тромбоциты [#/объем] в крови автоматизированным подсчетом', '10^9/л', '777-3'],
    ['Калий, молярная концентрация в сыворотке или плазме крови', 'ммоль/л', '2823-3'],
    ['Натрий, молярная концентрация в моче', 'ммоль/л', '2955-3'],
    ['Инсулин, концентрация в условных единицах в сыворотке или плазме крови', 'мкЕд/мл', '20448-7'],
    ['Холестерин общий', 'ммоль/л', '14647-2'],
    ['Билирубин общий', 'мкмоль/л', '14631-6'],
  ])('%s [%s] → %s', (name, unit, expected) => {
    expect(code(name, unit)).toBe(expected);
  });

  it.each([
    // a 24-hour urine and an unnamed method are not read; a mass property beside a molar unit disagrees
    ['Креатинин, молярная концентрация в суточной моче', 'ммоль/сут'],
    ['Креатинин, молярная концентрация в сыворотке или плазме крови методом Яффе', 'мкмоль/л'],
    ['Глюкоза, массовая концентрация в сыворотке или плазме крови', 'ммоль/л'],
  ])('%s [%s] stays null', (name, unit) => {
    expect(code(name, unit)).toBeNull();
  });
});

describe('qualifiers Russian and Polish reports write around a known name', () => {
  it.each([
    // a short form typed on the Cyrillic keyboard reads as the Latin symbol it looks like
    ['Калий (К)', 'ммоль/л', '2823-3'],
    ['Кальций (Са)', 'ммоль/л', '2000-8'],
    // the property abbreviated in brackets (Polish catalogues), agreeing with the unit
    ['Kreatynina (stęż. mas.)', 'mg/dL', '2160-0'],
    ['Kreatynina (stężenie molowe)', 'umol/L', '14682-9'],
    // the specimen and the Westergren method in Russian and Polish words
    ['Креатинин в моче', 'ммоль/л', '14683-7'],
    ['Натрий мочи', 'ммоль/л', '2955-3'],
    ['СОЭ по Вестергрену', 'мм/ч', '4537-7'],
    ['OB wg Westergrena', 'mm/h', '4537-7'],
  ])('%s [%s] → %s', (name, unit, expected) => {
    expect(code(name, unit)).toBe(expected);
  });

  it.each([
    // a molar qualifier beside a mass unit, and words that only start like urine (`Мочевина` is urea)
    ['Kreatynina (stęż. mol.)', 'mg/dL', null],
    ['Мочевина', 'ммоль/л', '22664-7'],
    ['Мочевая кислота', 'мкмоль/л', '14933-6'],
  ])('%s [%s] → %s', (name, unit, expected) => {
    expect(code(name, unit)).toBe(expected);
  });
});

describe('Cyrillic unit symbols', () => {
  it.each([
    ['мкмоль/л', 'umol/L'],
    ['ммоль/л', 'mmol/L'],
    ['г/л', 'g/L'],
    ['г/дл', 'g/dL'],
    ['Ед/л', 'U/L'],
    ['ЕД/Л', 'U/L'],
    ['мМЕ/л', 'm[IU]/L'],
    ['мкЕд/мл', 'uU/mL'],
    ['10⁹/л', '10*9/L'],
    ['х10^9/л', '10*9/L'],
    ['тыс/мкл', '10*3/uL'],
    ['фл', 'fL'],
    ['мм/ч', 'mm/h'],
    ['мм рт. ст.', 'mm[Hg]'],
    ['мл/мин/1,73м2', 'mL/min/{1.73_m2}'],
    // Ukrainian
    ['Од/л', 'U/L'],
    ['МО/л', '[IU]/L'],
  ])('%s → %s', (written, ucum) => {
    expect(normalizeUnit(written)).toBe(ucum);
  });

  it('leaves a Cyrillic word it does not know as written, so the unit stays unread', () => {
    expect(latinUnitSymbols('кл/мкл')).toBe('кл/мкл');
    expect(normalizeUnit('кл/мкл')).toBeNull();
    expect(normalizeUnit('абс.')).toBeNull();
    expect(latinUnitSymbols('mg/dL')).toBe('mg/dL');
  });
});

describe('the catalogue set', () => {
  const cases = loadTsvCases(join(evalDir, 'realworld'), 'dev', (file) => file === 'catalogues-s28.tsv');
  const sources = Object.keys(
    (JSON.parse(readFileSync(join(evalDir, 'realworld/sources.json'), 'utf8')) as { sources: Record<string, string> })
      .sources,
  );

  it('has 300 names or more, each a corpus code or null, each from a named source', () => {
    expect(cases.length).toBeGreaterThanOrEqual(300);
    for (const c of cases) {
      if (c.expected !== null) {
        expect(isValidLoincCode(c.expected), c.input).toBe(true);
        expect(conceptByCode(c.expected), c.input).toBeDefined();
      }
      expect(sources, c.input).toContain(c.source);
    }
  });

  it('names each input and unit once', () => {
    const keys = cases.map((c) => `${c.input}\t${c.unit ?? ''}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
