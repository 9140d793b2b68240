/**
 * Weekdays' full names per language, as regular-expression alternatives (accents optional where writers drop them).
 * One table for the readers that strip a weekday off a date (`dates.ts`) and those that read a log's weekday as a
 * sign of a day-first date (`yearless-dates.ts`); each picks the languages and the abbreviations it needs.
 */
export const FULL_WEEKDAYS = {
  de: ['montag', 'dienstag', 'mittwoch', 'donnerstag', 'freitag', 'samstag', 'sonntag'],
  es: ['lunes', 'martes', 'mi[ée]rcoles', 'jueves', 'viernes', 's[áa]bado', 'domingo'],
  fr: ['lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi', 'dimanche'],
  it: ['luned[iì]', 'marted[iì]', 'mercoled[iì]', 'gioved[iì]', 'venerd[iì]', 'sabato', 'domenica'],
  pt: [
    'segunda',
    'ter[çc]a',
    'quarta',
    'quinta',
    'sexta',
    '(?:segunda|ter[çc]a|quarta|quinta|sexta)-feira',
    's[áa]bado',
    'domingo',
  ],
} as const satisfies Record<string, readonly string[]>;

export type WeekdayLanguage = keyof typeof FULL_WEEKDAYS;

/** The full names of the given languages' weekdays as one alternation (no group around it). */
export function fullWeekdayAlternation(languages: readonly WeekdayLanguage[]): string {
  return languages.flatMap((language) => FULL_WEEKDAYS[language]).join('|');
}

/** English weekday abbreviations, Sunday first, as `Date.getUTCDay` counts. */
const ENGLISH_SHORT = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
const LEADING_ENGLISH =
  /^\s*(sun(?:day)?|mon(?:day)?|tue(?:s|sday)?|wed(?:s|nesday)?|thu(?:r|rs|rsday)?|fri(?:day)?|sat(?:urday)?)(?![\p{L}])/iu;

/**
 * The weekday a text opens with (`Sat 3/7`, `Thursday, 5 March`, `samedi 7/3`, `Samstag 7.3.`), Sunday 0 to Saturday
 * 6, or null. Full names in German, Spanish, French and Italian; English full or short.
 */
export function leadingWeekday(text: string): number | null {
  const english = LEADING_ENGLISH.exec(text);
  if (english)
    return ENGLISH_SHORT.indexOf((english[1] as string).slice(0, 3).toLowerCase() as (typeof ENGLISH_SHORT)[number]);
  for (const language of ['de', 'es', 'fr', 'it'] as const) {
    const names = FULL_WEEKDAYS[language];
    for (const [k, name] of names.entries()) {
      if (new RegExp(String.raw`^\s*${name}(?![\p{L}])`, 'iu').test(text)) return (k + 1) % 7;
    }
  }
  return null;
}
