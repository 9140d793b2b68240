import { localDate, localMonth, localWeekday } from '../dates';
import type { Period, WindowName } from '../time-window';
import type { Messages, StatisticLine } from './types';

const TRIAL_STATUS: Readonly<Record<string, string>> = {
  RECRUITING: '正在招募',
  NOT_YET_RECRUITING: '尚未开始招募',
  ENROLLING_BY_INVITATION: '仅限受邀参加',
  ACTIVE_NOT_RECRUITING: '进行中，不再招募',
  COMPLETED: '已完成',
  SUSPENDED: '已暂停',
  TERMINATED: '已终止',
  WITHDRAWN: '已撤回',
};
const WHAT = { studies: '研究文献', trials: '临床试验', article: '这篇文章', page: '这个网页' } as const;
const statisticName = (kind: StatisticLine['kind'], p: number | null) =>
  kind === 'percentile'
    ? `第 ${p ?? 50} 百分位数`
    : { sd: '标准差', variance: '方差', median: '中位数', correlation: '相关系数' }[kind];

/** Chinese (Simplified, 你), with full-width punctuation around the figures. */

const LOCALE = 'zh-CN';
const date = (iso: string) => localDate(iso, LOCALE);
const readings = (n: number) => `${n} 条记录`;
/** Where a sentence opens with the window: `本周（自…起），…`. */
const lead = (window: string | null) => (window ? `${window}，` : '');
/** `a、b和c`, with a space before an item that opens with a figure or a Latin word (`和 1 条…`). */
const list = (items: readonly string[]) => {
  const spaced = (item: string) => (/^[\p{N}\p{Script=Latin}]/u.test(item) ? ` ${item}` : item);
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join('、')}和${spaced(items.at(-1) ?? '')}`;
};

const UNITS = {
  hour: ['最近 1 小时', (n: number) => `最近 ${n} 小时`],
  day: ['最近 1 天', (n: number) => `最近 ${n} 天`],
  week: ['最近一周', (n: number) => `最近 ${n} 周`],
  month: ['最近一个月', (n: number) => `最近 ${n} 个月`],
  year: ['最近一年', (n: number) => `最近 ${n} 年`],
} as const;

function period(p: Period): string {
  switch (p.kind) {
    case 'day':
      return date(p.day);
    case 'month':
      return localMonth(p.year, p.month, LOCALE);
    case 'year':
      return `${p.year}年`;
    case 'window':
      return window(p.name);
  }
}

function window(name: WindowName): string {
  switch (name.kind) {
    case 'between':
      return `${date(name.from)}至${date(name.to)}之间`;
    case 'years':
      return `${name.from}–${name.to}年`;
    case 'bounds':
      if (name.since && name.until) return `${date(name.since)}至${date(name.until)}`;
      return name.since ? `自${date(name.since)}起` : `截至${date(name.until ?? '')}`;
    case 'rolling': {
      const [one, many] = UNITS[name.unit];
      return `${name.n === 1 ? one : many(name.n)}（自${date(name.since)}起）`;
    }
    case 'weekday':
      return `${localWeekday(name.day, LOCALE)}（${date(name.day)}）`;
    case 'today':
      return `今天（${date(name.day)}）`;
    case 'yesterday':
      return `昨天（${date(name.day)}）`;
    case 'thisWeek':
      return `本周（自${date(name.since)}起）`;
    case 'thisMonth':
      return `本月（自${date(name.since)}起）`;
    case 'thisYear':
      return `今年（自${date(name.since)}起）`;
    case 'lastMonth':
      return `上个月（${localMonth(name.year, name.month, LOCALE)}）`;
    case 'lastYear':
      return `去年（${name.year}年）`;
    case 'in':
    case 'on':
      return period(name.period);
  }
}

const STATUS = {
  flagged: '，已标记为异常',
  inRange: '，在参考范围内',
  notFlagged: '，未标记',
  noFlag: '，没有标记记录',
} as const;

const DIRECTION = {
  rising: '上升',
  falling: '下降',
  stable: '稳定',
  insufficient_data: '记录太少，无法判断趋势',
} as const;

const PLACE = { above: '，高于参考范围', below: '，低于参考范围', flagged: '，已标记为异常' } as const;

const reference = (r: string | null) => (r ? `（参考范围：${r}）` : '（未记录参考范围）');

export const ZH: Messages = {
  language: 'zh',
  date,
  window,
  allRecords: '在你的记录中',
  readings,
  list,
  quote: (text) => `“${text}”`,
  unitWords: { '{steps}': '步', '{beats}/min': '次/分' },
  panels: {
    'blood pressure': '血压',
    'lipid panel': '血脂',
    'thyroid tests': '甲状腺功能',
    'kidney function tests': '肾功能',
    'liver function tests': '肝功能',
    'blood count': '血常规',
    'iron studies': '铁代谢指标',
    electrolytes: '电解质',
    'vital signs': '生命体征',
    sleep: '睡眠',
    'diabetes markers': '糖尿病相关指标',
  },

  footer: '_这是根据规则生成的记录摘要，不构成医疗建议。_',
  journalAcknowledgement: '已记下，谢谢。',
  advice: '我无法提供医疗建议或诊断：我是一个基于规则的引擎，只报告你的记录所显示的内容，请与你的医生讨论。',
  toolsOff: '本次请求关闭了工具，因此我无法读取你的记录，没有可以报告的数据。',
  nothingToLookUp: '这个问题没有需要查询的内容，因此没有可以报告的记录。',
  dataToolsMissing: '我无法在这里读取你的健康数据：本次对话中没有可用的数据工具。',
  familyToolMissing: '我无法在这里列出你的照护圈：本次对话中没有这个工具。',
  filesToolMissing: '我无法在这里列出你的临床文件：本次对话中没有这个工具。',
  familyNotOwnRecords: '以下是你本人的记录；我只能读取你的记录，无法读取家人的记录。',
  lookupFailed: '查询失败',
  ownToolReturned: (name) => `你的工具 **${name}** 返回了：`,
  ownToolReturnedNothing: (name) => `你的工具 **${name}** 没有返回任何内容。`,
  couldNotReadRecords: (error) => `无法读取你的记录：${error}。`,
  couldNotListFamily: (error) => `无法列出你的照护圈：${error}。`,
  couldNotListFiles: (error) => `无法列出你的文件：${error}。`,

  panelHeading: (panel) => `你的**${panel}**：`,
  panelLookupFailed: (panel, error) => `无法查询你的**${panel}**：${error}。`,
  lookupFailedFor: (label, error) => `无法查询**${label}**：${error}。`,
  noData: (label, where) => `${where}没有找到**${label}**的数据。`,
  missingMembers: (where, names) => `${where}，以下项目没有数据：${names}。`,
  recordsDoHold: (window, names) => `${lead(window)}你的记录中有：${names}。`,

  searchFailed: (quoted, error) => `无法在你的记录中搜索${quoted}：${error}。`,
  nothingToMatch: (where, quoted) => `${where}没有找到任何数据，因此没有与${quoted}匹配的项目。`,
  noMatch: (quoted, window) => `${lead(window)}无法将${quoted}与你记录中的任何检测项目对应。`,
  recordsInclude: (window, names) => `${lead(window)}你的记录包括：${names}。`,
  matching: (quoted) => `将${quoted}与你记录中的名称进行匹配：`,

  noFlaggedReadings: (where) => `${where}没有找到被标记为异常或超出参考范围的数据。`,
  flaggedReadings: (n, where, shown) =>
    `${where}共找到 **${readings(n)}** 被标记为异常或超出参考范围${shown !== null ? `（列出最新的 ${shown} 条）` : ''}：`,
  flaggedGroup: (name, loincCode) => `**${name}**${loincCode ? `（LOINC ${loincCode}）` : ''}：`,
  noReadings: (where) => `${where}没有找到任何数据。`,
  overviewHeading: (window, series) => `${lead(window)}你的记录共有 ${series} 个数据系列：`,
  overviewColumns: {
    test: '项目',
    readings: '记录数',
    latest: '最新值',
    date: '日期',
    change: '变化',
    flagged: '异常',
  },
  overviewTruncated: '摘要中只包含部分数据系列；如需查看其余内容，请询问具体的检测项目。',
  noneFlagged: '这些记录都没有被标记为异常。',

  seriesHeading: (heading, n, where, emphasise) =>
    `${heading}：${where}共 ${emphasise ? `**${readings(n)}**` : readings(n)}。`,
  latest: ({ value, date: day, convertedFrom, status, reference: range, noReference }) =>
    `- 最新：${day} **${value}**${convertedFrom ? `（由 ${convertedFrom} 换算）` : ''}` +
    `${status ? STATUS[status] : ''}${range || noReference ? reference(range) : ''}。`,
  referenceUpTo: (value) => `不超过 ${value}`,
  referenceAtLeast: (value) => `不低于 ${value}`,
  converted: (n, unit) => `- ${readings(n)}已换算为 ${unit}，以便合并计算。`,
  leftOut: (total, parts) => {
    const why = parts.map(({ count, reason, unit }) =>
      reason === 'no_unit'
        ? `${count} 条没有单位`
        : reason === 'other_unit'
          ? `${count} 条单位为 ${unit || '其他单位'}，无法换算`
          : `${count} 条不是数值`,
    );
    return `- 未计入这些数值：${readings(total)}（${list(why)}）。`;
  },
  change: ({ first, last, firstDate, lastDate, change, percent, direction }) =>
    `- 变化：${first} → ${last}（${firstDate} → ${lastDate}）：${change}${percent !== null ? `（${percent}）` : ''}，` +
    `${DIRECTION[direction]}。`,
  extremes: ({ highest, highestDate, lowest, lowestDate }) =>
    `- 最高：${highestDate} **${highest}**；最低：${lowestDate} **${lowest}**。`,
  onlyOneReading: (where, value, day) => `- ${where}只有一条数值记录：${day} ${value}，因此无法判断趋势。`,
  singleExtreme: (where, value, day) => `- ${where}只有一条数值记录，${day} 的 ${value} 既是最高值也是最低值。`,
  noNumericReadings: (where, what) => `- ${where}没有数值记录，因此无法给出${what === 'trend' ? '趋势' : '范围'}。`,
  average: (value, n) => `- 平均值：**${value}**（基于 ${readings(n)}）。`,
  flaggedCount: (n) => `- ${readings(n)}被标记为异常。`,
  noneFlaggedIn: (where) => `- ${where}这些记录都没有被标记为异常。`,
  flaggedList: (n, shown) =>
    `- 被标记为异常：${readings(n)}${shown !== null ? `（显示最新的 ${shown} 条，共 ${n} 条）` : ''}：`,
  reading: ({ date: day, value, place, reference: range }) =>
    `${day}：**${value}**${place ? PLACE[place] : ''}${reference(range)}`,
  readingColumns: { date: '日期', value: '数值', flag: '标记' },
  flagWords: { abnormal: '异常', normal: '正常' },
  showingNewest: (shown, total) => `显示最新的 ${shown} 条，共 ${total} 条。`,
  couldNotListReadings: (error) => `- 无法逐条列出记录：${error}。`,
  comparisonColumns: { test: '项目', latest: '最新值', date: '日期', change: '变化', readings: '记录数' },

  noFamily: '你的照护圈中还没有家庭成员。',
  familyHeading: (n) => `你的照护圈共有 ${n} 位成员：`,
  familyMember: ({ name, relationship, hasRecords, notes }) =>
    `- **${name}** — ${relationship}${hasRecords ? '（在 HDS 中有自己的记录）' : ''}${notes ? `：${notes}` : ''}`,
  noFiles: '你的账户中没有找到临床文件。',
  filesHeading: (n, truncated) => `你共有 ${n} 个临床文件${truncated ? '（列表不完整）' : ''}：`,
  file: ({ filename, type, status, date: day, readings: n, abstract }) =>
    `- **${filename}**（${type}，${status}，上传于 ${day}）：提取了 ${readings(n)}${abstract ? `。${abstract}` : '。'}`,
  latestFile: ({ filename, type, status, date: day, readings: n, abstract }) =>
    `你最新的临床文件是 **${filename}**（${type}，${status}，上传于 ${day}）：提取了 ${readings(n)}。${abstract}`,
  fileBegins: (excerpt) => `开头如下：\n> ${excerpt}`,
  otherFiles: (n) => `你还有 ${n} 个其他文件；如需查看全部，请询问你的文件。`,
  noReadingToRecord: '你的消息中没有找到要记录的数据。请附上数值，例如“记录体重 72 kg”或“记录血压 120/80 mmHg”。',
  nothingRecorded: '没有记录任何内容。',
  cannotRecord: '本次对话中无法记录数据：写入工具不可用。',
  recordFailed: (error) => `无法记录该数据：${error}。`,
  recorded: ({ name, loincCode, value, date: day }) =>
    `已记录 **${name}**${loincCode ? `（LOINC ${loincCode}）` : ''}：${day} **${value}**。`,

  knowledge: {
    articlesFound: (total, query, source, shown) =>
      `我在 ${source} 上找到 **${total} 篇**关于“${query}”的文章${shown > 1 && shown < total ? `，以下是前 ${shown} 篇` : ''}：`,
    noArticles: (query, source) => `我在 ${source} 上没有找到关于“${query}”的文章。`,
    article: ({ title, year, journal, url }) =>
      `- **${title}**${year || journal ? `（${[year, journal ? `*${journal}*` : null].filter(Boolean).join('，')}）` : ''}：${url}`,
    trialsFound: (total, condition, location, shown) =>
      `我找到 **${total} 项**${location ? `${location}附近` : ''}关于${condition}的临床试验${shown > 1 && shown < total ? `，以下是前 ${shown} 项` : ''}：`,
    noTrials: (condition, location) =>
      `我没有找到${location ? `${location}附近` : ''}关于${condition}且符合该状态的临床试验。`,
    trial: ({ nctId, title, status, phase, url }) =>
      `- **${nctId}**：${title}（${status}${phase ? `，${phase}` : ''}）：${url}`,
    status: (status) => TRIAL_STATUS[status] ?? status,
    trialsNeedCondition: '要查找临床试验，我需要一个疾病或病症，例如“北京附近正在招募的2型糖尿病临床试验”。',
    articleText: ({ pmcid, title, text, url }) => `**${title}**（${pmcid}）：\n\n> ${text}\n\n全文见 ${url}`,
    articleNotOpen: (pmcid, url) =>
      `${pmcid} 不在 PubMed Central 的开放获取子集中，所以我无法在这里读取正文；文章地址是 ${url}`,
    page: ({ title, url, paragraph }) => `**${title}**（${url}）：\n\n> ${paragraph}`,
    pageEmpty: (url) => `我读取了 ${url}，但其中没有可以引用的文字。`,
    unreachable: (source, what, retry) =>
      `我现在无法连接 ${source}，所以无法引用${WHAT[what]}。${retry ? `大约 ${retry} 秒后它可能会恢复。` : ''}`,
    failed: (what, error) => `我无法读取${WHAT[what]}：${error}。`,
    statistic: ({ kind, percentile, names, value, n, where }) =>
      kind === 'correlation'
        ? `${where}，你的**${names[0]}**与**${names[1]}**读数之间的相关系数（皮尔逊 r）为 **${value}**，基于 ${n} 天同时有两者读数的数据。`
        : `${where}，你的**${names[0]}**读数的${statisticName(kind, percentile)}为 **${value}**，基于 ${readings(n)}。`,
    statisticTooFew: ({ kind, names, n, where }) =>
      kind === 'correlation'
        ? `${where}，只有 ${n} 天同时有**${names[0]}**和**${names[1]}**的读数；计算相关系数至少需要 3 天。`
        : `${where}，**${names[0]}**只有 ${readings(n)}，不足以计算${statisticName(kind, null)}。`,
    statisticFailed: (error) => `我无法完成计算：${error}。`,
    statisticNoData: (name, where) => `${where}，我没有找到可用于计算的**${name}**数值读数。`,
  },
  chart: {
    date: '日期',
    value: '数值',
    test: '项目',
    flaggedPerTest: '各项目的异常记录数',
    flaggedReadings: '异常记录数',
    versus: ' vs ',
  },
};
