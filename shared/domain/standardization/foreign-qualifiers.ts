/**
 * Reports in Spanish, Portuguese, Italian, French and German write a test's qualifier in their own words after a name
 * the corpus knows (`Temperatura axilar`, `SpO2 en reposo`, `Parathormon intakt`, `Proteínas en orina de 24 horas`).
 * The system, method and timing axes read those qualifiers in English only, so the name finds nothing. The qualifier
 * is written in English and the whole name read again: the test word must still be one the corpus knows, and the
 * English qualifier must still pick a sibling the unit fits, so a word read here can only narrow, never invent.
 */

/** Each qualifier in the languages the corpus carries, as the English words LOINC's names and synonyms use. */
const QUALIFIERS: readonly (readonly [RegExp, string])[] = [
  // Timed urine: `en orina de 24 horas`, `urina delle 24 ore`, `urines de 24 h`, `24-h-Sammelurin`, `im 24h-Urin`.
  [
    /\b(?:(?:en|de|in|im|na|no|nelle?|dans les?)\s+)?(?:orina|urina|urine|urines|harn|urin|sammelurin)\s+(?:(?:de|des|di|da|delle|von|dei)\s+)?24\s*-?\s*(?:horas?|heures?|ore|h|std\.?|stunden)(?=\s|$|[,;)])/giu,
    '24 hour urine',
  ],
  [/\b(?:(?:im|in)\s+)?24\s*-?\s*(?:h|std\.?|stunden)\s*-?\s*(?:sammel)?urin\b/giu, '24 hour urine'],
  [/\b(?:(?:en|em|a|au|in)\s+)?(?:reposo|repouso|riposo|repos|ruhe)\b/giu, 'resting'],
  [
    /\b(?:(?:en|con|al|a|à|em|in|bei)\s+)?(?:aire ambiente|ar ambiente|aria ambiente|air ambiant|raumluft)(?=\s|$|[,;)])/giu,
    'room air',
  ],
  [/\b(?:axilar|ascellare|axillaire|axillär)(?=\s|$|[,;)])/giu, 'axillary'],
  [/\b(?:rettale|rektal)\b/giu, 'rectal'],
  [/\b(?:timpánica|timpanica|tympanique|timpânica)(?=\s|$|[,;)])/giu, 'tympanic'],
  [/\b(?:arteriell|artériel|artérielle|arterioso|arteriosa|arteriale)(?=\s|$|[,;)])/giu, 'arterial'],
  [/\b(?:venoso|venosa|venös|veineux|veineuse)(?=\s|$|[,;)])/giu, 'venous'],
  [/\b(?:intakt|intacta|intacto|intatto|intacte)\b/giu, 'intact'],
  [/\b(?:direkt|directo|directa|diretto|diretta)\b/giu, 'direct'],
  // The Friedewald equation is how a laboratory calculates LDL: LOINC's "by calculation".
  [/\b(?:berechnet|calculado|calculada|calcolato|calculé|friedewald)(?=\s|$|[,;)])/giu, 'calculated'],
  // `eGFR nach MDRD`: the preposition before the equation's name says nothing of its own.
  [/\bnach\s+(?=mdrd|ckd)/giu, ''],
];

/** The name with its qualifier words written in English, or the name itself when it has none. */
export function englishQualifiers(name: string): string {
  if (name.length > 200) return name;
  let out = name;
  for (const [words, english] of QUALIFIERS) out = out.replace(words, english);
  return out.replace(/\s{2,}/g, ' ').trim();
}
