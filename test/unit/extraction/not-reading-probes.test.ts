import { describe, expect, it } from 'vitest';
import { extractReadingsOffline } from '../../../shared/domain/extraction';
import { isBandListLine } from '../../../shared/domain/extraction/band-lists';
import { isNotAReading } from '../../../shared/domain/extraction/not-readings';
import { splitTrailingEarlier } from '../../../shared/domain/extraction/result-columns';
import { isTreatmentOrAssayNumber } from '../../../shared/domain/extraction/treatment-and-assay';
import { isUnitConversion } from '../../../shared/domain/extraction/unit-conversions';

const names = (text: string) => extractReadingsOffline(text).map((r) => `${r.indicator} = ${r.value}`);

const number = (name: string, value: string, unit: string | null, line: string, fromTable = false) =>
  isTreatmentOrAssayNumber({ name, value, unit, line, fromTable });

describe('doses, rates, stated weights and waiting times (treatment-and-assay.ts)', () => {
  it('a dose per kilogram or an hourly infusion rate is never a result', () => {
    const line = 'Heparin infusion: 18 units/kg/h, bolus 80 units/kg; next aPTT in 6 hours';
    expect(number('Heparin infusion', '18', 'units/kg/h', line)).toBe(true);
    expect(number('bolus', '80', 'units/kg', line)).toBe(true);
    expect(number('heparin rate', '1,350', 'units/h', 'Current heparin rate 1,350 units/h')).toBe(true);
    // Rates a laboratory does report stay readings.
    expect(number('Creatinine clearance', '72', 'ml/min', 'Creatinine clearance 72 ml/min')).toBe(false);
    expect(number('Albumin excretion', '25', 'µg/min', 'Albumin excretion 25 µg/min')).toBe(false);
  });

  it('a dose with a frequency after it, or after `on`, is a prescription', () => {
    const line = 'Clinical details: on lithium 800 mg nocte, last dose 21:30';
    expect(number('lithium', '800', 'mg', line)).toBe(true);
    expect(number('Atorvastatin', '40', 'mg', 'Atorvastatin 40 mg daily since March')).toBe(true);
    expect(number('Protein', '150', 'mg', 'Protein 24 h urine 150 mg')).toBe(false);
  });

  it('a weight the patient stated, or the basis of a dose, is not a weighing', () => {
    expect(number('Weight', '82', 'kg', 'post-dose sample. Weight 82 kg (stated).')).toBe(true);
    expect(number('Poids déclaré', '64', 'kg', 'À jeun depuis 12 h. Poids déclaré : 64 kg')).toBe(true);
    expect(number('weight', '75', 'kg', 'Current heparin rate 1,350 units/h (weight 75 kg)')).toBe(true);
    expect(number('Gewicht', '91,4', 'kg', 'In der Praxis gemessen: RR 148/92 mmHg, Gewicht 91,4 kg.')).toBe(false);
  });

  it('a duration outside a table is a waiting or fasting time; a lone H after a value is a flag', () => {
    expect(number('Recolección de orina', '24', 'hs', 'Recolección de orina: 24 hs')).toBe(true);
    expect(number('Lipide in', '6', null, 'bitten um Kontrolle der Lipide in 6 Wochen.')).toBe(true);
    expect(number('Potassium', '5.3', null, 'Result:  138  5.3 H  141')).toBe(false);
    expect(number('Fasting', '12', 'h', 'Fasting  12  h', true)).toBe(false);
  });

  it('the assay figures: QC, reagent and instrument lines, ISI and MNPT, an analytical CV', () => {
    expect(number('Level 1', '12.1', 'sec', 'QC Level 1 12.1 sec (11.0-13.2) acceptable')).toBe(true);
    expect(number('MNPT', '12.8', 'sec', 'Reagent: RecombiPlasTin lot N0412345, ISI 1.02; MNPT 12.8 sec')).toBe(true);
    expect(number('CV de répétabilité', '1,8', '%', 'Dosage sur Alinity c, CV de répétabilité 1,8 %.')).toBe(true);
    expect(number('CV', '2.1', '%', 'Roche cobas 8000 c702, CV 2.1 %')).toBe(true);
    // A glucose monitor's coefficient of variation is the patient's own figure.
    expect(number('Coefficient of variation', '34.8', '%', 'Coefficient of variation   34.8%')).toBe(false);
    expect(number('RDW-CV', '13.5', '%', 'RDW-CV   13.5   %   11.5 - 14.5', true)).toBe(false);
  });
});

