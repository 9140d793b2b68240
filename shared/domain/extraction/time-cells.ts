/**
 * A collection's time written in a cell of its own after the date's (`DATE COLLECTED: 19/08/2026   TIME: 10:25AM`),
 * or on the line under it (`Sample taken: 09.05.2026` / `Time: 07:48`), as West African, Indian and Eastern European
 * slips print it. Only a caption that is the time alone counts: `Report time`, `Received at` or `Hora de emisión`
 * time another event.
 */

/** A time caption in the languages partners write: the caption alone, perhaps `of collection`/`de toma`. */
// Hebrew שעה, Arabic الساعة/الوقت, Finnish kellonaika/klo, Scandinavian tid/klokkeslett/klockslag/kl., Hungarian
// időpont/idő, Croatian/Serbian vrijeme/vreme, Vietnamese giờ, Korean 시간/시각, Japanese and Chinese 時刻/时间/時間.
const TIME_CAPTION = String.raw`(?:time|hora|heure|zeit|uhrzeit|ora|tijd|tijdstip|jam|waktu|pukul|godz(?:ina)?|saat|čas|cas|время|час|ώρα|ωρα|שעה|الساعة|الوقت|kellonaika|klo|klokkeslett|klockslag|tid|kl\.?|id[őo]pont|id[őo]|vrijeme|vreme|gi[ờo]|시간|시각|時刻|时间|時間)`;
const OF_COLLECTION = String.raw`(?:\s+(?:of\s+(?:collection|sampling|draw)|taken|collected|de\s+(?:toma|coleta|colheita|recolecci[oó]n|pr[ée]l[eè]vement)|del\s+prelievo|der\s+entnahme|ambil|взяття|взятия))?`;
const CLOCK = String.raw`(\d{1,2}[:h.]\d{2}(?::\d{2})?(?:\s*[ap]\.?\s?m\.?(?![\p{L}]))?)`;

/** The next cell after a date: a column gap, then the time caption, its colon and a clock time. */
const TIME_CELL_AFTER = new RegExp(
  String.raw`^\s*(?:\s{2,}|\t|\|\s*|,\s*)${TIME_CAPTION}${OF_COLLECTION}\s*[:.=]?\s*${CLOCK}`,
  'iu',
);

/** A line that opens with the time caption and its clock time. */
const TIME_LINE = new RegExp(String.raw`^\s*${TIME_CAPTION}${OF_COLLECTION}\s*[:.=]\s*${CLOCK}`, 'iu');

/** The clock time captioned in the cell right after a date (`   TIME: 10:25AM`), as `10:25AM`; null for none. */
export function timeInNextCell(after: string): string | null {
  const m = TIME_CELL_AFTER.exec(after.slice(0, 80));
  return m ? (m[1] as string).replace('.', ':') : null;
}

/** The clock time of a line opening with a time caption (`Time: 07:48`, `Hora: 8.15`); null for none. */
export function timeCaptionLine(line: string): string | null {
  const m = TIME_LINE.exec(line.slice(0, 120));
  return m ? (m[1] as string).replace('.', ':') : null;
}
