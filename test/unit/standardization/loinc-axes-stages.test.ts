import { describe, expect, it } from 'vitest';
import { loincAxesOf } from '../../../shared/domain/standardization/loinc-axes';
import { readMethodAxis } from '../../../shared/domain/standardization/method-axis';
import { resolveIndicator } from '../../../shared/domain/standardization/resolver';
import { readSystemAxis } from '../../../shared/domain/standardization/system-axis';
import { unitWrittenInName, withoutUnitWords } from '../../../shared/domain/standardization/unit-words';
import { normalizeUnit } from '../../../shared/domain/standardization/units';

function code(name: string, unit?: string | null): string | null {
  return resolveIndicator(name, unit).loincCode;
}

describe('LOINC long names read into axes', () => {
  it('splits component, property, system, method and timing', () => {
    expect(loincAxesOf('Glucose [Mass/volume] in Serum or Plasma --2 hours post 75 g glucose PO')).toEqual({
      component: 'glucose',
      property: 'mass/volume',
      system: 'serum or plasma',
      method: '',
      timing: '2 hours post 75 g glucose po',
    });
    expect(loincAxesOf('Erythrocytes [#/volume] in Blood by Automated count')).toMatchObject({
      component: 'erythrocytes',
      system: 'blood',
      method: 'automated count',
    });
    expect(loincAxesOf('pH of Body fluid')).toMatchObject({ component: 'ph', property: '', system: 'body fluid' });
    expect(loincAxesOf('Cholesterol in HDL [Mass/volume] in Serum or Plasma')).toMatchObject({
      component: 'cholesterol in hdl',
      system: 'serum or plasma',
    });
  });
});

describe('the system a name writes', () => {
  it('reads short-name abbreviations after the component, with Qn and the property suffix', () => {
    expect(readSystemAxis('Sodium SerPl Qn')).toMatchObject({
      component: 'Sodium',
      systems: ['serum or plasma', 'serum', 'plasma'],
    });
    expect(readSystemAxis('Creatinine 24h Ur-mRate')).toMatchObject({
      component: 'Creatinine',
      systems: ['24 hour urine'],
    });
    expect(readSystemAxis('Urea nitrogen Bld-mCnc')).toMatchObject({
      component: 'Urea nitrogen',
      systems: ['blood'],
      property: 'mass/volume',
      overridesNoise: true,
    });
    expect(readSystemAxis('Albumin Pl Fld Qn')).toMatchObject({ component: 'Albumin', systems: ['pleural fluid'] });
  });

  it('reads specimen words after a comma', () => {
    expect(readSystemAxis('Protein, Cerebrospinal')).toBeNull();
    expect(readSystemAxis('Protein, CSF')).toMatchObject({ component: 'Protein', systems: ['cerebral spinal fluid'] });
    expect(readSystemAxis('Sodium, Body Fluid')).toMatchObject({ component: 'Sodium', systems: ['body fluid'] });
  });

  it('unbends an abbreviation OCR or a slip changed, but never a word the corpus knows', () => {
    expect(readSystemAxis('Sodium SerP1 Qn')).toMatchObject({ component: 'Sodium', unbentName: 'Sodium SerPl Qn' });
    expect(readSystemAxis('Sodium SeerPl Qn')?.systems[0]).toBe('serum or plasma');
    expect(readSystemAxis('Creatinine B1d')?.systems).toEqual(['blood']);
    expect(readSystemAxis('Creatinine FId')?.systems).toEqual(['body fluid']);
    // `a1c` and `ferritin` are words of the corpus: no system is read into them.
    expect(readSystemAxis('Hemoglobin A1c')).toBeNull();
    expect(readSystemAxis('Serum ferritin')).toBeNull();
  });

  it('needs a component before the system', () => {
    expect(readSystemAxis('Urine')).toBeNull();
    expect(readSystemAxis('SerPl Qn')).toBeNull();
  });
});

