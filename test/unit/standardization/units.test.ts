import { describe, expect, it } from 'vitest';
import { normalizeUnit } from '../../../shared/domain/standardization/units';

describe('normalizeUnit → UCUM', () => {
  it.each([
    ['mg/dl', 'mg/dL'],
    ['mg/dL', 'mg/dL'],
    ['g/dl', 'g/dL'],
    ['bpm', '/min'],
    ['beats/min', '/min'],
    ['x10^3/µL', '10*3/uL'],
    ['K/uL', '10*3/uL'],
    ['K/µL', '10*3/uL'],
    ['10^3/uL', '10*3/uL'],
    ['10*3/uL', '10*3/uL'],
    ['10^9/L', '10*9/L'],
    ['G/L', '10*9/L'],
    ['x10^12/L', '10*12/L'],
    ['°C', 'Cel'],
    ['°F', '[degF]'],
    ['lbs', '[lb_av]'],
    ['lb', '[lb_av]'],
    ['kg', 'kg'],
    ['mcg', 'ug'],
    ['mcg/dL', 'ug/dL'],
    ['IU', '[IU]'],
    ['IU/L', '[IU]/L'],
    ['mIU/L', 'm[IU]/L'],
    ['uIU/mL', 'u[IU]/mL'],
    ['µIU/mL', 'u[IU]/mL'],
    ['mEq/L', 'meq/L'],
    ['hrs', 'h'],
    ['min', 'min'],
    ['steps', '{steps}'],
    ['kcal', 'kcal'],
    ['%', '%'],
    ['mmHg', 'mm[Hg]'],
    ['µmol/L', 'umol/L'],
    ['umol/L', 'umol/L'],
    ['μmol/l', 'umol/L'],
    ['mmol/l', 'mmol/L'],
    ['ng/ml', 'ng/mL'],
    ['fl', 'fL'],
    ['/hpf', '/[HPF]'],
    ['mL/min/1.73m2', 'mL/min/{1.73_m2}'],
    ['kg/m²', 'kg/m2'],
    ['ms', 'ms'],
    ['U/L', 'U/L'],
  ])('%s → %s', (input, expected) => {
    expect(normalizeUnit(input)).toBe(expected);
  });

  it.each([[null], [undefined], [''], ['   '], ['foo'], ['xyz/abc'], ['K'], ['mg/dL/%%']])(
    'unknown, invalid or empty %s → null',
    (input) => {
      expect(normalizeUnit(input)).toBeNull();
    },
  );

  it('reads a bare /24 after an amount as per 24 hours, and FEU/DDU after a unit as its annotation', () => {
    expect(normalizeUnit('mg/24')).toBe('mg/(24.h)');
    expect(normalizeUnit('mcg/24')).toBe('ug/(24.h)');
    expect(normalizeUnit('mmol/24')).toBe('mmol/(24.h)');
    expect(normalizeUnit('ng/mL FEU')).toBe('ng/mL{FEU}');
    expect(normalizeUnit('mg/L (DDU)')).toBe('mg/L{DDU}');
    // a count per 24 is not a timed collection
    expect(normalizeUnit('/24')).not.toBe('/(24.h)');
  });

  it('maps K/uL to thousands per microlitre although it is valid UCUM kelvin per microlitre', () => {
    expect(normalizeUnit('K/uL')).not.toBe('K/uL');
  });

  it('is stable when fed its own output', () => {
    for (const unit of ['mg/dL', '10*3/uL', 'Cel', '[lb_av]', 'm[IU]/L', '{steps}', 'mm[Hg]']) {
      expect(normalizeUnit(normalizeUnit(unit))).toBe(unit);
    }
  });
});

describe('normalizeUnit: typography', () => {
  it.each([
    ['10⁹/L', '10*9/L'],
    ['x10³/µL', '10*3/uL'],
    ['× 10¹²/l', '10*12/L'],
    ['10^3/mm³', '10*3/mm3'],
    ['m²', 'm2'],
    ['mmol·L⁻¹', 'mmol/L'],
    ['mL⋅kg⁻¹⋅min⁻¹', 'mL/kg/min'],
    ['ｍｇ／ｄＬ', 'mg/dL'],
    ['mg\u00a0/\u00a0dL', 'mg/dL'],
    ['mg/\u200bdL', 'mg/dL'],
  ])('%s → %s', (input, expected) => {
    expect(normalizeUnit(input)).toBe(expected);
  });

  it('reads a superscript power of ten as a power, not as more digits (NFKC alone makes 10⁹ into 109)', () => {
    for (const exponent of ['³', '⁶', '⁹', '¹²']) {
      expect(normalizeUnit(`10${exponent}/L`)).toMatch(/^10\*\d+\/L$/);
      expect(normalizeUnit(`10${exponent}/L`)).not.toMatch(/^10\d/);
    }
  });

  it('maps every look-alike of the degree sign before NFKC would turn º into the letter o', () => {
    for (const sign of ['°', 'º', '˚', 'ᵒ', '⁰']) {
      expect(normalizeUnit(`${sign}C`), sign).toBe('Cel');
      expect(normalizeUnit(`${sign}F`), sign).toBe('[degF]');
    }
  });

  it('treats the micro sign, the Greek mu, ASCII u and mc as one micro prefix', () => {
    for (const micro of ['µ', 'μ', 'u', 'mc']) expect(normalizeUnit(`${micro}g/dL`), micro).toBe('ug/dL');
  });
});

