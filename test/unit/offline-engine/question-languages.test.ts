import { describe, expect, it } from 'vitest';
import type { Intent } from '../../../shared/adapters/model/offline-engine/intents';
import { analyseQuestion } from '../../../shared/adapters/model/offline-engine/question';
import { NOW } from './helpers';

const LDL = '2089-1';
const A1C = '4548-4';
const GLUCOSE = '2345-7';
const CHOL = '2093-3';
const HDL = '2085-9';
const TRIG = '2571-8';
const WEIGHT = '29463-7';
const HR = '8867-4';
const RHR = '40443-4';
const SYS = '8480-6';
const DIA = '8462-4';
const STEPS = '55423-8';
const SLEEP = '93832-4';
const SPO2 = '59408-5';

const BP = [SYS, DIA];
const LIPIDS = [CHOL, LDL, HDL, TRIG];

/** `[question, intents it must have, first codes of the tests]`: what each question asks, read in its own language. */
type Row = [string, Intent[], string[]];

const ROWS: Record<string, Row[]> = {
  es: [
    ['¿Cómo ha evolucionado mi peso?', ['trend'], [WEIGHT]],
    ['¿Cuál es mi último LDL?', ['latest'], [LDL]],
    ['¿Cuál es mi presión promedio?', ['average'], BP],
    ['¿Cuál fue mi glucosa más alta?', ['extremes'], [GLUCOSE]],
    ['¿Cuántas mediciones de peso tengo?', ['count'], [WEIGHT]],
    ['¿Tengo valores anormales?', ['abnormal'], []],
    ['Lista todas mis mediciones de glucosa', ['list'], [GLUCOSE]],
    ['Muéstrame un gráfico de mi peso', ['trend'], [WEIGHT]],
    ['¿Qué informes de laboratorio tengo?', ['files'], []],
    ['¿Quién está en mi círculo familiar?', ['family'], []],
    ['¿Qué datos tienes sobre mí?', ['overview'], []],
    ['¿Debería tomar estatinas por mi LDL?', ['advice'], [LDL]],
    ['Mi colesterol', [], LIPIDS],
    ['Mi pulso en reposo', [], [RHR]],
    ['Mi azúcar en sangre', [], [GLUCOSE]],
    ['¿Cuántos pasos di ayer?', ['count'], [STEPS]],
    ['¿Cómo duermo?', [], [SLEEP]],
  ],
  de: [
    ['Verlauf meines Gewichts', ['trend'], [WEIGHT]],
    ['Was ist mein letzter LDL-Wert?', ['latest'], [LDL]],
    ['Wie ist mein durchschnittlicher Blutzucker?', ['average'], [GLUCOSE]],
    ['Was war mein niedrigster Puls?', ['extremes'], [HR]],
    ['Wie viele Messwerte habe ich?', ['count'], []],
    ['Sind meine Werte auffällig?', ['abnormal'], []],
    ['Liste alle meine Blutzuckerwerte auf', ['list'], [GLUCOSE]],
    ['Zeig mir ein Diagramm meines Gewichts', ['trend'], [WEIGHT]],
    ['Welche Laborberichte habe ich hochgeladen?', ['files'], []],
    ['Wer gehört zu meiner Familie?', ['family'], []],
    ['Welche Daten hast du über mich?', ['overview'], []],
    ['Ist mein Blutdruck zu hoch?', ['abnormal'], BP],
    ['Mein Cholesterinspiegel', [], LIPIDS],
    ['Mein Langzeitzucker', [], [A1C]],
    ['Wie hoch ist mein Puls?', ['latest'], [HR]],
    ['Wie ist mein Schlaf?', [], [SLEEP]],
  ],
  fr: [
    ['Comment a évolué ma glycémie ?', ['trend'], [GLUCOSE]],
    ['Quelle est ma dernière HbA1c ?', ['latest'], [A1C]],
    ['Quelle est ma moyenne de pas ?', ['average'], [STEPS]],
    ['Quel a été mon poids le plus bas ?', ['extremes'], [WEIGHT]],
    ['Combien de mesures de tension ai-je ?', ['count'], BP],
    ['Ai-je des résultats anormaux ?', ['abnormal'], []],
    ['Liste toutes mes mesures de glycémie', ['list'], [GLUCOSE]],
    ['Montre-moi un graphique de mon poids', ['trend'], [WEIGHT]],
    ["Quels comptes rendus d'analyses ai-je importés ?", ['files'], []],
    ['Qui fait partie de ma famille ?', ['family'], []],
    ['Quelles données avez-vous sur moi ?', ['overview'], []],
    ["Quelle est l'évolution de mon poids ?", ['trend'], [WEIGHT]],
    ['Combien de pas ai-je fait ?', ['count'], [STEPS]],
    ["Je n'ai pas de résultats ?", [], []],
    ['Mon taux de sucre', [], [GLUCOSE]],
    ['Mon pouls au repos', [], [RHR]],
  ],
  pt: [
    ['Como evoluiu meu peso?', ['trend'], [WEIGHT]],
    ['Qual é meu último LDL?', ['latest'], [LDL]],
    ['Qual é a minha glicose média?', ['average'], [GLUCOSE]],
    ['Qual foi minha pressão mais alta?', ['extremes'], BP],
    ['Quantas medições de peso eu tenho?', ['count'], [WEIGHT]],
    ['Tenho resultados fora da faixa?', ['abnormal'], []],
    ['Liste todas as minhas medições de glicose', ['list'], [GLUCOSE]],
    ['Mostre um gráfico do meu peso', ['trend'], [WEIGHT]],
    ['Quais laudos eu enviei?', ['files'], []],
    ['Quem está na minha família?', ['family'], []],
    ['Que dados você tem sobre mim?', ['overview'], []],
    ['Quantos passos dei esta semana?', ['count'], [STEPS]],
    ['Meu açúcar no sangue', [], [GLUCOSE]],
    ['Minha saturação de oxigênio', [], [SPO2]],
  ],
  it: [
    ["Qual è l'andamento della mia glicemia?", ['trend'], [GLUCOSE]],
    ['Qual è il mio ultimo LDL?', ['latest'], [LDL]],
    ['Qual è la mia pressione media?', ['average'], BP],
    ['Qual è stato il mio peso più basso?', ['extremes'], [WEIGHT]],
    ['Quante misurazioni di peso ho?', ['count'], [WEIGHT]],
    ['Ho valori fuori norma?', ['abnormal'], []],
    ['Elenca tutte le mie misurazioni di glicemia', ['list'], [GLUCOSE]],
    ['Mostrami un grafico del mio peso', ['trend'], [WEIGHT]],
    ['Quali referti ho caricato?', ['files'], []],
    ['Chi fa parte della mia famiglia?', ['family'], []],
    ['Quali dati hai su di me?', ['overview'], []],
    ["Com'è andato il mio peso quest'anno?", ['trend'], [WEIGHT]],
    ['Quanti passi ho fatto?', ['count'], [STEPS]],
    ['Il mio colesterolo', [], LIPIDS],
    ['Il mio battito a riposo', [], [RHR]],
  ],
  zh: [
    ['我的体重变化趋势', ['trend'], [WEIGHT]],
    ['我最新的低密度脂蛋白是多少', ['latest'], [LDL]],
    ['我的平均血压', ['average'], BP],
    ['我的血糖最高是多少', ['extremes'], [GLUCOSE]],
    ['我有多少条体重记录', ['count'], [WEIGHT]],
    ['我有异常的指标吗', ['abnormal'], []],
    ['列出我所有的血糖记录', ['list'], [GLUCOSE]],
    ['画一张我的体重图表', ['trend'], [WEIGHT]],
    ['我有哪些化验报告', ['files'], []],
    ['我的家人有哪些', ['family'], []],
    ['你有我的哪些数据', ['overview'], []],
    ['我应该吃他汀吗？', ['advice'], []],
    ['我的血脂', [], LIPIDS],
    ['我的心跳', [], [HR]],
    ['我的睡眠怎么样', [], [SLEEP]],
  ],
};

