import { describe, expect, it } from 'vitest';
import { corpusIndex } from '../../../shared/domain/standardization/corpus';
import { normalizeIndicatorText } from '../../../shared/domain/standardization/normalize-text';
import {
  OCR_CONFIDENCE,
  ocrConfusionGroup,
  ocrRepairedKey,
  ocrSkeleton,
} from '../../../shared/domain/standardization/ocr-confusions';
import { resolveIndicatorUncached } from '../../../shared/domain/standardization/resolver';

const code = (name: string, unit?: string | null) => resolveIndicatorUncached(name, unit).loincCode;

describe('ocrSkeleton', () => {
  it('collapses each confusable class to one symbol', () => {
    expect(ocrSkeleton('hbaic')).toBe(ocrSkeleton('hba1c'));
    expect(ocrSkeleton('hbalc')).toBe(ocrSkeleton('hba1c'));
    expect(ocrSkeleton('horrnone')).toBe(ocrSkeleton('hormone'));
    expect(ocrSkeleton('c0rtis0l')).toBe(ocrSkeleton('cortisol'));
    expect(ocrSkeleton('5odium')).toBe(ocrSkeleton('sodium'));
    expect(ocrSkeleton('c1earance')).toBe(ocrSkeleton('clearance'));
    expect(ocrSkeleton('dearance')).toBe(ocrSkeleton('clearance'));
    expect(ocrSkeleton('vvbc')).toBe(ocrSkeleton('wbc'));
  });

  it('keeps digits that carry meaning apart', () => {
    expect(ocrSkeleton('t3')).not.toBe(ocrSkeleton('t4'));
    expect(ocrSkeleton('b6')).not.toBe(ocrSkeleton('b12'));
    expect(ocrSkeleton('cd4')).not.toBe(ocrSkeleton('cd8'));
  });

  it('keeps word boundaries', () => {
    expect(ocrSkeleton('hb a1c')).not.toBe(ocrSkeleton('hba1c'));
  });
});

describe('OCR misreadings of a photographed report', () => {
  it.each([
    ['HbAlc', '%'],
    ['HBAIC', '%'],
    ['Hb Alc', '%'],
    ['HbA1C', '%'],
  ])('%s reads as HbA1c', (name, unit) => {
    expect(code(name, unit)).toBe(code('HbA1c', unit));
    expect(code(name, unit)).not.toBeNull();
  });

  it.each([
    ['Creatinlne', 'Creatinine', 'mg/dL'],
    ['Cho1esterol', 'Cholesterol', 'mg/dL'],
    ['Cho|esterol', 'Cholesterol', 'mg/dL'],
    ['Thyroid Stimulating Horrnone', 'Thyroid Stimulating Hormone', 'mIU/L'],
    ['P0TASSIUM', 'Potassium', 'mmol/L'],
    ['Bi!irubin', 'Bilirubin', 'mg/dL'],
    ['Vitamin Bl2', 'Vitamin B12', 'pg/mL'],
    ['C02', 'CO2', 'mmol/L'],
  ])('%s reads as %s', (misread, clean, unit) => {
    expect(code(misread, unit)).toBe(code(clean, unit));
    expect(code(misread, unit)).not.toBeNull();
  });

  it.each([
    ['TacroIimus', 'Tacrolimus', 'ng/mL'],
    ['HemogIobin', 'Hemoglobin', 'g/dL'],
    ['GIucose', 'Glucose', 'mg/dL'],
    ['NeutrophiIs %', 'Neutrophils %', '%'],
    ['Amikacin LeveI (Trough)', 'Amikacin Level (Trough)', 'mg/L'],
    ['Gluc0se', 'Glucose', 'mg/dL'],
    ['Potassium, Whole B1ood', 'Potassium, Whole Blood', 'mmol/L'],
    ['Lactate Dehydr0genase', 'Lactate Dehydrogenase', 'U/L'],
    ['Thromb0cytes', 'Thrombocytes', '10*3/uL'],
  ])('reads a capital I or a 0/1 inside a lower-case word as a letter: %s reads as %s', (misread, clean, unit) => {
    expect(code(misread, unit)).toBe(code(clean, unit));
    expect(code(misread, unit)).not.toBeNull();
  });

  it.each([
    ['02 Trans', 'O2 Trans', 'mm[Hg]'],
    ['Troponin l, High Sensitivity', 'Troponin I, High Sensitivity', 'ng/L'],
    ['lgM Ser Qn', 'IgM Ser Qn', 'mg/dL'],
  ])('reads a lone 0 before a digit as O, a lone l after a word or before g as I: %s', (misread, clean, unit) => {
    expect(code(misread, unit)).toBe(code(clean, unit));
    expect(code(misread, unit)).not.toBeNull();
  });

  it('keeps a litre and a decimal: mmol/l, 0.5', () => {
    expect(ocrRepairedKey('Glucose mmol/l', normalizeIndicatorText('Glucose mmol/l'))).toBeNull();
    expect(ocrRepairedKey('Dilution 0.5', normalizeIndicatorText('Dilution 0.5'))).toBeNull();
  });

  it('keeps a capital I, or a digit, that is one: TnI, HbA1c, IgG1, H1N1, B12, T3', () => {
    for (const name of ['TnI', 'cTnI', 'HbA1c', 'A1c', 'IgG1', 'H1N1', 'Vitamin B12', 'Free T3', 'HIV 1 Ab', 'S100']) {
      expect(ocrRepairedKey(name, normalizeIndicatorText(name))).toBeNull();
    }
    expect(ocrRepairedKey('TacroIimus', normalizeIndicatorText('TacroIimus'))).toBe('tacrolimus');
    expect(ocrRepairedKey('Pr0t', normalizeIndicatorText('Pr0t'))).toBe('prot');
  });

  it('folds Greek and Cyrillic look-alike letters inside a Latin word', () => {
    // Н and с below are Cyrillic; ο is Greek.
    expect(code('\u041dbA1\u0441', '%')).toBe(code('HbA1c', '%'));
    expect(code('Ch\u03bflesterol', 'mg/dL')).toBe(code('Cholesterol', 'mg/dL'));
    expect(code('Ch\u03bflesterol', 'mg/dL')).not.toBeNull();
  });

  it('leaves a word wholly in another script alone', () => {
    expect(ocrConfusionGroup('\u041d\u0410\u0421')).toBeNull();
  });

  it('scores a misreading below an exact synonym', () => {
    const misread = resolveIndicatorUncached('Cho1esterol', 'mg/dL');
    expect(misread.confidence).toBe(OCR_CONFIDENCE);
    expect(misread.confidence).toBeLessThan(resolveIndicatorUncached('Cholesterol', 'mg/dL').confidence);
  });

  it('refuses a skeleton that two tests share: AIC could be A1c or ALC, AIAT could be ALAT or A1AT', () => {
    expect(ocrSkeleton('alc')).toBe(ocrSkeleton('a1c'));
    expect(corpusIndex.exact.get('alc')?.signature).not.toBe(corpusIndex.exact.get('a1c')?.signature);
    expect(ocrConfusionGroup('AIC')).toBeNull();
    expect(ocrConfusionGroup('AIAT')).toBeNull();
    expect(code('AIC', '%')).toBeNull();
  });

  it.each([['Factor 11'], ['IDL'], ['Tl'], ['T1'], ['2S OH vitamin D'], ['Hb 5']])(
    'leaves %s alone: a short or all-digit word changed by one character is another test',
    (name) => {
      expect(ocrConfusionGroup(name)).toBeNull();
    },
  );

  it('never reads a HealthKit identifier as a misreading: exports are not photographs', () => {
    expect(ocrConfusionGroup('HKQuantityTypeIdentifierB1oodGlucose')).toBeNull();
  });
});

