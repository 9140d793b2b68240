import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Language } from '../../../shared/adapters/model/offline-engine/language';
import { setClock } from '../../../shared/clock';
import { parseVisChartBlocks, type VisChartSpec } from '../../../shared/domain/agent/vis-chart';
import type { ModelMessage } from '../../../shared/ports/model-provider';
import { argsOf, NOW, reading, runTurn, sampleWorld, type TurnResult, userTurn, type World } from './helpers';

/**
 * Questions in Spanish, German, French, Portuguese, Italian and Chinese are grounded like English ones (the same tool
 * calls, the same series, the same window) and answered in the question's language, with the data's numbers.
 */

let restore: () => void;
beforeAll(() => {
  restore = setClock(() => NOW);
});
afterAll(() => restore());

/** French puts a non-breaking space before `:` and `;`. */
const NB = '\u00a0';

/** The sample Subject plus eight resting-heart-rate readings this week (Mon 16 – Fri 20 Nov) and one plain heart rate in October. */
function world(): World {
  const w = sampleWorld();
  const resting: [string, number][] = [
    ['2026-11-16T07:00:00.000Z', 58],
    ['2026-11-16T21:00:00.000Z', 61],
    ['2026-11-17T07:00:00.000Z', 57],
    ['2026-11-18T07:00:00.000Z', 59],
    ['2026-11-18T21:00:00.000Z', 60],
    ['2026-11-19T07:00:00.000Z', 56],
    ['2026-11-20T07:00:00.000Z', 58],
    ['2026-11-20T21:00:00.000Z', 57],
  ];
  w.readings.push(
    ...resting.map(([time, value]) => reading('Resting heart rate', value, '{beats}/min', time)),
    reading('Heart rate', 72, '{beats}/min', '2026-10-02'),
  );
  return w;
}

interface Case {
  /** Heart rate this week: the series is the eight resting-heart-rate readings, not the one heart rate in October. */
  heartRate: [string, string[]];
  /** LDL this year: first → latest, change, direction, highest and lowest. */
  trend: [string, string[]];
  average: [string, string[]];
  count: [string, string[]];
  /** Glucose last month: nothing recorded, and what the records hold instead. */
  noData: [string, string[]];
  footer: string;
}

