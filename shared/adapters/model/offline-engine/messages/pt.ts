import { localDate, localMonth, localWeekday } from '../dates';
import type { Period, WindowName } from '../time-window';
import type { Messages, StatisticLine } from './types';

const TRIAL_STATUS: Readonly<Record<string, string>> = {
  RECRUITING: 'recrutando',
  NOT_YET_RECRUITING: 'ainda não recrutando',
  ENROLLING_BY_INVITATION: 'inscrição por convite',
  ACTIVE_NOT_RECRUITING: 'ativo, sem recrutamento',
  COMPLETED: 'concluído',
  SUSPENDED: 'suspenso',
  TERMINATED: 'encerrado',
  WITHDRAWN: 'retirado',
};
const WHAT = { studies: 'estudos', trials: 'ensaios', article: 'o artigo', page: 'a página' } as const;
const statisticName = (kind: StatisticLine['kind'], p: number | null) =>
  kind === 'percentile'
    ? `percentil ${p ?? 50}`
    : { sd: 'desvio padrão', variance: 'variância', median: 'mediana', correlation: 'correlação' }[kind];
const o = (kind: StatisticLine['kind']) => (kind === 'sd' || kind === 'percentile' ? 'O' : 'A');

/** Portuguese as written in Brazil (você), understood in Portugal; dates as pt-BR writes them. */

