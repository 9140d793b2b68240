import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractReadingsOffline } from '../../../shared/domain/extraction';
import { gappedField } from '../../../shared/domain/extraction/field-captions';
import { sectionHeaderDate } from '../../../shared/domain/extraction/section-header-dates';
import { headerRole } from '../../../shared/domain/extraction/vocabulary';

/**
 * Session 25 (k25): captioned blocks (a name line, then lines led by field captions in any language), compound and
 * judgement column captions, and dates in dashed section headers. The fixtures were written from common knowledge of
 * the formats (other portals, other labs and languages than the dev reports), plus a portal help page with captions
 * and no results.
 */
const dir = join(__dirname, 'fixtures', 'k25');
const rows = (file: string) =>
  extractReadingsOffline(readFileSync(join(dir, file), 'utf8')).map(
    (r) =>
      `${r.indicator} = ${r.value} ${r.unit ?? '-'} | ${r.referenceRange ?? '-'} | ${r.flag ?? '-'} | ${r.measuredAt ?? '-'}`,
  );

const expected: Record<string, string[]> = {
  'labcorp-patient.txt': [
    'Cholesterol, Total = 231 mg/dL | 100-199 | High | 2026-03-18',
    'Cholesterol, Total = 219 mg/dL | - | - | 2025-09-10',
    'HDL Cholesterol = 52 mg/dL | >39 | - | 2026-03-18',
    'Triglycerides = 148 mg/dL | 0-149 | - | 2026-03-18',
  ],
  'kaiser-result-detail.txt': [
    'Hemoglobin A1c = 6.1 % | 4.0-5.6 | High | 2026-02-14',
    'Glucose, Fasting = 112 mg/dL | 70-99 | High | 2026-02-14',
  ],
  'cerner-healthelife.txt': [
    'Sodium = 138 mmol/L | 136 - 145 | - | 2026-10-05',
    'Potassium = 5.4 mmol/L | 3.5 - 5.1 | High | 2026-10-05',
  ],
  'es-bloques.txt': [
    'GLUCOSA = 98 mg/dL | 70 - 110 | - | 2026-02-05',
    'CREATININA = 0,91 mg/dL | 0,60 - 1,20 | - | 2026-02-05',
  ],
  'de-befund-bloecke.txt': [
    'Kalium = 4,6 mmol/l | 3,5 - 5,1 | - | 2026-01-12',
    'Natrium = 137 mmol/l | 136 - 145 | - | 2026-01-12',
  ],
  'fr-resultats.txt': [
    'Ferritine = 18 µg/L | 30 - 300 | Bas | 2026-03-03',
    'Hémoglobine = 12,1 g/dL | 12,0 - 16,0 | - | 2026-03-03',
  ],
  'pl-wyniki-bloki.txt': [
    'TSH = 2,41 µIU/ml | 0,27 - 4,20 | - | 2026-04-21',
    'FT4 = 14,9 pmol/l | 12,0 - 22,0 | - | 2026-04-21',
  ],
  'it-referto-blocchi.txt': [
    'Emoglobina = 13,8 g/dl | 13,0 - 17,0 | - | 2026-06-09',
    'Piastrine = 245 10^3/µl | 150 - 400 | - | 2026-06-09',
  ],
  'pt-nl-gr-blocks.txt': [
    'Ureia = 32 mg/dL | 15 - 45 | - | 2026-07-14',
    'Kreatinine = 88 umol/l | 64 - 104 | - | 2026-07-15',
    'Σάκχαρο = 101 mg/dl | 70 - 110 | - | 2026-07-16',
  ],
  'ro-id-blocks.txt': [
    'Colesterol total = 212 mg/dL | < 200 | - | 2026-08-10',
    'Asam Urat = 6,8 mg/dL | 3,4 - 7,0 | - | 2026-08-11',
  ],
  'compound-captions.txt': [
    'Glukose = 92 mg/dl | 70 - 99 | - | 2026-02-02',
    'Harnsäure = 7,9 mg/dl | 3,4 - 7,0 | - | 2026-02-02',
    'Colesterol HDL = 48 mg/dL | > 40 | - | 2026-02-02',
  ],
  // An earlier result beside the current one's field; risk-class targets are no readings.
  'es-anterior-riesgo.txt': [
    'COLESTEROL LDL = 142 mg/dL | - | - | 2026-05-20',
    'COLESTEROL LDL = 155 mg/dL | - | - | 2026-01-12',
  ],
  // The collection's time goes to the column of its day; the button row is no reading.
  'epic-past-results.txt': [
    'Sodium = 139 mmol/L | 135 - 145 | - | 2026-03-02T08:05:00',
    'Sodium = 141 mmol/L | - | - | 2025-09-14',
    'Creatinine = 1.31 mg/dL | 0.60 - 1.20 | High | 2026-03-02T08:05:00',
    'Creatinine = 1.12 mg/dL | - | - | 2025-09-14',
  ],
  // An undated result column beside a dated earlier one is the newest: the printed range is its own only.
  'checkup-current-previous.txt': [
    'Total cholesterol = 5.9 mmol/L | < 5.2 | - | 2026-05-14',
    'Total cholesterol = 5.6 mmol/L | - | - | 2025-05-16',
    'Fasting glucose = 5.4 mmol/L | 3.9 - 5.5 | - | 2026-05-14',
    'Fasting glucose = 5.1 mmol/L | - | - | 2025-05-16',
  ],
  // Adversarial: captions explained in words, and a dashed appointment line, are no readings and no dates.
  'portal-help-page.txt': [],
};

