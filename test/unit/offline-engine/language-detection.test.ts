import { describe, expect, it } from 'vitest';
import { detectLanguage, type Language } from '../../../shared/adapters/model/offline-engine/language';
import { analyseConversation } from '../../../shared/adapters/model/offline-engine/question';
import { NOW } from './helpers';

describe('the language of a question', () => {
  const cases: Record<Exclude<Language, 'en'>, string[]> = {
    es: [
      '¿y mi glucosa?',
      'Mi peso',
      '¿Cómo ha estado mi frecuencia cardíaca esta semana?',
      'mis resultados',
      'Evolución de mi peso',
      'los pasos',
      'Cuál es mi glucemia',
    ],
    de: [
      'Blutzucker letzte Woche?',
      'Mein Gewicht',
      'Wie war mein Puls diese Woche?',
      'meine Ergebnisse',
      'Verlauf meines Gewichts',
      'Ist mein Wert hier normal',
    ],
    fr: ['Mon poids ?', 'Quelle est ma glycémie ?', "l'évolution de mon poids", 'mes résultats', 'combien de mesures'],
    pt: [
      'Meu peso',
      'o meu peso',
      'Qual é a minha glicemia?',
      'Como está minha glicose esta semana?',
      'meus resultados',
    ],
    it: ['Il mio peso', 'il peso', 'Qual è la mia glicemia?', "Com'è andato il mio peso?", 'i miei risultati'],
    zh: ['我的血糖怎么样', '我这周的心率怎么样？', '我的LDL呢', '体重'],
  };
  for (const [language, questions] of Object.entries(cases)) {
    it.each(questions)(`"%s" is ${language}`, (question) => {
      expect(detectLanguage(question)).toBe(language);
    });
  }

  it.each([
    'is my a1c ok?',
    "what's my latest LDL?",
    'heart rate',
    'lowest spo2 ever',
    'plot my glucose',
    'what is my 血糖',
    'show me my glucose esta semana',
    'Slept badly, resting heart rate 58 this morning',
  ])('"%s" is English', (question) => {
    expect(detectLanguage(question)).toBe('en');
  });

  it.each(['LDL?', 'tsh?', 'glucose', 'chol vs trig', '2025 vs 2026', 'peso?', 'body temperature'])(
    '"%s" shows no language of its own',
    (question) => {
      expect(detectLanguage(question)).toBeNull();
    },
  );

  it('reads a mixed question by its majority: Spanish words around an English one, and the reverse', () => {
    expect(detectLanguage('¿cuál es mi trend de glucosa este año?')).toBe('es');
    expect(detectLanguage('show me mi glucosa esta semana por favor')).toBe('es');
    expect(detectLanguage('what is my frecuencia cardíaca this week?')).toBe('en');
  });

  it('answers languages it does not read in English', () => {
    expect(detectLanguage('血糖はどうですか')).toBe('en');
    expect(detectLanguage('какой у меня сахар')).toBe('en');
  });
});

describe('the language of a conversation', () => {
  const languageOf = (questions: string[]) => analyseConversation(questions, NOW).language;

  it('follows the latest question', () => {
    expect(languageOf(['¿Cómo está mi peso?', 'and my LDL?'])).toBe('en');
    expect(languageOf(['how is my weight?', '¿y mi LDL?'])).toBe('es');
    expect(languageOf(['Wie ist mein Gewicht?', 'Et ma tension ?'])).toBe('fr');
  });

  it('keeps the language when the latest question shows none', () => {
    expect(languageOf(['¿Cómo está mi peso?', 'LDL?'])).toBe('es');
    expect(languageOf(['我的体重怎么样', 'LDL?'])).toBe('zh');
    expect(languageOf(['how is my weight?', 'LDL?'])).toBe('en');
    expect(languageOf(['LDL?'])).toBe('en');
  });
});