describe('normalizeUnit: powers of ten and counts per volume', () => {
  it('accepts every way of writing 10^9 per litre', () => {
    for (const prefix of ['', 'x', 'X', '×', '*', 'x ', '× '])
      for (const power of ['10^9', '10E9', '10e9', '10*9', '10⁹'])
        expect(normalizeUnit(`${prefix}${power}/L`), `${prefix}${power}/L`).toBe('10*9/L');
  });

  it.each([
    ['/mm3', '/mm3'],
    ['cells/mm3', '/mm3'],
    ['células/µL', '/uL'],
    ['Zellen/µl', '/uL'],
    ['#/mm3', '/mm3'],
  ])('%s → %s', (input, expected) => {
    expect(normalizeUnit(input)).toBe(expected);
  });
});

describe('normalizeUnit: legacy and locale forms', () => {
  it.each([
    ['mg%', 'mg/dL'],
    ['MG %', 'mg/dL'],
    ['g%', 'g/dL'],
    ['mg/100ml', 'mg/dL'],
    ['g/100 mL', 'g/dL'],
    ['Tsd/µl', '10*3/uL'],
    ['Mio/µl', '10*6/uL'],
    ['G/L', '10*9/L'],
    ['T/L', '10*12/L'],
    ['Gpt/l', '10*9/L'],
    ['mval/l', 'meq/L'],
    ['IE/l', '[IU]/L'],
    ['UI/L', '[IU]/L'],
    ['mUI/mL', 'm[IU]/mL'],
    ['U.I./L', '[IU]/L'],
    ['Vol%', '%'],
    ['mm Hg', 'mm[Hg]'],
    ['torr', 'mm[Hg]'],
    ['Cal', 'kcal'],
    ['lbs.', '[lb_av]'],
    ['stone', '[stone_av]'],
    ['milligrams per deciliter', 'mg/dL'],
    ['mL/min/1,73 qm', 'mL/min/{1.73_m2}'],
    ['mL/8hr', 'mL/(8.h)'],
  ])('%s → %s', (input, expected) => {
    expect(normalizeUnit(input)).toBe(expected);
  });

  it('keeps lower-case g/l as grams: only the capital G of German haematology is giga', () => {
    expect(normalizeUnit('g/l')).toBe('g/L');
    expect(normalizeUnit('G/l')).toBe('10*9/L');
  });

  it('reads a product after a division as the whole denominator, as people write it', () => {
    expect(normalizeUnit('mL/min·kg')).toBe('mL/(min.kg)');
    expect(normalizeUnit('nmol/L*s')).toBe('nmol/(L.s)');
    expect(normalizeUnit('µg*h/l')).toBe('ug.h/L');
  });

  it('reads the molar shorthand mM, µM, nM, pM as per litre, never as a length (a height in mM is not a height)', () => {
    expect(['mM', 'µM', 'μM', 'uM', 'nM', 'pM'].map(normalizeUnit)).toEqual([
      'mmol/L',
      'umol/L',
      'umol/L',
      'umol/L',
      'nmol/L',
      'pmol/L',
    ]);
    expect(['mm', 'MM', 'nm', 'µm'].map(normalizeUnit)).toEqual(['mm', 'mm', 'nm', 'um']);
  });

  it('reads a count per 100 white cells (nucleated red cells) as the UCUM annotation LOINC uses', () => {
    expect(['/100 WBC', '/100 WBCs', 'per 100 WBC', '/100 leukocytes'].map(normalizeUnit)).toEqual(
      Array(4).fill('/100{WBCs}'),
    );
  });

  it('leaves `st` unknown: UCUM reads it as a stère, a cubic metre', () => {
    expect(normalizeUnit('st')).toBeNull();
  });
});

