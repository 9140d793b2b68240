import type { Lexicon } from '../lexicon';
import { aliases, panelNames, words } from './words';

/**
 * Chinese (Simplified). A question is a run of characters without spaces: it is first cut into the words of this
 * lexicon and the test names of the corpus (longest first), so every word here also serves that cut; intents are then
 * matched on the characters themselves.
 */

export const ZH: Lexicon = {
  language: 'zh',
  stopWords: words(`
    我 我的 的 了 吗 呢 吧 啊 呀 是 不是 有 没有 在 和 与 跟 及 或 或者 还 也 都 就 请 帮 帮我 给 给我 你 您 他 她 它 这
    那 这个 那个 这些 那些 哪 哪些 哪个 什么 怎么 怎么样 怎样 如何 多少 几 为什么 么 一下 看 看看 查 查看 查询 显示
    告诉 告诉我 能 能否 可以 想 想要 要 需要 把 被 从 到 对 对于 关于 以来 以后 之前 之后 之间 个 次 条 项 一 下 上 中
    里 一些 所有 全部 每 每个 各 谢谢 你好 嗯 好的 走 走了 了吗 是多少 目前 现在 当前 最近 过去 近 今天 今日 昨天 昨日
    明天 早上 上午 下午 晚上 今早 今晨 昨晚 本周 这周 这个星期 本星期 这星期 上周 上个星期 上星期 上一周 本月 这个月
    这月 上个月 上月 上一个月 今年 去年 天 日 周 星期 月 年 个月 小时 至今 一直 期间 内 时候`),
  softWords: words(`
    数据 记录 结果 读数 数值 值 水平 测量 检测 检查 化验 指标 健康 身体 血 尿 心 趋势 变化 走势 情况 状况 怎么变
    升高 降低 上升 下降 增加 减少 增长 好转 改善 变好 变差 恶化 波动 稳定 历史 平均 平均值 均值 最高 最低 最大 最小
    峰值 最好 最差 正常 异常 不正常 偏高 偏低 过高 过低 太高 太低 超标 范围 参考范围 标记 问题 有问题 图 图表 画图
    曲线 折线图 表格 列表 清单 列出 总结 概况 概览 汇总 摘要 比较 对比 相比 次数 条数 数量 文件 报告 文档 上传 医生
    总 最新 上次 上一次 多高 多低 还好 危险 严重 建议 解释
    家人 家庭 家属 化验报告 化验单 检查报告`),
  panelNames: panelNames({
    'blood pressure': ['血压'],
    'lipid panel': ['血脂', '胆固醇', '血脂四项'],
    'thyroid tests': ['甲状腺', '甲功', '甲状腺功能'],
    'kidney function tests': ['肾功能', '肾'],
    'liver function tests': ['肝功能', '肝'],
    'blood count': ['血常规'],
    'iron studies': ['铁代谢'],
    electrolytes: ['电解质'],
    'vital signs': ['生命体征'],
    sleep: ['睡眠'],
    'diabetes markers': ['糖尿病'],
  }),
  names: aliases({
    'heart rate': ['心跳'],
    'resting heart rate': ['安静心率', '静息心跳'],
    hba1c: ['糖化'],
    'oxygen saturation': ['血氧饱和'],
  }),
  linkWords: new Set(),
  namesAfter: new Map(),
  intents: [
    ['latest', /最新|最近一次|上一次|上次|目前|现在|当前|是多少|多少了|最近(?!\s*\d)/],
    [
      'trend',
      /趋势|变化|走势|怎么变|升高|降低|上升|下降|增加|减少|增长|好转|改善|变好|变差|恶化|波动|稳定|历史|图表|画图|画出|曲线|折线|图/,
    ],
    ['extremes', /最高|最低|峰值|最大|最小|最好|最差|多高|多低/],
    ['count', /多少次|多少条|几次|几条|次数|条数|数量|多少个(?:读数|记录|结果|数据)|多少(?:读数|记录|结果|数据)/],
    ['average', /平均|均值|通常|一般是/],
    ['compare', /比较|对比|相比|比一比|关系|相关|区别|差别|差异|\bvs\b/],
    [
      'abnormal',
      /异常|不正常|正常|超标|偏高|偏低|过高|过低|太高|太低|高于|低于|超出|范围|有问题|健康吗|担心|标记|还好|好不好|高吗|低吗|高不高|低不低|没事吧|要紧/,
    ],
    [
      'list',
      /列出|列表|清单|每一次|每次|每条|所有(?:的)?(?:读数|记录|结果|数值|测量|数据)|全部(?:的)?(?:读数|记录|结果|数据)|逐条|表格|明细/,
    ],
    [
      'overview',
      /概况|概览|总结|汇总|摘要|总体|整体|所有数据|全部数据|哪些数据|什么数据|我的数据|我的健康|健康状况|健康情况|身体状况|身体怎么样/,
    ],
    ['files', /文件|报告|化验单|检验单|检查单|病历|文档|上传|扫描|附件|pdf/],
    [
      'family',
      /家人|家庭|家属|父母|父亲|母亲|爸爸|妈妈|孩子|儿子|女儿|妻子|丈夫|老婆|老公|兄弟|姐妹|哥哥|弟弟|姐姐|妹妹|爷爷|奶奶|外公|外婆|亲人|照护圈/,
    ],
    [
      'advice',
      /主意|点子|食谱|菜谱|应该|该不该|要不要|需不需要|建议|推荐|药物|吃药|服药|用药|他汀|治疗|诊断|剂量|补充剂|保健品|危险|严重|怎么办|饮食|节食|看医生|就医|解释|解读|什么意思|意味着|我(?:是不是|有没有|是否)?(?:得了|患有|有)?(?:糖尿病|贫血|高血压|甲减|甲亢|癌症|疾病)/,
    ],
  ],
  notAbnormal: null,
  // 记录 is also "records": a request to record carries a value.
  record: /^(?:请|帮我|麻烦|帮忙)*(?:记录|记下|添加|保存|录入|登记)(?=.*\d)/,
  journal: {
    // A request may be a bare noun phrase ("我今年的血糖趋势"): the words of what it asks for count as asking.
    asks: /[吗呢]|什么|怎么|多少|几|哪|是否|有没有|能否|可否|可以|请|帮我|给我|显示|列出|告诉我|看看|查看|查询|比较|对比|总结|概况|画|图|多高|多低|如何|为何|为什么|趋势|变化|走势|平均|最高|最低|最新|异常|正常/,
    asksAnywhere: /我想(?:看|知道|了解)|我要看/,
    reports:
      /^(?:今天|昨天|今早|今晨|昨晚|早上|晚上|刚才)|我(?:今天|昨天|今早|今晨|昨晚|刚才|最近)?(?:睡|吃|喝|跑|走|游|骑|开始|停|戒|感觉|觉得|量了|称了|做了|去了|服用|有点)/,
  },
  followUp: /^(?:那|那么|还有|另外|再看看|以及)/,
  lastN: {
    pattern: /(?:最近|最后|最新)\s*(\d{1,3}|两|二|三|四|五|六|七|八|九|十)\s*(?:次|条|个)/,
    numbers: { 两: 2, 二: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9, 十: 10 },
  },
  unelide: null,
  compoundTails: null,
  knowledge: {
    literature: /研究|文献|论文|证据|科学|学术|荟萃分析|系统综述|pubmed/,
    // 试验 alone is also a test (葡萄糖耐量试验): only the clinical words ask for trials.
    trials: /临床试验|临床研究|受试者招募|招募患者/,
    recruiting: /招募|招收|正在招|可以参加|报名/,
    completed: /已完成|已经完成|已结束/,
    near: /(?:在)?([\p{Script=Han}]{2,8}?|[A-Za-z][A-Za-z .'-]*?)\s*(?:附近|周边|一带|地区)/u,
    inPlace: null,
    cueWords: words(`
      有关 关于 对于 方面 研究 文献 论文 证据 科学 学术 荟萃分析 系统综述 最新 怎么说 说了什么 说什么 有什么 有哪些 哪些
      什么 怎么样 如何 表明 显示 认为 结论 发现 临床试验 临床研究 试验 招募中 正在招募 招募 招收 可以参加 报名 已完成
      已经完成 已结束 附近 周边 一带 地区 的 了 吗 呢 吧 请 帮我 给我 找 找一下 查 查一下 有没有 是否 在`),
    statistics: [
      ['sd', /标准差/],
      ['variance', /方差/],
      ['median', /中位数/],
      ['percentile', /(?:第\s*(\d{1,2})\s*百分位|(\d{1,2})\s*百分位|百分位)/],
      ['correlation', /相关性|相关系数|相关程度/],
    ],
  },
};
