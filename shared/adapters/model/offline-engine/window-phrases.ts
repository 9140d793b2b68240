/**
 * Time windows said in Spanish, German, French, Portuguese, Italian and Chinese, rewritten into the English phrases
 * the window parser reads. Input is normalised (lower-case, accents and apostrophes stripped: `año` → `ano`,
 * `l'année` → `lannee`). Only whole phrases are rewritten, and words that mean something else in another of these
 * languages are left out (French `hier` is German `hier`, "here").
 */
const PHRASES: ReadonlyArray<[RegExp, string]> = [
  // Chinese first: no spaces, so the phrase is matched anywhere in the run of characters.
  [/(?:自|从)?(?:去年)(?:以来|至今|开始)/g, ' since last year '],
  [/(?:自|从)?(?:上个月|上月)(?:以来|至今|开始)/g, ' since last month '],
  [/(?:本周|这周|这个星期|本星期|这星期)/g, ' this week '],
  [/(?:上周|上个星期|上星期|上一周)/g, ' last week '],
  [/(?:本月|这个月|这月)/g, ' this month '],
  [/(?:上个月|上月|上一个月)/g, ' last month '],
  [/(?:今年)/g, ' this year '],
  [/(?:去年)/g, ' last year '],
  [/(?:今天|今日)/g, ' today '],
  [/(?:昨天|昨日)/g, ' yesterday '],
  [/(?:最近|过去)\s*(\d+)\s*(?:天|日)/g, ' last $1 days '],
  [/(?:最近|过去)\s*(\d+)\s*(?:周|个星期)/g, ' last $1 weeks '],
  [/(?:最近|过去)\s*(\d+)\s*个?月/g, ' last $1 months '],
  // Spanish and Portuguese.
  [/\b(?:esta|essa) semana\b/g, ' this week '],
  [/\b(?:la )?semana pasada\b|\b(?:a )?semana passada\b/g, ' last week '],
  [/\b(?:este|esse) mes\b/g, ' this month '],
  [/\b(?:el |o )?mes pasado\b|\b(?:o )?mes passado\b/g, ' last month '],
  [/\b(?:este|esse) ano\b/g, ' this year '],
  [/\b(?:el |o )?ano pasado\b|\b(?:o )?ano passado\b/g, ' last year '],
  [/\bhoy\b|\bhoje\b/g, ' today '],
  [/\bayer\b|\bontem\b/g, ' yesterday '],
  [/\b(?:los |las |os |as )?(?:ultimos|ultimas) (\d+) dias\b/g, ' last $1 days '],
  [/\b(?:los |las |os |as )?(?:ultimos|ultimas) (\d+) semanas\b/g, ' last $1 weeks '],
  [/\b(?:los |las |os |as )?(?:ultimos|ultimas) (\d+) meses\b/g, ' last $1 months '],
  // German.
  [/\bdiese woche\b/g, ' this week '],
  [/\b(?:letzte|vergangene|vorige) woche\b/g, ' last week '],
  [/\b(?:diesen|dieser|diesem) monat\b/g, ' this month '],
  [/\b(?:im )?(?:letzten|letzter|letztem|vergangenen|vorigen) monat\b/g, ' last month '],
  [/\b(?:dieses|diesem) jahr\b/g, ' this year '],
  [/\b(?:im )?(?:letzten|letztes|letztem|vergangenen|vorigen) jahr\b/g, ' last year '],
  [/\bheute\b/g, ' today '],
  [/\bgestern\b/g, ' yesterday '],
  [/\b(?:in den )?letzten (\d+) tagen?\b/g, ' last $1 days '],
  [/\b(?:in den )?letzten (\d+) wochen\b/g, ' last $1 weeks '],
  [/\b(?:in den )?letzten (\d+) monaten?\b/g, ' last $1 months '],
  // French.
  [/\bcette semaine\b/g, ' this week '],
  [/\b(?:la )?semaine (?:derniere|passee)\b/g, ' last week '],
  [/\bce mois(?:[ -]ci)?\b/g, ' this month '],
  [/\b(?:le )?mois (?:dernier|passe)\b/g, ' last month '],
  [/\bcette annee\b/g, ' this year '],
  [/\b(?:l ?)?annee (?:derniere|passee)\b|\blannee (?:derniere|passee)\b/g, ' last year '],
  [/\baujourd ?hui\b/g, ' today '],
  [/\b(?:les |ces )?(\d+) derniers jours\b/g, ' last $1 days '],
  [/\b(?:les |ces )?(\d+) dernieres semaines\b/g, ' last $1 weeks '],
  [/\b(?:les |ces )?(\d+) derniers mois\b/g, ' last $1 months '],
  // Italian.
  [/\bquesta settimana\b/g, ' this week '],
  [/\b(?:la )?settimana scorsa\b/g, ' last week '],
  [/\bquesto mese\b/g, ' this month '],
  [/\b(?:il )?mese scorso\b/g, ' last month '],
  [/\bquest ?anno\b/g, ' this year '],
  [/\bdall ?anno scorso\b/g, ' since last year '],
  [/\b(?:l ?)?anno scorso\b|\blanno scorso\b/g, ' last year '],
  [/\boggi\b/g, ' today '],
  [/\bieri\b/g, ' yesterday '],
  [/\b(?:gli )?ultimi (\d+) giorni\b/g, ' last $1 days '],
  [/\b(?:le )?ultime (\d+) settimane\b/g, ' last $1 weeks '],
  [/\b(?:gli )?ultimi (\d+) mesi\b/g, ' last $1 months '],
];

/** "since" before a window already rewritten: `desde el año pasado`, `seit letztem Jahr`, `dall'anno scorso`. */
const SINCE = /\b(?:desde|seit|depuis|dal|dall|dalla|dallo)\s+(?=(?:this|last) (?:week|month|year)\b)/g;

/** The text with every time window of these languages written as the English phrase it means. */
export function englishWindowPhrases(normalized: string): string {
  let text = normalized;
  for (const [pattern, english] of PHRASES) text = text.replace(pattern, english);
  return text.replace(/\s+/g, ' ').replace(SINCE, 'since ');
}
