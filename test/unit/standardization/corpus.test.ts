import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { corpusIndex, LOINC_CORPUS } from '../../../shared/domain/standardization/corpus';
import { isValidLoincCode } from '../../../shared/domain/standardization/loinc-code';
import { normalizeIndicatorText } from '../../../shared/domain/standardization/normalize-text';
import { normalizeUnit } from '../../../shared/domain/standardization/units';

const dataDir = join(dirname(fileURLToPath(import.meta.url)), '../../../shared/domain/standardization/data');

describe('LOINC corpus', () => {
  it('is versioned data with at least 1,600 concepts', () => {
    expect(LOINC_CORPUS.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(LOINC_CORPUS.concepts.length).toBeGreaterThanOrEqual(1600);
  });

  it('holds well-formed codes with valid LOINC check digits, each once', () => {
    const codes = LOINC_CORPUS.concepts.map((c) => c.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(isValidLoincCode(code), code).toBe(true);
    expect(isValidLoincCode('2345-8')).toBe(false);
  });

  it('records where every code was verified, and names, categories and units for each', () => {
    const sources = new Set(['nlm-flowsheet', 'healthkit-mapping', 'loinc-conversion', 'task-brief', 'published-name']);
    const categories = new Set(['laboratory', 'vital-signs', 'activity', 'survey', 'exam']);
    for (const c of LOINC_CORPUS.concepts) {
      expect(c.verifiedBy.length, c.code).toBeGreaterThan(0);
      for (const s of c.verifiedBy) expect(sources.has(s), `${c.code} ${s}`).toBe(true);
      expect(c.display.length, c.code).toBeGreaterThan(2);
      expect(categories.has(c.category), c.code).toBe(true);
      // Non-quantitative concepts (susceptibilities, questionnaires) carry no unit at all.
      expect(c.units[0] ?? '', c.code).toBe(c.defaultUnit);
      // Findable by at least one name: a synonym, or the long name itself.
      expect(c.synonyms.length > 0 || c.indexDisplay !== false, c.code).toBe(true);
    }
  });

  it('stores units in the canonical form normalizeUnit returns', () => {
    for (const c of LOINC_CORPUS.concepts) {
      for (const unit of c.units) expect(normalizeUnit(unit), `${c.code} ${unit}`).toBe(unit);
    }
  });

  it('lets the unit decide between siblings that share a name: disjoint units, at most one unit-less default', () => {
    for (const [key, group] of corpusIndex.exact) {
      if (group.ambiguous) continue;
      const seen = new Map<string, string>();
      for (const concept of group.concepts) {
        for (const unit of concept.units) {
          expect(seen.get(unit), `"${key}" ${unit} in ${seen.get(unit)} and ${concept.code}`).toBeUndefined();
          seen.set(unit, concept.code);
        }
      }
      expect(group.concepts.filter((c) => c.unitlessDefault).length, key).toBeLessThanOrEqual(1);
    }
  });

  it('never lists an ambiguous term as a synonym', () => {
    const synonyms = new Set(LOINC_CORPUS.concepts.flatMap((c) => c.synonyms.map(normalizeIndicatorText)));
    for (const term of LOINC_CORPUS.ambiguousTerms)
      expect(synonyms.has(normalizeIndicatorText(term)), term).toBe(false);
  });

  it('covers vitals, wearables and common labs with the codes the product relies on', () => {
    const codes = new Set(LOINC_CORPUS.concepts.map((c) => c.code));
    const required = (
      '8867-4 40443-4 8480-6 8462-4 8310-5 9279-1 59408-5 2708-6 29463-7 8302-2 39156-5 55423-8 41950-7 ' +
      '80404-7 93832-4 41981-2 2345-7 14749-6 1558-6 2160-0 14682-9 13457-7 18262-6 2093-3 2085-9 2571-8 ' +
      '73985-4 4548-4 770-8 751-8 718-7 3016-3 3024-7 2276-4 1989-3 62292-8 2132-9 1988-5 30522-7 33914-3 5803-2'
    ).split(' ');
    for (const code of required) expect(codes.has(code), code).toBe(true);
  });

  it('ships the LOINC notice and licence beside the data', () => {
    const notice = readFileSync(join(dataDir, 'LOINC-NOTICE.md'), 'utf8');
    expect(notice).toContain('This material contains content from LOINC (http://loinc.org).');
    expect(notice.replace(/\s+/g, ' ')).toContain(
      'LOINC® is a registered United States trademark of Regenstrief Institute, Inc.',
    );
    expect(existsSync(join(dataDir, 'LOINC-LICENSE.txt'))).toBe(true);
  });
});
