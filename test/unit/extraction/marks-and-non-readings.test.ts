import { describe, expect, it } from 'vitest';
import { extractReadingsOffline } from '../../../shared/domain/extraction';
import { isNotAReading } from '../../../shared/domain/extraction/not-readings';
import { withoutRestatements } from '../../../shared/domain/extraction/restatements';
import { readTimeInRangeLine } from '../../../shared/domain/extraction/time-in-range';
import { splitLeadingSymbol, splitTrailingSign, statusCellFlag } from '../../../shared/domain/extraction/value-marks';

const pick = (text: string) =>
  extractReadingsOffline(text).map((r) => ({
    name: r.indicator,
    value: r.value,
    unit: r.unit,
    range: r.referenceRange,
    flag: r.flag,
  }));

describe('marks written against a value (value-marks.ts)', () => {
  it('reads a sign after the number as its flag, never a dipstick grade', () => {
    expect(splitTrailingSign('418 +')).toEqual({ text: '418', flag: '+' });
    expect(splitTrailingSign('> 35000 +')).toEqual({ text: '> 35000', flag: '+' });
    expect(splitTrailingSign('71 -')).toEqual({ text: '71', flag: '-' });
    expect(splitTrailingSign('2 +')).toBeNull();
    expect(splitTrailingSign('71')).toBeNull();
  });

  it('reads a symbol glued in front of the number, never a letter', () => {
    expect(splitLeadingSymbol('*231')).toEqual({ text: '231', flag: '*' });
    expect(splitLeadingSymbol('↑126,0')).toEqual({ text: '126,0', flag: '↑' });
    expect(splitLeadingSymbol('H231')).toBeNull();
    expect(splitLeadingSymbol('B12')).toBeNull();
  });

  it('reads a chatbot status cell without its pictograph; Normal is no flag', () => {
    expect(statusCellFlag('⬇️ Low')).toBe('Low');
    expect(statusCellFlag('⬆️ High')).toBe('High');
    expect(statusCellFlag('✅ Normal')).toBe('');
    expect(statusCellFlag('H')).toBe('H');
    expect(statusCellFlag('see comment')).toBeNull();
  });
});

describe('qualitative, censored and flagged values in tables', () => {
  it('reads German n.n., a censored value and sign flags under a Befund header', () => {
    const text = [
      'Untersuchung              Ergebnis     Einheit     Referenzbereich',
      'NT-proBNP                 > 35000  +   pg/ml       < 486',
      'Lipase                    n.n.         U/l         13 - 60',
      'Quick                     71       -   %           70 - 130',
    ].join('\n');
    expect(pick(text)).toEqual([
      { name: 'NT-proBNP', value: '> 35000', unit: 'pg/ml', range: '< 486', flag: '+' },
      { name: 'Lipase', value: 'n.n.', unit: 'U/l', range: '13 - 60', flag: null },
      { name: 'Quick', value: '71', unit: '%', range: '70 - 130', flag: '-' },
    ]);
  });

  it('reads Italian and Spanish not-detectable results as values', () => {
    const text = [
      'Esame                Risultato          Unità     Valori di riferimento',
      'HCV RNA              non rilevabile     UI/ml     non rilevabile',
    ].join('\n');
    expect(pick(text)).toEqual([
      { name: 'HCV RNA', value: 'non rilevabile', unit: 'UI/ml', range: 'non rilevabile', flag: null },
    ]);
  });

  it('reads a star glued in front of the value as its flag', () => {
    const text = [
      'ESTUDIO                     RESULTADO     UNIDADES      VALORES DE REFERENCIA',
      'Triglicéridos               *231          mg/dL         < 150',
    ].join('\n');
    expect(pick(text)).toEqual([{ name: 'Triglicéridos', value: '231', unit: 'mg/dL', range: '< 150', flag: '*' }]);
  });
});

describe('chatbot Markdown answers', () => {
  it('reads a Your result table with emoji status and drops the prose restatement', () => {
    const text = [
      '| Test | Your result | Unit | Normal range | Status |',
      '|------|-------------|------|--------------|--------|',
      '| Fasting glucose | 101 | mg/dL | 65–99 | ⬆️ High |',
      '| ALT | 41 | U/L | 9–46 | ✅ Normal |',
      '',
      '1. A fasting glucose of 101 falls in the "prediabetes" band.',
    ].join('\n');
    expect(pick(text)).toEqual([
      { name: 'Fasting glucose', value: '101', unit: 'mg/dL', range: '65–99', flag: 'High' },
      { name: 'ALT', value: '41', unit: 'U/L', range: '9–46', flag: null },
    ]);
  });

  it('keeps a bare value stated before any fuller one, and is linear on many readings', () => {
    const bare = { indicator: 'TSH', value: '2.1', unit: null, referenceRange: null, flag: null, measuredAt: null };
    const full = { ...bare, unit: 'mIU/L' };
    expect(withoutRestatements([bare, full, bare])).toEqual([bare, full]);
    const many = Array.from({ length: 50_000 }, (_, i) => ({ ...full, value: String(i) }));
    const started = performance.now();
    expect(withoutRestatements(many)).toHaveLength(50_000);
    expect(performance.now() - started).toBeLessThan(500);
  });
});

