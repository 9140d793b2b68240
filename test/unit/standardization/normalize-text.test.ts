import { describe, expect, it } from 'vitest';
import { corpusIndex } from '../../../shared/domain/standardization/corpus';
import { normalizeIndicatorText } from '../../../shared/domain/standardization/normalize-text';
import { resolveIndicatorUncached } from '../../../shared/domain/standardization/resolver';

describe('normalizeIndicatorText: vendor field names', () => {
  it.each([
    ['restingHeartRate', 'resting heart rate'],
    ['bodyFatPercentage', 'body fat pct'],
    ['HeartRateVariabilitySDNN', 'heart rate variability sdnn'],
    ['total_cholesterol', 'total cholesterol'],
    ['TOTAL_CHOLESTEROL', 'total cholesterol'],
    ['HDLCholesterol', 'hdl cholesterol'],
    ['LDLCholesterol', 'ldl cholesterol'],
    ['spo2Avg', 'spo2 avg'],
    ['T4Free', 't4 free'],
    ['hsCRP', 'hs crp'],
  ])('%s → %s', (input, expected) => {
    expect(normalizeIndicatorText(input)).toBe(expected);
  });

  it('keeps a lab acronym with one lower-case letter whole', () => {
    expect(normalizeIndicatorText('eGFR')).toBe('egfr');
    expect(normalizeIndicatorText('pCO2')).toBe('pco2');
    expect(normalizeIndicatorText('HbA1c')).toBe('hba1c');
    expect(normalizeIndicatorText('NTproBNP')).toBe(normalizeIndicatorText('NTpro BNP'));
  });

  it('meets the synonym keys of the corpus, so the vendor name resolves', () => {
    expect(resolveIndicatorUncached('restingHeartRate', 'bpm').loincCode).toBe('40443-4');
    expect(resolveIndicatorUncached('HDLCholesterol', 'mg/dL').loincCode).toBe(
      resolveIndicatorUncached('HDL cholesterol', 'mg/dL').loincCode,
    );
    expect(resolveIndicatorUncached('HDLCholesterol', 'mg/dL').loincCode).not.toBeNull();
  });

  it('splits every camelCase corpus synonym the way the same words with spaces normalise', () => {
    // Built from the corpus itself: "Heart rate variability" written as HeartRateVariability must land on its key.
    let checked = 0;
    for (const concept of corpusIndex.concepts) {
      for (const synonym of concept.synonyms) {
        // One-letter words (`frequenza cardiaca a riposo`) cannot be told from an acronym's first letter once joined.
        if (!/^[a-z]{2,}(?: [a-z]{2,})+$/.test(synonym)) continue;
        const camel = synonym
          .split(' ')
          .map((w, i) => (i === 0 ? w : w[0]?.toUpperCase() + w.slice(1)))
          .join('');
        expect(normalizeIndicatorText(camel), camel).toBe(normalizeIndicatorText(synonym));
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(50);
  });
});

describe('normalizeIndicatorText: whitespace and compatibility forms', () => {
  it.each([
    ['Glucose  fasting', 'glucose fasting'],
    ['Glucose\tfasting', 'glucose fasting'],
    ['Glucose\u00a0fasting', 'glucose fasting'],
    ['Glucose\u3000fasting', 'glucose fasting'],
    ['Gluc\u200bose', 'glucose'],
    ['Hemo\u00adglobin', 'hemoglobin'],
    ['\ufeffPotassium', 'potassium'],
    ['ＨｂＡ１ｃ', 'hba1c'],
    ['ＧＬＵＣＯＳＥ', 'glucose'],
  ])('%j → %s', (input, expected) => {
    expect(normalizeIndicatorText(input)).toBe(expected);
  });
});
