import { describe, expect, it } from 'vitest';
import { readAs } from './support/read-fields';

const rows = (text: string) => readAs(text, 'indicator', 'value', 'unit', 'referenceRange', 'measuredAt');

// A header whose test column is captioned (`Pretraga`, a test caption since x27a) is read as a table; its unit and
// range captions must be known words too, or the unit cell is read as nothing (session 27: units lost on a nalaz).
describe('Croatian, Serbian, Bosnian and Slovene result headers and date captions', () => {
  it('reads a Croatian nalaz: unit and range columns by their captions, dated by the sampling caption, not the birth date', () => {
    const zagreb = [
      'KLINIČKI BOLNIČKI CENTAR',
      'Pacijent: Horvat Ivan          Datum rođenja: 04.07.1958',
      'Datum uzorkovanja: 21.10.2026 07:40',
      '',
      'Pretraga                      Rezultat    Jedinica      Referentni interval',
      'Leukociti                     7,4         x10^9/L       3,4 - 9,7',
      'Hemoglobin                    138         g/L           138 - 175',
      'Glukoza                       6,8         mmol/L        4,4 - 6,4',
    ].join('\n');
    expect(rows(zagreb)).toEqual([
      ['Leukociti', '7,4', 'x10^9/L', '3,4 - 9,7', '2026-10-21T07:40:00'],
      ['Hemoglobin', '138', 'g/L', '138 - 175', '2026-10-21T07:40:00'],
      ['Glukoza', '6,8', 'mmol/L', '4,4 - 6,4', '2026-10-21T07:40:00'],
    ]);
  });

  it('keeps the unit when the unit column comes last (Ref. interval before Jedinica)', () => {
    const split = [
      'Datum uzorkovanja: 21.10.2026',
      'Pretraga                      Rezultat   Ref. interval     Jedinica',
      'Eritrociti                    4,52       4,34 - 5,72       x10^12/L',
      'Kreatinin                     104        64 - 104          µmol/L',
    ].join('\n');
    expect(rows(split)).toEqual([
      ['Eritrociti', '4,52', 'x10^12/L', '4,34 - 5,72', '2026-10-21'],
      ['Kreatinin', '104', 'µmol/L', '64 - 104', '2026-10-21'],
    ]);
  });

  it('reads Serbian (mjerna/merna jedinica, referentne vrednosti) and Slovene (enota, referenčne vrednosti, odvzem) headers', () => {
    const belgrade = [
      'Datum vađenja krvi: 03.02.2026',
      'Analiza                 Rezultat     Merna jedinica     Referentne vrednosti',
      'Holesterol              5,2          mmol/L             < 5,2',
    ].join('\n');
    expect(rows(belgrade)).toEqual([['Holesterol', '5,2', 'mmol/L', '< 5,2', '2026-02-03']]);
    const ljubljana = [
      'Datum rojstva: 11.11.1949      Odvzem: 17.03.2026',
      'Preiskava               Rezultat     Enota      Referenčne vrednosti',
      'Kalij                   4,4          mmol/L     3,5 - 5,1',
    ].join('\n');
    expect(rows(ljubljana)).toEqual([['Kalij', '4,4', 'mmol/L', '3,5 - 5,1', '2026-03-17']]);
  });

  it('never dates a reading by a birth caption alone', () => {
    const birthOnly = [
      'Datum rođenja: 04.07.1958',
      'Pretraga     Rezultat   Jedinica',
      'Glukoza      5,1        mmol/L',
    ].join('\n');
    expect(rows(birthOnly)).toEqual([['Glukoza', '5,1', 'mmol/L', null, null]]);
  });
});
