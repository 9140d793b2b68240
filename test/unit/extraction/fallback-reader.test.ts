import { describe, expect, it } from 'vitest';
import { hasNumberedCodeColumn, withoutLeadingCode } from '../../../shared/domain/extraction/code-column';
import {
  isStructuredText,
  MAX_NAMES_PER_DOCUMENT,
  MIN_NAME_CONFIDENCE,
  readFallback,
  type SeenLine,
} from '../../../shared/domain/extraction/fallback-reader';
import { extractReadingsOffline } from '../../../shared/domain/extraction/index';
import { withOddSeparatorsAsGaps } from '../../../shared/domain/extraction/odd-separators';

/** Lines every reader left open, numbered from 0, dated 2026-10-14. */
function open(...texts: string[]): SeenLine[] {
  return texts.map((text, index) => ({ index, text, date: '2026-10-14', open: text.trim() !== '' }));
}

function read(...texts: string[]) {
  return readFallback(open(...texts), new Set(), 'day-first').map(({ reading }) => reading);
}

function pairs(...texts: string[]) {
  return read(...texts).map((r) => [r.indicator, r.value, r.unit]);
}

describe('fallback reader: what it accepts', () => {
  it('reads a name and a value with a unit across odd separators', () => {
    expect(pairs('Sodium => 139 mmol/L')).toEqual([['Sodium', '139', 'mmol/L']]);
    expect(pairs('Urea -> 6.2 mmol/L')).toEqual([['Urea', '6.2', 'mmol/L']]);
    expect(pairs('Glucose ~ 5.4 mmol/L')).toEqual([['Glucose', '5.4', 'mmol/L']]);
    expect(pairs('Natrium | 141 | mmol/l')).toEqual([['Natrium', '141', 'mmol/l']]);
    expect(pairs('Cholesterin  212 | mg/dl')).toEqual([['Cholesterin', '212', 'mg/dl']]);
    expect(pairs('Kreatinin .......... 0,9 mg/dl')).toEqual([['Kreatinin', '0,9', 'mg/dl']]);
    expect(pairs('Hb = 8,4 mmol/l')).toEqual([['Hb', '8,4', 'mmol/l']]);
  });

  it('keeps the date the reader would have given the line', () => {
    expect(read('Sodium => 139 mmol/L')[0]?.measuredAt).toBe('2026-10-14');
  });

  it('leaves a method code after the reading out of it', () => {
    expect(pairs('Créatinine     78 µmol/L     ENZ')).toEqual([['Créatinine', '78', 'µmol/L']]);
    expect(pairs('Cholestérol total     5,1 mmol/L     CHOD-PAP')).toEqual([['Cholestérol total', '5,1', 'mmol/L']]);
    expect(pairs('Ferritin 88 ng/ml (ECLIA)')).toEqual([['Ferritin', '88', 'ng/ml']]);
  });

  it('drops a row number and an analyte code in front of the name, keeps the range', () => {
    const [reading] = read('06 FER Ferritina 35 ng/mL 15 - 150');
    expect([reading?.indicator, reading?.value, reading?.unit, reading?.referenceRange]).toEqual([
      'Ferritina',
      '35',
      'ng/mL',
      '15 - 150',
    ]);
    expect(pairs('  ▪ Emoglobina — 10,9 g/dL')).toEqual([['Emoglobina', '10,9', 'g/dL']]);
  });

  it('keeps a leading word that is part of the name', () => {
    expect(pairs('HDL Cholesterol => 1.4 mmol/L')).toEqual([['HDL Cholesterol', '1.4', 'mmol/L']]);
  });

  it('takes the unit from brackets after the name, and a censored value', () => {
    expect(pairs('Glucose (mmol/L) ~ 5.4')).toEqual([['Glucose', '5.4', 'mmol/L']]);
    expect(pairs('CRP => <0.5 mg/L')).toEqual([['CRP', '<0.5', 'mg/L']]);
  });

  it('reads a flag after the unit', () => {
    const [reading] = read('Potassium => 5.9 mmol/L H');
    expect(reading?.flag).toBe('H');
  });

  it('reads each part of a text-message list', () => {
    expect(pairs('results back: na 139 mmol/l, k 4.1 mmol/l, creat 88 umol/l')).toEqual([
      ['na', '139', 'mmol/l'],
      ['k', '4.1', 'mmol/l'],
      ['creat', '88', 'umol/l'],
    ]);
  });

  it('takes a known result word for a name known as written', () => {
    expect(pairs('Hepatitis B surface antigen ~ negative')).toEqual([
      ['Hepatitis B surface antigen', 'negative', null],
    ]);
  });
});

