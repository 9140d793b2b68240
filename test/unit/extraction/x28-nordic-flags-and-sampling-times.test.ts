import { describe, expect, it } from 'vitest';
import { reportDate } from '../../../shared/domain/extraction/dates';
import { timeInNextCell } from '../../../shared/domain/extraction/time-cells';
import { readAs } from './support/read-fields';

const headerDate = (text: string) => reportDate(text.split('\n'), 'day-first');

describe('flag words of Nordic and Central European portals (measurement.ts)', () => {
  it('reads a Finnish row whose last cell is Korkea, Matala or Poikkeava', () => {
    const text = [
      'Näytteenottoaika 02.10.2026 klo 7.52',
      'Tutkimus                         Tulos      Yksikkö   Viitearvot     Poikkeavuus',
      '   B -Leuk                       11,2       E9/l      3,4 - 8,2      Korkea',
      'P -Na                            135        mmol/l    137 - 145      Matala',
      'fP -Kol                          5,9        mmol/l    < 5,0          Korkea',
    ].join('\n');
    expect(readAs(text, 'indicator', 'value', 'referenceRange', 'flag')).toEqual([
      ['B -Leuk', '11,2', '3,4 - 8,2', 'Korkea'],
      ['P -Na', '135', '137 - 145', 'Matala'],
      ['fP -Kol', '5,9', '< 5,0', 'Korkea'],
    ]);
  });

  it('reads Swedish, Hungarian and Croatian word flags after the range', () => {
    const swedish = [
      'Analys              Resultat   Enhet     Referensintervall   Avvikelse',
      'P-Natrium           133        mmol/L    137 - 145           Låg',
      'P-Kalium            5,6        mmol/L    3,5 - 4,4           Hög',
    ].join('\n');
    expect(readAs(swedish, 'indicator', 'flag')).toEqual([
      ['P-Natrium', 'Låg'],
      ['P-Kalium', 'Hög'],
    ]);
    const hungarian = [
      'Vizsgálat           Eredmény   Egység    Referencia          Jelzés',
      'Glükóz              7,2        mmol/l    3,9 - 6,1           Magas',
    ].join('\n');
    expect(readAs(hungarian, 'indicator', 'flag')).toEqual([['Glükóz', 'Magas']]);
  });

  it('does not take a flag word that is part of a name as a reading', () => {
    // Near-miss: `Lav` and `Magas` in prose with no value after a name are no readings.
    expect(readAs('Potilaalla ei ole lääkitystä. Korkea verenpaine suvussa.', 'indicator')).toEqual([]);
  });
});

describe('collection times written with a clock word or in a captioned cell (dates.ts, time-cells.ts)', () => {
  it('takes a Finnish or Scandinavian time written with a dot after its clock word', () => {
    expect(headerDate('Näytteenottoaika 02.10.2026 klo 7.52   Palveluntuottaja: Terveystalo')).toBe(
      '2026-10-02T07:52:00',
    );
    expect(headerDate('Provtagningsdatum: 2026-03-14 kl. 08.10')).toBe('2026-03-14T08:10:00');
    expect(headerDate('Prøvetakingstidspunkt: 14.03.2026 kl 08.10')).toBe('2026-03-14T08:10:00');
  });

  it('never reads a bare dotted number after a date as a time', () => {
    // Near-miss: without a clock word `7.52` may be a value.
    expect(headerDate('Näytteenottoaika 02.10.2026   7.52')).toBe('2026-10-02');
  });

  it('takes the time from a captioned cell in Hebrew, Finnish or Croatian', () => {
    expect(timeInNextCell('   שעה: 07:58          מספר דגימה: 26-7731045')).toBe('07:58');
    expect(headerDate('תאריך לקיחה: 15/10/2026   שעה: 07:58          מספר דגימה: 26-7731045')).toBe(
      '2026-10-15T07:58:00',
    );
    expect(headerDate('Näytteenottopäivä: 02.10.2026   Kellonaika: 7.52')).toBe('2026-10-02T07:52:00');
    expect(headerDate('Datum uzorkovanja: 02.10.2026   Vrijeme: 08:15')).toBe('2026-10-02T08:15:00');
  });

  it('leaves a report or print time in its own cell alone', () => {
    // Near-miss: the caption must be the time alone, not `Tulostettu` (printed).
    expect(headerDate('Näytteenottopäivä: 02.10.2026   Tulostettu: 12:40')).toBe('2026-10-02');
  });

  it('dates each Omakanta block by its own sampling time', () => {
    const text = [
      'Näytteenottoaika 02.10.2026 klo 7.52   Palveluntuottaja: Terveystalo Tampere',
      'Tutkimus                         Tulos      Yksikkö   Viitearvot     Poikkeavuus',
      'P -CRP                           38         mg/l      < 3            Korkea',
      '',
      'Näytteenottoaika 14.03.2026 klo 8.10   Palveluntuottaja: Terveystalo Tampere',
      'Tutkimus                         Tulos      Yksikkö   Viitearvot     Poikkeavuus',
      'P -CRP                           2          mg/l      < 3',
    ].join('\n');
    expect(readAs(text, 'indicator', 'value', 'measuredAt')).toEqual([
      ['P -CRP', '38', '2026-10-02T07:52:00'],
      ['P -CRP', '2', '2026-03-14T08:10:00'],
    ]);
  });
});

