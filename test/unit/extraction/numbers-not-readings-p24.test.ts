import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractReadingsOffline } from '../../../shared/domain/extraction';
import { isNotAReading } from '../../../shared/domain/extraction/not-readings';
import { isMoney } from '../../../shared/domain/extraction/not-readings-money';
import { isPopulationBand } from '../../../shared/domain/extraction/not-readings-populations';
import { isAsked, isPlanOrGoalsLine, isRecalledWithoutDate } from '../../../shared/domain/extraction/not-readings-talk';

/**
 * Session 24 (p24): documents nobody wrote the extractor from — letters, invoices, chats, device exports, method notes,
 * reference tables by population — whose numbers are mostly not readings, beside readings that must still be read.
 * `fixtures/p24/expected.json` lists, per document, the rows that must be read, the rows that must not (with their
 * class), and the rows left to other readers' owners (with why).
 */
const dir = join(__dirname, 'fixtures', 'p24');

interface Expectation {
  reads: string[];
  notRead?: { row: string; class: string }[];
  left?: { row: string; why: string }[];
}

const { fixtures } = JSON.parse(readFileSync(join(dir, 'expected.json'), 'utf8')) as {
  fixtures: Record<string, Expectation>;
};

const rowsOf = (text: string) => extractReadingsOffline(text).map((r) => `${r.indicator.trim()} = ${r.value}`);
const trimmedRow = (row: string) => row.replace(/\s+=/, ' =').trim();

describe('adversarial documents (fixtures/p24)', () => {
  it('holds thirty documents or more', () => {
    expect(Object.keys(fixtures).length).toBeGreaterThanOrEqual(30);
  });

  for (const [file, expected] of Object.entries(fixtures)) {
    it(file, () => {
      const rows = rowsOf(readFileSync(join(dir, file), 'utf8'));
      for (const row of expected.reads) expect(rows).toContain(trimmedRow(row));
      for (const { row } of expected.notRead ?? []) expect(rows).not.toContain(trimmedRow(row));
      const allowed = new Set([...expected.reads, ...(expected.left ?? []).map((l) => l.row)].map(trimmedRow));
      expect(rows.filter((row) => !allowed.has(row))).toEqual([]);
    });
  }
});

const notAReading = (name: string, value: string, line: string, unit: string | null = null, fromTable = false) =>
  isNotAReading({ name, value, unit, fromTable, line });

describe('prices and taxes (not-readings-money.ts)', () => {
  it('a currency beside the value, or a tax for a name, is money', () => {
    expect(isMoney('Ferritin', '14.50', 'Ferritin ............ 14.50 EUR')).toBe(true);
    expect(isMoney('TSH', '9,75', 'TSH                 9,75 €')).toBe(true);
    expect(isMoney('Morfologia krwi', '19', 'Morfologia krwi             19 zł')).toBe(true);
    expect(isMoney('HbA1c', '450', 'HbA1c   Rs. 450')).toBe(true);
    expect(isMoney('Glicemia', '2,10', 'Glicemia                      € 2,10')).toBe(true);
    expect(isMoney('IVA', '0', 'IVA 0 %')).toBe(true);
    expect(isMoney('MwSt.', '19', 'MwSt. 19 %')).toBe(true);
  });

  it('a result whose unit or name only looks like money stays', () => {
    // INR is the rupee's code and the clotting ratio's name.
    expect(isMoney('INR', '2.6', 'INR 2.6')).toBe(false);
    expect(isMoney('INR', '2.4', 'Prothrombin time  13.1 s   INR 2.4')).toBe(false);
    expect(isMoney('Ferritin', '61', 'Ferritin ............ 61 µg/L')).toBe(false);
    expect(isMoney('Total protein', '72', 'Total protein      72 g/L     60-80')).toBe(false);
  });
});

