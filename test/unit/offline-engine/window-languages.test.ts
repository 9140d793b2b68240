import { describe, expect, it } from 'vitest';
import { analyseQuestion } from '../../../shared/adapters/model/offline-engine/question';
import { normalizeQuestion } from '../../../shared/adapters/model/offline-engine/text';
import { parseTimeWindow } from '../../../shared/adapters/model/offline-engine/time-window';

const NOW = Date.UTC(2026, 10, 25, 12); // a Wednesday
const window = (q: string) => {
  const w = parseTimeWindow(normalizeQuestion(q), NOW);
  return w && { from: w.from, to: w.to };
};

const SAME_AS: Record<string, string[]> = {
  'this week': [
    '¿Cómo ha estado mi frecuencia cardíaca esta semana?',
    'Wie war mein Puls diese Woche?',
    'Comment était ma tension cette semaine ?',
    'Como está minha glicose esta semana?',
    'Com’è stata la mia pressione questa settimana?',
    '我这周的心率怎么样？',
  ],
  'last month': [
    '¿Y el mes pasado?',
    'Mein Gewicht letzten Monat',
    'Mon poids le mois dernier',
    'Meu peso no mês passado',
    'Il mio peso il mese scorso',
    '上个月我的体重',
  ],
  'this month': [
    'mi peso este mes',
    'mein Gewicht diesen Monat',
    'mon poids ce mois-ci',
    'il mio peso questo mese',
    '本月的血糖',
  ],
  'last year': ['el año pasado', 'letztes Jahr', "l'année dernière", 'o ano passado', "l'anno scorso", '去年'],
  'last 30 days': [
    'los últimos 30 días',
    'in den letzten 30 Tagen',
    'les 30 derniers jours',
    'gli ultimi 30 giorni',
    '最近30天',
  ],
};

describe('time windows said in Spanish, German, French, Portuguese, Italian and Chinese', () => {
  for (const [english, phrasings] of Object.entries(SAME_AS)) {
    it.each(phrasings)(`"%s" is the window "${english}"`, (question) => {
      const expected = window(`glucose ${english}`);
      expect(expected).not.toBeNull();
      expect(window(question)).toEqual(expected);
    });
  }

  it('leaves English and words that mean something else alone', () => {
    expect(window('what is my glucose here')).toBeNull();
    expect(window('Ist mein Wert hier normal')).toBeNull();
    expect(window('my glucose this week')).toEqual(window('my glucose this week'));
  });

  it('grounds the Spanish question of the issue on this week', () => {
    const a = analyseQuestion('¿Cómo ha estado mi frecuencia cardíaca esta semana?', NOW);
    expect(a.window?.from).toBe('2026-11-23');
  });
});

describe('common indicator names in Portuguese and Italian', () => {
  it.each([
    ['Como está minha frequência cardíaca esta semana?', '8867-4'],
    ['La mia frequenza cardiaca a riposo questo mese', '40443-4'],
    ['Qual é a minha glicose?', '2345-7'],
    ['il mio colesterolo totale', '2093-3'],
    ['pressione sistolica ieri', '8480-6'],
  ])('"%s" names %s', (question, code) => {
    expect(analyseQuestion(question, NOW).indicators.flatMap((m) => m.codes)).toContain(code);
  });
});