const CASES: Record<Exclude<Language, 'en'>, Case> = {
  es: {
    heartRate: [
      '¿Cómo ha estado mi frecuencia cardíaca esta semana?',
      [
        '**Resting heart rate** (Heart rate --resting, LOINC 40443-4): 8 mediciones esta semana (desde el 16 de noviembre de 2026).',
        '- Última: **57 latidos/min** el 20 de noviembre de 2026.',
        '- Cambio: 58 → 57 latidos/min (16 de noviembre de 2026 → 20 de noviembre de 2026): -1 latidos/min (-1.7%), estable.',
        '- Máximo: **61 latidos/min** el 16 de noviembre de 2026; mínimo: **56 latidos/min** el 19 de noviembre de 2026.',
      ],
    ],
    trend: [
      '¿Cómo ha evolucionado mi LDL este año?',
      [
        '3 mediciones este año (desde el 1 de enero de 2026).',
        '- Cambio: 151 → 118 mg/dL (12 de enero de 2026 → 2 de septiembre de 2026): -33 mg/dL (-21.9%), en descenso.',
        '- Máximo: **151 mg/dL** el 12 de enero de 2026; mínimo: **118 mg/dL** el 2 de septiembre de 2026.',
        '- 2 mediciones marcadas como anormales.',
      ],
    ],
    average: ['¿Cuál es mi LDL promedio?', ['- Promedio: **142.25 mg/dL** en 4 mediciones.']],
    count: [
      '¿Cuántas mediciones de HbA1c tengo?',
      [
        '(Hemoglobin A1c/Hemoglobin.total in Blood, LOINC 4548-4): **2 mediciones** en tus registros.',
        '- Última: **5.6%** el 15 de mayo de 2026 — dentro de su rango de referencia (referencia: 4–5.6%).',
      ],
    ],
    noData: [
      '¿Cuál fue mi glucosa el mes pasado?',
      [
        'No encontré mediciones de **glucosa** el mes pasado (octubre de 2026).',
        'Lo que sí hay en tus registros el mes pasado (octubre de 2026): Heart rate, Body weight.',
      ],
    ],
    footer: '_Este es un resumen de tus registros basado en reglas, no un consejo médico._',
  },
  de: {
    heartRate: [
      'Wie war mein Puls diese Woche?',
      [
        '**Resting heart rate** (Heart rate --resting, LOINC 40443-4): 8 Messwerte diese Woche (seit dem 16. November 2026).',
        '- Letzter Wert: **57 Schläge/min** am 20. November 2026.',
        '- Veränderung: 58 → 57 Schläge/min (16. November 2026 → 20. November 2026): -1 Schläge/min (-1.7%), stabil.',
        '- Höchster Wert: **61 Schläge/min** am 16. November 2026; niedrigster: **56 Schläge/min** am 19. November 2026.',
      ],
    ],
    trend: [
      'Wie hat sich mein LDL dieses Jahr entwickelt?',
      [
        '3 Messwerte dieses Jahr (seit dem 1. Januar 2026).',
        '- Veränderung: 151 → 118 mg/dL (12. Januar 2026 → 2. September 2026): -33 mg/dL (-21.9%), fallend.',
        '- Höchster Wert: **151 mg/dL** am 12. Januar 2026; niedrigster: **118 mg/dL** am 2. September 2026.',
        '- 2 Messwerte als auffällig markiert.',
      ],
    ],
    average: ['Was ist mein durchschnittlicher LDL-Wert?', ['- Durchschnitt: **142.25 mg/dL** über 4 Messwerte.']],
    count: [
      'Wie viele HbA1c-Messwerte habe ich?',
      [
        '(Hemoglobin A1c/Hemoglobin.total in Blood, LOINC 4548-4): **2 Messwerte** in deinen Daten.',
        '- Letzter Wert: **5.6%** am 15. Mai 2026 — innerhalb des Referenzbereichs (Referenz: 4–5.6%).',
      ],
    ],
    noData: [
      'Wie war mein Blutzucker letzten Monat?',
      [
        'Ich habe letzten Monat (Oktober 2026) keine Messwerte für **Blutzucker** gefunden.',
        'Letzten Monat (Oktober 2026) enthalten deine Daten aber: Heart rate, Body weight.',
      ],
    ],
    footer: '_Dies ist eine regelbasierte Zusammenfassung deiner Daten, keine medizinische Beratung._',
  },
  fr: {
    heartRate: [
      'Comment a évolué ma fréquence cardiaque cette semaine ?',
      [
        `**Resting heart rate** (Heart rate --resting, LOINC 40443-4)${NB}: 8 mesures cette semaine (depuis le 16 novembre 2026).`,
        `- Dernière mesure${NB}: **57 battements/min** le 20 novembre 2026.`,
        `- Évolution${NB}: 58 → 57 battements/min (16 novembre 2026 → 20 novembre 2026)${NB}: -1 battements/min (-1.7%), stable.`,
        `- Maximum${NB}: **61 battements/min** le 16 novembre 2026${NB}; minimum${NB}: **56 battements/min** le 19 novembre 2026.`,
      ],
    ],
    trend: [
      "Quelle est l'évolution de mon LDL cette année ?",
      [
        '3 mesures cette année (depuis le 1er janvier 2026).',
        `- Évolution${NB}: 151 → 118 mg/dL (12 janvier 2026 → 2 septembre 2026)${NB}: -33 mg/dL (-21.9%), en baisse.`,
        `- Maximum${NB}: **151 mg/dL** le 12 janvier 2026${NB}; minimum${NB}: **118 mg/dL** le 2 septembre 2026.`,
        '- 2 mesures signalées comme anormales.',
      ],
    ],
    average: ['Quelle est la moyenne de mon LDL ?', [`- Moyenne${NB}: **142.25 mg/dL** sur 4 mesures.`]],
    count: [
      "Combien de mesures d'HbA1c ai-je ?",
      [
        `(Hemoglobin A1c/Hemoglobin.total in Blood, LOINC 4548-4)${NB}: **2 mesures** dans vos données.`,
        `- Dernière mesure${NB}: **5.6%** le 15 mai 2026 — dans sa plage de référence (référence${NB}: 4–5.6%).`,
      ],
    ],
    noData: [
      'Quelle était ma glycémie le mois dernier ?',
      [
        "Je n'ai trouvé aucune mesure de **glycémie** le mois dernier (octobre 2026).",
        `Le mois dernier (octobre 2026), vos données contiennent en revanche${NB}: Heart rate, Body weight.`,
      ],
    ],
    footer: '_Ceci est un résumé de vos données fondé sur des règles, et non un avis médical._',
  },
  pt: {
    heartRate: [
      'Como está minha frequência cardíaca esta semana?',
      [
        '**Resting heart rate** (Heart rate --resting, LOINC 40443-4): 8 medições esta semana (desde 16 de novembro de 2026).',
        '- Última: **57 batimentos/min** em 20 de novembro de 2026.',
        '- Variação: 58 → 57 batimentos/min (16 de novembro de 2026 → 20 de novembro de 2026): -1 batimentos/min (-1.7%), estável.',
        '- Máximo: **61 batimentos/min** em 16 de novembro de 2026; mínimo: **56 batimentos/min** em 19 de novembro de 2026.',
      ],
    ],
    trend: [
      'Como evoluiu meu LDL este ano?',
      [
        '3 medições este ano (desde 1º de janeiro de 2026).',
        '- Variação: 151 → 118 mg/dL (12 de janeiro de 2026 → 2 de setembro de 2026): -33 mg/dL (-21.9%), em queda.',
        '- Máximo: **151 mg/dL** em 12 de janeiro de 2026; mínimo: **118 mg/dL** em 2 de setembro de 2026.',
        '- 2 medições sinalizadas como anormais.',
      ],
    ],
    average: ['Qual é a média do meu LDL?', ['- Média: **142.25 mg/dL** em 4 medições.']],
    count: [
      'Quantas medições de HbA1c eu tenho?',
      [
        '(Hemoglobin A1c/Hemoglobin.total in Blood, LOINC 4548-4): **2 medições** nos seus registros.',
        '- Última: **5.6%** em 15 de maio de 2026 — dentro da faixa de referência (referência: 4–5.6%).',
      ],
    ],
    noData: [
      'Qual foi minha glicose no mês passado?',
      [
        'Não encontrei medições de **glicose** no mês passado (outubro de 2026).',
        'No mês passado (outubro de 2026), seus registros contêm: Heart rate, Body weight.',
      ],
    ],
    footer: '_Este é um resumo dos seus registros baseado em regras, não uma orientação médica._',
  },
  it: {
    heartRate: [
      'Com’è stata la mia frequenza cardiaca questa settimana?',
      [
        '**Resting heart rate** (Heart rate --resting, LOINC 40443-4): 8 misurazioni questa settimana (dal 16 novembre 2026).',
        '- Ultima: **57 battiti/min** il 20 novembre 2026.',
        '- Variazione: 58 → 57 battiti/min (16 novembre 2026 → 20 novembre 2026): -1 battiti/min (-1.7%), stabile.',
        '- Massimo: **61 battiti/min** il 16 novembre 2026; minimo: **56 battiti/min** il 19 novembre 2026.',
      ],
    ],
    trend: [
      "Qual è l'andamento del mio LDL quest'anno?",
      [
        "3 misurazioni quest'anno (dal 1º gennaio 2026).",
        '- Variazione: 151 → 118 mg/dL (12 gennaio 2026 → 2 settembre 2026): -33 mg/dL (-21.9%), in calo.',
        '- Massimo: **151 mg/dL** il 12 gennaio 2026; minimo: **118 mg/dL** il 2 settembre 2026.',
        '- 2 misurazioni segnalate come anomale.',
      ],
    ],
    average: ['Qual è la media del mio LDL?', ['- Media: **142.25 mg/dL** su 4 misurazioni.']],
    count: [
      'Quante misurazioni di HbA1c ho?',
      [
        '(Hemoglobin A1c/Hemoglobin.total in Blood, LOINC 4548-4): **2 misurazioni** nei tuoi dati.',
        '- Ultima: **5.6%** il 15 maggio 2026 — nel suo intervallo di riferimento (riferimento: 4–5.6%).',
      ],
    ],
    noData: [
      'Com’era la mia glicemia il mese scorso?',
      [
        'Non ho trovato misurazioni di **glicemia** il mese scorso (ottobre 2026).',
        'Il mese scorso (ottobre 2026), i tuoi dati contengono invece: Heart rate, Body weight.',
      ],
    ],
    footer: '_Questo è un riepilogo dei tuoi dati basato su regole, non un consiglio medico._',
  },
  zh: {
    heartRate: [
      '我这周的心率怎么样？',
      [
        '**Resting heart rate** (Heart rate --resting, LOINC 40443-4)：本周（自2026年11月16日起）共 8 条记录。',
        '- 最新：2026年11月20日 **57 次/分**。',
        '- 变化：58 → 57 次/分（2026年11月16日 → 2026年11月20日）：-1 次/分（-1.7%），稳定。',
        '- 最高：2026年11月16日 **61 次/分**；最低：2026年11月19日 **56 次/分**。',
      ],
    ],
    trend: [
      '我今年的低密度脂蛋白变化趋势',
      [
        '今年（自2026年1月1日起）共 3 条记录。',
        '- 变化：151 → 118 mg/dL（2026年1月12日 → 2026年9月2日）：-33 mg/dL（-21.9%），下降。',
        '- 最高：2026年1月12日 **151 mg/dL**；最低：2026年9月2日 **118 mg/dL**。',
        '- 2 条记录被标记为异常。',
      ],
    ],
    average: ['我的低密度脂蛋白平均是多少？', ['- 平均值：**142.25 mg/dL**（基于 4 条记录）。']],
    count: [
      '我有多少条糖化血红蛋白记录？',
      [
        '(Hemoglobin A1c/Hemoglobin.total in Blood, LOINC 4548-4)：在你的记录中共 **2 条记录**。',
        '- 最新：2026年5月15日 **5.6%**，在参考范围内（参考范围：4–5.6%）。',
      ],
    ],
    noData: [
      '上个月我的血糖怎么样？',
      ['上个月（2026年10月）没有找到**血糖**的数据。', '上个月（2026年10月），你的记录中有：Heart rate, Body weight。'],
    ],
    footer: '_这是根据规则生成的记录摘要，不构成医疗建议。_',
  },
};