describe('questions, recalled values, plans and goal lists (not-readings-talk.ts)', () => {
  it('a value in a clause ending with a question mark is asked, not stated', () => {
    const asked = (value: string, line: string) => isAsked(value, line, line.indexOf(value));
    expect(asked('4.8', 'Q: Is a TSH of 4.8 something to worry about?')).toBe(true);
    expect(asked('112', 'Doctora, ¿es normal una glucosa de 112 mg/dL en ayunas?')).toBe(true);
    expect(asked('130', 'Q: My LDL was 130 and my doctor wants it below 100.')).toBe(true);
    expect(asked('6.5', 'my A1c came back 6.5 today. Is 6.5 high?')).toBe(false);
    // The question is a later clause's: the stated value stays.
    expect(asked('11.4', 'my progesterone was 11.4 ng/mL, they said ovulation confirmed if >10?')).toBe(false);
    expect(asked('4.1', 'Is there haemolysis? No. Potassium 4.1 mmol/L.')).toBe(false);
  });

  it('an earlier or usual level without a date is recalled; with a date it is an earlier reading', () => {
    const recalled = (name: string, line: string) => isRecalledWithoutDate(name, line, line.indexOf(name));
    expect(recalled('TSH', 'Her previous TSH of 6.2 mIU/L prompted the levothyroxine start')).toBe(true);
    expect(recalled('Baseline creatinine', 'Baseline creatinine 90 umol/L')).toBe(true);
    expect(recalled('HbA1c', 'Der frühere HbA1c 7,9 % war höher')).toBe(true);
    expect(recalled('lithium', 'Previous lithium 0.86 mmol/L on 12-Aug-2026.')).toBe(false);
    expect(recalled('LDL', 'Previous (03/2026): LDL 3.4 mmol/L')).toBe(false);
    expect(recalled('creatinine', 'Previous creatinine in March was 151 umol/L.')).toBe(false);
    expect(recalled('TSH', 'TSH now 2.3 mIU/L')).toBe(false);
  });

  it('a line captioned as a plan, a treatment or goals holds no reading', () => {
    expect(isPlanOrGoalsLine('Plan: 1500 kcal/day, walk 10000 steps/day')).toBe(true);
    expect(isPlanOrGoalsLine('Daily targets: carbohydrate 180 g, protein 90 g')).toBe(true);
    expect(isPlanOrGoalsLine('Objectifs : HbA1c < 7 %, LDL < 0,70 g/L')).toBe(true);
    expect(isPlanOrGoalsLine('Empfehlung: LDL unter 70 mg/dl, Gewicht 80 kg anstreben.')).toBe(true);
    expect(isPlanOrGoalsLine('Treatment target if statin indicated: LDL-C <2.0 mmol/L or non-HDL-C <2.6 mmol/L')).toBe(
      true,
    );
    expect(isPlanOrGoalsLine('Therapieziel bei hohem Risiko: LDL < 70 mg/dl')).toBe(true);
    // A caption with a number is a reading's name with its goal in brackets; a hyphenated goal word is no goal.
    expect(isPlanOrGoalsLine('HbA1c (target <7%): 7.4 %')).toBe(false);
    expect(isPlanOrGoalsLine('Goal-directed review: lactate 2.1 mmol/L')).toBe(false);
    expect(isPlanOrGoalsLine('Résultats du 02/10/2025 : HbA1c 7,6 %')).toBe(false);
    expect(isPlanOrGoalsLine('Assessment: type 2 diabetes, HbA1c 8.1 % today.')).toBe(false);
  });
});

describe('reference tables by population (not-readings-populations.ts)', () => {
  it('a group of people with a band is a reference row', () => {
    expect(isPopulationBand('20-30 years', '118 - 475')).toBe(true);
    expect(isPopulationBand('Age 60+', '196 - 859')).toBe(true);
    expect(isPopulationBand('Women', '15 - 150')).toBe(true);
    expect(isPopulationBand('Follicular phase', '1.9 - 12.5')).toBe(true);
    expect(isPopulationBand('3rd trimester', '< 4.0')).toBe(true);
    expect(isPopulationBand('Mujeres', '12,0 - 15,5')).toBe(true);
  });

  it('a test with a band, or a group with a single value, is not', () => {
    expect(isPopulationBand('Leukocytes (urine)', '0-2')).toBe(false);
    expect(isPopulationBand('Women', '14')).toBe(false);
    expect(isPopulationBand('Volumen Corpuscular Medio', '89.4')).toBe(false);
  });
});

