import { describe, expect, it } from 'vitest';
import { extractReadingsOffline } from '../../../shared/domain/extraction';
import { withoutRestatements } from '../../../shared/domain/extraction/restatements';
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
