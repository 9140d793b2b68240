import { describe, expect, it } from 'vitest';
import {
  isGroupHeading,
  isValuelessPanel,
  unitPointsToAnotherSpecimen,
} from '../../../shared/domain/standardization/ambiguity';
import { conceptByCode } from '../../../shared/domain/standardization/corpus';
import { resolveReadingIndicator } from '../../../shared/domain/standardization/unitless-siblings';

const code = (name: string, unit: string | null = null) => resolveReadingIndicator(name, unit).loincCode;
const concept = (loinc: string) => {
  const c = conceptByCode(loinc);
  if (!c) throw new Error(`${loinc} not in the corpus`);
  return c;
};

describe('null where null is right: section titles and panels are not readings', () => {
  it('a flowsheet section title naming a panel gives null', () => {
    // NLM flowsheet sections `URINALYSIS: > U-A > MACROSCOPIC UA` / `MICROSCOPIC UA`; the corpus files the panels
    // 24357-6 and 24365-9 under these titles, but a panel carries no value.
    expect(code('MACROSCOPIC UA')).toBeNull();
    expect(code('MICROSCOPIC UA')).toBeNull();
    expect(isValuelessPanel(concept('24357-6'))).toBe(true);
    expect(isValuelessPanel(concept('24358-4'))).toBe(true);
  });

  it('plural headings (tests, studies) give null', () => {
    for (const title of ['GLUCOSE TESTS', 'CREATININE TESTS', 'THYROID STUDIES:', 'HEMATOLOGY STUDIES:']) {
      expect(isGroupHeading(title)).toBe(true);
      expect(code(title)).toBeNull();
    }
  });

  it('positive neighbours: a panel measured with a unit, and single tests, still resolve', () => {
    expect(isValuelessPanel(concept('34536-3'))).toBe(false);
    expect(code('Intake & Output', 'cm3')).toBe('34536-3');
    expect(isGroupHeading('Glucose')).toBe(false);
    expect(code('Glucose', 'mg/dL')).toBe('2345-7');
    expect(code('Creatinine', 'mg/dL')).toBe('2160-0');
  });
});

describe('bare name with a unit: the usual specimen unless the unit is only another specimen’s (README convention)', () => {
  it('a bare name resolves to its serum/plasma (or whole-blood) concept in a unit that concept is reported in', () => {
    // 24-hour urine copper and zinc, urine free cortisol and serum thiamine share these units; a lab writes the
    // specimen when it is not the usual one, as it does for creatinine and glucose in mg/dL.
    expect(code('Copper', 'ug/dL')).toBe('5631-7');
    expect(code('Cortisol Free', 'ug/dL')).toBe('2145-1');
    expect(code('Thiamine', 'nmol/L')).toBe('32554-8');
    expect(code('Creatinine', 'mg/dL')).toBe('2160-0');
    // Blood lead is reported in µg/L where SI units are used; urine lead’s ng/mL does not take it away.
    expect(unitPointsToAnotherSpecimen(concept('5671-3'), 'ug/L')).toBe(false);
    expect(code('Lead', 'ug/L')).toBe('5671-3');
  });

  it('a unit only another specimen is reported in gives null', () => {
    // µg/mL is serum lead’s unit (10912-4) and none of blood lead’s (µg/dL, µg/L).
    expect(unitPointsToAnotherSpecimen(concept('5671-3'), 'ug/mL')).toBe(true);
    expect(code('Lead', 'ug/mL')).toBeNull();
  });

  it('positive neighbours: the concept’s own unit, or a specimen written in the name, decide', () => {
    expect(unitPointsToAnotherSpecimen(concept('5671-3'), 'ug/dL')).toBe(false);
    expect(code('Lead', 'ug/dL')).toBe('5671-3');
    expect(code('Blood lead', 'ug/L')).toBe('5671-3');
    // Albumin g/L: only pleural and peritoneal fluid report g/L, and a bare name is not read as a fluid.
    expect(unitPointsToAnotherSpecimen(concept('1751-7'), 'g/L')).toBe(false);
    expect(code('Albumin', 'g/L')).toBe('1751-7');
    expect(code('Hemoglobin', 'g/L')).toBe('718-7');
    expect(code('Potassium', 'mmol/L')).toBe('2823-3');
  });
});

