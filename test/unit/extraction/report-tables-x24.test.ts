import { describe, expect, it } from 'vitest';
import { readAs } from './support/read-fields';

const rows = (text: string) => readAs(text, 'indicator', 'value', 'unit', 'referenceRange', 'flag', 'measuredAt');
const dated = (text: string) => readAs(text, 'indicator', 'value', 'flag', 'measuredAt');

describe('an earlier-results column dated in its own caption (x24)', () => {
  it('reads a German Vorwert column dated in brackets, flag and all, on that day without the range', () => {
    const text = [
      'Abnahme: 04.02.2026 08:10',
      'Analyt              Resultat    Einheit     Normbereich      Vorwert vom 17.10.2025',
      'Ferritin            28          ng/ml       30 - 400         19 L',
      'Harnstoff           41          mg/dl       17 - 43          38',
      'Bilirubin gesamt    0,9         mg/dl       < 1,2',
    ].join('\n');
    expect(rows(text)).toEqual([
      ['Ferritin', '28', 'ng/ml', '30 - 400', null, '2026-02-04T08:10:00'],
      ['Ferritin', '19', 'ng/ml', null, 'L', '2025-10-17'],
      ['Harnstoff', '41', 'mg/dl', '17 - 43', null, '2026-02-04T08:10:00'],
      ['Harnstoff', '38', 'mg/dl', null, null, '2025-10-17'],
      ['Bilirubin gesamt', '0,9', 'mg/dl', '< 1,2', null, '2026-02-04T08:10:00'],
    ]);
  });

  it('reads an English PREV column with a written month, and a French Antériorités du …', () => {
    const english = [
      'Collected: 02-Mar-2026 09:15',
      'TEST              RESULT  FLAG  UNITS    REF RANGE   PREV (28-Nov-2025)',
      'Ferritin          12      L     ug/L     15 - 200    9 L',
      'Vitamin B12       310           pmol/L   145 - 569   288',
    ].join('\n');
    expect(dated(english)).toEqual([
      ['Ferritin', '12', 'L', '2026-03-02T09:15:00'],
      ['Ferritin', '9', 'L', '2025-11-28'],
      ['Vitamin B12', '310', null, '2026-03-02T09:15:00'],
      ['Vitamin B12', '288', null, '2025-11-28'],
    ]);
    const french = [
      'Prélevé le 12/03/2026',
      'Examen            Résultat    Unité     Valeurs de référence    Antériorités du 03/01/2026',
      'Créatinine        84          µmol/L    59 - 104                 91',
    ].join('\n');
    expect(dated(french)).toEqual([
      ['Créatinine', '84', null, '2026-03-12'],
      ['Créatinine', '91', null, '2026-01-03'],
    ]);
  });

  it('reads no earlier reading from a dated column that is not one of earlier results, nor from words under it', () => {
    const method = [
      'Test              Result   Units    Range       Method (01.01.2024)',
      'Sodium            139      mmol/L   135 - 145   4',
    ].join('\n');
    expect(dated(method)).toEqual([['Sodium', '139', null, null]]);
    const words = [
      'Test              Result   Units    Range       Previous (14/09/2025)',
      'Sodium            139      mmol/L   135 - 145   not done',
    ].join('\n');
    expect(dated(words)).toEqual([['Sodium', '139', null, null]]);
  });
});

describe('a collection time printed military in the header times the current readings (x24)', () => {
  const table = ['Test           Result   Units    Range', 'Sodium         140      mmol/L   135-145'];
  const timeOf = (header: string) => readAs([header, '', ...table].join('\n'), 'measuredAt')[0]?.[0];

  it('reads `0752 Local`, `1430 EST` and a time ending the line', () => {
    expect(timeOf('Date Collected: 03/03/2026 0752 Local    Date Received: 03/03/2026')).toBe('2026-03-03T07:52:00');
    expect(timeOf('Collected: 11/22/2026 1430 EST    Reported: 11/23/2026')).toBe('2026-11-22T14:30:00');
    expect(timeOf('Collection Date: 2026-05-01 0615')).toBe('2026-05-01T06:15:00');
  });

  it('reads no time from a number that is no clock (an accession, an hour past 23)', () => {
    expect(timeOf('Date Collected: 03/03/2026 0752118   Acct: 55')).toBe('2026-03-03');
    expect(timeOf('Date Collected: 03/03/2026 2560')).toBe('2026-03-03');
  });
});

