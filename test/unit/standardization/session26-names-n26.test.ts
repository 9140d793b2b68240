import { describe, expect, it } from 'vitest';
import {
  withoutAnalyserPrefix,
  withoutExaminationPrefix,
} from '../../../shared/domain/standardization/reading-prefixes';
import { resolveReadingIndicator } from '../../../shared/domain/standardization/unitless-siblings';
import { normalizeUnit } from '../../../shared/domain/standardization/units';

// Session 26 (n26): the space-insensitive key, and the README *Labelling decisions* of session 26 on names. Each case
// is a variation of a family (other spellings, languages, analysers), with near-misses that must stay null.
const code = (name: string, unit: string | null = null) => resolveReadingIndicator(name, unit).loincCode;

describe('words run together where the exact key cut them elsewhere (corpus.ts spacelessKey)', () => {
  it('reads all-caps and joined spellings of a mixed-case synonym', () => {
    expect(code('NT-PROBNP', 'pg/mL')).toBe('33762-6');
    expect(code('NTPROBNP', 'pg/mL')).toBe('33762-6');
    expect(code('nt-probnp', 'ng/L')).toBe('33762-6');
  });

  it('leaves a part of a name and unknown words alone', () => {
    expect(code('NT PRO', 'pg/mL')).toBeNull();
    expect(code('NTPROXYZ', 'pg/mL')).toBeNull();
  });
});

describe('an on-examination prefix (reading-prefixes.ts)', () => {
  it('reads the observable the rest names', () => {
    expect(code('O/E - Systolic BP reading', 'mmHg')).toBe('8480-6');
    expect(code('O/E: weight', 'kg')).toBe('29463-7');
    expect(code('o/e - height', 'cm')).toBe('8302-2');
    expect(code('O/E – pulse rate', '/min')).toBe('8867-4');
  });

  it('does not read other slashes as the prefix', () => {
    expect(withoutExaminationPrefix('OE weight')).toBeNull();
    expect(withoutExaminationPrefix('O/E')).toBeNull();
    expect(code('O/E - something unknown', 'kg')).toBeNull();
  });
});

describe('a point-of-care analyser before the name (reading-prefixes.ts, resolver.ts pointOfCareResolution)', () => {
  it('reads the test in whole blood', () => {
    expect(code('i-STAT Chloride', 'mmol/L')).toBe('2069-3');
    expect(code('iSTAT Na', 'mmol/L')).toBe('2947-0');
    expect(code('ISTAT POTASSIUM', 'mmol/L')).toBe('6298-4');
    expect(code('i-STAT: Glucose', 'mg/dL')).toBe('2339-0');
    expect(code('ISTAT Hct', '%')).toBe('4544-3');
  });

  it('keeps a word that only starts with the letters, and a unit the blood test does not take', () => {
    expect(withoutAnalyserPrefix('Istatin')).toBeNull();
    expect(code('i-STAT Sodium', 'mg/dL')).toBeNull();
  });
});

describe('questionnaire totals', () => {
  it('reads PHQ-9 and GAD-7 totals as partners write them', () => {
    expect(code('PHQ9 Total Score')).toBe('44261-6');
    expect(code('PHQ-9 score')).toBe('44261-6');
    expect(code('PHQ-9 Summenwert')).toBe('44261-6');
    expect(code('GAD7 total score')).toBe('70274-6');
    expect(code('score total GAD-7')).toBe('70274-6');
  });

  it('leaves other questionnaires null', () => {
    expect(code('PHQ-2 Total Score')).toBeNull();
    expect(code('GAD-2 score')).toBeNull();
  });
});

describe('bare fat and calories (corpus unit-only term)', () => {
  it('reads fat in % as body fat', () => {
    expect(code('fat', '%')).toBe('41982-0');
    expect(code('Fat', 'percent')).toBe('41982-0');
  });

  it('keeps fat in grams or without a unit, and bare calories, null', () => {
    expect(code('fat', 'g')).toBeNull();
    expect(code('fat')).toBeNull();
    expect(code('calories', 'kcal')).toBeNull();
    expect(code('Calories', 'kJ')).toBeNull();
  });
});

describe('HealthKit count as no unit (resolver.ts dimensionlessInCount)', () => {
  it('reads a body mass index in count', () => {
    expect(code('HKQuantityTypeIdentifierBodyMassIndex', 'count')).toBe('39156-5');
    expect(code('BMI', '{count}')).toBe('39156-5');
    expect(code('Body Mass Index', 'count')).toBe('39156-5');
  });

  it('still counts what is counted, and files no mass or ratio of two tests in count', () => {
    expect(code('HKQuantityTypeIdentifierStepCount', 'count')).toBe('55423-8');
    expect(code('Weight', 'count')).toBeNull();
    expect(code('Chol/HDL', 'count')).toBeNull();
  });
});

