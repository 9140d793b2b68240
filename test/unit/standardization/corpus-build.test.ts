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
    expect(LOINC_CORPUS.concepts.some((c) => c.synonyms.includes('Thallium'))).toBe(false);
    // Diazepam in serum and in urine: the bare name stays null, the specimen-bearing name resolves.
    expect(resolveIndicator('Diazepam', 'ng/mL').loincCode).toBeNull();
    expect(report.dropped.some((d) => d.name === 'Diazepam' && /several specimens/.test(d.reason))).toBe(true);
    expect(resolveIndicator('Diazepam [Mass/volume] in Serum or Plasma', 'ng/mL').loincCode).toBe('3548-5');
    // Cyclosporine in blood and in serum: the curated bare name takes whole blood, where the drug is measured (README
    // bare-name decision, as tacrolimus; session 23); a written serum still finds the serum code.
    expect(resolveIndicator('Cyclosporine', 'ng/mL').loincCode).toBe('3520-4');
    expect(resolveIndicator('Cyclosporine, Serum', 'ng/mL').loincCode).toBe('3521-2');
    expect(resolveIndicator('Cyclosporine [Mass/volume] in Blood', 'ng/mL').loincCode).toBe('3520-4');
    expect(resolveIndicator('Cyclosporin Bld Qn', 'ng/mL').loincCode).toBe('3520-4');
    // Short names lose their specimen once normalised (`Bld`, `Ser` are noise): shared, so dropped from the synonyms;
    // the system axis reads `Bld` back (`system-axis.ts`), so LOINC's own short name still finds the blood code.
    expect(LOINC_CORPUS.concepts.some((c) => c.synonyms.includes('Cyclosporin Bld-mCnc'))).toBe(false);
    expect(resolveIndicator('Cyclosporin Bld-mCnc', 'ng/mL').loincCode).toBe('3520-4');
  });

  it('gives a bare component only to a quantitative concept in the specimen a bare name implies', () => {
    // Methotrexate: one concept, serum or plasma, molar.
    expect(resolveIndicator('Methotrexate', 'umol/L').loincCode).toBe('14836-1');
    // Oxalate is only in 24-hour urine here, nicotine only in urine: a bare name does not imply urine.
    expect(resolveIndicator('Oxalate').loincCode).toBeNull();
    expect(resolveIndicator('Nicotine').loincCode).toBeNull();
    // `Parathyrin [Interpretation]` is no measurement: the bare name is not its.
    expect(resolveIndicator('Parathyrin').loincCode).toBeNull();
  });

  it('resolves flowsheet concepts by their display, short and flowsheet names', () => {
    expect(resolveIndicator('Vancomycin Level (Peak)', 'ug/mL').loincCode).toBe('4090-7');
    expect(resolveIndicator('Apo B SerPl-mCnc', 'mg/dL').loincCode).toBe('1884-6');
    expect(resolveIndicator('Tobramycin trough mass conc', 'mg/L').loincCode).toBe('4059-2');
    // A unit that belongs to no sibling refuses rather than guesses.
    expect(resolveIndicator('Apo B SerPl-mCnc', 'mmol/L').loincCode).toBeNull();
  });

  it('adds modern orders with their sources, and lets the unit choose between their siblings', () => {
    expect(sources.modern.length).toBeGreaterThanOrEqual(70);
    for (const order of sources.modern) {
      expect(order.sources.filter((s) => !s.startsWith('https://loinc.org/')).length, order.code).toBeGreaterThan(0);
      expect(corpusIndex.byCode.get(order.code)?.verifiedBy, order.code).toEqual(['published-name']);
    }
    expect(resolveIndicator('hs-Troponin I', 'ng/L').loincCode).toBe('89579-7');
    expect(resolveIndicator('NT-proBNP', 'pg/mL').loincCode).toBe('33762-6');
    expect(resolveIndicator('eGFR (CKD-EPI 2021)', 'mL/min/1.73m2').loincCode).toBe('98979-8');
    expect(resolveIndicator('HbA1c IFCC', 'mmol/mol').loincCode).toBe('59261-8');
    // D-dimer: FEU and DDU are told apart by the unit; without one, no guess.
    expect(resolveIndicator('D-dimer', 'mg/L{FEU}').loincCode).toBe('48065-7');
    expect(resolveIndicator('D-dimer', 'ng/mL{DDU}').loincCode).toBe('48066-5');
    expect(resolveIndicator('D-dimer').loincCode).toBeNull();
    // Dipstick protein: the qualitative code without a unit, the mass code with one.
    expect(resolveIndicator('urine protein dipstick').loincCode).toBe('20454-5');
    expect(resolveIndicator('urine protein dipstick', 'mg/dL').loincCode).toBe('5804-0');
  });

  it('names the common panels in seven languages', () => {
    const languages = ['en', 'es', 'de', 'fr', 'pt', 'it', 'zh'];
    const entries = Object.values(sources.i18n);
    expect(entries.length).toBeGreaterThanOrEqual(80);
    for (const language of languages) {
      expect(entries.filter((e) => (e[language]?.length ?? 0) > 0).length, language).toBeGreaterThanOrEqual(60);
    }
    expect(resolveIndicator('globuli bianchi', '10*9/L').loincCode).toBe('26464-8');
    expect(resolveIndicator('trigliceridi', 'mg/dL').loincCode).toBe('2571-8');
    expect(resolveIndicator('frequência respiratória', '/min').loincCode).toBe('9279-1');
    expect(resolveIndicator('emoglobina glicata', '%').loincCode).toBe('4548-4');
    // Shared by molar and mass siblings on purpose: the unit picks.
    expect(resolveIndicator('potássio', 'mmol/L').loincCode).toBe('2823-3');
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
