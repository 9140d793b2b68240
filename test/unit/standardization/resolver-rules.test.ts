import { describe, expect, it } from 'vitest';
import { corpusIndex, LOINC_CORPUS } from '../../../shared/domain/standardization/corpus';
import { analyseIndicatorText, normalizeIndicatorText } from '../../../shared/domain/standardization/normalize-text';
import { resolveIndicator, resolveIndicatorUncached } from '../../../shared/domain/standardization/resolver';
import { isStripPad } from '../../../shared/domain/standardization/strip-analyser-codes';
import { normalizeUnit } from '../../../shared/domain/standardization/units';

function code(name: string, unit?: string | null): string | null {
  return resolveIndicator(name, unit).loincCode;
}

describe('specimen words choose the code', () => {
  it('whole blood is coded apart from serum where LOINC has both', () => {
    expect(code('Sodium, whole blood', 'mmol/L')).toBe('2947-0');
    expect(code('Sodium', 'mmol/L')).toBe('2951-2');
    expect(code('Glucose [Mass/volume] in Blood', 'mg/dL')).toBe('2339-0');
    expect(code('Glucose, whole blood', 'mmol/L')).toBe('15074-8');
  });

  it('drops "whole blood" only when every candidate is measured in blood', () => {
    expect(code('Hemoglobin, whole blood', 'g/dL')).toBe('718-7');
    expect(code('Ferritin, whole blood', 'ng/mL')).toBeNull();
  });

  it('keeps capillary, glucometer and serum glucose apart', () => {
    expect(code('Capillary blood glucose', 'mg/dL')).toBe('32016-8');
    expect(code('Finger stick glucose', 'mmol/L')).toBe('14743-9');
    expect(code('Blood glucose', 'mg/dL')).toBe('2345-7');
  });

  it('reads U- as urine and never lets a urine name reach a serum code', () => {
    expect(code('U-Albumin', 'mg/L')).toBe('14957-5');
    expect(code('U-Glucose', 'mg/dL')).toBe('2350-7');
    expect(code('Urine albumin', 'mg/L')).toBe('14957-5');
    expect(code('Serum albumin', 'g/L')).toBe('1751-7');
    expect(code('Urine cortisol', 'ug/24h')).toBeNull();
  });

  it('does not read the B of B cells as a blood prefix', () => {
    expect(code('B lymphocytes', '%')).toBeNull();
    expect(code('B-Hb', 'g/L')).toBe('718-7');
  });
});

describe('the name can carry the property or the unit', () => {
  it('[Moles/volume], [Mass/volume] and LOINC short-name suffixes pick the sibling without a unit', () => {
    expect(analyseIndicatorText('Glucose [Moles/volume] in Serum or Plasma').property).toBe('moles');
    expect(code('Glucose [Moles/volume] in Serum or Plasma')).toBe('14749-6');
    expect(code('Creatinine [Mass/volume] in Serum or Plasma')).toBe('2160-0');
    expect(code('Creat SerPl-sCnc')).toBe('14682-9');
    expect(code('Glucose [Moles/volume]', 'mg/dL')).toBeNull();
  });

  it('a % or # qualifier acts as the unit and must agree with the one given', () => {
    expect(code('Retic %')).toBe('4679-7');
    expect(code('WBC # Bld', '10*3/uL')).toBe('26464-8');
    expect(code('WBC #', '%')).toBeNull();
    // The method-less monocyte count is in the corpus since session 22 (n22): the `#` and K/uL agree on it.
    expect(code('Monocytes #', 'K/uL')).toBe('26484-6');
    expect(code('Monocytes #', '%')).toBeNull();
  });

  it('element symbols resolve only with a fitting unit', () => {
    expect(code('K', 'mmol/L')).toBe('2823-3');
    expect(code('K')).toBeNull();
    expect(code('K', 'K/uL')).toBeNull();
    expect(code('Ca', 'mg/dL')).toBe('17861-6');
    expect(code('Ca', 'U/mL')).toBeNull();
    expect(code('Fe', 'ug/dL')).toBe('2498-4');
    expect(LOINC_CORPUS.unitRequiredTerms).toContain('Na');
  });
});