describe('a count per microscope field on a cell name (resolver.ts sedimentNamedByUnit)', () => {
  it('reads the sediment count in any language', () => {
    expect(code('Leucocitos', '/campo')).toBe('5821-4');
    expect(code('Hemácias', 'por campo')).toBe('13945-1');
    expect(code('Globules rouges', '/champ')).toBe('13945-1');
    expect(code('Leukozyten', '/GF')).toBe('5821-4');
    expect(code('RBC', '/HPF (40x)')).toBe('13945-1');
    expect(code('Eritrocitos', '/c')).toBe('13945-1');
  });

  it('keeps a low power field off the high-power concept, and a name that is no cell', () => {
    expect(normalizeUnit('/campo menor')).toBe('/[LPF]');
    expect(code('Leucocitos', '/campo menor')).toBeNull();
    expect(code('Hemoglobin', '/hpf')).toBeNull();
    expect(code('Platelets', '/hpf')).toBeNull();
  });
});

describe('万 (ten thousand) in a count unit', () => {
  it('normalises to 10*4/uL and files the count', () => {
    expect(normalizeUnit('万/µL')).toBe('10*4/uL');
    expect(normalizeUnit('万/mm3')).toBe('10*4/uL');
    expect(code('赤血球数', '万/µL')).toBe('789-8');
    expect(code('血小板数', '万/μL')).toBe('26515-7');
    expect(code('RBC', 'x10^4/uL')).toBe('789-8');
  });

  it('files no share or mass in it', () => {
    expect(normalizeUnit('万')).toBeNull();
    expect(code('Hemoglobin', '万/µL')).toBeNull();
    expect(code('Neutrophils %', '万/µL')).toBeNull();
  });
});

describe('a slip as near to a name kept null as to a test (other-analytes.ts rivalTakesUnit)', () => {
  it('reads the test when the rival is never reported in the unit', () => {
    expect(code('Albumn', 'g/dL')).toBe('1751-7');
    expect(code('ALBUMN', 'g/L')).toBe('1751-7');
  });

  it('stays null when the rival takes the unit, or no unit is written', () => {
    expect(code('Albumn', 'kU/L')).toBeNull();
    expect(code('Creatinne', 'mg/dL')).toBeNull();
    expect(code('Cortisole', 'ug/dL')).toBeNull();
    expect(code('Homocystiene', 'umol/L')).toBeNull();
  });
});

describe('a method joined to the name by a hyphen (method-axis.ts methodAfterHyphen)', () => {
  it('reads the method as a word of its own', () => {
    expect(code('Sedimentation Rate-Westergren', 'mm/h')).toBe('4537-7');
    expect(code('ESR-Westergren', 'mm/hr')).toBe('4537-7');
    expect(code('Hemoglobin A1c-HPLC', '%')).toBe('17856-6');
  });

  it('keeps a hyphen inside a name whole', () => {
    expect(code('Pro-BNP', 'pg/mL')).toBe('33762-6');
    expect(code('Sedimentation Rate-Westernblot', 'mm/h')).toBeNull();
  });
});

describe('the space-insensitive key keeps one-letter words apart', () => {
  it('does not read a plural as a name with a letter (proteína S)', () => {
    expect(code('Proteínas')).toBeNull();
    expect(code('Vitamind', 'ng/mL')).toBeNull();
  });
});

describe('a one-letter word inside a name joins', () => {
  it('reads a French name written without spaces', () => {
    expect(code('GlycémieàJeun', 'g/L')).toBe('1558-6');
  });
});

describe('nursing names of the respiratory rate (fresh14 nurse note)', () => {
  it('reads Respirations with or without a per-minute unit', () => {
    expect(code('Respirations', '/min')).toBe('9279-1');
    expect(code('RESPIRATIONS', 'breaths/min')).toBe('9279-1');
    expect(code('Respiration rate')).toBe('9279-1');
  });

  it('leaves respiratory words that are no rate alone', () => {
    expect(code('Respiratory panel')).toBeNull();
    expect(code('Respiration', 'mmHg')).toBeNull();
  });
});

describe('prefixes repeated without end (a pasted block, not a name)', () => {
  it('answers null and never exhausts the stack', () => {
    expect(code(`${'ISTAT '.repeat(3000)}weight`, 'kg')).toBeNull();
    expect(code(`${'O/E-'.repeat(10000)}weight`, 'kg')).toBeNull();
    expect(code(`${'O/E - '.repeat(3)}weight`, 'kg')).toBe('29463-7');
  });
});