const LOCALE = 'pt-BR';
/** The first of the month is `1º`. */
const date = (iso: string) => localDate(iso, LOCALE).replace(/^1 /, '1º ');
const readings = (n: number) => (n === 1 ? '1 medição' : `${n} medições`);
const agree = (n: number, one: string, many: string) => (n === 1 ? one : many);
const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const list = (items: readonly string[]) =>
  items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} e ${items.at(-1)}`;

const UNITS = {
  hour: ['na última hora', (n: number) => `nas últimas ${n} horas`],
  day: ['no último dia', (n: number) => `nos últimos ${n} dias`],
  week: ['na última semana', (n: number) => `nas últimas ${n} semanas`],
  month: ['no último mês', (n: number) => `nos últimos ${n} meses`],
  year: ['no último ano', (n: number) => `nos últimos ${n} anos`],
} as const;

function period(p: Period): string {
  switch (p.kind) {
    case 'day':
      return `em ${date(p.day)}`;
    case 'month':
      return `em ${localMonth(p.year, p.month, LOCALE)}`;
    case 'year':
      return `em ${p.year}`;
    case 'window':
      return window(p.name);
  }
}

function window(name: WindowName): string {
  switch (name.kind) {
    case 'between':
      return `entre ${date(name.from)} e ${date(name.to)}`;
    case 'years':
      return `em ${name.from}–${name.to}`;
    case 'bounds':
      return [name.since ? `desde ${date(name.since)}` : '', name.until ? `até ${date(name.until)}` : '']
        .filter(Boolean)
        .join(' ');
    case 'rolling': {
      const [one, many] = UNITS[name.unit];
      return `${name.n === 1 ? one : many(name.n)} (desde ${date(name.since)})`;
    }
    case 'weekday':
      // Sábado and domingo are masculine, the other weekdays feminine.
      return `${name.weekday === 0 || name.weekday === 6 ? 'no' : 'na'} ${localWeekday(name.day, LOCALE)} (${date(name.day)})`;
    case 'today':
      return `hoje (${date(name.day)})`;
    case 'yesterday':
      return `ontem (${date(name.day)})`;
    case 'thisWeek':
      return `esta semana (desde ${date(name.since)})`;
    case 'thisMonth':
      return `este mês (desde ${date(name.since)})`;
    case 'thisYear':
      return `este ano (desde ${date(name.since)})`;
    case 'lastMonth':
      return `no mês passado (${localMonth(name.year, name.month, LOCALE)})`;
    case 'lastYear':
      return `no ano passado (${name.year})`;
    case 'in':
    case 'on':
      return period(name.period);
  }
}

const STATUS = {
  flagged: ' — sinalizada como anormal',
  inRange: ' — dentro da faixa de referência',
  notFlagged: ' — não sinalizada',
  noFlag: ' — sem sinalização registrada',
} as const;

const DIRECTION = {
  rising: 'em alta',
  falling: 'em queda',
  stable: 'estável',
  insufficient_data: 'poucas medições para indicar uma tendência',
} as const;

const PLACE = {
  above: ', acima da faixa de referência',
  below: ', abaixo da faixa de referência',
  flagged: ', sinalizada como anormal',
} as const;

const reference = (r: string | null) => (r ? ` (referência: ${r})` : ' (sem faixa de referência registrada)');

export const PT: Messages = {
  language: 'pt',
  date,
  window,
  allRecords: 'nos seus registros',
  readings,
  list,
  quote: (text) => `"${text}"`,
  unitWords: { '{steps}': 'passos', '{beats}/min': 'batimentos/min' },
  panels: {
    'blood pressure': 'pressão arterial',
    'lipid panel': 'perfil lipídico',
    'thyroid tests': 'exames de tireoide',
    'kidney function tests': 'função renal',
    'liver function tests': 'função hepática',
    'blood count': 'hemograma',
    'iron studies': 'perfil de ferro',
    electrolytes: 'eletrólitos',
    'vital signs': 'sinais vitais',
    sleep: 'sono',
    'diabetes markers': 'marcadores de diabetes',
  },

  footer: '_Este é um resumo dos seus registros baseado em regras, não uma orientação médica._',
  journalAcknowledgement: 'Anotado, obrigado.',
  advice:
    'Não posso dar orientação médica nem diagnóstico: sou um mecanismo baseado em regras que informa o que seus registros mostram, então converse sobre isso com seu médico.',
  toolsOff:
    'As ferramentas estão desativadas nesta solicitação, então não posso ler seus registros e não tenho nada dos seus dados para informar.',
  nothingToLookUp: 'Não havia nada a consultar para esta pergunta, então não há nada dos seus registros para informar.',
  dataToolsMissing:
    'Não consigo ler seus dados de saúde aqui: as ferramentas de dados não estão disponíveis nesta conversa.',
  familyToolMissing:
    'Não consigo listar seu círculo de cuidados aqui: essa ferramenta não está disponível nesta conversa.',
  filesToolMissing:
    'Não consigo listar seus arquivos clínicos aqui: essa ferramenta não está disponível nesta conversa.',
  familyNotOwnRecords: 'As medições abaixo são suas; só consigo ler os seus registros, não os de um familiar.',
  lookupFailed: 'a consulta falhou',
  ownToolReturned: (name) => `Sua ferramenta **${name}** retornou:`,
  ownToolReturnedNothing: (name) => `Sua ferramenta **${name}** não retornou nada.`,
  couldNotReadRecords: (error) => `Não consegui ler seus registros: ${error}.`,
  couldNotListFamily: (error) => `Não consegui listar seu círculo de cuidados: ${error}.`,
  couldNotListFiles: (error) => `Não consegui listar seus arquivos: ${error}.`,

  panelHeading: (panel) => `**${capitalise(panel)}**:`,
  panelLookupFailed: (panel, error) => `Não consegui consultar **${panel}**: ${error}.`,
  lookupFailedFor: (label, error) => `Não consegui consultar **${label}**: ${error}.`,
  noData: (label, where) => `Não encontrei medições de **${label}** ${where}.`,
  missingMembers: (where, names) => `Nenhuma medição ${where} para: ${names}.`,
  recordsDoHold: (window, names) => `${window ? `${capitalise(window)}, seus` : 'Seus'} registros contêm: ${names}.`,

  searchFailed: (quoted, error) => `Não consegui procurar ${quoted} nos seus registros: ${error}.`,
  nothingToMatch: (where, quoted) => `Não encontrei medições ${where}, então nada corresponde a ${quoted}.`,
  noMatch: (quoted, window) =>
    `Não consegui associar ${quoted} a nenhum exame dos seus registros${window ? ` ${window}` : ''}.`,
  recordsInclude: (window, names) => `${window ? `${capitalise(window)}, seus` : 'Seus'} registros incluem: ${names}.`,
  matching: (quoted) => `Procurando ${quoted} entre os nomes dos seus registros:`,

  noFlaggedReadings: (where) =>
    `Não encontrei medições sinalizadas como anormais ou fora da faixa de referência ${where}.`,
  flaggedReadings: (n, where, shown) =>
    `Encontrei **${readings(n)}** ${agree(n, 'sinalizada como anormal', 'sinalizadas como anormais')} ou fora da ` +
    `faixa de referência ${where}${shown !== null ? ` (as ${shown} mais recentes estão listadas)` : ''}:`,
  flaggedGroup: (name, loincCode) => `**${name}**${loincCode ? ` (LOINC ${loincCode})` : ''}:`,
  noReadings: (where) => `Não encontrei medições ${where}.`,
  overviewHeading: (window, series) =>
    `${window ? `${capitalise(window)}, seus` : 'Seus'} registros contêm ${series === 1 ? '1 série' : `${series} séries`}:`,
  overviewColumns: {
    test: 'Exame',
    readings: 'Medições',
    latest: 'Última',
    date: 'Data',
    change: 'Variação',
    flagged: 'Sinalizadas',
  },
  overviewTruncated:
    'Só uma parte das suas séries coube neste resumo; pergunte por um exame específico para ver o restante.',
  noneFlagged: 'Nenhuma destas medições foi sinalizada como anormal.',

  seriesHeading: (heading, n, where, emphasise) =>
    `${heading}: ${emphasise ? `**${readings(n)}**` : readings(n)} ${where}.`,
  latest: ({ value, date: day, convertedFrom, status, reference: range, noReference }) =>
    `- Última: **${value}** em ${day}${convertedFrom ? `, convertida de ${convertedFrom}` : ''}` +
    `${status ? STATUS[status] : ''}${range || noReference ? reference(range) : ''}.`,
  referenceUpTo: (value) => `até ${value}`,
  referenceAtLeast: (value) => `no mínimo ${value}`,
  converted: (n, unit) =>
    `- ${readings(n)} ${agree(n, 'convertida', 'convertidas')} para ${unit} para unir os valores.`,
  leftOut: (total, parts) => {
    const why = parts.map(({ count, reason, unit }) =>
      reason === 'no_unit'
        ? `${count} sem unidade`
        : reason === 'other_unit'
          ? `${count} em ${unit || 'outra unidade'}, que não pode ser convertida`
          : `${count} não ${agree(count, 'numérica', 'numéricas')}`,
    );
    return `- ${agree(total, 'Não incluída', 'Não incluídas')} nestes valores: ${readings(total)} (${list(why)}).`;
  },
  change: ({ first, last, firstDate, lastDate, change, percent, direction }) =>
    `- Variação: ${first} → ${last} (${firstDate} → ${lastDate}): ${change}${percent !== null ? ` (${percent})` : ''}, ` +
    `${DIRECTION[direction]}.`,
  extremes: ({ highest, highestDate, lowest, lowestDate }) =>
    `- Máximo: **${highest}** em ${highestDate}; mínimo: **${lowest}** em ${lowestDate}.`,
  onlyOneReading: (where, value, day) =>
    `- Só há uma medição numérica ${where}: ${value} em ${day}, então não há tendência a informar.`,
  singleExtreme: (where, value, day) =>
    `- Com uma única medição numérica ${where}, ${value} em ${day} é ao mesmo tempo o máximo e o mínimo.`,
  noNumericReadings: (where, what) =>
    `- Não há medições numéricas ${where}, então não há ${what === 'trend' ? 'tendência' : 'faixa'} a informar.`,
  average: (value, n) => `- Média: **${value}** em ${readings(n)}.`,
  flaggedCount: (n) => `- ${readings(n)} ${agree(n, 'sinalizada como anormal', 'sinalizadas como anormais')}.`,
  noneFlaggedIn: (where) => `- Nenhuma destas medições foi sinalizada como anormal ${where}.`,
  flaggedList: (n, shown) =>
    `- ${agree(n, 'Sinalizada como anormal', 'Sinalizadas como anormais')}: ${readings(n)}${shown !== null ? ` (as ${shown} mais recentes de ${n} são mostradas)` : ''}:`,
  reading: ({ date: day, value, place, reference: range }) =>
    `${day}: **${value}**${place ? PLACE[place] : ''}${reference(range)}`,
  readingColumns: { date: 'Data', value: 'Valor', flag: 'Situação' },
  flagWords: { abnormal: 'anormal', normal: 'normal' },
  showingNewest: (shown, total) => `Mostrando as ${shown} mais recentes de ${total}.`,
  couldNotListReadings: (error) => `- Não consegui listar as medições individuais: ${error}.`,
  comparisonColumns: { test: 'Exame', latest: 'Última', date: 'Data', change: 'Variação', readings: 'Medições' },

  noFamily: 'Seu círculo de cuidados ainda não tem familiares.',
  familyHeading: (n) => `Seu círculo de cuidados tem ${n === 1 ? '1 membro' : `${n} membros`}:`,
  familyMember: ({ name, relationship, hasRecords, notes }) =>
    `- **${name}** — ${relationship}${hasRecords ? ' (tem seus próprios registros no HDS)' : ''}${notes ? `: ${notes}` : ''}`,
  noFiles: 'Não encontrei arquivos clínicos na sua conta.',
  filesHeading: (n, truncated) =>
    `Você tem ${n === 1 ? '1 arquivo clínico' : `${n} arquivos clínicos`}${truncated ? ' (a lista está incompleta)' : ''}:`,
  file: ({ filename, type, status, date: day, readings: n, abstract }) =>
    `- **${filename}** (${type}, ${status}, enviado em ${day}): ${readings(n)} ${agree(n, 'extraída', 'extraídas')}` +
    `${abstract ? `. ${abstract}` : '.'}`,
  latestFile: ({ filename, type, status, date: day, readings: n, abstract }) =>
    `Seu arquivo clínico mais recente é **${filename}** (${type}, ${status}, enviado em ${day}): ` +
    `${readings(n)} ${agree(n, 'extraída', 'extraídas')}.${abstract ? ` ${abstract}` : ''}`,
  fileBegins: (excerpt) => `Ele começa assim:\n> ${excerpt}`,
  otherFiles: (n) =>
    `Você tem ${n === 1 ? 'mais 1 arquivo' : `mais ${n} arquivos`}; peça seus arquivos para ver todos.`,
  noReadingToRecord:
    'Não encontrei nenhuma medição para registrar na sua mensagem. Informe-a com um valor, por exemplo "registre meu peso 72 kg" ou "registre pressão arterial 120/80 mmHg".',
  nothingRecorded: 'Nada foi registrado.',
  cannotRecord: 'Não posso registrar medições nesta conversa: a ferramenta de gravação não está disponível aqui.',
  recordFailed: (error) => `Não consegui registrar essa medição: ${error}.`,
  recorded: ({ name, loincCode, value, date: day }) =>
    `Registrado: **${name}**${loincCode ? ` (LOINC ${loincCode})` : ''}: **${value}** em ${day}.`,

  knowledge: {
    articlesFound: (total, query, source, shown) =>
      `Encontrei **${total} ${agree(total, 'artigo', 'artigos')}** no ${source} sobre "${query}"${shown > 1 && shown < total ? `; os ${shown} primeiros` : ''}:`,
    noArticles: (query, source) => `Não encontrei artigos no ${source} sobre "${query}".`,
    article: ({ title, year, journal, url }) =>
      `- **${title}**${year || journal ? ` (${[year, journal ? `*${journal}*` : null].filter(Boolean).join(', ')})` : ''}: ${url}`,
    trialsFound: (total, condition, location, shown) =>
      `Encontrei **${total} ${agree(total, 'ensaio clínico', 'ensaios clínicos')}** sobre ${condition}${location ? ` perto de ${location}` : ''}` +
      `${shown > 1 && shown < total ? `; os ${shown} primeiros` : ''}:`,
    noTrials: (condition, location) =>
      `Não encontrei ensaios clínicos sobre ${condition}${location ? ` perto de ${location}` : ''} com esse status.`,
    trial: ({ nctId, title, status, phase, url }) =>
      `- **${nctId}**: ${title} (${status}${phase ? `, ${phase}` : ''}): ${url}`,
    status: (status) => TRIAL_STATUS[status] ?? status,
    trialsNeedCondition:
      'Para procurar ensaios clínicos preciso de uma doença ou condição, por exemplo "ensaios recrutando para diabetes tipo 2 perto de São Paulo".',
    articleText: ({ pmcid, title, text, url }) => `**${title}** (${pmcid}):\n\n> ${text}\n\nLeia em ${url}`,
    articleNotOpen: (pmcid, url) =>
      `${pmcid} não está no subconjunto de acesso aberto do PubMed Central, então não consigo ler o texto aqui; ele está em ${url}`,
    page: ({ title, url, paragraph }) => `**${title}** (${url}):\n\n> ${paragraph}`,
    pageEmpty: (url) => `Li ${url}, mas a página não tem texto que eu possa citar.`,
    unreachable: (source, what, retry) =>
      `Não consegui acessar o ${source} agora, então não posso citar ${WHAT[what]}.` +
      `${retry ? ` Talvez ele volte a responder em cerca de ${retry} segundos.` : ''}`,
    failed: (what, error) => `Não consegui ler ${WHAT[what]}: ${error}.`,
    statistic: ({ kind, percentile, names, value, n, where }) =>
      kind === 'correlation'
        ? `A correlação (r de Pearson) entre suas medições de **${names[0]}** e **${names[1]}** ${where} é **${value}**, a partir de ${n} ${agree(n, 'dia', 'dias')} com medições de ambos.`
        : `${o(kind)} ${statisticName(kind, percentile)} das suas medições de **${names[0]}** ${where} é **${value}**, a partir de ${readings(n)}.`,
    statisticTooFew: ({ kind, names, n, where }) =>
      kind === 'correlation'
        ? `Só ${n} ${agree(n, 'dia tem', 'dias têm')} ${where} medições de **${names[0]}** e de **${names[1]}**; uma correlação precisa de pelo menos 3.`
        : `Há só ${readings(n)} de **${names[0]}** ${where}, poucas demais para ${o(kind) === 'O' ? 'um' : 'uma'} ${statisticName(kind, null)}.`,
    statisticFailed: (error) => `Não consegui calcular: ${error}.`,
    statisticNoData: (name, where) => `Não encontrei medições numéricas de **${name}** ${where} para calcular.`,
  },
  chart: {
    date: 'Data',
    value: 'Valor',
    test: 'Exame',
    flaggedPerTest: 'Medições sinalizadas por exame',
    flaggedReadings: 'Medições sinalizadas',
    versus: ' vs. ',
  },
};