describe.each(Object.entries(ROWS))('what a question asks, in %s', (language, rows) => {
  it.each(rows)('%s', (question, intents, codes) => {
    const a = analyseQuestion(question, NOW);
    expect(a.language).toBe(language);
    for (const intent of intents) expect(a.intents).toContain(intent);
    expect(a.indicators.map((m) => m.codes[0])).toEqual(codes);
    // Every word is accounted for: a test, a word about the question, or a function word.
    expect(a.terms).toEqual([]);
  });
});

describe('reading other languages', () => {
  it('passes a test to the tools by its English name and keeps the name as written for the answer', () => {
    const [m] = analyseQuestion('¿Cómo ha estado mi frecuencia cardíaca esta semana?', NOW).indicators;
    expect(m).toMatchObject({ phrase: 'heart rate', label: 'frecuencia cardíaca', codes: [HR] });
    const [total] = analyseQuestion('mi colesterol total', NOW).indicators;
    // "cholesterol" is the lipid panel in English, so the tools get the name of the one test.
    expect(total).toMatchObject({ phrase: 'total cholesterol', codes: [CHOL, '14647-2'] });
    const [glucose] = analyseQuestion('Como está minha glicose?', NOW).indicators;
    expect(glucose?.codes).toEqual([GLUCOSE, '14749-6']);
  });

  it('does not take French "pas" (not) for steps', () => {
    expect(analyseQuestion("Je n'ai pas de mesures de poids", NOW).indicators.map((m) => m.codes[0])).toEqual([WEIGHT]);
    expect(analyseQuestion('Combien de pas cette semaine ?', NOW).indicators.map((m) => m.codes[0])).toEqual([STEPS]);
  });

  it('splits German compounds before a known name: Blutzuckerwerte, Gewichtsverlauf', () => {
    const a = analyseQuestion('Zeig mir meinen Gewichtsverlauf', NOW);
    expect(a.indicators.map((m) => [m.codes[0], m.label])).toEqual([[WEIGHT, 'Gewicht']]);
    expect(a.intents).toContain('trend');
  });

  it('cuts a Chinese question into words: 我这周的心率怎么样', () => {
    const a = analyseQuestion('我这周的心率怎么样', NOW);
    expect(a.indicators.map((m) => [m.codes[0], m.label])).toEqual([[HR, '心率']]);
    expect(a.window?.from).toBe('2026-11-16');
    expect(a.terms).toEqual([]);
  });

  it('reads "my last 3 results" in each language', () => {
    for (const question of [
      'mis últimos 3 resultados de LDL',
      'meine letzten drei LDL-Werte',
      'mes 3 derniers résultats de LDL',
      'meus últimos 3 resultados de LDL',
      'i miei ultimi tre valori di LDL',
      '最近3次的低密度脂蛋白',
    ]) {
      const a = analyseQuestion(question, NOW);
      expect(a.listLimit, question).toBe(3);
      expect(a.intents, question).toContain('list');
    }
  });

  it('reads a request to record a reading in each language', () => {
    for (const question of [
      'Registra mi peso 72 kg',
      'Notiere mein Gewicht 72 kg',
      'Note mon poids 72 kg',
      'Registre meu peso 72 kg',
      'Registra il mio peso 72 kg',
      '记录体重 72 kg',
    ]) {
      expect(analyseQuestion(question, NOW).record, question).toEqual({
        indicator: 'body weight',
        value: 72,
        unit: 'kg',
      });
    }
    // 记录 is also "records": without a value it asks about them.
    expect(analyseQuestion('记录有哪些', NOW).intents).not.toContain('record');
  });

  it('reads "since last year" in each language', () => {
    for (const question of [
      'mi LDL desde el año pasado',
      'mein LDL seit letztem Jahr',
      "mon LDL depuis l'année dernière",
      'meu LDL desde o ano passado',
      "il mio LDL dall'anno scorso",
      '去年以来的低密度脂蛋白',
    ]) {
      expect(analyseQuestion(question, NOW).window, question).toMatchObject({ from: '2025-01-01', to: null });
    }
  });

  it('tells a journal entry from a question that has no question mark', () => {
    expect(analyseQuestion('Dormí mal, pulso en reposo 58 esta mañana', NOW).intents).toEqual(['journal']);
    expect(analyseQuestion('Muéstrame mi peso', NOW).intents).not.toContain('journal');
    expect(analyseQuestion('我昨晚睡得不好', NOW).intents).toEqual(['journal']);
    expect(analyseQuestion('我今年的血糖趋势', NOW).intents).not.toContain('journal');
    expect(analyseQuestion('i miei valori di glicemia', NOW).intents).not.toContain('journal');
  });
});
