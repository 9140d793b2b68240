import { describe, expect, it } from 'vitest';
import { extractReadingsOffline } from '../../../shared/domain/extraction';
import { withoutAnalyserSettings } from '../../../shared/domain/extraction/analyser-settings';
import { acceptBirthMeasure, isBirthMeasureName } from '../../../shared/domain/extraction/birth-measurements';
import {
  headingTime,
  isPlainHeading,
  militaryAsClock,
  splitSpilledDate,
} from '../../../shared/domain/extraction/flowsheet-cells';

const brief = (text: string) =>
  extractReadingsOffline(text).map((r) => [r.indicator, r.value, r.unit, r.flag, r.measuredAt] as const);

describe('EHR flowsheet pastes (Epic, Cerner)', () => {
  it('reads columns dated with a military time, an (!) mark as the flag, a vital-sign unit in the name cell', () => {
    const text = [
      'Row Name                 03/02/26 0000   03/02/26 0400',
      'Vitals',
      '  Heart Rate             121 (!)         99',
      '  MAP (mmHg)             58 (!)          70',
      '  O2 Device              Room air        Room air',
    ].join('\n');
    expect(brief(text)).toEqual([
      ['Heart Rate', '121', null, '!', '2026-03-02T00:00:00'],
      ['Heart Rate', '99', null, null, '2026-03-02T04:00:00'],
      ['MAP', '58', 'mmHg', '!', '2026-03-02T00:00:00'],
      ['MAP', '70', 'mmHg', null, '2026-03-02T04:00:00'],
    ]);
  });

  it('leaves out a drip row whose name cell gives an infusion rate unit', () => {
    const text = [
      'Row Name                       03/02/26 0000   03/02/26 0400',
      '  SpO2                         93 %            95 %',
      'Drips',
      '  Propofol (mcg/kg/min)        20              15',
      '  Heparin (units/h)            1200            1100',
    ].join('\n');
    expect(brief(text).map((r) => r[0])).toEqual(['SpO2', 'SpO2']);
  });

  it('gives the Collected date a single space joined to a long range back to its column', () => {
    const text = [
      'Component                Value     Ref Range        Collected',
      'Sodium                   139       136 - 145 mmol/L     03/02/26 0512',
      'Lactate                  3.1 (H)   0.5 - 2.0 mmol/L 03/02/26 0512',
    ].join('\n');
    const readings = extractReadingsOffline(text);
    expect(readings.map((r) => [r.indicator, r.unit, r.referenceRange, r.measuredAt])).toEqual([
      ['Sodium', 'mmol/L', '136 - 145', '2026-03-02T05:12:00'],
      ['Lactate', 'mmol/L', '0.5 - 2.0', '2026-03-02T05:12:00'],
    ]);
  });

  it('splits only a trailing date (and its time) off a range cell', () => {
    expect(splitSpilledDate('0.5 - 2.0 mmol/L 11/22/26 0512', 'month-first')).toEqual({
      range: '0.5 - 2.0 mmol/L',
      date: '11/22/26 0512',
    });
    expect(splitSpilledDate('0.5 - 2.0 mmol/L', 'month-first').date).toBeNull();
    expect(splitSpilledDate('11/22/26 0512', 'month-first').date).toBeNull();
    expect(splitSpilledDate('see 11/22/26 note', 'month-first').date).toBeNull();
    expect(militaryAsClock('0512')).toBe(' 05:12');
    expect(militaryAsClock('05:12')).toBe(' 05:12');
  });

  it('keeps a temperature charted at several times beside blood gases, drops a single analyser one', () => {
    const reading = (indicator: string, measuredAt: string) => ({
      indicator,
      value: '37.0',
      unit: 'C',
      referenceRange: null,
      flag: null,
      measuredAt,
    });
    const gases = 'pO2 78 mmHg pCO2 48 mmHg';
    expect(withoutAnalyserSettings([reading('Temp', '2026-03-02')], gases)).toEqual([]);
    const charted = [reading('Temp', '2026-03-02T00:00:00'), reading('Temp', '2026-03-02T04:00:00')];
    expect(withoutAnalyserSettings(charted, gases)).toHaveLength(2);
  });
});