describe('captioned blocks, compound captions and section-header dates (k25 fixtures)', () => {
  for (const [file, want] of Object.entries(expected)) {
    it(file, () => expect(rows(file)).toEqual(want));
  }
});

describe('gappedField', () => {
  it('reads a known caption parted from its field by a gap or a tab', () => {
    expect(gappedField('Your Value  104 mg/dL    High')).toMatchObject({ role: 'value', field: '104 mg/dL    High' });
    expect(gappedField('Standard Range\t65-99 mg/dL')).toMatchObject({ role: 'range', field: '65-99 mg/dL' });
    expect(gappedField('Referans Değeri   0,35 - 4,94')).toMatchObject({ role: 'range' });
  });
  it('leaves test names, header lines and single-spaced prose alone', () => {
    expect(gappedField('Glucose  104 mg/dL')).toBeNull();
    expect(gappedField('Result   Units   Reference Range')).toBeNull();
    expect(gappedField('Your Value is 104 mg/dL')).toBeNull();
    expect(gappedField('Test   Glucose')).toBeNull();
  });
});

describe('sectionHeaderDate', () => {
  it('dates a header whose parts are words and one date, in several date forms', () => {
    expect(sectionHeaderDate('Ankara Bilkent Şehir Hastanesi - 14.03.2026 - Biyokimya', 'day-first')).toEqual({
      iso: '2026-03-14',
      name: null,
    });
    expect(sectionHeaderDate('Full blood count - 27 January 2026', 'day-first')).toEqual({
      iso: '2026-01-27',
      name: 'Full blood count',
    });
    expect(sectionHeaderDate('2026-03-14 | Laboratorio Central | Química', 'day-first')?.iso).toBe('2026-03-14');
    expect(sectionHeaderDate('Hemoglobin A1c – 02/14/2026', 'month-first')?.name).toBe('Hemoglobin A1c');
  });
  it('is not fooled by appointments, identifiers, readings or sentences', () => {
    expect(sectionHeaderDate('Next appointment - 12 March 2026', 'day-first')).toBeNull();
    expect(sectionHeaderDate('Order 448812 - 12.03.2026 - Chemistry', 'day-first')).toBeNull();
    expect(sectionHeaderDate('Glucose - 104 mg/dL', 'day-first')).toBeNull();
    expect(sectionHeaderDate('Seen on 12.03.2026', 'day-first')).toBeNull();
    expect(sectionHeaderDate('Monday - Friday', 'day-first')).toBeNull();
  });
});

describe('caption vocabulary', () => {
  it('knows compound, judgement and more languages’ captions', () => {
    expect(headerRole('Sonuç Birimi')).toBe('unit');
    expect(headerRole('Einheit/Unit')).toBe('unit');
    expect(headerRole('Valores de referencia / Unidades')).toBe('range');
    expect(headerRole('判定区分')).toBe('flag');
    expect(headerRole('Beurteilung')).toBe('flag');
    expect(headerRole('Jednostka')).toBe('unit');
    expect(headerRole('Rezultat')).toBe('value');
    expect(headerRole('Τιμές αναφοράς')).toBe('range');
    // A caption pair of two other roles names no one column.
    expect(headerRole('Result / Flag')).toBeNull();
    expect(headerRole('Your')).toBeNull();
  });
});
