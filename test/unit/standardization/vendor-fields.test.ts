import { describe, expect, it } from 'vitest';
import { corpusIndex } from '../../../shared/domain/standardization/corpus';
import { buildCorpus, readSources } from '../../../shared/domain/standardization/data/build-corpus';
import { normalizeIndicatorText } from '../../../shared/domain/standardization/normalize-text';
import { resolveIndicator } from '../../../shared/domain/standardization/resolver';
import { resolveReadingIndicator } from '../../../shared/domain/standardization/unitless-siblings';

const sources = readSources();
const vendors = Object.entries(sources.vendorFields);
const fields = vendors.flatMap(([vendor, v]) => v.fields.map((f) => ({ vendor, ...f })));

describe('vendor API field names (data/vendor-fields.json)', () => {
  it('names each vendor with its public API reference', () => {
    for (const vendor of ['oura', 'whoop', 'withings', 'fitbit', 'garmin', 'polar', 'health-connect', 'google-fit'])
      expect(sources.vendorFields[vendor]?.fields.length ?? 0, vendor).toBeGreaterThan(0);
    for (const [vendor, v] of vendors) expect(v.source, vendor).toMatch(/^https:\/\//);
  });

  it('maps every field to a concept of the corpus, in a unit that concept takes', () => {
    for (const f of fields) {
      const concept = corpusIndex.byCode.get(f.code);
      expect(concept, `${f.vendor} ${f.name}`).toBeDefined();
      expect(concept?.units, `${f.vendor} ${f.name} ${f.unit}`).toContain(f.unit);
    }
  });

  it('merges every field as a synonym of its concept: none is dropped by the build', () => {
    const { report } = buildCorpus(sources);
    expect(report.dropped.filter((d) => d.reason.startsWith('vendor-api'))).toEqual([]);
    expect(report.counts.vendorFields).toBe(fields.length);
    for (const f of fields) {
      const keys = corpusIndex.byCode.get(f.code)?.synonyms.map(normalizeIndicatorText) ?? [];
      expect(keys, `${f.vendor} ${f.name}`).toContain(normalizeIndicatorText(f.name));
    }
  });

  it('resolves every field to its code, with its unit and without one', () => {
    // A name listed for a mass and a molar sibling (Dexcom egvs), or one another concept also goes by (Junction
    // `blood_oxygen` reads as `Oxygen`, also the flowsheet's partial pressure), is resolved by its unit; without one
    // it stays null.
    for (const f of fields) {
      expect(resolveIndicator(f.name, f.unit).loincCode, `${f.vendor} ${f.name} ${f.unit}`).toBe(f.code);
      const unitPicks = (corpusIndex.exact.get(normalizeIndicatorText(f.name))?.concepts.length ?? 0) > 1;
      expect(resolveIndicator(f.name).loincCode, `${f.vendor} ${f.name}`).toBe(unitPicks ? null : f.code);
    }
  });

  it('resolves a sample of vendor spellings with a fitting unit', () => {
    expect(resolveIndicator('height_meter', 'm').loincCode).toBe('8302-2'); // WHOOP body measurement
    expect(resolveIndicator('Heart Pulse', '/min').loincCode).toBe('8867-4'); // Withings meastype 11
    expect(resolveIndicator('minutesAsleep', 'min').loincCode).toBe('93832-4'); // Fitbit sleep log
    expect(resolveIndicator('RestingHeartRateRecord', '/min').loincCode).toBe('40443-4'); // Health Connect
    expect(resolveIndicator('OxygenSaturationRecord', '%').loincCode).toBe('59408-5'); // Health Connect
    expect(resolveIndicator('com.google.step_count.delta', '{steps}').loincCode).toBe('55423-8'); // Google Fit
    expect(resolveIndicator('com.samsung.health.body_temperature', 'Cel').loincCode).toBe('8310-5'); // Samsung
    expect(resolveIndicator('SP02', '%').loincCode).toBe('59408-5'); // Withings meastype 54, spelled with a zero
    expect(resolveIndicator('meastype 9', 'mmHg').loincCode).toBe('8462-4'); // Withings meastype number
    expect(resolveIndicator('timeOffsetEpochToBreaths', '/min').loincCode).toBe('9279-1'); // Garmin respiration
    expect(resolveIndicator('timeOffsetSpo2Values', '%').loincCode).toBe('59408-5'); // Garmin pulseOx
    expect(resolveIndicator('breathingRate', '/min').loincCode).toBe('9279-1'); // Fitbit Breathing Rate
    expect(resolveIndicator('FloorsClimbedRecord').loincCode).toBe('100304-5'); // Health Connect
    expect(resolveIndicator('heartRateVariabilitySDNN', 'ms').loincCode).toBe('80404-7'); // HealthKit Swift name
    expect(resolveIndicator('egvs', 'mg/dL').loincCode).toBe('99504-3'); // Dexcom CGM: interstitial fluid
    expect(resolveIndicator('egvs', 'mmol/L').loincCode).toBe('105272-9');
    expect(resolveIndicator('resting_hr_bpm', 'bpm').loincCode).toBe('40443-4'); // Terra
    expect(resolveIndicator('calories_active', 'kcal').loincCode).toBe('41981-2'); // Junction
    expect(resolveIndicator('heartrate_resting', '/min').loincCode).toBe('40443-4'); // Spike
  });

  it('leaves fields with no LOINC meaning unresolved', () => {
    expect(resolveIndicator('bodyBatteryChargedValue').loincCode).toBeNull(); // Garmin score
    expect(resolveIndicator('recovery_score', '%').loincCode).toBeNull(); // WHOOP score
    expect(resolveIndicator('hrv_rmssd_milli', 'ms').loincCode).toBeNull(); // RMSSD: uncoded in HDS
    expect(resolveIndicator('HeartRateVariabilityRmssdRecord', 'ms').loincCode).toBeNull();
    expect(resolveIndicator('averageStressLevel').loincCode).toBeNull();
    expect(resolveReadingIndicator('heartrate_max', '/min').loincCode).toBeNull(); // Spike: no maximum heart rate concept
    expect(resolveIndicator('avg_hrv_rmssd', 'ms').loincCode).toBeNull(); // Terra: RMSSD
    expect(resolveIndicator('HKQuantityTypeIdentifierWalkingHeartRateAverage', '/min').loincCode).toBeNull();
    expect(resolveIndicator('egvs').loincCode).toBeNull(); // mass or molar: the unit chooses
    // The names left out are not in the mapped list.
    const mapped = new Set(fields.map((f) => normalizeIndicatorText(f.name)));
    for (const [vendor, v] of vendors)
      for (const name of Object.keys(v.leftOut ?? {}))
        expect(mapped.has(normalizeIndicatorText(name)), `${vendor} ${name}`).toBe(false);
  });

  it('leaves a vital sign period statistic out: no reading is filed under it, a question still finds the series (session 21, helper N)', () => {
    // LOINC's vital-sign codes are point-in-time; a night's or a day's average is another observable (period-statistic.ts).
    const statistics = [
      ['oura', 'average_heart_rate', '/min', '8867-4'],
      ['oura', 'average_breath', '/min', null],
      ['withings', 'hr_average', '/min', '8867-4'],
      ['garmin', 'averageHeartRateInBeatsPerMinute', '/min', '8867-4'],
      ['polar', 'breathing_rate_avg', '/min', '9279-1'],
      ['google-fit', 'com.google.heart_rate.summary', '/min', null],
      ['terra', 'avg_saturation_percentage', '%', null],
      ['terra', 'day_avg_systolic_bp', 'mm[Hg]', null],
      ['spike', 'avg_hr', '/min', '8867-4'],
    ] as const;
    for (const [vendor, name, unit, series] of statistics) {
      expect(sources.vendorFields[vendor]?.leftOut?.[name], `${vendor} ${name}`).toMatch(/period statistic/);
      expect(
        sources.vendorFields[vendor]?.fields.some((f) => f.name === name),
        `${vendor} ${name}`,
      ).toBe(false);
      expect(resolveReadingIndicator(name, unit).loincCode, name).toBeNull();
      expect(resolveIndicator(name, unit).loincCode, name).toBe(series);
    }
  });
});
