/**
 * A result not yet available: the result cell says the laboratory is still working on it (`Sonuç bekleniyor`,
 * `pending`, `ausstehend`, `en attente`, `pendiente`, `in corso`, `待报告`). Such a row states no measured value; the
 * only number left on it is the reference range's, which must never be taken for a result (`Anti-TPO  Sonuç
 * bekleniyor  IU/mL  0 - 34` is not Anti-TPO = 0).
 */

/** Words and phrases, in the report languages, that stand where the result would be. */
const PENDING_WORDS = [
  String.raw`(?:result\s+)?pending`,
  String.raw`awaited`,
  String.raw`to\s+follow`,
  String.raw`in\s+progress`,
  String.raw`not\s+yet\s+(?:available|reported|resulted)`,
  String.raw`(?:sonu[cç]\s+)?bekleniyor`,
  String.raw`[cç]al[ıi][sş][ıi]l[ıi]yor`,
  String.raw`(?:befund\s+)?(?:ausstehend|folgt)`,
  String.raw`in\s+bearbeitung`,
  String.raw`(?:r[ée]sultat\s+)?(?:en\s+(?:attente|cours)|[àa]\s+suivre)`,
  String.raw`(?:resultado\s+)?(?:pendiente|en\s+proceso)`,
  String.raw`(?:risultato\s+)?(?:in\s+corso|in\s+attesa)`,
  String.raw`(?:resultado\s+)?(?:pendente|em\s+andamento|aguardando)`,
  String.raw`in\s+behandeling|volgt`,
  String.raw`w\s+toku|oczekuje`,
].join('|');

/**
 * The pending phrase as the last field before the value: after a column gap, a tab or a colon, at the end of what was
 * read as the name. Anchored at the end, so a name that only contains such a word (`Pending review`) is not taken.
 */
const PENDING_TAIL = new RegExp(String.raw`(?:^|\t|\s{2,}|:\s*|\s)(?:${PENDING_WORDS})\s*[.:]?$`, 'iu');
/** CJK: written without spaces (`待报告`, `检测中`, `結果待ち`, `검사중`). */
const PENDING_CJK = /(?:待报告|待報告|待回报|检测中|檢測中|結果待ち|測定中|검사\s*중|결과\s*대기)\s*$/u;

const PENDING_VALUE = new RegExp(String.raw`^(?:${PENDING_WORDS})\s*[.:]?$`, 'iu');

/** Whether a value read as qualitative (`ausstehend` in a table's result column) only says the result is awaited. */
export function isPendingValue(value: string): boolean {
  const trimmed = value.trim();
  return PENDING_VALUE.test(trimmed) || PENDING_CJK.test(trimmed);
}

/** Whether the text read as a reading's name ends in a statement that the result is still awaited. */
export function namesAPendingResult(name: string): boolean {
  const trimmed = name.trimEnd();
  // A name that is nothing but the pending word is a stray note, also not a reading.
  return PENDING_TAIL.test(trimmed) || PENDING_CJK.test(trimmed);
}
