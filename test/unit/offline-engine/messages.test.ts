import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '../../../shared/adapters/model/offline-engine/language';
import { messagesFor } from '../../../shared/adapters/model/offline-engine/messages/index';
import { normalizeQuestion } from '../../../shared/adapters/model/offline-engine/text';
import { parseTimeWindow, type WindowName } from '../../../shared/adapters/model/offline-engine/time-window';
import { NOW } from './helpers';

const FOREIGN = LANGUAGES.filter((l): l is Exclude<Language, 'en'> => l !== 'en');

/** One window of every kind the parser names, from English phrases. */
const WINDOWS: string[] = [
  'between 1 jan 2026 and 31 mar 2026',
  '2025 vs 2026',
  'since March',
  'before 2025',
  'since March 2025 until June 2025',
  'last 3 months',
  'past 24 hours',
  'past month',
  'past week',
  'past year',
  'on monday',
  'today',
  'yesterday',
  'this week',
  'this month',
  'this year',
  'last month',
  'last year',
  'in march 2025',
  'in 2024',
  'on 2026-05-01',
  'on march 2025',
  'since last year',
];

function nameOf(phrase: string): WindowName {
  const window = parseTimeWindow(normalizeQuestion(phrase), NOW);
  if (!window) throw new Error(`no window in "${phrase}"`);
  return window.name;
}

describe('the message catalogues', () => {
  it('name every window in English exactly as its label', () => {
    for (const phrase of WINDOWS) {
      const window = parseTimeWindow(normalizeQuestion(phrase), NOW);
      expect(messagesFor('en').window(window!.name), phrase).toBe(window?.label);
    }
  });

  it.each(FOREIGN)('name every window in %s, with no English left', (language) => {
    const m = messagesFor(language);
    for (const phrase of WINDOWS) {
      const text = m.window(nameOf(phrase));
      expect(text.length, phrase).toBeGreaterThan(3);
      expect(text, phrase).not.toMatch(/\b(?:since|between|today|yesterday|last|past|this|in the|up to|Jan|Mar)\b/);
    }
  });

  it('write days in each language, the first of the month as the language does', () => {
    const days = Object.fromEntries(LANGUAGES.map((l) => [l, messagesFor(l).date('2026-01-01T08:00:00.000Z')]));
    expect(days).toEqual({
      en: '1 Jan 2026',
      es: '1 de enero de 2026',
      de: '1. Januar 2026',
      fr: '1er janvier 2026',
      pt: '1º de janeiro de 2026',
      it: '1º gennaio 2026',
      zh: '2026年1月1日',
    });
  });

  it('name windows with their dates: this week, last month, the last 3 months', () => {
    const rows = FOREIGN.map((l) => [
      l,
      messagesFor(l).window(nameOf('this week')),
      messagesFor(l).window(nameOf('last month')),
      messagesFor(l).window(nameOf('last 3 months')),
    ]);
    expect(rows).toEqual([
      [
        'es',
        'esta semana (desde el 16 de noviembre de 2026)',
        'el mes pasado (octubre de 2026)',
        'en los últimos 3 meses (desde el 21 de agosto de 2026)',
      ],
      [
        'de',
        'diese Woche (seit dem 16. November 2026)',
        'letzten Monat (Oktober 2026)',
        'in den letzten 3 Monaten (seit dem 21. August 2026)',
      ],
      [
        'fr',
        'cette semaine (depuis le 16 novembre 2026)',
        'le mois dernier (octobre 2026)',
        'au cours des 3 derniers mois (depuis le 21 août 2026)',
      ],
      [
        'pt',
        'esta semana (desde 16 de novembro de 2026)',
        'no mês passado (outubro de 2026)',
        'nos últimos 3 meses (desde 21 de agosto de 2026)',
      ],
      [
        'it',
        'questa settimana (dal 16 novembre 2026)',
        'il mese scorso (ottobre 2026)',
        'negli ultimi 3 mesi (dal 21 agosto 2026)',
      ],
      ['zh', '本周（自2026年11月16日起）', '上个月（2026年10月）', '最近 3 个月（自2026年8月21日起）'],
    ]);
  });

  it.each(FOREIGN)('translate every sentence into %s (none is the English one)', (language) => {
    const en = messagesFor('en');
    const m = messagesFor(language);
    for (const key of Object.keys(en) as (keyof typeof en)[]) {
      const english = en[key];
      if (typeof english === 'string' && english.length > 12) expect(m[key], key).not.toBe(english);
    }
    const sample = (c: typeof en) => [
      c.noData('LDL', c.allRecords),
      c.seriesHeading('**LDL**', 3, c.allRecords, false),
      c.latest({
        value: '118 mg/dL',
        date: c.date('2026-09-02'),
        convertedFrom: null,
        status: 'inRange',
        reference: '0–130 mg/dL',
        noReference: false,
      }),
      c.reading({ date: c.date('2026-09-02'), value: '138 mg/dL', place: 'above', reference: null }),
      c.familyHeading(2),
      c.filesHeading(2, true),
      c.recorded({ name: 'Body weight', loincCode: '29463-7', value: '72 kg', date: c.date('2026-11-21') }),
      c.leftOut(2, [
        { count: 1, reason: 'no_unit', unit: '' },
        { count: 1, reason: 'other_unit', unit: '' },
      ]),
      c.chart.flaggedPerTest,
      c.panels['lipid panel'],
    ];
    const [mine, english] = [sample(m), sample(en)];
    for (const [i, text] of mine.entries()) expect(text, english[i]).not.toBe(english[i]);
    expect(m.language).toBe(language);
  });

  it('keep numbers as the data writes them, with a decimal point, in every language', () => {
    for (const language of LANGUAGES) {
      const m = messagesFor(language);
      expect(m.average('142.25 mg/dL', 4)).toContain('**142.25 mg/dL**');
      expect(
        m.change({
          first: '5.9',
          last: '5.6%',
          firstDate: m.date('2025-11-03'),
          lastDate: m.date('2026-05-15'),
          change: '-0.3%',
          percent: '-5.1%',
          direction: 'falling',
        }),
      ).toMatch(/5\.9 → 5\.6%.*-0\.3%.*-5\.1%/);
    }
  });

  it('agree in number: one reading, several readings', () => {
    const one = FOREIGN.map((l) => messagesFor(l).flaggedCount(1));
    const many = FOREIGN.map((l) => messagesFor(l).flaggedCount(3));
    expect(one).toEqual([
      '- 1 medición marcada como anormal.',
      '- 1 Messwert als auffällig markiert.',
      '- 1 mesure signalée comme anormale.',
      '- 1 medição sinalizada como anormal.',
      '- 1 misurazione segnalata come anomala.',
      '- 1 条记录被标记为异常。',
    ]);
    expect(many).toEqual([
      '- 3 mediciones marcadas como anormales.',
      '- 3 Messwerte als auffällig markiert.',
      '- 3 mesures signalées comme anormales.',
      '- 3 medições sinalizadas como anormais.',
      '- 3 misurazioni segnalate come anomale.',
      '- 3 条记录被标记为异常。',
    ]);
  });
});