describe('fallback reader: what it vetoes', () => {
  it('never reads a line a reader consumed or took a reading or name from', () => {
    const lines = open('Sodium => 139 mmol/L');
    expect(readFallback([{ ...(lines[0] as SeenLine), open: false }], new Set(), 'day-first')).toEqual([]);
    expect(readFallback(lines, new Set([0]), 'day-first')).toEqual([]);
  });

  it('needs a unit, and no dose unit', () => {
    expect(read('Sodium => 139')).toEqual([]);
    expect(read('Ferritin => 20 mg')).toEqual([]);
  });

  it('needs a name the resolver knows surely', () => {
    expect(MIN_NAME_CONFIDENCE).toBeGreaterThan(0.7);
    expect(read('Sleep questionnaire score => 12 %')).toEqual([]);
    expect(read('Insulin pump basal rate => 0.85 U/h')).toEqual([]);
    expect(read('CPAP pressure => 9 cmH2O')).toEqual([]);
  });

  it('reads nothing after a comment or note caption until the block ends', () => {
    expect(read('Comment:', 'Sodium => 139 mmol/L')).toEqual([]);
    expect(read('Beurteilung: siehe unten', 'Natrium | 141 | mmol/l')).toEqual([]);
    expect(pairs('Note:', 'Repeat soon.', '', 'Sodium => 139 mmol/L')).toEqual([['Sodium', '139', 'mmol/L']]);
  });

  it('reads nothing in a reference or interpretation table', () => {
    expect(read('Reference ranges', 'Sodium => 135 mmol/L', 'Potassium => 3.5 mmol/L')).toEqual([]);
    expect(read('Valores de referência:', 'Glicose ~ 99 mg/dL')).toEqual([]);
  });

  it('reads no dose, money, appointment, age, goal or band', () => {
    expect(read('Take potassium chloride 600 mg tablets, two daily')).toEqual([]);
    expect(read('Potassium => 20 mmol daily')).toEqual([]);
    expect(read('Glucose test => 12.50 EUR')).toEqual([]);
    expect(read('Glucose clinic 09:30 => 5 mmol/L')).toEqual([]);
    expect(read('Age => 58 years')).toEqual([]);
    expect(read('LDL goal < 1.8 mmol/L')).toEqual([]);
    expect(read('Desirable => 5.2 mmol/L')).toEqual([]);
  });

  it('reads no sentence running on after the value, nor an overlong line', () => {
    expect(read('Sodium => 139 mmol/L which we will repeat next week')).toEqual([]);
    expect(read(`Sodium => 139 mmol/L ${'x'.repeat(250)}`)).toEqual([]);
  });

  it('reads no phone number, address or page number', () => {
    expect(read('Tel 0113 496 0721')).toEqual([]);
    expect(read('14 Harbour Road, Flat 3, Leeds LS1 4AB')).toEqual([]);
    expect(read('Page 1 of 2')).toEqual([]);
  });
});

