import type { PanelLabel } from '../indicators';

/** Helpers the lexicons are written with. */

/** A set of words from a whitespace-separated list. */
export function words(list: string): ReadonlySet<string> {
  return new Set(list.split(/\s+/).filter(Boolean));
}

/** `name → panel` entries from a list per panel. */
export function panelNames(entries: Partial<Record<PanelLabel, readonly string[]>>): ReadonlyMap<string, PanelLabel> {
  return new Map(
    (Object.entries(entries) as [PanelLabel, readonly string[]][]).flatMap(([label, names]) =>
      names.map((name) => [name, label] as const),
    ),
  );
}

/** `foreign name → English name` entries from a list per English name. */
export function aliases(entries: Readonly<Record<string, readonly string[]>>): ReadonlyMap<string, string> {
  return new Map(Object.entries(entries).flatMap(([english, names]) => names.map((name) => [name, english] as const)));
}

/** Small numbers in words, for "my last three results". */
export function numbers(list: string, from = 2): Readonly<Record<string, number>> {
  const entries: [string, number][] = [];
  list
    .split(/\s+/)
    .filter(Boolean)
    .forEach((group, i) => {
      for (const word of group.split('|')) entries.push([word, i + from]);
    });
  return Object.fromEntries(entries);
}
