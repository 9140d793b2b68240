import { describe, expect, it } from 'vitest';
import { resolveIndicatorUncached } from '../../../shared/domain/standardization/resolver';
import { resolveReadingIndicator } from '../../../shared/domain/standardization/unitless-siblings';
import { normalizeUnit } from '../../../shared/domain/standardization/units';

const code = (name: string, unit?: string | null) => resolveIndicatorUncached(name, unit).loincCode;
const reading = (name: string, unit?: string | null) => resolveReadingIndicator(name, unit ?? null).loincCode;

describe('ESR: the hour in other languages, the bare mm, and abbreviations that need the unit', () => {
  it.each([
    ['mm/uur', 'mm/h'],
    ['mm/t', 'mm/h'],
    ['mm/time', 'mm/h'],
    ['mm/godz', 'mm/h'],
    ['мм/ч', 'mm/h'],
    ['mm/tim', 'mm/h'],
  ])('%s is %s', (written, ucum) => {
    expect(normalizeUnit(written)).toBe(ucum);
  });

  it.each([
    ['BSE', 'mm/uur'],
    ['SR', 'mm/t'],
    ['SR', 'mm/h'],
    ['OB', 'mm/godz'],
    ['Sedimentación globular', 'mm/h'],
  ])('%s [%s] → 30341-2', (name, unit) => {
    expect(code(name, unit)).toBe('30341-2');
  });

  it.each([['SR'], ['OB'], ['BSE']])('%s without a unit stays null', (name) => {
    expect(code(name)).toBeNull();
  });

  it('keeps an hour-less mm off the ESR (locale-names-g23) and a length for a length', () => {
    expect(code('ESR', 'mm')).toBeNull();
    expect(code('Height', 'mm')).toBe('8302-2');
  });
});

describe('TP: total protein, prothrombin time or the Quick value, by the unit', () => {
  it.each([
    ['TP', 'g/dL', '2885-2'],
    ['TP', 'g/L', '2885-2'],
    ['TP', 's', '5902-2'],
    ['TP', 'seg', '5902-2'],
  ])('%s [%s] → %s', (name, unit, expected) => {
    expect(code(name, unit)).toBe(expected);
  });

  it('stays null without a unit', () => {
    expect(code('TP')).toBeNull();
  });
});

describe('Blood oxygen as the phone and watch apps name it (README: Oxygen / Blood oxygen in %)', () => {
  it.each([
    ['Blutsauerstoff'],
    ['Blodoksygen'],
    ['Oxigênio no Sangue'],
    ['Oxígeno en sangre'],
    ['Oxygène sanguin'],
    ['Ossigeno nel sangue'],
    ['血中酸素ウェルネス'],
    ['Oxígeno'],
  ])('%s in percent → 59408-5', (name) => {
    expect(code(name, '%')).toBe('59408-5');
  });
});

describe('the bare word oxygen in another language follows the README row: by the unit, null without one', () => {
  it.each([['Sauerstoff'], ['Oxígeno'], ['Oxigênio'], ['Oxígeno en sangre']])(
    '%s without a unit stays null',
    (name) => {
      expect(reading(name)).toBeNull();
    },
  );

  it('reads the partial pressure in mmHg', () => {
    expect(code('Sauerstoff', 'mmHg')).toBe('11556-8');
    expect(code('Oxígeno', 'mmHg')).toBe('11556-8');
  });
});

describe('a bracket that says which of an ambiguous name’s tests', () => {
  it.each([
    ['Índice aterogénico (CT/HDL)', '9830-1'],
    ['Cholesterol ratio (TC/HDL)', '9830-1'],
    ['Blood pressure (systolic)', '8480-6'],
  ])('%s → %s', (name, expected) => {
    expect(code(name, name.startsWith('Blood') ? 'mmHg' : null)).toBe(expected);
  });

  it.each([['Índice aterogénico'], ['Indice aterogeno'], ['Cholesterol ratio']])('%s alone stays null', (name) => {
    expect(reading(name)).toBeNull();
  });
});

describe('count units written in words', () => {
  it.each([
    ['Thousand/uL', '10*3/uL'],
    ['thousand/cumm', '10*3/mm3'],
    ['million/cumm', '10*6/mm3'],
  ])('%s is %s', (written, ucum) => {
    expect(normalizeUnit(written)).toBe(ucum);
  });

  it.each([
    ['WHITE BLOOD CELL COUNT', 'Thousand/uL', '26464-8'],
    ['WBC', 'thousand/cumm', '26464-8'],
    ['Platelet count', 'Thousand/uL', '26515-7'],
  ])('%s [%s] → %s', (name, unit, expected) => {
    expect(code(name, unit)).toBe(expected);
  });
});