describe('names and words that make a number a goal, a setting, a limit or an estimate (not-readings.ts)', () => {
  it('a name opening with a goal word is a goal or a setting', () => {
    expect(notAReading('Target glucose', '110', 'Target glucose 110 mg/dL', 'mg/dL', true)).toBe(true);
    expect(notAReading('Zielwert LDL', '70', 'Zielwert LDL 70 mg/dl', 'mg/dl')).toBe(true);
    expect(notAReading('Meta de glicose', '100', 'Meta de glicose 100 mg/dL', 'mg/dL')).toBe(true);
    // A CGM report's band share and morphology's target cells stay.
    expect(notAReading('Target 70-180 mg/dL', '63', 'Target 70-180 mg/dL   63 %', '%', true)).toBe(false);
    expect(notAReading('Target cells', '1+', 'Target cells   1+', null, true)).toBe(false);
  });

  it('a name ending with a goal word is the goal; a goal in brackets leaves the result', () => {
    expect(notAReading('HbA1c target', '53', 'HbA1c target 53 mmol/mol; today HbA1c 61 mmol/mol.', 'mmol/mol')).toBe(
      true,
    );
    expect(notAReading('LDL goal:', '70', 'LDL goal: 70 mg/dL', 'mg/dL')).toBe(true);
    expect(notAReading('Glukose Zielwert', '100', 'Glukose Zielwert 100 mg/dl', 'mg/dl')).toBe(true);
    expect(notAReading('LDL (goal <70)', '112', 'LDL (goal <70) 112 mg/dL', 'mg/dL')).toBe(false);
  });

  it('a computed, wished or ambient quantity is not the patient’s measured one', () => {
    expect(notAReading('body weight', '68', 'Ideal body weight 68 kg. Actual weight 84 kg.', 'kg')).toBe(true);
    expect(notAReading('weight', '84', 'Ideal body weight 68 kg. Actual weight 84 kg.', 'kg')).toBe(false);
    expect(notAReading('INR', '2.0', 'Desired INR 2.0 - 3.0; INR today 2.7.')).toBe(true);
    expect(notAReading('INR', '2.7', 'Desired INR 2.0 - 3.0; INR today 2.7.')).toBe(false);
    expect(notAReading('temperature', '22', 'Room temperature 22 °C during collection.', '°C')).toBe(true);
    expect(notAReading('Body temperature', '37.9', 'Body temperature 37.9 °C at triage.', '°C')).toBe(false);
  });

  it('a goal word before the name, in more languages', () => {
    expect(notAReading('LDL', '< 2,6', 'Graag controle over 3 maanden. Streefwaarde LDL < 2,6 mmol/l.', 'mmol/l')).toBe(
      true,
    );
    expect(notAReading('LDL', '< 100', 'Observação: repetir TSH. Meta de LDL < 100 mg/dL.', 'mg/dL')).toBe(true);
    expect(notAReading('LDL', '3.1', 'LDL 3.1 mmol/L', 'mmol/L')).toBe(false);
  });

  it('a detection or measuring limit is the method’s', () => {
    expect(notAReading('Limit of detection', '0.005', 'Limit of detection 0.005 mIU/L.', 'mIU/L')).toBe(true);
    expect(notAReading('Nachweisgrenze', '0,1', 'Nachweisgrenze 0,1 ng/ml', 'ng/ml')).toBe(true);
    expect(notAReading('LoQ', '0.03', 'Detection limit 0.01 ng/mL; LoQ 0.03 ng/mL.', 'ng/mL')).toBe(true);
    expect(notAReading('PSA total', '0.02', 'PSA total   0.02 ng/mL   <4.0', 'ng/mL', true)).toBe(false);
  });

  it('an approximation word before the value makes it an estimate', () => {
    const line = 'Ward round: creatinine about 150 on the outside labs, today creatinine 142 umol/L.';
    expect(notAReading('creatinine', '150', line)).toBe(true);
    expect(notAReading('creatinine', '142', line, 'umol/L')).toBe(false);
    expect(notAReading('Kreatinin', '1,5', 'Kreatinin etwa 1,5 mg/dl laut Hausarzt', 'mg/dl')).toBe(true);
  });

  it('a threshold in words and a device’s battery', () => {
    const line = 'Carence si inférieure à 10 ng/mL ; risque de toxicité au-delà de 150 ng/mL.';
    expect(notAReading('risque de toxicité au-delà de', '150', line, 'ng/mL')).toBe(true);
    expect(notAReading('Battery level', '64', 'Battery level 64 %', '%')).toBe(true);
    expect(notAReading('Between meals glucose', '6.2', 'Between meals glucose 6.2 mmol/L', 'mmol/L')).toBe(false);
  });

  it('how the specimen was taken is the laboratory’s handling', () => {
    expect(notAReading('Tube', '2', 'Tube                2         EDTA', null, true)).toBe(true);
    expect(notAReading('Sample volume', '4', 'Sample volume     4 mL', 'mL', true)).toBe(true);
    expect(notAReading('Volume', '2400', 'Volume      2400 mL/24h', 'mL/24h', true)).toBe(false);
  });
});
