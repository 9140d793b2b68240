import { describe, expect, it } from 'vitest';
import { extractReadingsOffline } from '../../../shared/domain/extraction/extract';
import { WITHINGS_MEASURE_TYPES as SYNC_TYPES } from '../../../shared/domain/pulse/mapping/withings';
import { WEARABLE_INDICATORS } from '../../../shared/domain/pulse/readings';
import { readSources } from '../../../shared/domain/standardization/data/build-corpus';
import { resolveIndicator } from '../../../shared/domain/standardization/resolver';
import { WITHINGS_MEASURE_TYPES, withingsConcept } from '../../../shared/domain/withings-measure-types';

const rows = (text: string) =>
  extractReadingsOffline(text).map((r) => [r.indicator, r.value, r.unit, r.measuredAt] as const);

function groups(...measuregrps: unknown[]): string {
  return JSON.stringify({ status: 0, body: { measuregrps } });
}

describe("Withings' measure types: one table for the sync, the export reader and the corpus", () => {
  it('lists each type once, a concept or a reason for each', () => {
    const numbers = WITHINGS_MEASURE_TYPES.map((t) => t.type);
    expect(new Set(numbers).size).toBe(numbers.length);
    for (const t of WITHINGS_MEASURE_TYPES) {
      const concept = withingsConcept(t);
      if (!concept) expect('leftOut' in t.concept && t.concept.leftOut.length > 0, `${t.type}`).toBe(true);
    }
  });

  it("gives the sync's wearable indicator the same code as the corpus concept, or none where the type has none", () => {
    for (const t of WITHINGS_MEASURE_TYPES) {
      if (!t.wearable) continue;
      expect(WEARABLE_INDICATORS[t.wearable].loinc, `${t.type}`).toBe(withingsConcept(t)?.code ?? null);
    }
    expect(
      Object.keys(SYNC_TYPES)
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual([1, 5, 6, 8, 9, 10, 11, 54, 71]);
  });

  it("builds the corpus's Withings names and meastype names from the table, each resolving to the type's code", () => {
    const withings = readSources().vendorFields.withings;
    const names = new Set(withings?.fields.map((f) => f.name));
    for (const t of WITHINGS_MEASURE_TYPES) {
      const concept = withingsConcept(t);
      if (!concept) {
        expect(Object.keys(withings?.leftOut ?? {}), `${t.type}`).toContain(`meastype ${t.type}`);
        continue;
      }
      expect(names.has(t.name) && names.has(`meastype ${t.type}`), `${t.type}`).toBe(true);
      expect(resolveIndicator(t.name, concept.unit).loincCode, t.name).toBe(concept.code);
      expect(resolveIndicator(`meastype ${t.type}`, concept.unit).loincCode, `${t.type}`).toBe(concept.code);
    }
  });

  it("writes an export's measures by Withings' names and units (SP02 with a zero, VO2 max, body water)", () => {
    const text = groups({
      date: 1794636300,
      category: 1,
      measures: [
        { value: 97, type: 54, unit: 0 },
        { value: 3342, type: 73, unit: -2 },
        { value: 412, type: 123, unit: -1 },
        { value: 187, type: 168, unit: -1 },
      ],
    });
    expect(rows(text)).toEqual([
      ['SP02', '97', '%', '2026-11-14T06:05:00'],
      ['Skin Temperature', '33.42', '°C', '2026-11-14T06:05:00'],
      ['VO2 max', '41.2', 'ml/min/kg', '2026-11-14T06:05:00'],
      ['Extracellular Water', '18.7', 'kg', '2026-11-14T06:05:00'],
    ]);
  });

  it('never reads a score, a classification, a segmental value, a type without a unit, or a user objective', () => {
    const text = groups(
      {
        date: 1794666034,
        category: 1,
        measures: [
          { value: 0, type: 130, unit: 0 }, // atrial fibrillation verdict
          { value: 96, type: 135, unit: 0 }, // QRS: no unit in Withings' table
          { value: 52, type: 155, unit: 0 }, // vascular age
          { value: 11, type: 170, unit: 0 }, // visceral fat index
          { value: 2910, type: 173, unit: -2, position: 12 }, // one segment's fat-free mass
          { value: 1812, type: 226, unit: 0 }, // BMR: no unit in Withings' table
          { value: 71, type: 11, unit: 0 },
        ],
      },
      { date: 1794666100, category: 2, measures: [{ value: 80000, type: 1, unit: -3 }] }, // a target weight
    );
    expect(rows(text)).toEqual([['Heart Pulse', '71', 'bpm', '2026-11-14T14:20:34']]);
  });

  it('never throws on a group whose category or type is not a number', () => {
    const text = groups(
      { date: 1794666100, category: 'x', measures: [{ value: 1, type: 'y', unit: 0 }] },
      { date: 1794666100, category: null, measures: [{ value: 781, type: 1, unit: -1 }] },
    );
    expect(() => rows(text)).not.toThrow();
    expect(rows(text)).toEqual([['Weight', '78.1', 'kg', '2026-11-14T14:21:40']]);
  });
});
