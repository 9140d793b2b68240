import { describe, expect, it } from 'vitest';
import { extractReadingsOffline } from '../../../shared/domain/extraction/index';
import { monthYearAnchor } from '../../../shared/domain/extraction/month-anchor';
import { yearlessCellDate } from '../../../shared/domain/extraction/yearless-dates';
import { readAs } from './support/read-fields';

const rowsOf = (text: string) => readAs(text, 'indicator', 'value', 'unit', 'measuredAt');

describe('a home diary: date and time columns, a column per measure, units bracketed on the line below', () => {
  const diary = [
    'Registro de presión - marzo 2026',
    '',
    'Fecha      Hora    Sistólica  Diastólica  Pulso   Notas',
    '                   (mmHg)     (mmHg)      (lpm)',
    'lun 02/03  07:10   138        86          74      me tomé la pastilla después',
    'jue 05/03  21:40   146        92          -       cené tarde',
  ].join('\n');

  it('names each reading by its column, dates it by the weekday-led yearless day and the time cell', () => {
    expect(rowsOf(diary)).toEqual([
      ['Sistólica', '138', 'mmHg', '2026-03-02T07:10:00'],
      ['Diastólica', '86', 'mmHg', '2026-03-02T07:10:00'],
      ['Pulso', '74', 'lpm', '2026-03-02T07:10:00'],
      ['Sistólica', '146', 'mmHg', '2026-03-05T21:40:00'],
      ['Diastólica', '92', 'mmHg', '2026-03-05T21:40:00'],
    ]);
  });

  it('never makes the date cell a name nor reads the notes', () => {
    const names = extractReadingsOffline(diary).map((r) => r.indicator);
    expect(names.some((n) => /lun|jue/.test(n))).toBe(false);
  });

  it('reads a German diary with dotted days and [unit] cells', () => {
    const german = [
      'Monat: März 2026',
      'Datum       Uhrzeit   Systolisch   Diastolisch   Puls     Bemerkung',
      '                      [mmHg]       [mmHg]        [/min]',
      'Mo 2.3.     07:30     142          88            72       vor Tabletten',
    ].join('\n');
    expect(rowsOf(german)).toEqual([
      ['Systolisch', '142', 'mmHg', '2026-03-02T07:30:00'],
      ['Diastolisch', '88', 'mmHg', '2026-03-02T07:30:00'],
      ['Puls', '72', '/min', '2026-03-02T07:30:00'],
    ]);
  });
});

describe('weekday abbreviations of a log in other languages', () => {
  it.each([
    ['lun 02/03', '2026-03-02'],
    ['sáb 7/3', '2026-03-07'],
    ['ter., 3/3', '2026-03-03'],
    ['Mo 2.3.', '2026-03-02'],
    ['jeu 5/3', '2026-03-05'],
    ['giovedì 5/3', '2026-03-05'],
  ])('%s is a yearless day', (cell, iso) => {
    expect(yearlessCellDate(cell, 'day-first', '2026-03-31')).toBe(iso);
  });

  it('reads the day first after a weekday of a day-first language, even where the document reads slashes month-first', () => {
    expect(yearlessCellDate('jeu 5/3', 'month-first', '2026-03-31')).toBe('2026-03-05');
    expect(yearlessCellDate('Do 5/3', 'month-first', '2026-03-31')).toBe('2026-03-05');
    expect(yearlessCellDate('Thu 3/5', 'month-first', '2026-03-31')).toBe('2026-03-05');
  });

  it('keeps an English month name before the weekday reading (`Mar 2` is March 2)', () => {
    expect(yearlessCellDate('Mar 2', 'month-first', '2026-12-31')).toBe('2026-03-02');
  });

  it('is no weekday in the middle of a cell, nor a date without a day', () => {
    expect(yearlessCellDate('lunes', 'day-first', '2026-03-31')).toBeNull();
    expect(yearlessCellDate('glucose mar 3/3', 'day-first', '2026-03-31')).toBeNull();
  });
});

describe('the month a log covers', () => {
  it('gives the last day of the month written with its year', () => {
    expect(monthYearAnchor([{ text: 'Mes: marzo 2026' }])).toBe('2026-03-31');
    expect(monthYearAnchor([{ text: 'Log for February 2028' }])).toBe('2028-02-29');
    expect(monthYearAnchor([{ text: 'no month here 2026' }])).toBeNull();
  });

  it('does not throw nor slow down on a huge or truncated line', () => {
    const started = Date.now();
    expect(monthYearAnchor([{ text: 'marzo '.repeat(50_000) }])).toBeNull();
    expect(() =>
      extractReadingsOffline(`Fecha  Hora  Sistólica  Diastólica\nlun 02/03  07:1${'0 '.repeat(5_000)}`),
    ).not.toThrow();
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