describe('labelled band lists (band-lists.ts)', () => {
  it('three labelled bounds whose thresholds climb or fall are a legend, in any language', () => {
    expect(isBandListLine('  低リスク LDL-C <160  中リスク <140  高リスク <120  二次予防 <100')).toBe(true);
    expect(
      isBandListLine('血脂异常危险分层：理想水平 LDL-C <2.6；合适水平 <3.4；边缘升高 3.4-4.1；升高 ≥4.1 mmol/L'),
    ).toBe(true);
    expect(isBandListLine('niedobór: < 20 ng/ml   suboptymalne: 20 - 30 ng/ml   optymalne: 30 - 50 ng/ml')).toBe(true);
    expect(isBandListLine('CKD重症度分類：G1 ≥90  G2 60-89  G3a 45-59  G3b 30-44  G4 15-29  G5 <15')).toBe(true);
  });

  it('censored results of several tests, or a repeated bound, are not a band list', () => {
    expect(isBandListLine('Troponin <3, CRP <1, BNP <10')).toBe(false);
    expect(isBandListLine('HCG  <2  <2  <2  <2')).toBe(false);
    expect(isBandListLine('Glucose 104 (70-99), Sodium 139 (134-144)')).toBe(false);
  });

  it('reads a long line without going quadratic', () => {
    const line = 'Normal <5 '.repeat(20000);
    const started = performance.now();
    isBandListLine(line);
    expect(performance.now() - started).toBeLessThan(200);
  });
});

describe('unit conversions (unit-conversions.ts)', () => {
  it('one unit set equal to another, or a captioned conversion, is not a result', () => {
    expect(isUnitConversion('1', 'mg/dl', 'Tabla: creatinina 1 mg/dl = 88,4 µmol/l')).toBe(true);
    expect(isUnitConversion('1', 'mmol/l', 'LDL 1 mmol/l = 38,7 mg/dl.')).toBe(true);
    expect(isUnitConversion('2,586', null, 'Facteur de conversion cholestérol : g/L x 2,586 = mmol/L')).toBe(true);
    // A result restated in a second unit is still the result.
    expect(isUnitConversion('5.6', 'mmol/L', 'Glucose 5.6 mmol/L = 101 mg/dL')).toBe(false);
  });
});

describe('band labels and comparators in more languages (not-readings.ts)', () => {
  const shape = (name: string, value: string, line: string, fromTable = false) =>
    isNotAReading({ name, value, fromTable, line });

  it('Italian, Polish, Portuguese and CJK band labels name a band, never a test', () => {
    expect(shape('Non diabetico', '< 42', 'Non diabetico    < 42 mmol/mol (< 6,0 %)', true)).toBe(true);
    expect(shape('Alterata glicemia', '42 - 47', 'Alterata glicemia   42 - 47 mmol/mol', true)).toBe(true);
    expect(shape('Obiettivo terapeutico', '< 53', 'Obiettivo terapeutico  < 53 mmol/mol', true)).toBe(true);
    expect(shape('toksyczne', '> 100', 'toksyczne: > 100 ng/ml')).toBe(true);
    expect(shape('糖尿病', '≥7.0', '空腹血糖受损：6.1-7.0 mmol/L；糖尿病：≥7.0 mmol/L')).toBe(true);
    expect(shape('toxicity likely', '> 1.5', 'toxicity likely > 1.5 mmol/L.')).toBe(true);
  });

  it('a name ending in a comparator in words is a threshold', () => {
    expect(shape('Normal menor de', '5.7', 'Criterios ADA 2026: Normal menor de 5.7 %; Prediabetes 5.7 a 6.4 %')).toBe(
      true,
    );
    expect(shape('HbA1c menor de', '7.0', 'Meta de control en diabéticos: HbA1c menor de 7.0 %')).toBe(true);
    expect(shape('Glucosa', '112', 'Glucosa   112 *   mg/dL   70 - 100', true)).toBe(false);
  });

  it('a CJK goal caption before a censored value is guidance', () => {
    expect(shape('HbA1c', '<7.0', '糖尿病控制目标：HbA1c <7.0%')).toBe(true);
  });
});

