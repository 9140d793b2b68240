import { describe, expect, it } from 'vitest';
import { extractReadingsOffline } from '../../../shared/domain/extraction/index';
import { readAs } from './support/read-fields';

const rows = (text: string) => readAs(text, 'indicator', 'value', 'unit');

describe('readings inside Chinese and Japanese prose, parted by full-width punctuation', () => {
  it('reads each vital of an admission examination sentence, with the one-character degree sign as its unit', () => {
    expect(rows('入院查体：T 38.6℃，P 102次/分，R 22次/分，BP 128/76mmHg，神志清。')).toEqual([
      ['T', '38.6', '℃'],
      ['P', '102', '次/分'],
      ['R', '22', '次/分'],
      ['BP', '128/76', 'mmHg'],
    ]);
  });

  it('reads a blood count listed after a caption and a full-width colon, after a sentence that ends in 。', () => {
    expect(rows('患者因发热3天入院。复查血常规：WBC 7.1×10^9/L，N% 68.4%；CRP 9.8mg/L↑。')).toEqual([
      ['WBC', '7.1', '×10^9/L'],
      ['N%', '68.4', '%'],
      ['CRP', '9.8', 'mg/L'],
    ]);
  });

  it('parts Japanese readings at 、 and takes no unit from hiragana (a dose in a sentence is not a reading)', () => {
    expect(rows('体温 38.9℃、脈拍 112回/分、血圧 96/58mmHg。\nセフトリアキソン 2g/日で治療を開始した。')).toEqual([
      ['体温', '38.9', '℃'],
      ['脈拍', '112', '回/分'],
      ['血圧', '96/58', 'mmHg'],
    ]);
  });

  it('reads a prose line opening with 患者 (the patient), which is furniture only as a caption', () => {
    expect(rows('患者因发热3天入院。复查血常规：WBC 7.1×10^9/L，N% 68.4%')).toEqual([
      ['WBC', '7.1', '×10^9/L'],
      ['N%', '68.4', '%'],
    ]);
    expect(rows('患者ID：2601583\n血糖 5.6 mmol/L')).toEqual([['血糖', '5.6', 'mmol/L']]);
  });

  it('dates a clause by the date written after its caption, not by the admission date-time', () => {
    const text = '入院日期：2026-01-15 14:20\n\n辅助检查：2026-01-15 血常规：WBC 13.6×10^9/L↑，Hb 128g/L';
    expect(extractReadingsOffline(text).map((r) => [r.indicator, r.measuredAt])).toEqual([
      ['WBC', '2026-01-15'],
      ['Hb', '2026-01-15'],
    ]);
  });

  it('reads a value glued to a Chinese or Japanese name before a Latin unit, not a count word or a dose', () => {
    expect(rows('降钙素原（PCT）0.82ng/ml↑。体温38.6℃。')).toEqual([
      ['降钙素原(PCT)', '0.82', 'ng/ml'],
      ['体温', '38.6', '℃'],
    ]);
    expect(rows('本报告仅对该标本负责，如有疑问请于三日内咨询。 第1页/共1页\n入院第3天，高血压病2级')).toEqual([]);
    expect(rows('入院后予头孢曲松2.0g ivgtt qd抗感染。')).toEqual([]);
  });

  it('keeps a full-width comma between digits as it is (no space is added inside a number)', () => {
    expect(rows('血小板：PLT 245×10^9/L')).toEqual([['PLT', '245', '×10^9/L']]);
  });
});

describe('a result still awaited is not a reading', () => {
  it('does not take the reference range of a pending row for its value (Turkish e-Nabız, tab separated)', () => {
    const text = 'TSH\t2.1\tmIU/L\t0.4 - 4.0\nAnti-TPO\tSonuç bekleniyor\tIU/mL\t0 - 34';
    expect(rows(text)).toEqual([['TSH', '2.1', 'mIU/L']]);
  });

  it('drops pending rows in German, French, Spanish, Italian and English layouts', () => {
    const text = [
      'Analyse          Ergebnis     Einheit   Referenz',
      'TSH              2,1          mU/l      0,4 - 4,0',
      'Anti-TPO         ausstehend   IU/ml     0 - 34',
    ].join('\n');
    expect(rows(text)).toEqual([['TSH', '2,1', 'mU/l']]);
    expect(rows('Ferritine : en attente (30 - 400 ng/mL)\nTSH : 2,1 mUI/L (0,4 - 4,0)')).toEqual([
      ['TSH', '2,1', 'mUI/L'],
    ]);
    expect(rows('Vitamina D   pendiente   ng/mL   30 - 100\nGlucosa   92   mg/dL   70 - 110')).toEqual([
      ['Glucosa', '92', 'mg/dL'],
    ]);
    expect(rows('Emoglobina glicata   in corso   mmol/mol   20 - 42')).toEqual([]);
    expect(rows('HbA1c: pending   4.0-5.6 %')).toEqual([]);
  });

  it('does not throw nor slow down on long runs of full-width punctuation and pending words', () => {
    const huge = `${'，：；'.repeat(5000)}\n${'pending '.repeat(5000)}0 - 34`;
    const started = Date.now();
    expect(() => extractReadingsOffline(huge)).not.toThrow();
    expect(Date.now() - started).toBeLessThan(3000);
  });
});

describe('section captions and staging bands around a table', () => {
  const table = (caption: string) =>
    [
      'Bepaling                          Uitslag   Vlag  Eenheid          Referentiewaarde',
      'Natrium                           141             mmol/l           135 - 145',
      '',
      caption,
      'ALAT (GPT)                        22              U/l              < 34',
    ].join('\n');

  it('does not join a caption of two section names to the first row below it', () => {
    for (const caption of ['LEVER / SCHILDKLIER', 'LIVER & THYROID', 'NIERE + ELEKTROLYTE'])
      expect(rows(table(caption)).map((row) => row[0])).toEqual(['Natrium', 'ALAT (GPT)']);
  });

  it('reads no KDIGO albuminuria or GFR stage band as a reading', () => {
    const notes = [
      'Kalium   4,8   mmol/l   3,5 - 5,0',
      'Indeling albuminurie: A1 < 3 mg/mmol, A2 3 - 30 mg/mmol, A3 > 30 mg/mmol.',
      'Albuminuria category (KDIGO): A1 < 30 mg/g, A3 > 300 mg/g',
      'Stadieneinteilung: G3a 45 - 59 ml/min/1,73m², G3b 30 - 44 ml/min/1,73m².',
    ].join('\n');
    expect(rows(notes)).toEqual([['Kalium', '4,8', 'mmol/l']]);
  });
});