describe('the unit decides a short name; an unwritten specimen is the usual one', () => {
  it('PCT is procalcitonin only in a mass concentration; plateletcrit’s % and no unit give null', () => {
    expect(code('PCT', 'ng/mL')).toBe('33959-8');
    expect(code('PCT', 'ug/L')).toBe('33959-8');
    expect(code('PCT', '%')).toBeNull();
    expect(code('PCT')).toBeNull();
  });

  it('a CD4 count without a specimen is the blood count', () => {
    expect(code('CD4 Cells #', '/uL')).toBe('24467-3');
  });
});

describe('null where null is right: names the missing unit would decide (unit-less siblings)', () => {
  it('bare components LOINC codes in several systems or properties give null without a unit', () => {
    for (const name of ['Glucose', 'Sodium', 'Potassium', 'Albumin', 'Cortisol', 'Creatinine', 'Lead']) {
      expect(code(name)).toBeNull();
    }
  });

  it('a test LOINC names without a property counts serum and urine siblings too; other specimens do not make it null', () => {
    // `Osmolality of Serum or Plasma` and `Osmolality of Urine` state no property; nothing unitless says which.
    expect(code('Osmolality')).toBeNull();
    expect(code('Osmolality', 'mOsm/kg')).toBe('2692-2');
    expect(code('Urine osmolality')).toBe('2695-5');
    // Property-less siblings in other specimens (capillary blood, another body site) leave the usual test alone.
    expect(code('International normalized ratio')).toBe('6301-6');
    expect(code('steps')).toBe('55423-8');
  });

  it('units no concept of the name fits give null', () => {
    expect(code('Albumin', 'U/L')).toBeNull();
    expect(code('Lipase', 'mg/dL')).toBeNull();
    expect(code('Heart rate', 'mmol/L')).toBeNull();
  });
});

describe('a bare name three concepts are given by their sources: `Oxygen`', () => {
  it('is the partial pressure in mmHg or kPa (the NLM flowsheet’s own name for 11556-8)', () => {
    expect(code('Oxygen', 'mmHg')).toBe('11556-8');
    expect(code('Oxygen', 'kPa')).toBe('11556-8');
  });

  it('is the saturation in %, as `Blood oxygen` is (README labelling decision)', () => {
    expect(code('Oxygen', '%')).toBe('59408-5');
    expect(code('Blood oxygen', '%')).toBe('59408-5');
  });

  it('without a unit is null: pO2, SpO2 and an inspired-oxygen setting are all written `Oxygen`', () => {
    expect(code('Oxygen')).toBeNull();
    expect(code('Blood oxygen')).toBeNull();
    expect(code('SpO2')).toBe('59408-5');
  });
});

describe('a slip of a name kept null is kept null', () => {
  it('a plural or another language’s plural of `Protein` stays null (serum or urine?), a total protein resolves', () => {
    expect(code('Proteins', 'g/L')).toBeNull();
    expect(code('Proteine', 'g/L')).toBeNull();
    expect(code('Protein', 'g/L')).toBeNull();
    expect(code('Proteine totali', 'g/L')).toBe('2885-2');
    expect(code('Proteine S', '%')).toBe('31102-7');
  });

  it('a word one slip from a known-ambiguous name and from a test is not read as the test', () => {
    // `Stess`: one letter dropped from `Stress` (kept null), one changed from `Steps`.
    expect(code('Stess')).toBeNull();
    expect(code('Steps')).toBe('55423-8');
    expect(code('Stesp')).toBe('55423-8');
  });
});

describe('a blood differential cell type without a unit: share or count?', () => {
  it('is null when neither the unit nor the name says share, even where the corpus has only the share', () => {
    for (const name of ['Blasts', 'Plasma cells', 'Myelocytes', 'Atypical lymphocytes', 'NRBC']) {
      expect(code(name), name).toBeNull();
    }
  });

  it('resolves the share when the unit or the name writes it', () => {
    expect(code('Blasts', '%')).toBe('26446-5');
    expect(code('Blasts %')).toBe('26446-5');
    expect(code('LYMPH%')).toBe('26478-8');
    expect(code('NRBC', '/100 WBC')).toBe('19048-8');
    expect(code('NRBC/100 WBC')).toBe('19048-8');
  });
});