describe('misreadings built from every curated synonym', () => {
  const confusions: [string, (s: string) => string][] = [
    ['l→1', (s) => s.replace(/l/g, '1')],
    ['o→0', (s) => s.replace(/o/g, '0')],
    ['O→0', (s) => s.replace(/O/g, '0')],
    ['m→rn', (s) => s.replace(/m/g, 'rn')],
    ['i→l', (s) => s.replace(/i/g, 'l')],
    ['1→l', (s) => s.replace(/1/g, 'l')],
    ['1→I', (s) => s.replace(/1/g, 'I')],
    ['s→5', (s) => s.replace(/s/g, '5')],
    ['w→vv', (s) => s.replace(/w/g, 'vv')],
    ['first l→1', (s) => s.replace(/l/, '1')],
    ['first o→0', (s) => s.replace(/o/, '0')],
  ];

  it('give the synonym code or null, never another code, and mostly the code', () => {
    // The resolver is deterministic: a name and unit met again (`first l→1` is `l→1` on a name with one `l`; a synonym
    // two concepts share) is answered once, so the sweep costs one resolution per distinct misreading.
    const answered = new Map<string, string | null>();
    const codeOnce = (name: string, unit: string) => {
      const key = `${name}\u0000${unit}`;
      if (!answered.has(key)) answered.set(key, code(name, unit));
      return answered.get(key) ?? null;
    };
    let tried = 0;
    let same = 0;
    const wrong: string[] = [];
    for (const concept of corpusIndex.concepts) {
      for (const synonym of concept.synonyms) {
        if ((synonym.match(/\p{L}/gu) ?? []).length < 5) continue;
        const expected = codeOnce(synonym, concept.defaultUnit);
        for (const [label, confuse] of confusions) {
          const misread = confuse(synonym);
          if (misread === synonym || normalizeIndicatorText(misread) === normalizeIndicatorText(synonym)) continue;
          tried++;
          const got = codeOnce(misread, concept.defaultUnit);
          if (got === null) continue;
          if (got === expected) same++;
          else wrong.push(`${label}: ${synonym} → ${misread} gave ${got}, not ${expected}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(tried).toBeGreaterThan(1000);
    expect(same / tried).toBeGreaterThan(0.5);
  });
});