describe('dated growth and visit records with aside columns', () => {
  it('reads a row per dated check and passes over the age and checked-by columns', () => {
    const text = [
      'Date         Age        Weight (kg)   Length (cm)   Checked by',
      '21/01/2026   10 days    3.41          50.5          CFHN RN T. Lee',
      '09/03/2026   8 weeks    5.12          57.1          GP Dr Marsh',
    ].join('\n');
    expect(brief(text)).toEqual([
      ['Weight', '3.41', 'kg', null, '2026-01-21'],
      ['Length', '50.5', 'cm', null, '2026-01-21'],
      ['Weight', '5.12', 'kg', null, '2026-03-09'],
      ['Length', '57.1', 'cm', null, '2026-03-09'],
    ]);
  });

  it('does the same in French with a signature column', () => {
    const text = [
      'Date          Âge          Poids (kg)    Taille (cm)    Signature',
      '15/03/2025    13 jours     3,62          51,0           Dr Roussel',
    ].join('\n');
    expect(brief(text)).toEqual([
      ['Poids', '3,62', 'kg', null, '2025-03-15'],
      ['Taille', '51,0', 'cm', null, '2025-03-15'],
    ]);
  });

  it('never throws nor slows down on huge or truncated flowsheet input', () => {
    const huge = `Row Name   03/02/26 0000   03/02/26 0400\n${'  Temp   38.4 °C (!)   37.9 °C\n'.repeat(1000)}`;
    const started = Date.now();
    expect(() => extractReadingsOffline(huge)).not.toThrow();
    expect(() => extractReadingsOffline('Row Name   03/02/26 00')).not.toThrow();
    expect(() => splitSpilledDate(`1 - 2 ${'9'.repeat(5000)} 03/02/26`, 'month-first')).not.toThrow();
    expect(Date.now() - started).toBeLessThan(20_000);
  });
});

describe('dialysis and ward obs lines', () => {
  it('reads shortened BP halves among gap-separated readings (`Dia` after a gap is no Spanish día)', () => {
    expect(brief('  Weight 74.2 kg    Sys BP 162    Dia BP 88    Pulse 79').map((r) => [r[0], r[1]])).toEqual([
      ['Weight', '74.2'],
      ['Sys BP', '162'],
      ['Dia BP', '88'],
      ['Pulse', '79'],
    ]);
  });

  it('still takes a duration word right after a number for a duration', () => {
    expect(brief('Kontrolle der Lipide in 6 Wochen')).toEqual([]);
  });

  it('reads nothing on a prescription line', () => {
    expect(brief('Prescription: 4 h, Qb 350 ml/min, Qd 500, Na 138, K 2, Heparin 1000 iu bolus')).toEqual([]);
    expect(brief('Rx: 2.5 h, Qb 400 ml/min, dialysate 25 L, Heparin 2000 iu load')).toEqual([]);
  });
});

describe('measurements at birth on a child health record', () => {
  it('keeps the birth qualifier in the name and dates the reading at the date of birth', () => {
    const text = [
      'Child: WILLIAMS, Harper       Date of birth: 21/01/2026',
      'Birth weight 3.28 kg   Birth length 50.0 cm   Birth head circumference 34.5 cm',
    ].join('\n');
    expect(brief(text)).toEqual([
      ['Birth weight', '3.28', 'kg', null, '2026-01-21'],
      ['Birth length', '50.0', 'cm', null, '2026-01-21'],
      ['Birth head circumference', '34.5', 'cm', null, '2026-01-21'],
    ]);
  });

  it('never dates another reading at the date of birth', () => {
    const text = 'Patient DOB: 24/08/1957\nReport date 13/03/2026\nWeight 74.2 kg   Glucose 5.4 mmol/L';
    expect(brief(text).map((r) => r[4])).toEqual(['2026-03-13', '2026-03-13']);
  });

  it('knows a birth measurement only with a body unit', () => {
    expect(acceptBirthMeasure('Poids de naissance', 'kg')).toBe(true);
    expect(acceptBirthMeasure('Birth weight', 'mmol/L')).toBe(false);
    expect(isBirthMeasureName('Geburtsgewicht')).toBe(true);
    expect(isBirthMeasureName(`Birth ${'x'.repeat(5000)}`)).toBe(false);
  });
});