describe('OCR damage in table cells and names (x24)', () => {
  const header = 'TEST            RESULT      FLAG    UNITS        REFERENCE';
  const brief = (row: string) => readAs(`${header}\n${row}`, 'indicator', 'value', 'unit', 'flag');

  it('joins a result split by a space with a letter for a digit, in any place', () => {
    expect(brief('LYMPH %         1 4.O        L      %            19-48')).toEqual([['LYMPH %', '14.0', '%', 'L']]);
    expect(brief('Glucose         1O 4         H      mg/dL        70-99')).toEqual([['Glucose', '104', 'mg/dL', 'H']]);
    expect(brief('Creatinine      1 l2         H      umol/L       45-90')).toEqual([
      ['Creatinine', '112', 'umol/L', 'H'],
    ]);
  });

  it('reads no letters alone as a damaged number', () => {
    expect(brief('Appearance      I O                            Clear')).not.toContainEqual([
      'Appearance',
      '10',
      null,
      null,
    ]);
  });

  it('keeps a name OCR split inside its word when the glued word is a known test, and no other dangling name', () => {
    expect(brief(' Album in           3.4        L     g/dL        3.5-5.2')).toEqual([
      ['Album in', '3.4', 'g/dL', 'L'],
    ]);
    expect(brief(' Bilirub in         0.8              mg/dL       0.2-1.2')).toEqual([
      ['Bilirub in', '0.8', 'mg/dL', null],
    ]);
    expect(brief(' Taken in           3.4              g/dL        3.5-5.2')).toEqual([]);
  });
});

describe('names, flags, ranges and units as printed (x24)', () => {
  it('keeps a name’s % when the value prints its own, in Spanish, English and Italian rows', () => {
    const text = [
      'Neutrófilos %       58,3    %         (40,0-75,0)',
      'Lymphocytes %       31.0    %         20-45',
      'Neutrofili %  61,3  %  40,0 - 75,0',
    ].join('\n');
    expect(readAs(text, 'indicator', 'value', 'unit').map((r) => r[0])).toEqual([
      'Neutrófilos %',
      'Lymphocytes %',
      'Neutrofili %',
    ]);
    // A % after the name with none after the value is the unit printed first.
    expect(readAs('NEUT %  58.3', 'indicator', 'unit')).toEqual([['NEUT', '%']]);
  });

  it('reads the Turkish bracketed flags (Y) and (D) without their brackets', () => {
    const text = [
      'Tetkik Adı                       Sonuç        Birim        Referans Aralığı',
      'C-Reaktif Protein (CRP)          18,6  (Y)    mg/L         0 - 5',
      'Ferritin                         9  (D)       ng/mL        13 - 150',
    ].join('\n');
    expect(readAs(text, 'indicator', 'value', 'flag')).toEqual([
      ['C-Reaktif Protein (CRP)', '18,6', 'Y'],
      ['Ferritin', '9', 'D'],
    ]);
  });

  it('keeps a % glued to a worded bound in the range, and leaves a spaced % as the unit', () => {
    const glued = ['RELAÇÃO PSA LIVRE/TOTAL :   13 %', 'Valor de referência para a relação: superior a 25%'].join('\n');
    expect(readAs(glued, 'referenceRange')).toEqual([['superior a 25%']]);
    const spaced = ['HEMOGLOBINA GLICADA (HbA1c):   6,1 %', 'Valor de referência: 4,0 a 5,6 %'].join('\n');
    expect(readAs(spaced, 'referenceRange')).toEqual([['4,0 a 5,6']]);
  });

  it('reads stacked immature granulocytes and the malaria rapid test by name', () => {
    const stacked = ['Immature Granulocytes', '0.4', 'Ref Range & Units: 0.0 - 0.5 %'].join('\n');
    expect(readAs(stacked, 'indicator', 'value', 'unit')).toEqual([['Immature Granulocytes', '0.4', '%']]);
    expect(readAs('  mRDT (malaria): POSITIVE', 'indicator', 'value')).toEqual([['mRDT (malaria)', 'POSITIVE']]);
  });

  it('keeps a weight’s unit word when the weight is said in words', () => {
    const text = 'Weight sixty-four point five kilograms on her own scale, down a kilo since February.';
    expect(readAs(text, 'indicator', 'value', 'unit')).toEqual([['Weight', 'sixty-four point five', 'kilograms']]);
    expect(readAs('Weight one hundred sixty pounds this morning.', 'unit')).toEqual([['pounds']]);
  });
});

describe('an OCR letter inside a number is the digit in every reader (README labelling decision, x24)', () => {
  const values = (text: string) => readAs(text, 'value').map((r) => r[0]);

  it('repairs prose, dotted rows, exports, cumulative columns and markdown cells alike', () => {
    expect(values('Her glucose was 1O4 mg/dL this morning.')).toEqual(['104']);
    expect(values('Sodium ......... 13O mmol/L')).toEqual(['130']);
    expect(values('Date;Test;Result;Unit;Range\n2026-01-05;Sodium;13O;mmol/L;135-145')).toEqual(['130']);
    expect(
      values(
        'Test        12/01/26   26/02/26   Units    Ref. Range\nSodium      137        14l        mmol/L   135-145',
      ),
    ).toEqual(['137', '141']);
    expect(values('| Test | Result | Unit |\n|---|---|---|\n| Platelets | 2O4 | x10^9/L |')).toEqual(['204']);
  });

  it('leaves a name that only looks like one alone (O2, CO2)', () => {
    expect(readAs('O2 sat 97 %', 'value')).toEqual([['97']]);
  });
});
