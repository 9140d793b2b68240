import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readClockTiming } from '../../../shared/domain/standardization/clock-timing';
import { conceptByCode } from '../../../shared/domain/standardization/corpus';
import { resolveReadingIndicator } from '../../../shared/domain/standardization/unitless-siblings';

const code = (name: string, unit: string | null) => resolveReadingIndicator(name, unit).loincCode;

describe('a draw time written after the test (clock-timing.ts)', () => {
  it('reads clock hours, twelve-hour times, Italian `ore` and time-of-day words', () => {
    expect(readClockTiming('Cortisol 16:00 h')).toEqual({ component: 'Cortisol', period: 'pm', hour: 16 });
    expect(readClockTiming('Kortisol 08:00')).toEqual({ component: 'Kortisol', period: 'am', hour: 8 });
    expect(readClockTiming('Cortisol 4 p.m.')).toEqual({ component: 'Cortisol', period: 'pm', hour: 16 });
    expect(readClockTiming('Cortisolo ore 8')).toEqual({ component: 'Cortisolo', period: 'am', hour: 8 });
    expect(readClockTiming('Cortisol (tarde)')).toEqual({ component: 'Cortisol', period: 'pm', hour: null });
  });

  it('never reads a collection period, noon or a late-night draw as the peak or the trough', () => {
    expect(readClockTiming('Cortisol 24 h')).toBeNull();
    expect(readClockTiming('Cortisol 12:00')).toBeNull();
    expect(readClockTiming('Cortisol 23:00')).toBeNull();
    expect(readClockTiming('Creatinine 24h urine')).toBeNull();
  });

  it('takes the hour LOINC codes on its own, else the morning peak or afternoon trough in the unit written', () => {
    expect(code('Cortisol 16:00 h', 'µg/dL')).toBe('21226-6');
    expect(code('Cortisol 16.00 Uhr', 'nmol/L')).toBe('14678-7');
    expect(code('Cortisol sérico 8:00 h', 'µg/dL')).toBe('9813-7');
    expect(code('Kortisol 08:00', 'nmol/L')).toBe('14679-5');
    expect(code('Cortisol (tarde)', 'µg/dL')).toBe('9812-9');
  });

  it('gives no code where the test has no sibling drawn at an hour, or the unit cannot choose', () => {
    expect(code('Glucose 8:00', 'mg/dL')).toBeNull();
    expect(code('TSH 08:00', 'mIU/L')).toBeNull();
    expect(code('Cortisol 8:00', null)).toBeNull();
  });

  it('reads a huge or malformed name quickly without throwing', () => {
    const start = performance.now();
    expect(readClockTiming(`Cortisol ${'8:00 '.repeat(20_000)}`)).toBeNull();
    expect(readClockTiming('(((:::)))')).toBeNull();
    expect(readClockTiming('')).toBeNull();
    expect(performance.now() - start).toBeLessThan(500);
  });
});

describe("an enzyme's bare name beside a whole-blood sibling (unitless-siblings.ts)", () => {
  it('takes the serum/plasma code: the whole-blood code is a point-of-care reading on the same scale', () => {
    for (const name of ['ALT', 'ALAT', 'GPT', 'SGPT', 'TGP (ALT)', '谷丙转氨酶'])
      expect(code(name, null)).toBe('1742-6');
    expect(code('ALT, whole blood', null)).toBe('76625-3');
  });

  it('still holds back a name whose sibling is in urine or a blood-gas twin; a point-of-care twin does not', () => {
    expect(code('Amylase', null)).toBeNull();
    // Troponin I is decided apart (README *Labelling decisions*, troponin): 10839-9 without a unit (session 22).
    expect(code('Troponin I', null)).toBe('10839-9');
    // BNP's whole-blood sibling is the point-of-care cartridge's code on the same scale (session 23 decision, u23).
    expect(code('BNP', null)).toBe('30934-4');
    expect(code('CO2', null)).toBeNull();
  });
});

describe('eGFR: the race split and the body-surface part of the unit written in the name', () => {
  it('reads `per 1.73 square metres` in the name with mL/min as the per-surface unit', () => {
    expect(code('eGFR CKD-EPI 2021 per 1.73 square metres', 'mL/min')).toBe('98979-8');
    expect(code('FG estimado CKD-EPI 2021 por 1,73 m²', 'mL/min')).toBe('98979-8');
    expect(code('eGFR MDRD (per 1.73 m²)', 'mL/min')).toBe('33914-3');
    expect(code('eGFR CKD-EPI 2021 per 1.73 square metres', 'mg/dL')).toBeNull();
  });

  it('keeps a race-split eGFR without its equation null (MDRD or CKD-EPI 2009), as eGFR alone', () => {
    for (const name of ['eGFR African American', 'eGFR Non-Afr. American', 'eGFR If NonAfricn Am', 'eGFR non-AA'])
      expect(code(name, 'mL/min/1.73')).toBeNull();
    expect(code('eGFR MDRD African American', 'mL/min/1.73m2')).toBe('48643-1');
    // CKD-EPI without its year is 62238-1 (README Labelling decisions, session 23).
    expect(code('eGFR (CKD-EPI) per 1.73 square metres', 'mL/min')).toBe('62238-1');
  });
});

