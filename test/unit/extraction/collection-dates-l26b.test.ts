import { describe, expect, it } from 'vitest';
import { reportDate } from '../../../shared/domain/extraction/dates';
import { panelStatusHeadingDate } from '../../../shared/domain/extraction/panel-status-headings';
import { timeCaptionLine, timeInNextCell } from '../../../shared/domain/extraction/time-cells';
import { leadingWeekday } from '../../../shared/domain/extraction/weekdays';
import { yearlessCellDate } from '../../../shared/domain/extraction/yearless-dates';
import { readAs } from './support/read-fields';

const dated = (text: string) => readAs(text, 'indicator', 'measuredAt');
const headerDate = (text: string) => reportDate(text.split('\n'), 'day-first');

describe('collection, report and birth captions in Indonesian, Greek and Ukrainian (dates.ts)', () => {
  it('takes the Indonesian sampling date over the print and receipt dates, and never a birth date', () => {
    expect(headerDate('Tgl. Diambil : 14/02/2026 08:05      Tgl. Terima : 14/02/2026 09:40')).toBe(
      '2026-02-14T08:05:00',
    );
    expect(headerDate('Tgl Cetak : 16/02/2026 10:00   Tgl Ambil : 15/02/2026 07:30')).toBe('2026-02-15T07:30:00');
    // Near-miss: a birth date and a print date only; the print date is the fallback, the birth date never.
    expect(headerDate('Tgl Lahir : 03/04/1970      Tgl Cetak : 15/02/2026 10:00')).toBe('2026-02-15T10:00:00');
  });

  it('takes the Greek blood-draw date, not the issue date or the birth date', () => {
    expect(headerDate('Ημερομηνία γέννησης: 12/05/1961    Ημερομηνία αιμοληψίας: 03/03/2026 07:55')).toBe(
      '2026-03-03T07:55:00',
    );
    expect(headerDate('ΗΜ/ΝΙΑ ΕΚΔΟΣΗΣ: 05/03/2026 12:00   ΗΜ/ΝΙΑ ΛΗΨΗΣ: 04/03/2026 08:20')).toBe('2026-03-04T08:20:00');
    expect(headerDate('Ημερομηνία γέννησης: 12/05/1961    Ημερομηνία έκδοσης: 04/03/2026')).toBe('2026-03-04');
  });

  it('takes the Ukrainian sampling date, not the birth date that comes first', () => {
    expect(headerDate('Дата народження: 14.09.1983   Дата взяття зразка: 21.01.2026 08:10')).toBe(
      '2026-01-21T08:10:00',
    );
    expect(headerDate('Дата видачі: 23.01.2026 16:00\nДата відбору: 22.01.2026 07:45')).toBe('2026-01-22T07:45:00');
    expect(headerDate('Дата народження: 14.09.1983')).toBeNull();
  });

  it('dates a whole Indonesian slip by its sampling time', () => {
    const text = [
      'LABORATORIUM KLINIK SEHAT - Surabaya',
      'Nama : Ny. SITI AMINAH                 Tgl Lahir : 02-11-1968',
      'Tgl Ambil : 11-03-2026 08:12            Tgl Cetak : 11-03-2026 14:00',
      '',
      'PEMERIKSAAN          HASIL     SATUAN     NILAI RUJUKAN',
      'Hemoglobin           12,8      g/dL       12,0 - 16,0',
      'Glukosa Puasa        101       mg/dL      70 - 99',
    ].join('\n');
    expect(dated(text)).toEqual([
      ['Hemoglobin', '2026-03-11T08:12:00'],
      ['Glukosa Puasa', '2026-03-11T08:12:00'],
    ]);
  });
});