describe('the component in the written system', () => {
  it('moves a bare component to its concept in that system, the unit choosing the property', () => {
    expect(code('Sodium, Body Fluid', 'mmol/L')).toBe('2950-4');
    expect(code('Glucose CSF Qn', 'mg/dL')).toBe('2342-4');
    expect(code('Glucose CSF Qn', 'mmol/L')).toBe('14744-7');
    expect(code('Creatinine Fld Qn', 'mg/dL')).toBe('12190-5');
    expect(code('Creatinine 24h Ur-mRate', 'mg/(24.h)')).toBe('2162-6');
    expect(code('Creatinine 24h Ur', 'mmol/(24.h)')).toBe('14684-5');
  });

  it('reads Bld as whole blood, though the bare key would find the serum test', () => {
    expect(code('Urea nitrogen Bld', 'mg/dL')).toBe('6299-2');
    expect(code('Urea nitrogen Bld', 'mmol/L')).toBe('59570-2');
    expect(code('Triglyceride Bld Qn', 'mg/dL')).toBe('3043-7');
    expect(code('Urea nitrogen', 'mg/dL')).toBe('3094-0');
  });

  it('accepts a unit convertible to the concept’s, or one its serum sibling is reported in', () => {
    expect(code('WBC, CSF', '/uL')).toBe('806-0');
    expect(code('Amylase, Urine', 'IU/L')).toBe('1799-6');
  });

  it('refuses a unit no concept of the component in that system fits, and a system the corpus lacks', () => {
    expect(code('Glucose CSF Qn', '%')).toBeNull();
    expect(code('Glucose CSF Qn', 'g/(24.h)')).toBeNull();
    expect(code('Ferritin Pl Fld Qn', 'ng/mL')).toBeNull();
  });

  it('without a unit, gives null where the system holds mass and molar siblings', () => {
    expect(code('Glucose Bld Qn')).toBeNull();
  });

  it('keeps timing and method: a timed or method-bound concept never becomes the plain one', () => {
    expect(loincAxesOf('Cortisol [Mass/volume] in Serum or Plasma --morning specimen')?.timing).toBe(
      'morning specimen',
    );
    expect(code('Cortisol AM SerP1 Qn', 'ug/dL')).not.toBe('2143-6');
  });

  it('keeps a specimen the component names only when the written system is the same', () => {
    expect(code('pH Cord Bld', '[pH]')).toBe('14873-4');
    expect(code('SaO2 B1d', '%')).not.toBe('2708-6');
  });

  it('does not read a one-letter specimen prefix together with a written system', () => {
    expect(code('B lymphocytes Bld', '%')).toBeNull();
  });

  it('leaves an ambiguous component null whatever the system', () => {
    expect(code('eGFR SerPl Qn', 'mL/min/{1.73_m2}')).toBeNull();
  });
});

describe('the method a name writes', () => {
  it('reads method words in brackets, after a comma or at the end, and leaves the rest as the component', () => {
    expect(readMethodAxis('Hematocrit (spun)')).toMatchObject({ component: 'Hematocrit' });
    expect(readMethodAxis('LDL cholesterol, direct')?.method.methods).toEqual(['direct assay']);
    expect(readMethodAxis('Hematocrit')).toBeNull();
    expect(readMethodAxis('Calculated')).toBeNull();
  });

  it('chooses the sibling carrying the method', () => {
    expect(code('Hct (spun)', '%')).toBe('4545-0');
    expect(code('Hematocrit, automated', '%')).toBe('4544-3');
    expect(code('LDL cholesterol, direct', 'mg/dL')).toBe('18262-6');
    expect(code('Fibrinogen (Clauss)', 'g/L')).toBe('3255-7');
  });

  it('falls back to the method-less code only for words restating the usual method', () => {
    expect(code('Sodium, measured', 'mmol/L')).toBe('2951-2');
    expect(code('Sodium (centrifuged)', 'mmol/L')).toBeNull();
    expect(code('Ferritin, test strip', 'ng/mL')).toBeNull();
  });

  it('still needs the unit to fit the chosen concept', () => {
    expect(code('Hct (spun)', 'g/dL')).toBeNull();
  });
});