describe('a flag after a worded range in a table without a flag column (table-layout.ts)', () => {
  it('splits an arrow, a star or a lone H off a qualitative range', () => {
    const croatian = [
      'Pretraga                            Rezultat     Jedinica        Ref. interval',
      'Urin - krv                            2+                         negativan        ↑',
    ].join('\n');
    expect(readAs(croatian, 'indicator', 'value', 'referenceRange', 'flag')).toEqual([
      ['Urin - krv', '2+', 'negativan', '↑'],
    ]);
    const german = [
      'Untersuchung          Ergebnis     Einheit     Referenzbereich',
      'Urin-Nitrit           positiv                  negativ       *',
    ].join('\n');
    expect(readAs(german, 'indicator', 'value', 'referenceRange', 'flag')).toEqual([
      ['Urin-Nitrit', 'positiv', 'negativ', '*'],
    ]);
    const english = [
      'Test                  Result       Units       Reference Range',
      'Urine Protein         2+                       Negative      H',
    ].join('\n');
    expect(readAs(english, 'indicator', 'referenceRange', 'flag')).toEqual([['Urine Protein', 'Negative', 'H']]);
  });

  it('keeps a worded range whole when nothing flags it', () => {
    // Near-miss: a two-word range ending in a letter that is a word of it, not a flag.
    const text = [
      'Test                  Result       Units       Reference Range',
      'HIV 1/2 Ab            Non reactive             Non reactive',
      'Urine Glucose         Negative                 Negative',
    ].join('\n');
    expect(readAs(text, 'indicator', 'referenceRange', 'flag')).toEqual([
      ['HIV 1/2 Ab', 'Non reactive', null],
      ['Urine Glucose', 'Negative', null],
    ]);
  });
});

describe('a unit with a space of its own running into the range column (table-layout.ts)', () => {
  it('parts `mL/min/1,73 m²` from the band after it', () => {
    const quebec = [
      'Analyse / Test                      Résultat/Result  Unités/Units   Valeurs de référence / Reference values',
      'DFGe (CKD-EPI) / eGFR (CKD-EPI)     91               mL/min/1,73 m² >= 60',
    ].join('\n');
    expect(readAs(quebec, 'indicator', 'unit', 'referenceRange')).toEqual([
      ['DFGe (CKD-EPI) / eGFR (CKD-EPI)', 'mL/min/1,73 m²', '>= 60'],
    ]);
    const bracketed = [
      'Analyse                        Résultat   Unités            Valeurs de référence',
      'DFG (MDRD)                     72         ml/min/1.73 m2 (>59)',
    ].join('\n');
    expect(readAs(bracketed, 'indicator', 'unit', 'referenceRange')).toEqual([['DFG (MDRD)', 'ml/min/1.73 m2', '>59']]);
  });

  it('leaves a one-word unit and its band as before, and a note after a unit alone', () => {
    const text = [
      'Test                  Result       Units       Reference Range',
      'Sodium                141          mmol/L 135 - 145',
      'Glucose               5.1          mmol/L fasting',
    ].join('\n');
    expect(readAs(text, 'indicator', 'unit', 'referenceRange')).toEqual([
      ['Sodium', 'mmol/L', '135 - 145'],
      ['Glucose', 'mmol/L fasting', null],
    ]);
  });
});

describe('qualitative results abbreviated with a dot (measurement.ts)', () => {
  it('reads `Pos.` and `Neg.` as the result and the range, the dot kept as printed', () => {
    const finnish = [
      'Tutkimus                         Tulos      Yksikkö   Viitearvot     Poikkeavuus',
      'U -Bakt                          Pos.                 Neg.           Poikkeava',
      'U -Gluk                          Neg.                 Neg.',
    ].join('\n');
    expect(readAs(finnish, 'indicator', 'value', 'referenceRange', 'flag')).toEqual([
      ['U -Bakt', 'Pos.', 'Neg.', 'Poikkeava'],
      ['U -Gluk', 'Neg.', 'Neg.', null],
    ]);
    const swedish = [
      'Analys              Resultat   Enhet     Referensintervall   Avvikelse',
      'U-Nitrit            Pos.                 Neg.                Avvikande',
    ].join('\n');
    expect(readAs(swedish, 'indicator', 'value', 'flag')).toEqual([['U-Nitrit', 'Pos.', 'Avvikande']]);
  });
});
