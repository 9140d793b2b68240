/**
 * A hospital summary's admission date (`入院日：2026年3月2日`, `入院日期：2026-01-15 14:20`, `입원일: 2026-03-02`,
 * `Admission Date: 11/02/2026`): the day the findings on admission were taken, and so the date of a summary's
 * readings that print none of their own. The clock time of admission is when the patient arrived, not when the
 * examination or the samples were taken, so the day alone is kept.
 */

/** The caption before an admission date, in the languages discharge summaries are written in. */
const ADMISSION_CAPTION =
  /(?:入院日|入院年月日|入院日期|入院时间|入院時間|입원\s?일자?|입원\s?날짜|admission\s+date|date\s+of\s+admission|date\s+admitted|\badmitted\b|aufnahmedatum|date\s+d['’]admission|date\s+d['’]entr[ée]e|fecha\s+de\s+ingreso|data\s+(?:di|de)\s+(?:ricovero|internação|internacao))\s*[:：]?\s*$/iu;

/** Whether the text right before a date captions it as the admission date. */
export function isAdmissionCaption(label: string): boolean {
  return label.length <= 80 && ADMISSION_CAPTION.test(label.trim());
}