describe('unit words at the end of a vendor field name', () => {
  it('are the reading’s unit, not the test’s name', () => {
    expect(withoutUnitWords('body weight kilograms')).toBe('body weight');
    expect(withoutUnitWords('resting heart rate beats per minute')).toBe('resting heart rate');
    expect(withoutUnitWords('active kilocalories')).toBe('active calories');
    expect(withoutUnitWords('glucose')).toBeNull();
    expect(withoutUnitWords('grams')).toBeNull();
    expect(code('bodyWeightInKilograms', 'kg')).toBe('29463-7');
    expect(code('heightInCentimeters', 'cm')).toBe('8302-2');
    expect(code('activeKcal', 'kcal')).toBe('41981-2');
  });

  it('still need the rest of the name to be a known test (sleep duration is one)', () => {
    expect(code('stressInPercent', '%')).toBeNull();
    expect(code('bodyBatteryInPercent', '%')).toBeNull();
    expect(code('sleepDurationInSeconds', 's')).toBe('93832-4');
  });
});

describe('a multiplier after a count and a camelCase split that cut a prefix', () => {
  it('reads `x 1000` and `x10 9` as part of the unit', () => {
    expect(withoutUnitWords('rbc x 10 6')).toBe('rbc');
    expect(withoutUnitWords('neutrophils x1000')).toBe('neutrophils');
    expect(code('Lymphocytes x 1000', 'K/uL')).toBe('26474-7');
    expect(code('Lymphocytes x 1000', 'mg/dL')).toBeNull();
    expect(code('x 1000', 'K/uL')).toBeNull();
  });

  it('reads a one-word name whole when the split found nothing (`paO2`)', () => {
    expect(code('paO2', 'mmHg')).toBe('2703-7');
    expect(code('paCO2', 'mmHg')).toBe('2019-8');
    expect(code('paXY2', 'mmHg')).toBeNull();
  });
});

describe('a unit written into the name', () => {
  const isUnit = (text: string) => normalizeUnit(text) !== null;

  it('is found in brackets, after a comma or as a unit-shaped last word', () => {
    expect(unitWrittenInName('Ferritin (ng/mL)', isUnit)).toEqual({ rest: 'Ferritin', unit: 'ng/mL' });
    expect(unitWrittenInName('Platelets [10^9/L]', isUnit)).toEqual({ rest: 'Platelets', unit: '10^9/L' });
    expect(unitWrittenInName('Calcium, mmol/L', isUnit)).toEqual({ rest: 'Calcium', unit: 'mmol/L' });
    expect(unitWrittenInName('Body weight kg', isUnit)).toEqual({ rest: 'Body weight', unit: 'kg' });
  });

  it('is never a letter or word that only looks like a unit symbol', () => {
    expect(unitWrittenInName('Vitamin D', isUnit)).toBeNull();
    expect(unitWrittenInName('Hepatitis B', isUnit)).toBeNull();
    expect(unitWrittenInName('Estriol (MS)', isUnit)).toBeNull();
    expect(unitWrittenInName('Glucose [Mass/volume]', isUnit)).toBeNull();
    expect(unitWrittenInName('(mg/dL)', isUnit)).toBeNull();
  });

  it('stands in for a missing reading unit, and yields to a given one', () => {
    expect(code('Ferritin (ng/mL)')).toBe('2276-4');
    expect(code('Glucose (mmol/L)')).toBe('14749-6');
    expect(code('Glucose (mmol/L)', 'mg/dL')).toBe('2345-7');
    expect(code('Glucose (mg/dL)', '%')).toBeNull();
  });
});

describe('slips in written method and specimen words', () => {
  it('read a long method word through one slip, and a specimen word of five letters or more', () => {
    expect(code('Hct (centrifugd)', '%')).toBe('4545-0');
    expect(code('Glucose, Urien', 'mg/dL')).toBe('2350-7');
  });
});
