import { describe, expect, it } from 'vitest';
import { resolveReadingIndicator } from '../../../shared/domain/standardization/unitless-siblings';

const code = (name: string, unit: string | null = null) => resolveReadingIndicator(name, unit).loincCode;

/** Names two tests share (README "Labelling decisions", session 17): null until the name writes which. */
describe('a bare name that several statistics or analytes share gives null', () => {
  it('heart rate variability without its statistic: Apple reports SDNN, Oura, WHOOP, Garmin and Fitbit RMSSD', () => {
    const bare = [
      'HRV',
      'hrv',
      'Heart rate variability',
      'heart_rate_variability',
      'HeartRateVariability',
      'nightly_hrv',
      'Herzfrequenzvariabilität',
      'variabilidad de la frecuencia cardíaca',
      'variabilité de la fréquence cardiaque',
      'variabilità della frequenza cardiaca',
      '心率变异性',
    ];
    for (const name of bare) {
      expect(code(name, 'ms'), name).toBeNull();
      expect(code(name), name).toBeNull();
    }
  });

  it('the statistic written resolves to LOINC 80404-7 (SDNN), in any language the corpus carries', () => {
    for (const name of [
      'SDNN',
      'HRV SDNN',
      'HRV (SDNN)',
      'hrv_sdnn',
      'avg_hrv_sdnn',
      'HKQuantityTypeIdentifierHeartRateVariabilitySDNN',
      'Herzfrequenzvariabilität SDNN',
    ])
      expect(code(name, 'ms'), name).toBe('80404-7');
    // RMSSD has no code in HDS: it never borrows SDNN's.
    for (const name of ['rmssd', 'hrv_rmssd', 'HRV RMSSD']) expect(code(name, 'ms'), name).toBeNull();
  });

  it('azotemia is urea in Italian and French reports and urea nitrogen elsewhere: null, whatever the unit', () => {
    for (const [name, unit] of [
      ['Azotemia', 'mg/dL'],
      ['Azotémie', 'mmol/L'],
      ['azotemia', null],
    ] as const)
      expect(code(name, unit), name).toBeNull();
    expect(code('azoto ureico', 'mg/dL')).toBe('3094-0');
    expect(code('Urea nitrogen', 'mg/dL')).toBe('3094-0');
  });

  it('a lipid whose molar twin LOINC codes needs its unit: non-HDL cholesterol as cholesterol and HDL', () => {
    for (const name of ['Non-HDL', 'non-HDL cholesterol', 'Cholesterol', 'HDL']) expect(code(name), name).toBeNull();
    expect(code('Non-HDL', 'mg/dL')).toBe('43396-1');
    expect(code('Non-HDL-Cholesterin', 'mg/dL')).toBe('43396-1');
  });

  it('troponin without hs takes the method-less code, whatever the unit; hs written takes the assay code', () => {
    expect(code('Troponin I', 'ng/mL')).toBe('10839-9');
    expect(code('Troponin I', 'ng/L')).toBe('10839-9');
    expect(code('hs-Troponin I', 'ng/L')).toBe('89579-7');
    expect(code('hs-TnT', 'ng/L')).toBe('67151-1');
    expect(code('Troponin', 'ng/L')).toBeNull();
  });
});