describe('what is not a reading (not-readings.ts)', () => {
  it('drops interpretation bands printed under a result', () => {
    const text = [
      'VITAMIN D,25-OH,TOTAL         24 L      30-100 ng/mL',
      '   Vitamin D Status         25-OH Vitamin D:',
      '   Deficiency:                  <20 ng/mL',
      '   Insufficiency:             20 - 29 ng/mL',
      '   Optimal:                 > or = 30 ng/mL',
    ].join('\n');
    expect(pick(text).map((r) => r.name)).toEqual(['VITAMIN D,25-OH,TOTAL']);
  });

  it('drops a risk-category table and its caption under a results table', () => {
    const text = [
      'Test Name                 Result     Unit        Bio. Ref. Interval',
      'LDL CHOLESTEROL           136 H      mg/dL       < 100',
      '',
      '   NCEP ATP III classification     Total Cholesterol    Triglyceride     LDL',
      '   Optimal                         < 200                < 150            < 100',
      '   Borderline High                 200 - 239            150 - 199        130 - 159',
      '   Very high                       >= 240               >= 500           >= 190',
    ].join('\n');
    expect(pick(text).map((r) => r.name)).toEqual(['LDL CHOLESTEROL']);
  });

  it('drops goals and thresholds in prose and call-back notes, keeps a censored result', () => {
    expect(pick('HbA1c goal <7 %')).toEqual([]);
    expect(pick('(LDL-C of <70 mg/dL) is considered a therapeutic option.')).toEqual([]);
    expect(pick('Glucose > 11.0 mmol/L telephoned to ward 7 at 13:10.')).toEqual([]);
    expect(pick('Troponin T <3 ng/L on admission, should be repeated.')).toEqual([
      { name: 'Troponin T', value: '<3', unit: 'ng/L', range: null, flag: null },
    ]);
    expect(
      pick(['Test   Result   Units   Reference', 'Troponin T hs   < 3   ng/l   < 14'].join('\n')).map((r) => r.value),
    ).toEqual(['< 3']);
  });

  it('keeps a name with a digit inside a word before a semicolon', () => {
    const text = [
      'Test Name                                 Result     Unit        Bio. Ref. Interval',
      'VITAMIN B12 ; CYANOCOBALAMIN              168 L      pg/mL       211 - 911',
    ].join('\n');
    expect(pick(text).map((r) => r.name)).toEqual(['VITAMIN B12 ; CYANOCOBALAMIN']);
  });

  it('drops an HL7 OBX that carries a comment, keeps a short text result', () => {
    const text = [
      'MSH|^~\\&|LAB|FAC|EHR|FAC|20260307104512||ORU^R01|1|P|2.5.1',
      'OBX|1|NM|777-3^Platelets^LN||132|10*3/uL|150-400|L|||F',
      'OBX|2|TX|8251-1^Comment^LN||Mild leukopenia; suggest repeat CBC in 2-4 weeks.||||||F',
      'OBX|3|ST|5778-6^Color of Urine^LN||Pale yellow||||||F',
      'OBX|4|TX|99999-9^Smear review^L||Platelet count confirmed by smear review today.||||||F',
    ].join('\n');
    expect(pick(text).map((r) => r.name)).toEqual(['Platelets', 'Color of Urine']);
  });

  it('stays linear on huge and truncated input', () => {
    const started = performance.now();
    const huge = `Goal ${'LDL <70 mg/dL is the target for patients, '.repeat(50_000)}`;
    expect(isNotAReading({ name: huge, value: '12', fromTable: true, line: huge })).toBe(false);
    expect(isNotAReading({ name: 'LDL', value: '<70', fromTable: false, line: huge })).toBe(true);
    expect(splitTrailingSign(`${'1'.repeat(100_000)} +`)).not.toBeNull();
    expect(statusCellFlag('⬇️'.repeat(50_000))).toBe('');
    const bandTable = `NCEP ATP III classification   Total\n${'   Optimal   < 200   < 150\n'.repeat(2_000)}   Optimal   <`;
    expect(extractReadingsOffline(bandTable)).toEqual([]);
    expect(performance.now() - started).toBeLessThan(5000);
  });
});