describe('headings that time their block', () => {
  it('times the readings under `PRE-DIALYSIS OBS (07:05)` until the next heading', () => {
    const text = [
      'Name: PATEL, Rajesh     Date: 16/11/2026',
      'PRE-DIALYSIS OBS (07:05)',
      '  Weight 74.2 kg    Pulse 79',
      'MONTHLY BLOODS (taken pre/post this session)',
      '  Potassium     5.9   mmol/L  H   (3.5-5.3)',
    ].join('\n');
    expect(brief(text).map((r) => [r[0], r[4]])).toEqual([
      ['Weight', '2026-11-16T07:05:00'],
      ['Pulse', '2026-11-16T07:05:00'],
      ['Potassium', '2026-11-16'],
    ]);
  });

  it('knows a timed heading and a plain one, and nothing longer', () => {
    expect(headingTime('POST-DIALYSIS OBS (11:10)')).toBe('11:10');
    expect(headingTime('Glucose (5.4)')).toBeNull();
    expect(headingTime(`${'A'.repeat(200)} (07:05)`)).toBeNull();
    expect(isPlainHeading('INTRADIALYTIC OBS')).toBe(true);
    expect(isPlainHeading('HbA1c 48')).toBe(false);
  });
});

describe('cumulative reports with worded empty cells', () => {
  it('reads the other dates of a row whose cell says n.e. or nicht bestimmt', () => {
    const text = [
      'Parameter               Einheit     Referenzbereich     19.10.26 06:30     21.10.26 06:15',
      'D-Dimer                 mg/l FEU    < 0,50              0,84 +             n.e.',
      'TSH basal               mU/l        0,27 - 4,20         n.b.               1,86',
      'Ferritin                ng/ml       13 - 150            212 +              nicht bestimmt',
    ].join('\n');
    expect(brief(text).map((r) => [r[0], r[1], r[4]])).toEqual([
      ['D-Dimer', '0,84', '2026-10-19T06:30:00'],
      ['TSH basal', '1,86', '2026-10-21T06:15:00'],
      ['Ferritin', '212', '2026-10-19T06:30:00'],
    ]);
  });
});

describe('C-CDA fragments pasted without root or namespace', () => {
  it('reads a results section copied out of a CCD by its templates', () => {
    const text = [
      '<component><section>',
      '<templateId root="2.16.840.1.113883.10.20.22.2.3.1"/>',
      '<code code="30954-2" codeSystem="2.16.840.1.113883.6.1"/>',
      '<entry><organizer classCode="BATTERY" moodCode="EVN"><component>',
      '<observation classCode="OBS" moodCode="EVN"><templateId root="2.16.840.1.113883.10.20.22.4.2"/>',
      '<code code="2823-3" codeSystem="2.16.840.1.113883.6.1" displayName="Potassium"/>',
      '<effectiveTime value="20260915083000-0500"/><value xsi:type="PQ" value="4.4" unit="mmol/L"/>',
      '</observation></component></organizer></entry></section></component>',
    ].join('\n');
    expect(brief(text)).toEqual([['Potassium', '4.4', 'mmol/L', null, '2026-09-15T08:30:00']]);
  });

  it('leaves XML with no C-CDA template to the other readers, and never throws on a truncated fragment', () => {
    expect(() =>
      extractReadingsOffline('<templateId root="2.16.840.1.113883.10.20.22.2.3.1"/><observation'),
    ).not.toThrow();
    expect(brief('<note><value>4.4</value></note>')).toEqual([]);
  });
});