describe('names that share words with another test stay apart', () => {
  it.each([
    ['Vitamin B6', 'ng/mL', '2900-9'],
    ['Vitamin B12', 'pg/mL', '2132-9'],
    ['Free T3', 'pg/mL', '3051-0'],
    ['Free T4', 'ng/dL', '3024-7'],
    ['Apolipoprotein B', 'mg/dL', '1884-6'],
    ['Apolipoprotein A1', 'g/L', '1869-7'],
    ['Non-HDL cholesterol', 'mg/dL', '43396-1'],
    ['HDL cholesterol', 'mg/dL', '2085-9'],
    ['Ionized calcium', 'mmol/L', '1995-0'],
    ['Calcium', 'mmol/L', '2000-8'],
    ['Free PSA', 'ng/mL', '10886-0'],
    ['% Free PSA', '%', '12841-3'],
    ['Protein C activity', '%', '27818-4'],
    ['Protein S activity', '%', '31102-7'],
    ['Factor VII', '%', '3198-9'],
    ['Factor VIII', '%', '3209-4'],
    // Joined the corpus with the modern orders (issue 18); its neighbour BNP stays apart.
    ['NT-proBNP', 'pg/mL', '33762-6'],
    ['BNP', 'pg/mL', '30934-4'],
  ])('%s (%s) → %s', (name, unit, expected) => {
    expect(code(name, unit)).toBe(expected);
  });

  it.each([
    ['Vitamin B2', 'ug/L'],
    ['Troponin T', 'ng/L'],
    ['Inulin', 'mg/dL'],
    ['Free T3 index', null],
    ['Apolipoprotein A2', 'mg/dL'],
    ['eGFR CKD-EPI African American', 'mL/min/1.73m2'],
    ['D-dimer', 'mg/L'],
  ])('%s (%s) → null: not curated, and not collapsed onto a neighbour', (name, unit) => {
    expect(code(name, unit)).toBeNull();
  });

  it('tolerates a slip in a long word but not in a short one', () => {
    expect(code('Trigylcerides', 'mg/dL')).toBe('2571-8');
    expect(code('Platlets', 'K/uL')).toBe('26515-7');
    expect(code('Ketone', 'mg/dL')).toBeNull();
  });
});

describe('spelling rules', () => {
  it('writes durations one way: 24 hr, 24-hour and 24h meet', () => {
    expect(analyseIndicatorText('Protein, 24 hr urine').key).toBe(analyseIndicatorText('Protein 24h urine').key);
    expect(analyseIndicatorText('Protein 24-hour urine').key).toBe('protein 24h urine');
    expect(code('Protein, 24 hr urine', 'mg/24h')).toBe('2889-4');
    expect(code('24-hour urine protein', 'g/24 h')).toBe('2889-4');
  });

  it('accepts an alias in brackets that is only a broader, ambiguous name', () => {
    expect(code('2 hour glucose (OGTT)', 'mmol/L')).toBe('14759-5');
    expect(code('OGTT')).toBeNull();
  });

  it('normalises report unit spellings to UCUM', () => {
    expect(normalizeUnit('mg/24 hr')).toBe('mg/(24.h)');
    expect(normalizeUnit('MG/DL')).toBe('mg/dL');
    expect(normalizeUnit('mUI/mL')).toBe('m[IU]/mL');
    expect(normalizeUnit('mg/g creat')).toBe('mg/g{creat}');
    expect(normalizeUnit('AU/mL')).toBe("[arb'U]/mL");
    expect(normalizeUnit('ml/min/1,73m²')).toBe('mL/min/{1.73_m2}');
    expect(normalizeUnit('ng/mL FEU')).toBe('ng/mL{FEU}');
  });
});

