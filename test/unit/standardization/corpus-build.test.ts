import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildIndex, corpusIndex, LOINC_CORPUS } from '../../../shared/domain/standardization/corpus';
import {
  buildCorpus,
  categoryOfSection,
  componentOf,
  DATA_DIR,
  readSources,
  serializeCorpus,
  serializeReport,
  systemOf,
} from '../../../shared/domain/standardization/data/build-corpus';
import { normalizeIndicatorText } from '../../../shared/domain/standardization/normalize-text';
import { resolveIndicator } from '../../../shared/domain/standardization/resolver';

const sources = readSources();
const { corpus, report } = buildCorpus(sources);

describe('corpus build (data/build-corpus.ts)', () => {
  it('matches the committed loinc-corpus.json and its report: rerun the build script when this fails', () => {
    expect(serializeCorpus(corpus) === readFileSync(join(DATA_DIR, 'loinc-corpus.json'), 'utf8')).toBe(true);
    expect(serializeReport(report) === readFileSync(join(DATA_DIR, 'corpus-build-report.json'), 'utf8')).toBe(true);
  });

  it('holds every flowsheet code that has a long common name, under that name', () => {
    const rows = sources.flowsheet.filter((r) => /^\d+-\d$/.test(r.loinc) && r.long_common_name);
    expect(rows.length).toBeGreaterThan(1600);
    for (const row of rows)
      expect(LOINC_CORPUS.concepts.find((c) => c.code === row.loinc)?.display, row.loinc).toBe(row.long_common_name);
    // The rows left out are listed, with why.
    const skipped = report.skippedRows.filter((r) => !r.reason.startsWith('HealthKit'));
    expect(skipped.length + rows.length).toBe(sources.flowsheet.length);
  });

  it('holds every HealthKit type that has a LOINC code', () => {
    const hk = JSON.stringify(sources.healthkit);
    const codes = [...hk.matchAll(/"code":"(\d+-\d)","display":"[^"]*","system":"http:\/\/loinc.org"/g)].map(
      (m) => m[1],
    );
    expect(codes.length).toBeGreaterThan(25);
    for (const code of codes) expect(corpusIndex.byCode.has(code as string), code).toBe(true);
  });

  it('keeps every answer the curated concepts give: each curated name still names the same concepts', () => {
    const curatedIndex = buildIndex(sources.curated);
    for (const [key, group] of curatedIndex.exact) {
      expect(corpusIndex.exact.get(key)?.signature, key).toBe(group.signature);
    }
    for (const [key, group] of curatedIndex.sortedTokens) {
      expect(corpusIndex.sortedTokens.get(key)?.signature, key).toBe(group.signature);
    }
  });

  it('keeps curated concepts as written, adding only names and flowsheet data after them', () => {
    for (const before of sources.curated.concepts) {
      const after = corpusIndex.byCode.get(before.code);
      expect(after?.synonyms.slice(0, before.synonyms.length), before.code).toEqual(before.synonyms);
      expect(after?.units, before.code).toEqual(before.units);
      expect(after?.display, before.code).toBe(before.display);
    }
  });

  it('adds flowsheet data: short name, section, normal range and molecular weight', () => {
    const vanco = corpusIndex.byCode.get('4090-7');
    expect(vanco?.shortName).toBe('Vancomycin Peak SerPl-mCnc');
    expect(vanco?.section).toMatch(/^TDM & TOXICOLOGY STUDIES/);
    expect(vanco?.normalRange).toEqual({ low: 30, high: 40, unit: 'ug/mL' });
    expect(vanco?.molecularWeight).toBeCloseTo(1449.25, 1);
    expect(vanco?.category).toBe('laboratory');
  });

  it('drops a generated name that another concept already owns, and reports it', () => {
    const owned = new Map<string, string[]>();
    for (const [key, group] of corpusIndex.exact)
      owned.set(
        key,
        group.concepts.map((c) => c.code),
      );
    for (const d of report.dropped.filter((x) => x.reason === 'already names a curated concept')) {
      expect(owned.get(normalizeIndicatorText(d.name)) ?? [], d.name).not.toContain(d.code);
    }
    expect(report.dropped.some((d) => d.reason === 'already names a curated concept')).toBe(true);
  });

  it('leaves a bare component shared by several specimens unresolved; the specimen or unit chooses', () => {
    // Thallium is in the flowsheet in spot urine and in 24-hour urine.
    expect(resolveIndicator('Thallium').loincCode).toBeNull();
    expect(resolveIndicator('Thallium', 'ng/mL').loincCode).toBeNull();
    expect(report.dropped.some((d) => d.name === 'Thallium' && /several specimens/.test(d.reason))).toBe(true);
    // Cyclosporine in blood and in serum: the bare name stays null, the specimen-bearing names resolve.
    expect(resolveIndicator('Cyclosporine', 'ng/mL').loincCode).toBeNull();
    expect(resolveIndicator('Cyclosporine [Mass/volume] in Blood', 'ng/mL').loincCode).toBe('3520-4');
    expect(resolveIndicator('Cyclosporin Bld Qn', 'ng/mL').loincCode).toBe('3520-4');
    // Short names lose their specimen once normalised (`Bld`, `Ser` are noise): shared, so dropped.
    expect(resolveIndicator('Cyclosporin Bld-mCnc', 'ng/mL').loincCode).toBeNull();
  });

  it('resolves flowsheet concepts by their display, short and flowsheet names', () => {
    expect(resolveIndicator('Vancomycin Level (Peak)', 'ug/mL').loincCode).toBe('4090-7');
    expect(resolveIndicator('Apo B SerPl-mCnc', 'mg/dL').loincCode).toBe('1884-6');
    expect(resolveIndicator('Tobramycin trough mass conc', 'mg/L').loincCode).toBe('4059-2');
    // A unit that belongs to no sibling refuses rather than guesses.
    expect(resolveIndicator('Apo B SerPl-mCnc', 'mmol/L').loincCode).toBeNull();
  });

  it('derives the category from the flowsheet section', () => {
    expect(categoryOfSection('VITALS > INTAKE')).toBe('vital-signs');
    expect(categoryOfSection('QUESTIONNAIRES > PHQ-9 quick depression assessment panel')).toBe('survey');
    expect(categoryOfSection('CARDIOLOGY STUDIES > EKG MEASURES')).toBe('exam');
    expect(categoryOfSection('CHEMISTRY STUDIES > LIPIDS')).toBe('laboratory');
    expect(categoryOfSection(null)).toBe('laboratory');
  });

  it('reads component and specimen from a LOINC long name', () => {
    expect(componentOf('Thallium [Mass/volume] in Blood')).toBe('Thallium');
    expect(systemOf('Thallium [Mass/time] in 24 hour Urine')).toBe('24 hour Urine');
    expect(systemOf('Vancomycin [Mass/volume] in Serum or Plasma --peak')).toBe('Serum or Plasma');
    expect(systemOf('Glucose [Mass/volume] in Urine by Test strip')).toBe('Urine');
    expect(componentOf('Body temperature')).toBeNull();
  });
});