describe('an earlier-results column with the date in brackets (result-columns.ts)', () => {
  it('reads `5,6 (02/05/2026)` after the range as the same test on its own date, never a stamp alone', () => {
    const text = [
      'BIOCHIMIE                 Résultat        Valeurs de référence     Antériorité',
      'Glycémie à jeun           5,9 mmol/L      4,1 - 5,9                5,6 (02/05/2026)',
      'Créatinine                68 µmol/L       45 - 84',
    ].join('\n');
    expect(extractReadingsOffline(text).map((r) => [r.indicator, r.value, r.unit, r.measuredAt])).toEqual([
      ['Glycémie à jeun', '5,9', 'mmol/L', null],
      ['Glycémie à jeun', '5,6', 'mmol/L', '2026-05-02'],
      ['Créatinine', '68', 'µmol/L', null],
    ]);
    expect(splitTrailingEarlier('Créatinine   68 µmol/L   45 - 84   (02/05/2026)', 'day-first')).toBeNull();
    expect(splitTrailingEarlier('Créatinine   68 µmol/L   45 - 84   71 (02/05)', 'day-first')).toBeNull();
  });
});

describe('a 24-hour unit written with a space (measurement.ts)', () => {
  it('reads `ml/24 hs` and `g/24 h` as one unit, and a collection time in hours as no reading', () => {
    const text = [
      'Recolección de orina: 24 hs',
      'Determinación          Resultado        Valores de referencia',
      'Diuresis               1850 ml/24 hs    800 - 2000 ml/24 hs',
      'Proteinuria            0,38 g/24 h      hasta 0,15 g/24 h',
    ].join('\n');
    expect(extractReadingsOffline(text).map((r) => [r.indicator, r.value, r.unit])).toEqual([
      ['Diuresis', '1850', 'ml/24 hs'],
      ['Proteinuria', '0,38', 'g/24 h'],
    ]);
  });
});

describe('probe layouts end to end', () => {
  it('keeps the results of a coagulation report and drops its doses, QC and reagent figures', () => {
    const text = [
      'Test                      Result     Flag   Units      Reference Interval',
      'INR                       2.4        H                 0.9-1.1',
      'aPTT                      78         H      sec        25-37',
      '',
      '  Target INR 2.5',
      '  Heparin infusion: 18 units/kg/h, bolus 80 units/kg; next aPTT in 6 hours',
      '  Current heparin rate 1,350 units/h (weight 75 kg)',
      '  Reagent: HemosIL RecombiPlasTin 2G lot N0412345, ISI 1.02; MNPT 12.8 sec',
      '  QC Level 1 12.1 sec (11.0-13.2) acceptable; Level 2 32.4 sec (29.0-35.6) acceptable',
    ].join('\n');
    expect(names(text)).toEqual(['INR = 2.4', 'aPTT = 78']);
  });

  it('keeps a letter’s measured values and drops its targets, doses and conversion', () => {
    const text = [
      'In der Praxis gemessen: RR 148/92 mmHg, Puls 78/min, Gewicht 91,4 kg.',
      'Laborwerte vom 19.11.2026: LDL-Cholesterin 3,9 mmol/l, HbA1c 6,8 %.',
      'Zielwert LDL-C nach ESC bei sehr hohem Risiko < 1,4 mmol/l.',
      'Wir haben Atorvastatin auf 80 mg erhöht und bitten um Kontrolle der Lipide in 6 Wochen.',
      'Umrechnung: LDL 1 mmol/l = 38,7 mg/dl.',
    ].join('\n');
    expect(names(text)).toEqual(['RR = 148/92', 'Puls = 78', 'Gewicht = 91,4', 'LDL-Cholesterin = 3,9', 'HbA1c = 6,8']);
  });

  it('never throws on truncated or huge input', () => {
    const huge = `${'Heparin 18 units/kg/h; QC Level 1 12.1 sec; 1 mg/dl = 88,4 µmol/l; Normal <5 Low <4 High <3\n'.repeat(800)}INR 2.`;
    expect(() => extractReadingsOffline(huge)).not.toThrow();
    expect(() => extractReadingsOffline('Weight 82 kg (sta')).not.toThrow();
  });
});
