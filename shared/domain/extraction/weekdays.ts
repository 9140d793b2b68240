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