describe('fallback reader in the pipeline', () => {
  it('reads a line the readers leave, once, in line order', () => {
    const text = [
      'Prélèvement du 21/09/2026',
      'Glucose: 5.2 mmol/L (3.9-5.8)',
      'Créatinine     78 µmol/L     ENZ',
      'Urée: 5.9 mmol/L',
    ].join('\n');
    const readings = extractReadingsOffline(text);
    expect(readings.map((r) => r.indicator)).toEqual(['Glucose', 'Créatinine', 'Urée']);
    expect(readings[1]?.measuredAt).toBe('2026-09-21');
  });

  it('does not run on structured documents', () => {
    expect(isStructuredText('{"a": 1}')).toBe(true);
    expect(isStructuredText('<ClinicalDocument/>')).toBe(true);
    expect(isStructuredText('name,value,unit\nNa,139,mmol/L\nK,4.1,mmol/L\n')).toBe(true);
    expect(isStructuredText('a\tb\nc\td\ne\tf\n')).toBe(true);
    expect(isStructuredText('Sodium => 139 mmol/L\nPotassium => 4.1 mmol/L\nhi, there, you\n')).toBe(false);
    const csv = 'test,value,unit\nSodium,139,mmol/L\nPotassium,4.1,mmol/L\nCréatinine     78 µmol/L     ENZ\n';
    expect(extractReadingsOffline(csv).some((r) => r.indicator === 'Créatinine')).toBe(false);
  });

  it('reads nothing from a page of numeric lines that are no readings', () => {
    const text = [
      'Invoice 2026-1147            Harbour Lab Services Ltd',
      'Billing address: 14 Harbour Road, Flat 3, Leeds LS1 4AB',
      'Item 2   Postage                    2.50 EUR',
      'Metformin 500 mg twice daily with meals',
      'Sleep questionnaire score 12 of 24',
      'Insulin pump basal rate 0.85 U/h from 22:00',
      'CPAP pressure 9 cmH2O, ramp time 20 min',
      'Page 1 of 2',
    ].join('\n');
    expect(extractReadingsOffline(text)).toEqual([]);
  });

  it('reads 2,000 open lines of random words and numbers quickly and never throws on malformed input', () => {
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed;
    };
    const words = ['Sodium', 'na', '=>', '|', '~', 'mmol/L', 'mg', 'the', 'Glucose', '....', 'HGB', '01', 'Comment:'];
    const lines: string[] = [];
    for (let i = 0; i < 2000; i++) {
      const parts: string[] = [];
      for (let k = 0; k < 8; k++) {
        parts.push(next() % 3 === 0 ? String((next() % 10000) / 10) : (words[next() % words.length] as string));
      }
      lines.push(next() % 9 === 0 ? '' : parts.join(' '));
    }
    const started = performance.now();
    expect(() => readFallback(open(...lines), new Set(), 'day-first')).not.toThrow();
    expect(performance.now() - started).toBeLessThan(2000);
    // The whole pipeline on a slice of it: the readers' own cost on such text is theirs, the fallback adds little.
    expect(() => extractReadingsOffline(lines.slice(0, 150).join('\n'))).not.toThrow();
    for (const malformed of ['=> => =>', '|||| 1 ||||', `${'~ '.repeat(5000)}1 mmol/L`, '\u0000 Na 1 mmol/L', '(((']) {
      expect(() => readFallback(open(malformed), new Set(), 'day-first')).not.toThrow();
      expect(() => extractReadingsOffline(malformed)).not.toThrow();
    }
    expect(readFallback(open(`Sodium ${'. '.repeat(20000)} 139 mmol/L`), new Set(), 'day-first')).toEqual([]);
  });

  it('resolves a bounded number of names per document, so thousands of unknown candidates cost little', () => {
    const rows = Array.from({ length: 3000 }, (_, i) => `${i} 【生化学】 ■ ${i}. Foo${i} bar   5,${i} mmol/L`);
    const started = performance.now();
    expect(readFallback(open(...rows), new Set(), 'day-first')).toEqual([]);
    expect(performance.now() - started).toBeLessThan(8000);
    expect(MAX_NAMES_PER_DOCUMENT).toBeGreaterThanOrEqual(100);
  });
});

describe('layout evidence the fallback reports brought in', () => {
  it('reads arrows and tildes after names as column gaps when the document uses them on three lines', () => {
    const text = ['Sodium => 139 mmol/L', 'Urea -> 6.2 mmol/L', 'Glucose ~ 5.4 mmol/L'].join('\n');
    expect(extractReadingsOffline(text).map((r) => [r.indicator, r.value])).toEqual([
      ['Sodium', '139'],
      ['Urea', '6.2'],
      ['Glucose', '5.4'],
    ]);
  });

  it('leaves a tilde after a value (a range) and a lone arrow alone', () => {
    const lines = withOddSeparatorsAsGaps(
      [
        'pH                         6.0                   5.0 ~ 8.0',
        '허리둘레                       84.0             86.5 H           ~ 84.9           cm',
        'S.G.                       1.025                 1.005 ~ 1.030',
      ].map((text, index) => ({ index, text })),
    );
    expect(lines.map((l) => l.text)).toContain('pH                         6.0                   5.0 ~ 8.0');
    expect(lines.every((l) => l.text.includes('~'))).toBe(true);
    const lone = withOddSeparatorsAsGaps([{ index: 0, text: 'Vitamin D => 30 ng/mL' }]);
    expect(lone[0]?.text).toBe('Vitamin D => 30 ng/mL');
  });

  it('drops a numbered code column before names only when the name alone resolves more surely', () => {
    const rows = ['01 HGB Hemoglobina 13,8 g/dL', '02 HCT Hematocrito 41,2 %', '03 HDL Colesterol HDL 48 mg/dL'];
    expect(hasNumberedCodeColumn(rows.map((text, index) => ({ index, text })))).toBe(true);
    expect(hasNumberedCodeColumn([{ index: 0, text: '01 HGB Hemoglobina 13,8 g/dL' }])).toBe(false);
    expect(withoutLeadingCode('HGB Hemoglobina', 'g/dL')).toBe('Hemoglobina');
    expect(withoutLeadingCode('HDL Cholesterol', 'mmol/L')).toBe('HDL Cholesterol');
    expect(extractReadingsOffline(rows.join('\n')).map((r) => r.indicator)).toContain('Hemoglobina');
  });

  it('reads no place in a building as a reading', () => {
    expect(extractReadingsOffline('Appointment: Tuesday 17 November 2026, Room 12, floor 2')).toEqual([]);
  });
});
