import { describe, expect, it } from 'vitest';
import { resolveReadingIndicator } from '../../../shared/domain/standardization/unitless-siblings';
import { analyteOfUrineWord, urineSuffixAsWords } from '../../../shared/domain/standardization/urine-suffix-names';

const code = (name: string, unit: string | null = null) => resolveReadingIndicator(name, unit).loincCode;

/** README *Labelling decisions* (session 24): an `-uria`/`-urie`/`-úria` name is the analyte's urine code by unit. */
describe('urine names formed with -uria, -urie, -úria (urine-suffix-names.ts)', () => {
  it('reads the stem as the analyte and the suffix as the specimen', () => {
    expect(analyteOfUrineWord('Créatininurie')).toBe('creatinine');
    expect(analyteOfUrineWord('Creatininúria')).toBe('creatinine');
    expect(analyteOfUrineWord('Uricosuria')).toBe('uric acid');
    expect(analyteOfUrineWord('Natriurèse')).toBe('sodium');
    expect(analyteOfUrineWord('Hématurie')).toBeNull();
    expect(analyteOfUrineWord('Creatinine')).toBeNull();
    expect(urineSuffixAsWords('Créatininurie', 'mmol/(24.h)')).toBe('creatinine 24 hour urine');
  });

  it('a concentration unit is the spot urine concentration', () => {
    expect(code('Créatininurie', 'mmol/L')).toBe('14683-7');
    expect(code('Creatininuria', 'mg/dL')).toBe('2161-8');
    expect(code('CREATININÚRIA', 'mg/dL')).toBe('2161-8');
    expect(code('Uricosurie', 'mmol/L')).toBe('14934-4');
    expect(code('Uricosuria', 'mg/dL')).toBe('3086-6');
    expect(code('Natriurie', 'mmol/L')).toBe('2955-3');
    expect(code('Phosphaturie', 'mmol/L')).toBe('13539-2');
  });

  it('a unit per day is the 24-hour excretion', () => {
    expect(code('Créatininurie', 'mmol/24h')).toBe('14684-5');
    expect(code('Creatininuria', 'mg/24 h')).toBe('2162-6');
    expect(code('Protéinurie', 'g/24 h')).toBe('2889-4');
    expect(code('Kaliurèse', 'mmol/24h')).toBe('2829-0');
    expect(code('Kaliurèse', 'mmol/L')).toBeNull();
    expect(code('Calciuria', 'mg/24 h')).toBe('6874-2');
  });

  it('stays null without a unit, for an unknown stem, and never takes the serum code', () => {
    expect(code('Créatininurie')).toBeNull();
    expect(code('Uricosuria')).toBeNull();
    expect(code('Calciuria')).toBeNull();
    expect(code('Hématurie', 'mg/dL')).toBeNull();
    expect(code('Leucocyturie', '/µL')).toBeNull();
    expect(code('Créatininémie', 'µmol/L')).toBe('14682-9');
  });
});