describe('results inside prose, chat answers and pasted HTML', () => {
  it('reads Markdown bullets with bold names, dropping bullets, italics and trailing emoji', () => {
    const text = ['- **Vitamin B12:** 412 pg/mL (normal 200–900) ✅', '* **TSH:** 1.8 mIU/L (normal 0.4–4.0) ⚠️'].join(
      '\n',
    );
    expect(pick(text)).toEqual([
      { name: 'Vitamin B12', value: '412', unit: 'pg/mL', range: '200–900', flag: null },
      { name: 'TSH', value: '1.8', unit: 'mIU/L', range: '0.4–4.0', flag: null },
    ]);
  });

  it('reads a flag word set off by a dash at the end of a reading, not a dash between readings', () => {
    expect(pick('- **Ferritin:** 9 ng/mL (normal 15–150) — *low*')).toEqual([
      { name: 'Ferritin', value: '9', unit: 'ng/mL', range: '15–150', flag: 'low' },
    ]);
    expect(pick('Glucose 104 mg/dL - high').map((r) => r.flag)).toEqual(['high']);
  });

  it('keeps a starred value and an arrow flag when Markdown marks are dropped', () => {
    const text = [
      'Test      Result   Units   Range',
      'Glucose   *126     mg/dL   70-99',
      'Sodium    128 ⬇    mmol/L  135-145',
    ].join('\n');
    expect(pick(text).map((r) => [r.value, r.flag])).toEqual([
      ['126', '*'],
      ['128', '⬇'],
    ]);
  });

  it('reads an HTML table pasted one cell per line, the unit after the range', () => {
    const text = [
      'Component',
      'Your Value',
      'Standard Range',
      'Units',
      'Glucose',
      '112',
      '70 - 99',
      'mg/dL',
      'High',
    ].join('\n');
    expect(pick(text)).toEqual([{ name: 'Glucose', value: '112', unit: 'mg/dL', range: '70 - 99', flag: 'High' }]);
  });

  it('names a prose reading without its article, and keeps a result far from guidance words', () => {
    expect(pick('On admission the serum potassium was 3.2 mmol/L.').map((r) => r.name)).toEqual(['serum potassium']);
    expect(
      pick('Troponin T was <3 ng/L on arrival and stayed low on repeat, well below the 14 ng/L threshold.').map(
        (r) => r.value,
      ),
    ).toEqual(['<3']);
    expect(pick('Please aim for an LDL <1.8 mmol/L on atorvastatin.')).toEqual([]);
  });

  it('drops the rows of a goal table by cardiovascular risk', () => {
    const text = [
      'Cholestérol LDL (calculé)          1,65         g/L        < 1,60',
      'Objectifs de LDL selon le risque cardiovasculaire (ESC 2019) :',
      'Risque faible                      < 1,16 g/L',
      'Risque très élevé                  < 0,55 g/L',
      'High risk                          < 70 mg/dL',
    ].join('\n');
    expect(pick(text).map((r) => r.name)).toEqual(['Cholestérol LDL (calculé)']);
  });
});

describe('CGM time in ranges (time-in-range.ts)', () => {
  it('reads each band share with its goal, a statistic with the goal noted after it, and not the wear time', () => {
    const text = [
      '14 Days: March 29, 2026 - April 11, 2026        % Time CGM is Active: 97%',
      'Glucose Variability (%CV) 38.4%      Defined as percent coefficient of variation; goal ≤36%',
      'Very High   >250 mg/dL        9%   (3h 22min)    Less than 5%',
      'Target      70-180 mg/dL     63%   (15h 7min)    Greater than 70%',
      'Very Low    <3.0 mmol/L       1%',
    ].join('\n');
    expect(pick(text)).toEqual([
      // Session 18: the goal noted after the statistic is its range, as the bands' goals are (`goal-notes.ts`).
      { name: 'Glucose Variability (%CV)', value: '38.4', unit: '%', range: '≤36%', flag: null },
      { name: 'Very High >250 mg/dL', value: '9', unit: '%', range: 'Less than 5%', flag: null },
      { name: 'Target 70-180 mg/dL', value: '63', unit: '%', range: 'Greater than 70%', flag: null },
      { name: 'Very Low <3.0 mmol/L', value: '1', unit: '%', range: null, flag: null },
    ]);
  });

  it('keeps a bracketed band as written in the name', () => {
    expect(readTimeInRangeLine('In Range (3.9-10.0 mmol/L)   69%      Greater than 70%')).toEqual({
      name: 'In Range (3.9-10.0 mmol/L)',
      measurement: {
        value: '69',
        unit: '%',
        referenceRange: 'Greater than 70%',
        flag: null,
        qualitative: false,
        rest: '',
      },
    });
    expect(pick('Sensor usage: 94%')).toEqual([]);
  });

  it('leaves a band with a comment after its share, and a huge line, alone', () => {
    expect(readTimeInRangeLine('High  181-250 mg/dL  24%  see the graph on page 2')).toBeNull();
    expect(readTimeInRangeLine(`High  181-250 mg/dL  24%  ${'x'.repeat(100_000)}`)).toBeNull();
  });
});