describe('normalizeUnit: counted events and annotations', () => {
  it('stores every spelling of beats or breaths per minute as /min, the unit the rate concepts and pulse use', () => {
    for (const unit of ['bpm', 'beats/min', 'beats per minute', 'count/min', 'Schläge/min', 'latidos/min', 'brpm'])
      expect(normalizeUnit(unit), unit).toBe('/min');
  });

  it('keeps a UCUM annotation written out, which the rate concepts accept too', () => {
    expect(normalizeUnit('{beats}/min')).toBe('{beats}/min');
    expect(normalizeUnit('{breaths}/min')).toBe('{breaths}/min');
  });

  it.each([
    ['steps', '{steps}'],
    ['Schritte', '{steps}'],
    ['pasos', '{steps}'],
    ['steps/day', '{steps}/d'],
    ['steps per day', '{steps}/d'],
    ['floors', '{flights}'],
    ['wheelchair pushes', '{pushes}'],
    ['kcal/day', 'kcal/d'],
  ])('%s → %s', (input, expected) => {
    expect(normalizeUnit(input)).toBe(expected);
  });
});

describe('normalizeUnit: placeholders that mean no unit', () => {
  it.each([
    'N/A',
    'n/a',
    'NA',
    'n.a.',
    '-',
    '--',
    '—',
    '–',
    'none',
    'null',
    'NULL',
    'nil',
    'k.A.',
    'n.d.',
    '*',
    '/',
    '?',
    '37',
  ])('%s → null', (input) => {
    expect(normalizeUnit(input)).toBeNull();
  });

  it('does not read N/A as newton per ampere, which UCUM would validate', () => {
    expect(normalizeUnit('N/A')).not.toBe('N/A');
  });
});

describe('normalizeUnit: HealthKit export strings', () => {
  it.each([
    ['count/min', '/min'],
    ['degC', 'Cel'],
    ['mmol<180.15588000005408>/L', 'mmol/L'],
    ['dB(SPL)', 'dB[SPL]'],
    ['kg/m^2', 'kg/m2'],
    ['hertz', 'Hz'],
  ])('%s → %s', (input, expected) => {
    expect(normalizeUnit(input)).toBe(expected);
  });
});

describe('normalizeUnit: canonical forms', () => {
  it('returns units that are their own canonical form, so a second pass changes nothing', () => {
    for (const unit of ['10⁹/L', 'mg%', 'Tsd/µl', 'steps/day', 'mmol·L⁻¹', 'ºC', 'mlU/l', 'mL/min/1,73 qm'])
      expect(normalizeUnit(normalizeUnit(unit)), unit).toBe(normalizeUnit(unit));
  });
});

describe('normalizeUnit: OCR misreadings of a photographed report', () => {
  it.each([
    ['mg/dI', 'mg/dL'],
    ['mmol/I', 'mmol/L'],
    ['mI/min', 'mL/min'],
    ['mlU/l', 'm[IU]/L'],
    ['µlU/ml', 'u[IU]/mL'],
    ['rng/dL', 'mg/dL'],
    ['rnmol/L', 'mmol/L'],
  ])('%s → %s', (input, expected) => {
    expect(normalizeUnit(input)).toBe(expected);
  });

  it('leaves the I of IU where it belongs', () => {
    expect(normalizeUnit('IU/L')).toBe('[IU]/L');
    expect(normalizeUnit('mIU/mL')).toBe('m[IU]/mL');
  });
});

describe('normalizeUnit: units printed in capitals', () => {
  it.each([
    ['MG/ML', 'mg/mL'],
    ['PG/ML', 'pg/mL'],
    ['MU/L', 'mU/L'],
    ['U/ML', 'U/mL'],
    ['KU/L', 'kU/L'],
    ['KPA', 'kPa'],
    ['ML', 'mL'],
    ['MG/24HR', 'mg/(24.h)'],
  ])('%s → %s, not mega-, peta- or giga- prefixes', (input, expected) => {
    expect(normalizeUnit(input)).toBe(expected);
  });

  it('leaves valid mixed-case UCUM as written', () => {
    expect(normalizeUnit('U/L')).toBe('U/L');
    expect(normalizeUnit('[IU]/L')).toBe('[IU]/L');
    expect(normalizeUnit('mm[Hg]')).toBe('mm[Hg]');
  });
});

describe('normalizeUnit: multipliers and hours spelled out in Romance languages', () => {
  it.each([
    ['millones/mm3', '10*6/mm3'],
    ['milhões/mm³', '10*6/mm3'],
    ['milioni/microL', '10*6/uL'],
    ['millions/µL', '10*6/uL'],
    ['miles/mm3', '10*3/mm3'],
    ['milliers/µL', '10*3/uL'],
    ['mm/heure', 'mm/h'],
    ['mm/hora', 'mm/h'],
    ['mm/ora', 'mm/h'],
  ])('%s → %s', (input, expected) => {
    expect(normalizeUnit(input)).toBe(expected);
  });
});
