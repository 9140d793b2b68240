import { describe, expect, it } from 'vitest';
import { readDeviceJson } from '../../../shared/domain/extraction/device-json';
import { extractReadingsOffline } from '../../../shared/domain/extraction/extract';

describe('device JSON: a profile or an invoice is no measurement (review of session 19)', () => {
  it('skips age, zip, phone, page, price and amount beside a date field', () => {
    const text = JSON.stringify({
      date: '2026-01-01',
      age: 45,
      zip: 90210,
      zipCode: '10115',
      postalCode: 75001,
      phoneNumber: '5551234567',
      page: 2,
      price: 12.5,
      amount: 40,
      steps: 8042,
    });
    expect(readDeviceJson(text)?.map((r) => r.indicator)).toEqual(['steps']);
  });

  it('still reads a field whose name only contains those letters', () => {
    const text = JSON.stringify([{ dateTime: '2026-03-04', value: { averageHeartRate: 61, stepsPercentage: 80 } }]);
    expect(readDeviceJson(text)?.map((r) => r.indicator)).toEqual(['averageHeartRate', 'stepsPercentage']);
  });

  it('deeply nested, truncated or huge JSON never throws', () => {
    expect(() => extractReadingsOffline(`{"date":"2026-01-01"} ${'['.repeat(100_000)}`)).not.toThrow();
    expect(() => extractReadingsOffline(`${'{"a":'.repeat(50_000)}{"date":"2026-01-01","x":1}`)).not.toThrow();
    expect(extractReadingsOffline('[{"date": "2026-01-01", "steps": 12}, {"date": ').length).toBeLessThanOrEqual(1);
  });
});

describe('a dose under a medication caption is no reading (review of session 19)', () => {
  it('reads nothing from `Medication:`, `Treatment:` or `Therapy:` lines in a dose unit', () => {
    for (const line of ['Medication: Warfarin 5 mg', 'Treatment: Warfarin 5 mg', 'Meds: Aspirin 100 mg']) {
      expect(extractReadingsOffline(line)).toEqual([]);
    }
  });

  it('still reads a drug level in a lab unit beside those words', () => {
    const read = extractReadingsOffline('Therapeutic drug monitoring\nLithium 0.8 mmol/L (0.6-1.2)');
    expect(read.map((r) => [r.indicator, r.value, r.unit])).toEqual([['Lithium', '0.8', 'mmol/L']]);
  });
});