describe('words cut short (dotted-abbreviations.ts)', () => {
  it('spells a dotted word or a hyphenated initial out as the corpus names of that shape do, all agreeing', () => {
    expect(code('Ac. Úrico', 'mg/dL')).toBe('3084-1');
    expect(code('Col. HDL', 'mmol/L')).toBe('14646-4');
    expect(code('Fosfatasa alc.', 'U/L')).toBe('6768-6');
    expect(code('Urea-N', 'mg/dL')).toBe('3094-0');
  });

  it('gives no code for a cut word alone, or where the unit would decide', () => {
    expect(code('Ac.', 'mg/dL')).toBeNull();
    expect(code('Col.', 'mg/dL')).toBeNull();
    expect(code('Ac. Úrico', null)).toBeNull();
    expect(code(`${'Ac. '.repeat(5000)}Úrico`, 'mg/dL')).toBeNull();
  });
});

describe('README Labelling decisions: 25-OH vitamin D and HbA1c (labelling-decisions.ts)', () => {
  it('files a 25-OH vitamin D without a unit under 1989-3, in nmol/L under 14635-7', () => {
    for (const name of ['25-OH Vitamin D', 'Vit D 25-OH', 'Vitamin D, 25-hydroxy', '25(OH)D'])
      expect(code(name, null)).toBe('1989-3');
    expect(code('25-OH Vitamin D', 'nmol/L')).toBe('14635-7');
    expect(code('Vitamin D', null)).toBeNull();
  });

  it('files HbA1c without a unit under the method-less 4548-4, the IFCC code only in mmol/mol or with IFCC', () => {
    expect(code('HbA1c', null)).toBe('4548-4');
    expect(code('Glycated haemoglobin', null)).toBe('4548-4');
    expect(code('HbA1c', 'mmol/mol')).toBe('59261-8');
    expect(code('HbA1c IFCC', null)).toBe('59261-8');
  });
});

describe('modern orders: faecal calprotectin, and ACE shared with CEA', () => {
  it('files faecal calprotectin in µg/g or mg/kg in seven languages', () => {
    expect(code('Calprotectin, Stool', 'ug/g')).toBe('38445-3');
    expect(code('Calprotectine fécale', 'mg/kg')).toBe('38445-3');
    expect(code('粪便钙卫蛋白', 'μg/g')).toBe('38445-3');
    expect(code('Calprotectin', 'mg/L')).toBeNull();
  });

  it('lets the unit choose ACE: U/L the enzyme, ng/mL the carcinoembryonic antigen, none neither', () => {
    expect(code('ACE', 'U/L')).toBe('2742-5');
    expect(code('ACE', 'ng/mL')).toBe('2039-6');
    expect(code('ACE', null)).toBeNull();
  });
});

describe('one unit under another name (resolver.ts sameMagnitude)', () => {
  it('reads µg/L as the ng/mL a drug level is filed in, never another scale or a metal', () => {
    expect(code('Tacrolimus', 'µg/L')).toBe('11253-2');
    expect(code('Tacrolimus', 'µg/dL')).toBeNull();
    expect(code('Aluminum', 'ug/L')).toBeNull();
  });
});

describe('modern orders the development sets name are in the corpus', () => {
  it('has a concept for every code a blind-dev modern-order row is labelled with', () => {
    const dir = join(__dirname, '../../../eval/standardization/blind-dev');
    const missing: string[] = [];
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.tsv'))) {
      for (const row of readFileSync(join(dir, file), 'utf8').split('\n').slice(1)) {
        const [name, , expected, kind] = row.split('\t');
        if (kind === 'modern-order' && expected && expected !== 'null' && !conceptByCode(expected))
          missing.push(`${name} ${expected}`);
      }
    }
    expect(missing).toEqual([]);
  });
});

describe("an immunoassay's arbitrary units printed as plain units (resolver.ts asArbitraryUnits)", () => {
  it("reads U/mL as the [arb'U]/mL an autoantibody is filed in, never another prefix", () => {
    expect(code('Anti-SSB/La', 'U/mL')).toBe('17791-5');
    expect(code('Anticuerpos anti-SSA', 'U/mL')).toBe('17792-3');
    expect(code('Anti-SSB/La', 'U/L')).toBeNull();
  });
});