/** Every number the tool results hold, as written and as an answer may round it. */
function toolNumbers(turn: TurnResult): Set<string> {
  const numbers = new Set<string>();
  const add = (n: number) => {
    for (const x of [n, Math.abs(n)]) {
      for (const rounded of [x, Math.round(x * 10) / 10, Math.round(x * 100) / 100, Number(x.toFixed(4))]) {
        numbers.add(String(rounded));
      }
    }
  };
  const walk = (v: unknown): void => {
    if (typeof v === 'number') add(v);
    else if (typeof v === 'string' && /^-?\d+(?:\.\d+)?$/.test(v)) add(Number(v));
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  for (const text of turn.results.values()) walk(JSON.parse(text));
  return numbers;
}

const LOCALES: Record<Exclude<Language, 'en'>, string> = {
  es: 'es',
  de: 'de',
  fr: 'fr',
  pt: 'pt-BR',
  it: 'it',
  zh: 'zh-CN',
};

/** The answer's prose without charts, LOINC codes and dates (written out in the language), and with its numbers. */
function proseNumbers(answer: string, language: Exclude<Language, 'en'>): string[] {
  const months = Array.from({ length: 12 }, (_, m) =>
    new Intl.DateTimeFormat(LOCALES[language], { month: 'long', timeZone: 'UTC' }).format(Date.UTC(2026, m, 1)),
  ).join('|');
  const prose = answer
    .replace(/```vis-chart[\s\S]*?```/g, '')
    .replace(/LOINC [\d-]+/g, '')
    .replace(/\d{4}年(?:\d{1,2}月(?:\d{1,2}日)?)?/g, '')
    .replace(new RegExp(`(?:\\d{1,2}(?:er|º|\\.)? (?:de )?)?(?:${months}) (?:de )?\\d{4}`, 'gi'), '')
    .replace(/\(\d{4}\)/g, '');
  return prose.match(/\d+(?:\.\d+)?/g) ?? [];
}

function expectInLanguage(turn: TurnResult, language: Exclude<Language, 'en'>, expected: readonly string[]): void {
  for (const line of expected) expect(turn.answer, turn.answer).toContain(line);
  // The last line is the language's footer, and every number of the prose is one of the data's.
  expect(turn.answer.trim().split('\n').at(-1)).toBe(CASES[language].footer);
  const known = toolNumbers(turn);
  for (const n of proseNumbers(turn.answer, language)) expect(known, `${n} in:\n${turn.answer}`).toContain(n);
}

function charts(answer: string): VisChartSpec[] {
  return parseVisChartBlocks(answer) as VisChartSpec[];
}

describe.each(Object.entries(CASES) as [Exclude<Language, 'en'>, Case][])('answers in %s', (language, c) => {
  it('grounds "heart rate this week" in the eight resting-heart-rate readings of this week (issue 11)', async () => {
    const [question, expected] = c.heartRate;
    const turn = await runTurn(userTurn(question), world());
    // The same lookup as the English question: by the English name, so the tools' text match finds resting heart rate.
    expect(turn.toolCalls.map((tc) => [tc.name, argsOf(tc)])).toEqual([
      ['summarize_health_data', { indicator: 'heart rate', from: '2026-11-16' }],
    ]);
    expectInLanguage(turn, language, expected);
    expect(turn.answer).not.toContain('LOINC 8867-4');
    const [chart] = charts(turn.answer);
    expect(chart?.data).toHaveLength(8);
    expect(chart?.title).toBe('Resting heart rate');
  });

  it('reports a trend: first → latest with dates, change, direction, highest and lowest', async () => {
    const [question, expected] = c.trend;
    const turn = await runTurn(userTurn(question), world());
    expect(argsOf(turn.toolCalls[0]!)).toEqual({ indicator: 'LDL', from: '2026-01-01' });
    expectInLanguage(turn, language, expected);
  });

  it('reports an average and a count', async () => {
    for (const [question, expected] of [c.average, c.count]) {
      expectInLanguage(await runTurn(userTurn(question), world()), language, expected);
    }
  });

  it('says plainly that a test has no readings in the window, and what the records hold', async () => {
    const [question, expected] = c.noData;
    const turn = await runTurn(userTurn(question), world());
    expect(argsOf(turn.toolCalls[0]!)).toMatchObject({ indicator: 'glucose', from: '2026-10-01', to: '2026-10-31' });
    expectInLanguage(turn, language, expected);
    expect(charts(turn.answer)).toEqual([]);
  });
});

describe('the rest of an answer in each language', () => {
  /** `[language, question, expected lines]`: one question per kind of answer. */
  const rows: [Exclude<Language, 'en'>, string, string[]][] = [
    [
      'es',
      '¿Tengo resultados fuera de rango desde el año pasado?',
      [
        'Encontré **6 mediciones** marcadas como anormales o fuera de su rango de referencia desde el 1 de enero de 2025:',
        '- 3 de noviembre de 2025: **5.9%**, por encima del rango de referencia (referencia: 4–5.6%)',
        '"title":"Mediciones marcadas por prueba","axisXTitle":"Prueba","axisYTitle":"Mediciones marcadas"',
      ],
    ],
    [
      'es',
      '¿Qué archivos he subido?',
      [
        'Tienes 1 archivo clínico:',
        '- **lipid-panel-2026-09.pdf** (pdf, processed, subido el 2 de septiembre de 2026): 2 mediciones extraídas. Lipid panel from the September check-up.',
      ],
    ],
    ['es', '¿Quién está en mi familia?', ['Tu círculo de cuidado tiene 1 miembro:']],
    [
      'es',
      'Muéstrame todas mis mediciones de LDL',
      ['| Fecha | Valor | Estado |', '| 2 de septiembre de 2026 | 118 mg/dL | normal |'],
    ],
    ['es', '¿Debería tomar estatinas por mi LDL?', ['No puedo dar consejos médicos ni diagnósticos']],
    [
      'es',
      'Registra mi peso 72 kg',
      ['Registrado: **Body weight** (LOINC 29463-7): **72 kg** el 21 de noviembre de 2026.'],
    ],
    [
      'es',
      '¿Qué datos tienes sobre mí?',
      ['Tus registros contienen 9 series:', '| Prueba | Mediciones | Última | Fecha |'],
    ],
    [
      'de',
      'Habe ich auffällige Werte seit letztem Jahr?',
      [
        'Ich habe seit dem 1. Januar 2025 **6 Messwerte** gefunden, die als auffällig markiert sind oder außerhalb ihres Referenzbereichs liegen:',
        '- 3. November 2025: **5.9%**, über dem Referenzbereich (Referenz: 4–5.6%)',
      ],
    ],
    [
      'de',
      'Zeig mir meine Befunde',
      ['Du hast 1 klinisches Dokument:', '(pdf, processed, hochgeladen am 2. September 2026)'],
    ],
    ['de', 'Wer ist in meiner Familie?', ['Dein Betreuungskreis hat 1 Mitglied:']],
    ['de', 'Sollte ich Statine nehmen?', ['Ich kann keine medizinische Beratung und keine Diagnose geben']],
    [
      'de',
      'Notiere mein Gewicht 72 kg',
      ['Gespeichert: **Body weight** (LOINC 29463-7): **72 kg** am 21. November 2026.'],
    ],
    ['de', 'Welche Daten hast du über mich?', ['Deine Daten enthalten 9 Messreihen:']],
    [
      'fr',
      'Ai-je des résultats anormaux cette année ?',
      [
        `J'ai trouvé **4 mesures** signalées comme anormales ou hors de leur plage de référence cette année (depuis le 1er janvier 2026)${NB}:`,
      ],
    ],
    ['fr', 'Quels documents ai-je importés ?', [`Vous avez 1 document médical${NB}:`]],
    ['fr', 'Qui fait partie de ma famille ?', [`Votre cercle de soins compte 1 membre${NB}:`]],
    ['fr', 'Dois-je prendre un traitement ?', ["Je ne peux pas donner d'avis médical ni de diagnostic"]],
    ['fr', 'Quelles données avez-vous sur moi ?', [`Vos données contiennent 9 séries${NB}:`]],
    [
      'pt',
      'Tenho resultados fora da faixa este ano?',
      [
        'Encontrei **4 medições** sinalizadas como anormais ou fora da faixa de referência este ano (desde 1º de janeiro de 2026):',
      ],
    ],
    ['pt', 'Quais arquivos eu enviei?', ['Você tem 1 arquivo clínico:']],
    ['pt', 'Quem está na minha família?', ['Seu círculo de cuidados tem 1 membro:']],
    ['pt', 'Devo tomar estatinas?', ['Não posso dar orientação médica nem diagnóstico']],
    ['pt', 'Que dados você tem sobre mim?', ['Seus registros contêm 9 séries:']],
    [
      'it',
      "Ho valori fuori norma quest'anno?",
      [
        "Ho trovato **4 misurazioni** segnalate come anomale o fuori dal loro intervallo di riferimento quest'anno (dal 1º gennaio 2026):",
      ],
    ],
    [
      'it',
      'Quali referti ho caricato?',
      ['Hai 1 documento clinico:', '(pdf, processed, caricato il 2 settembre 2026)'],
    ],
    ['it', 'Chi fa parte della mia famiglia?', ['La tua cerchia di cura ha 1 membro:']],
    ['it', 'Dovrei prendere le statine?', ['Non posso dare consigli medici né diagnosi']],
    ['it', 'Quali dati hai su di me?', ['I tuoi dati contengono 9 serie:']],
    [
      'zh',
      '今年我有哪些异常结果？',
      [
        '今年（自2026年1月1日起）共找到 **4 条记录** 被标记为异常或超出参考范围：',
        '- 2026年1月12日：**151 mg/dL**，高于参考范围',
      ],
    ],
    ['zh', '我上传了哪些报告？', ['你共有 1 个临床文件：']],
    ['zh', '我的家人有哪些？', ['你的照护圈共有 1 位成员：']],
    ['zh', '我应该吃他汀吗？', ['我无法提供医疗建议或诊断']],
    ['zh', '记录体重 72 kg', ['已记录 **Body weight**（LOINC 29463-7）：2026年11月21日 **72 kg**。']],
    ['zh', '你有我的哪些数据？', ['你的记录共有 9 个数据系列：', '| 项目 | 记录数 | 最新值 | 日期 |']],
    ['es', '¿Cómo está mi capacitancia de flujo?', ['No pude relacionar "capacitancia de flujo" con ninguna prueba']],
    ['fr', 'Comment va mon zorblax ?', [`Je n'ai pu associer «${NB}zorblax${NB}» à aucun examen de vos données.`]],
    ['de', 'Wie ist mein Zorblax-Wert?', ['Ich konnte „zorblax“ keinem Test in deinen Daten zuordnen.']],
  ];

  it.each(rows)('[%s] %s', async (language, question, expected) => {
    const turn = await runTurn(userTurn(question), world());
    for (const line of expected) expect(turn.answer, turn.answer).toContain(line);
    expect(turn.answer.trim().split('\n').at(-1)).toBe(CASES[language].footer);
  });

  it.each([
    ['es', 'Dormí mal, pulso en reposo 58 esta mañana', 'Anotado, gracias.'],
    ['de', 'Habe schlecht geschlafen, Ruhepuls 58 heute Morgen', 'Notiert, danke.'],
    ['fr', "J'ai mal dormi, pouls au repos 58 ce matin", "C'est noté, merci."],
    ['pt', 'Dormi mal, pulso em repouso 58 hoje de manhã', 'Anotado, obrigado.'],
    ['it', 'Ho dormito male, battito a riposo 58 stamattina', 'Preso nota, grazie.'],
    ['zh', '我昨晚睡得不好，今天早上静息心率58', '已记下，谢谢。'],
  ])('[%s] a journal entry is acknowledged in its language: %s', async (_language, entry, acknowledgement) => {
    const turn = await runTurn(userTurn(entry), world());
    expect(turn.toolCalls).toEqual([]);
    expect(turn.answer).toBe(acknowledgement);
  });

  it('says which readings were converted or left out of the figures', async () => {
    const glucose = {
      readings: [
        reading('Glucose', 5.4, 'mmol/L', '2026-02-01'),
        reading('Glucose', 101, 'mg/dL', '2026-05-01'),
        reading('Glucose', 94, 'mg/dL', '2026-09-01'),
        reading('Glucose', 88, null, '2026-10-01'),
        reading('Glucose', 'pending', 'mg/dL', '2026-11-01'),
      ],
    };
    const expected: [string, string[]][] = [
      [
        '¿Cómo ha cambiado mi glucosa?',
        [
          '- 1 medición convertida a mg/dL para unir las cifras.',
          '- Excluidas de estas cifras: 2 mediciones (1 sin unidad y 1 no numérica).',
        ],
      ],
      [
        'Wie hat sich mein Blutzucker verändert?',
        [
          '- 1 Messwert in mg/dL umgerechnet, um die Werte zusammenzuführen.',
          '- Nicht in diesen Werten enthalten: 2 Messwerte (1 ohne Einheit und 1 nicht numerisch).',
        ],
      ],
      [
        '我的血糖变化',
        ['- 1 条记录已换算为 mg/dL，以便合并计算。', '- 未计入这些数值：2 条记录（1 条没有单位和 1 条不是数值）。'],
      ],
    ];
    for (const [question, lines] of expected) {
      const turn = await runTurn(userTurn(question), glucose);
      for (const line of lines) expect(turn.answer, turn.answer).toContain(line);
    }
  });

  it('labels charts in the language: axis titles, units that are words, the flagged-readings bar chart', async () => {
    const turn = await runTurn(userTurn('Zeig mir ein Diagramm meiner Schritte'), {
      readings: [reading('Steps', 8000, '{steps}', '2026-11-17'), reading('Steps', 10500, '{steps}', '2026-11-19')],
    });
    const [chart] = charts(turn.answer);
    expect(chart).toMatchObject({ type: 'line', title: 'Steps', axisXTitle: 'Datum', axisYTitle: 'Schritte' });
    expect(turn.answer).toContain('- Letzter Wert: **10500 Schritte** am 19. November 2026.');
  });
});

describe('a conversation that changes language', () => {
  const spanish: ModelMessage[] = [
    { role: 'user', content: '¿Cómo ha cambiado mi peso este año?' },
    { role: 'assistant', content: 'Tu peso bajó de 81.2 kg a 77.8 kg.' },
  ];

  it('answers a follow-up in the language it is asked in, with the test carried over', async () => {
    const turn = await runTurn(userTurn('and last year?', spanish), world());
    expect(argsOf(turn.toolCalls[0]!)).toEqual({ indicator: 'body weight', from: '2025-01-01', to: '2025-12-31' });
    expect(turn.answer).toContain('I found no **peso** readings last year (2025).');
    expect(turn.answer.trim().split('\n').at(-1)).toBe(
      '_This is a rule-based summary of your records, not medical advice._',
    );
  });

  it('switches back to Spanish with the next Spanish question', async () => {
    const history: ModelMessage[] = [
      ...spanish,
      { role: 'user', content: 'and my LDL?' },
      { role: 'assistant', content: 'Your LDL is 118 mg/dL.' },
    ];
    const turn = await runTurn(userTurn('¿y el año pasado?', history), world());
    expect(argsOf(turn.toolCalls[0]!)).toEqual({ indicator: 'LDL', from: '2025-01-01', to: '2025-12-31' });
    expect(turn.answer).toContain('1 medición el año pasado (2025).');
    expect(turn.answer).toContain(CASES.es.footer);
  });

  it('keeps Spanish for a question that shows no language ("HbA1c?")', async () => {
    const turn = await runTurn(userTurn('HbA1c?', spanish), world());
    expect(turn.answer).toContain(
      '(Hemoglobin A1c/Hemoglobin.total in Blood, LOINC 4548-4): 2 mediciones en tus registros.',
    );
  });
});
