import type { CorpusConcept } from './corpus';

/**
 * `Average Heart Rate`, `averageHeartRateInBeatsPerMinute`, `breathing_rate_avg`, `com.google.heart_rate.summary`,
 * `Fréquence cardiaque moyenne`, `平均心率`: a wearable's or a monitor's figure summarising a period (a night, a day, a
 * workout) is not a reading of the vital sign. LOINC's vital-sign codes (`Heart rate`, `Respiratory rate`, `Systolic
 * blood pressure`, pulse-oximetry saturation, body temperature) are point-in-time observations (Time `Pt`); a mean, a
 * maximum or a minimum over an interval is another observable, coded with a time-aspect modifier (`24H^mean`,
 * `8H^max`) that no corpus concept carries. Filing a night's average under `Heart rate` would mix a statistic into the
 * series of readings, so such a name gives null (README *Labelling decisions*).
 *
 * Only the point-in-time vital signs are read so: on a laboratory name the same words are part of the test
 * (`Mean corpuscular volume`, `Hemoglobina corpuscular media`, `Estimated average glucose`), and a concept whose own
 * long name writes the statistic (`Mean blood pressure`, `Glucose mean value`) is that statistic.
 * @see https://loinc.org/kb/users-guide/major-parts-of-a-loinc-term/#time-aspect-3rd-part — time aspect modifiers
 */

/** Long names of the point-in-time vital signs whose series a period's statistic must not join. */
const POINT_IN_TIME_VITAL =
  /^(?:Heart rate|Respiratory rate|Systolic blood pressure|Diastolic blood pressure|Oxygen saturation in Arterial blood by Pulse oximetry|Body temperature|(?:Oral|Rectal|Axillary|Tympanic membrane) temperature|Perfusion index)\b/;

/** A long name that is itself a statistic: the words in the name are then the concept's own. */
const STATISTIC_IN_LONG_NAME = /\b(?:mean|average|maximum|minimum|median)\b/i;

/**
 * Statistic words in seven languages, on a name split at camelCase, `_`, `.` and `-`. Not a bare `min`: a name may
 * carry its unit (`Puls (min-1)`, `HR 1/min`); `media`/`medio` are safe here because only vital signs are read.
 */
const STATISTIC_WORD =
  /(?:^|\s)(?:avg|average|averages|mean|median|max|maximum|highest|peak|minimum|lowest|summary|durchschnitt\w*|mittelwert|mittlere\w*|moyen|moyenne|promedio|media|medio|m[eé]dia|m[eé]dio|maximal\w*|minimal\w*|m[aá]xim[ao]|m[ií]nim[ao])(?=\s|$)/;
const CJK_STATISTIC = /平均|最高|最低|最大|最小/;
/**
 * `最高血圧`, `最低血圧`: Japanese names of the systolic and diastolic pressure (the highest and lowest of one heartbeat,
 * as Chinese `高压`/`低压`), not a period's maximum; a statistic before them (`平均最高血圧`) is still one.
 */
const CJK_PRESSURE_NAME = /最[高低]血[圧压]/g;

/**
 * `Pressione arteriosa massima`/`minima`, `presión arterial máxima`/`mínima`, `tensión máxima`, `pressão mínima`: the
 * Romance names of the systolic and diastolic pressure (the highest and lowest of one heartbeat, as `最高血圧`), not a
 * period's maximum; a statistic written beside them (`pressione massima media`) is still one.
 */
const ROMANCE_PRESSURE_NAME =
  /(?:^|\s)(?:pressione|press[aã]o|presi[oó]n|pression|tensi[oó]n|tensione)(?:\s+(?:arteriosa|arterial|art[eé]rielle|sanguigna))?\s+(?:m[aá]xim[ao]|massima|m[ií]nim[ao]|maximale|minimale)(?=\s|$)/g;

/** `averageHeartRateInBeatsPerMinute` → `average heart rate in beats per minute`; `hr_avg` → `hr avg`. */
function wordsOf(name: string): string {
  return name
    .normalize('NFKC')
    .replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2')
    .replace(/[_.\-,;:()[\]/]+/g, ' ')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * A question's words without their statistic (`average heart rate` → `heart rate`), or null when none is written: a
 * question asks for the series and the statistic over it, so the series lookup reads the vital sign itself
 * (`vitalSignOfStatistic` in resolver.ts); a reading with the same name still gives null (`summarisesAPeriod`).
 */
export function withoutStatisticWords(name: string): string | null {
  if (name.length > 200) return null;
  const words = wordsOf(name);
  // `最高血圧(PAD)`: the pressure's own name keeps its 最高 (a statistic before it, `平均最高血圧`, is still stripped).
  const CJK_ALL = new RegExp(`(?:${CJK_STATISTIC.source})(?!血[圧压])`, 'g');
  const stripped = words
    .replace(new RegExp(STATISTIC_WORD.source, 'g'), ' ')
    .replace(CJK_ALL, '')
    .replace(/\s+/g, ' ')
    .trim();
  return stripped === words || stripped === '' ? null : stripped;
}

/** Whether a concept is a point-in-time vital sign whose long name writes no statistic. */
export function isPointInTimeVital(concept: CorpusConcept): boolean {
  return POINT_IN_TIME_VITAL.test(concept.display) && !STATISTIC_IN_LONG_NAME.test(concept.display);
}

/**
 * `summary.restingHeartRate`, `heart_rate_data.summary.resting_hr_bpm`: Fitbit's and Terra's `summary` is the object
 * holding a day's figures, each its own field; only a `summary` the path ends in is the aggregate itself
 * (`com.google.heart_rate.summary`).
 */
const SUMMARY_CONTAINER = /(?:^|\.)summary\.(?=[A-Za-z])/gi;

/** Whether `name` writes a period's statistic of a point-in-time vital sign the resolver filed it under. */
export function summarisesAPeriod(concept: CorpusConcept, name: string): boolean {
  if (!isPointInTimeVital(concept)) return false;
  const fields = name.length > 200 ? name : name.replace(SUMMARY_CONTAINER, '.');
  const words = wordsOf(fields).replace(ROMANCE_PRESSURE_NAME, ' pressione');
  return CJK_STATISTIC.test(name.replace(CJK_PRESSURE_NAME, '血圧')) || STATISTIC_WORD.test(words);
}
