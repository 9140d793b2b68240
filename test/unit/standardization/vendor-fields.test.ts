import { describe, expect, it } from 'vitest';
import { corpusIndex } from '../../../shared/domain/standardization/corpus';
import { buildCorpus, readSources } from '../../../shared/domain/standardization/data/build-corpus';
import { normalizeIndicatorText } from '../../../shared/domain/standardization/normalize-text';
import { resolveIndicator } from '../../../shared/domain/standardization/resolver';

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
    for (const f of fields) {
      expect(resolveIndicator(f.name, f.unit).loincCode, `${f.vendor} ${f.name} ${f.unit}`).toBe(f.code);
      expect(resolveIndicator(f.name).loincCode, `${f.vendor} ${f.name}`).toBe(f.code);
    }
  });

  it('resolves a sample of vendor spellings with a fitting unit', () => {
    expect(resolveIndicator('average_breath', '/min').loincCode).toBe('9279-1'); // Oura sleep
    expect(resolveIndicator('height_meter', 'm').loincCode).toBe('8302-2'); // WHOOP body measurement
    expect(resolveIndicator('hr_average', '/min').loincCode).toBe('8867-4'); // Withings sleep summary
    expect(resolveIndicator('Heart Pulse', '/min').loincCode).toBe('8867-4'); // Withings meastype 11
    expect(resolveIndicator('minutesAsleep', 'min').loincCode).toBe('93832-4'); // Fitbit sleep log
    expect(resolveIndicator('averageHeartRateInBeatsPerMinute', '/min').loincCode).toBe('8867-4'); // Garmin
    expect(resolveIndicator('breathing_rate_avg', '/min').loincCode).toBe('9279-1'); // Polar Nightly Recharge
    expect(resolveIndicator('RestingHeartRateRecord', '/min').loincCode).toBe('40443-4'); // Health Connect
    expect(resolveIndicator('OxygenSaturationRecord', '%').loincCode).toBe('59408-5'); // Health Connect
    expect(resolveIndicator('com.google.step_count.delta', '{steps}').loincCode).toBe('55423-8'); // Google Fit
    expect(resolveIndicator('com.samsung.health.body_temperature', 'Cel').loincCode).toBe('8310-5'); // Samsung
  });

  it('leaves fields with no LOINC meaning unresolved', () => {
    expect(resolveIndicator('bodyBatteryChargedValue').loincCode).toBeNull(); // Garmin score
    expect(resolveIndicator('recovery_score', '%').loincCode).toBeNull(); // WHOOP score
    expect(resolveIndicator('hrv_rmssd_milli', 'ms').loincCode).toBeNull(); // RMSSD: uncoded in HDS
    expect(resolveIndicator('HeartRateVariabilityRmssdRecord', 'ms').loincCode).toBeNull();
    expect(resolveIndicator('averageStressLevel').loincCode).toBeNull();
    // The names left out are not in the mapped list.
    const mapped = new Set(fields.map((f) => normalizeIndicatorText(f.name)));
    for (const [vendor, v] of vendors)
      for (const name of Object.keys(v.leftOut ?? {}))
        expect(mapped.has(normalizeIndicatorText(name)), `${vendor} ${name}`).toBe(false);
  });
});