describe('a collection time in its own captioned cell or on the line under the date (time-cells.ts)', () => {
  it('reads the time cell right after the date, and only a time caption alone', () => {
    expect(timeInNextCell('   TIME: 10:25AM      DATE REPORTED: 19/08/2026')).toBe('10:25AM');
    expect(timeInNextCell('   Hora: 8.15')).toBe('8:15');
    expect(timeInNextCell('  |  Time of collection: 07:40')).toBe('07:40');
    // Near-misses: another event's time, and a time glued to no caption after a single space.
    expect(timeInNextCell('   Report time: 15:00')).toBeNull();
    expect(timeInNextCell('   Received: 15:00')).toBeNull();
  });

  it('reads a time line only when it opens with the caption alone', () => {
    expect(timeCaptionLine('Time: 07:48')).toBe('07:48');
    expect(timeCaptionLine('  Uhrzeit: 07:20')).toBe('07:20');
    expect(timeCaptionLine('Time reported: 16:00')).toBeNull();
  });

  it('times the collection date of a slip, in English and Spanish, whichever line the time is on', () => {
    expect(headerDate('DATE COLLECTED: 19/08/2026   TIME: 10:25AM      DATE REPORTED: 19/08/2026')).toBe(
      '2026-08-19T10:25:00',
    );
    expect(headerDate('Fecha de toma: 14/03/2026   Hora: 08:15   Fecha de emisión: 15/03/2026')).toBe(
      '2026-03-14T08:15:00',
    );
    expect(headerDate('Sample collected: 05.03.2026\nTime: 07:48\nReported: 05.03.2026 15:10')).toBe(
      '2026-03-05T07:48:00',
    );
    // Near-miss: the only time printed is the report's.
    expect(headerDate('Collected: 19/08/2026   Report time: 15:00')).toBe('2026-08-19');
  });
});

describe("a portal's result heading with its date and status (panel-status-headings.ts)", () => {
  it('reads the date and time of a Cerner or MyChart heading, the zone dropped, the status on either side', () => {
    expect(
      panelStatusHeadingDate('BMP (Basic Metabolic Panel)      3/28/2026 2:05 PM CDT     Final', 'month-first'),
    ).toBe('2026-03-28T14:05:00');
    expect(panelStatusHeadingDate('Lipid Panel     Final result     04/02/2026 7:41 AM', 'month-first')).toBe(
      '2026-04-02T07:41:00',
    );
    expect(panelStatusHeadingDate('Perfil lipídico     14/03/2026 08:10     Definitivo', 'day-first')).toBe(
      '2026-03-14T08:10:00',
    );
  });

  it('leaves a row, an appointment and a print line', () => {
    expect(panelStatusHeadingDate('Glucose     104     3/28/2026     Final', 'month-first')).toBeNull();
    expect(panelStatusHeadingDate('Next appointment    04/15/2026 9:00 AM    Scheduled', 'month-first')).toBeNull();
    expect(panelStatusHeadingDate('Printed     3/30/2026 10:00 AM     Final', 'month-first')).toBeNull();
    expect(panelStatusHeadingDate('BMP (Basic Metabolic Panel)      3/28/2026 2:05 PM CDT', 'month-first')).toBeNull();
  });

  it('dates each panel of a portal page by its own heading', () => {
    const text = [
      'Test Results',
      'Patient: DOE, JANE     DOB: 04/19/1978',
      '',
      'Hemoglobin A1c                 2/10/2026 8:15 AM EST     Final',
      '  Hemoglobin A1c         6.4 %            H     (4.0-5.6)',
      '',
      'TSH                            2/12/2026 9:40 AM EST     Corrected',
      '  TSH                    2.1 mIU/L              (0.4-4.0)',
    ].join('\n');
    expect(dated(text)).toEqual([
      ['Hemoglobin A1c', '2026-02-10T08:15:00'],
      ['TSH', '2026-02-12T09:40:00'],
    ]);
  });
});

describe("a home log's yearless day with its weekday (weekdays.ts, yearless-dates.ts)", () => {
  it('knows the weekday a cell opens with, in English short or full and in other languages', () => {
    expect(leadingWeekday('Sat 3/7')).toBe(6);
    expect(leadingWeekday('Thursday, 5 March')).toBe(4);
    expect(leadingWeekday('samedi 7/3')).toBe(6);
    expect(leadingWeekday('Mar 4')).toBeNull();
    expect(leadingWeekday('Saturn 3/7')).toBeNull();
  });

  it('takes the year the weekday names around the anchor, the year before or after included', () => {
    expect(yearlessCellDate('Sat 3/7', 'month-first', '2026-03-02')).toBe('2026-03-07');
    expect(yearlessCellDate('Fri 1/2', 'month-first', '2025-12-28')).toBe('2026-01-02');
    expect(yearlessCellDate('Wed 12/31', 'month-first', '2026-01-05')).toBe('2025-12-31');
    // Without a weekday the day after the anchor still falls in the year before.
    expect(yearlessCellDate('3/7', 'month-first', '2026-03-02')).toBe('2025-03-07');
  });
});