describe('a Chinese name with a Latin abbreviation', () => {
  it('accepts an abbreviation that names the same test, keeping the concepts both sides name', () => {
    expect(code('甘油三酯(TG)', 'mmol/L')).toBe('14927-8');
    expect(code('谷丙转氨酶 ALT', 'U/L')).toBe('1742-6');
    expect(code('γ-谷氨酰转肽酶γ-GGTP', 'U/L')).toBe('2324-2');
    expect(code('碱性磷酸酶  AKP(ALP)', 'U/L')).toBe('6768-6');
  });

  it('reads serum, plasma or blood before the Chinese name as noise, as "serum" is in Latin names', () => {
    expect(code('血清总蛋白 TP', 'g/L')).toBe('2885-2');
    expect(code('血液尿素氮(BUN)', 'mmol/L')).toBe('14937-7');
    expect(code('血清总胆固醇(TC)', 'mmol/L')).toBe('14647-2');
  });

  it('accepts an unknown abbreviation only when it abbreviates one of the test names', () => {
    expect(code('白蛋白 A', 'g/L')).toBe('1751-7');
    expect(code('白蛋白 XYZ', 'g/L')).toBeNull();
    expect(code('白蛋白 urine', 'mg/L')).toBeNull();
  });

  it('reads a cell name ending in 比值/百分比 or 绝对值 as the % or absolute sibling', () => {
    expect(code('淋巴细胞比值(LY%)', '%')).toBe('26478-8');
    expect(code('淋巴細胞比值(LY%)', '%')).toBe('26478-8');
    expect(code('淋巴细胞绝对值(LY#)', '10^9/L')).toBe('26474-7');
    expect(code('淋巴细胞比值(LY%)', '10^9/L')).toBeNull();
  });

  it('reads an unknown Chinese name from its abbreviation when it shares words with the test', () => {
    expect(code('血红蛋白浓度(HGB)', 'g/L')).toBe('718-7');
    expect(code('平均紅細胞血紅蛋白含量(MCH)', 'pg')).toBe('785-6');
    expect(code('某某某(HGB)', 'g/L')).toBeNull();
  });

  it('gives null when the two sides name different tests', () => {
    expect(code('甘油三酯(ALT)', 'mmol/L')).toBeNull();
    expect(code('谷丙转氨酶 AST', 'U/L')).toBeNull();
    expect(code('甘油三酯(TG)', 'ng/mL')).toBeNull();
    expect(code('游离甲状腺素(T3)', 'pmol/L')).toBeNull();
    expect(code('游离甲状腺素(TSH)', 'pmol/L')).toBeNull();
  });

  it('never reads the abbreviation past a specimen, timing or qualifier in the Chinese name', () => {
    expect(code('尿肌酐(CREA)', 'umol/L')).toBeNull();
    expect(code('尿血红蛋白(HGB)', 'g/L')).toBeNull();
    expect(code('餐后2小时血糖(GLU)', 'mmol/L')).toBeNull();
    expect(code('空腹静脉血糖(GLU)', 'mmol/L')).toBeNull();
    // a known Chinese name that qualifies the abbreviation's analyte keeps its own, narrower meaning
    expect(code('空腹血糖(GLU)', 'mmol/L')).toBe('14771-0');
  });

  it('over the corpus: a Chinese name with any corpus abbreviation gives a code only when both name it', () => {
    const han = /\p{Script=Han}/u;
    const codesOf = (name: string) =>
      new Set(corpusIndex.exact.get(normalizeIndicatorText(name))?.concepts.map((c) => c.code) ?? []);
    const chinese = corpusIndex.concepts.flatMap((c) =>
      c.synonyms.filter((s) => han.test(s) && !/[A-Za-z]/.test(s)).map((s) => ({ name: s, unit: c.defaultUnit })),
    );
    // `PCT` in a bracket after a Chinese name is the percent qualifier of Chinese CBC sheets (`淋巴细胞(PCT)` is
    // lymphocytes %), not procalcitonin's unit-only abbreviation: it is not a name both sides must share.
    const qualifierTokens = new Set(['PCT']);
    const abbreviations = [
      ...new Set(corpusIndex.concepts.flatMap((c) => c.synonyms.filter((s) => /^[A-Z][A-Za-z0-9]{1,5}$/.test(s)))),
    ].filter((a) => !qualifierTokens.has(a));
    // `空腹血糖(GLU)`: the Chinese name may narrow the abbreviation's analyte (same LOINC axes, more component words).
    const component = (code: string) => {
      const display = corpusIndex.byCode.get(code)?.display ?? '';
      const at = display.indexOf(' [');
      return {
        words: display
          .slice(0, at)
          .toLowerCase()
          .split(/[^a-z0-9]+/)
          .filter(Boolean),
        rest: display.slice(at),
      };
    };
    const refinesOneOf = (code: string, broad: Set<string>) =>
      [...broad].some((b) => {
        const [x, y] = [component(code), component(b)];
        return x.rest === y.rest && y.words.every((w) => x.words.includes(w));
      });
    let resolved = 0;
    const wrong: string[] = [];
    for (const { name, unit } of chinese.filter((_, i) => i % 4 === 0)) {
      for (const abbreviation of abbreviations) {
        const got = resolveIndicatorUncached(`${name}(${abbreviation})`, unit || null).loincCode;
        if (got === null) continue;
        resolved++;
        // `尿糖试纸(GLU)`: a urine analyser's pad code after a name that writes urine is the strip test
        // (strip-analyser-codes.ts), which the bare letters name nowhere else in the corpus.
        const named = codesOf(abbreviation).has(got) || refinesOneOf(got, codesOf(abbreviation)) || isStripPad(got);
        if (!codesOf(name).has(got) || !named) wrong.push(`${name}(${abbreviation}) → ${got}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(resolved).toBeGreaterThan(50);
  });

  it('keeps a Latin letter that is part of the name', () => {
    expect(code('维生素 A', 'umol/L')).toBeNull();
    expect(code('蛋白 C', '%')).toBeNull();
    expect(code('血清素 5-HT', 'ng/mL')).toBe('27057-9');
  });
});

describe('a bracketed alias beside a Latin-script name', () => {
  it('keeps the concepts both sides name when the alias also names other tests', () => {
    // TG is triglycerides and thyroglobulin; the name says which.
    expect(code('Triglycerides (TG)', 'mmol/L')).toBe('14927-8');
    expect(code('Triglycerides (TG)', 'ng/mL')).toBeNull();
  });

  it('accepts an unknown capitalised abbreviation of the name, and nothing else unknown', () => {
    expect(code('Vitesse de sédimentation (VS)', 'mm/h')).toBe('30341-2');
    expect(code('Glucose (PP)', 'mg/dL')).toBeNull();
    expect(code('Creatinine (U)', 'mg/dL')).toBeNull();
    expect(code('Albumin (Calc)', 'g/dL')).toBeNull();
  });

  it('keeps the name when the alias names the analyte it qualifies, with the same specimen', () => {
    expect(code('Nüchternglukose (Glukose)', 'mg/dL')).toBe('1558-6');
    expect(code('Free T4 (T4)', 'ng/dL')).toBe('3024-7');
    expect(code('Glucose (Fasting glucose)', 'mmol/L')).toBeNull();
    expect(code('Urine glucose (Glucose)', 'mg/dL')).toBeNull();
    expect(code('Direct bilirubin (Total bilirubin)', 'mg/dL')).toBeNull();
  });

  it('still refuses sides that name different tests', () => {
    expect(code('ALT (AST)', 'U/L')).toBeNull();
  });
});

describe('lab report names of the common panels in other languages', () => {
  it('reads singular and plural, totals and the usual abbreviations', () => {
    expect(code('leucocitos totales', '/mm3')).toBe('26464-8');
    expect(code('plaqueta', '/µL')).toBe('26515-7');
    expect(code('Eritrocitos', 'millones/mm3')).toBe('789-8');
    expect(code('Emazie', 'milioni/µL')).toBe('789-8');
    expect(code('Hkt', '%')).toBe('20570-8');
    expect(code('Hto', '%')).toBe('20570-8');
    expect(code('VGM', 'fL')).toBe('787-2');
    expect(code('CCMH', 'g/dL')).toBe('786-4');
    expect(code('Transaminases ASAT', 'UI/L')).toBe('1920-8');
    expect(code('Phosphatases alcalines', 'UI/L')).toBe('6768-6');
    expect(code('T4L', 'pmol/L')).toBe('14920-3');
    expect(code('glicemia a digiuno', 'mg/dL')).toBe('1558-6');
  });

  it('keeps fasting glucose apart from glucose', () => {
    expect(code('glicose em jejum', 'mg/dL')).toBe('1558-6');
    expect(code('glicose', 'mg/dL')).toBe('2345-7');
  });
});
