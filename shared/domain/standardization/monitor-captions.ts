/**
 * A home blood-pressure monitor's captions (`SYS`, `DIA`, `PUL`: OMRON, A&D, Beurer and Microlife print them on the
 * display and in their apps' exports), which a home log or a device table copies as its column names. Each is the
 * vital sign it abbreviates, read as that sign's name (`systolic blood pressure`, `diastolic blood pressure`, `pulse`)
 * with the unit as written; a unit the sign is never given in finds nothing, so `DIA` beside mg/dL stays uncoded.
 * Only the exact captions: `Dia` as a word of prose (a day, in Spanish and Portuguese) is the extractor's to leave out.
 */

const MONITOR_CAPTIONS: Readonly<Record<string, string>> = {
  sys: 'systolic blood pressure',
  syst: 'systolic blood pressure',
  dia: 'diastolic blood pressure',
  dias: 'diastolic blood pressure',
  diast: 'diastolic blood pressure',
  pul: 'pulse',
};

/** The vital sign a monitor's caption names (`SYS` → `systolic blood pressure`), or null for any other name. */
export function monitorCaptionName(name: string): string | null {
  // The longest caption with its unit is `PUL. (bpm)`; a longer text is none, and is not scanned (a run of spaces
  // before the unit pattern would be tried from every space).
  if (name.length > 24) return null;
  const caption = name
    .trim()
    .replace(/\.$/, '')
    .replace(/\s*[([]\s*(?:mm\s?hg|\/min|bpm)\s*[)\]]$/i, '')
    .toLowerCase();
  return caption.length <= 5 ? (MONITOR_CAPTIONS[caption] ?? null) : null;
}
