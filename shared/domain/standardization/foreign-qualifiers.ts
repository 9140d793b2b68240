/**
 * Reports in Spanish, Portuguese, Italian, French and German (Japanese and Chinese for a method after a Latin name)
 * write a test's qualifier in their own words after a name the corpus knows (`Temperatura axilar`, `SpO2 en reposo`,
 * `Parathormon intakt`, `Proteínas en orina de 24 horas`, `LDL-C(直接法)`).
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
  // Whole blood (`Glucosa (sangre total)`, `Calcium ionisé (sang total)`), which the system axis reads in English.
  [
    /(?<![\p{L}\p{N}])(?:sangre|sang|sangue)\s+(?:total|entera|entero|intero|inteiro)(?![\p{L}\p{N}])/giu,
    'whole blood',
  ],
  // Serum or plasma written in the report's language (`CREATININA - SORO`, `Creatinina siero`, `SODIUM (sang)`,
  // German `Kreatinin i.S.`, `Glucose i.P.`): the usual specimen, which the normaliser drops as it drops `serum`.
  // `sang total` (whole blood) is not this: the normaliser reads it as whole blood first.
  [
    /(?<![\p{L}\p{N}])(?:soro|siero|suero|sang|surowica)(?![\p{L}\p{N}]|\s+(?:total|entera|entero|intero|inteiro)\b)/giu,
    'serum',
  ],
  // Russian `в сыворотке (крови)`, `сыворотки`, `в моче`, `мочи` (`Общий белок в сыворотке`, `Креатинин в моче`).
  [/(?<![\p{L}\p{N}])(?:в\s+)?сыворотк[аеи](?:\s+крови)?(?![\p{L}\p{N}])/giu, 'serum'],
  [/(?<![\p{L}\p{N}])(?:в\s+)?моч[аеи](?![\p{L}\p{N}])/giu, 'urine'],
  [/(?<![\p{L}\p{N}])i\.\s?S(?:er)?\.(?!\p{L})/gu, 'serum'],
  [/(?<![\p{L}\p{N}])i\.\s?P(?:l)?\.(?!\p{L})/gu, 'plasma'],
  [/(?<![\p{L}\p{N}])i\.\s?U\.(?!\p{L})/gu, 'urine'],
  // A urine strip in words (`pH orina (tira reactiva)`, `Nitrite (bandelette)`, `Protein (Teststreifen)`).
  [
    /(?<![\p{L}\p{N}])(?:tira(?:\s+(?:reactiva|reagente|reativa))?|bandelette(?:\s+urinaire)?|teststreifen|urinstix|striscia(?:\s+reattiva)?)(?![\p{L}\p{N}])/giu,
    'test strip',
  ],
  [/(?<![\p{L}\p{N}])(?:capillaire|capilar|capillare|kapillär|kapillar)(?![\p{L}\p{N}])/giu, 'capillary'],
  // The method of a count: `Linfocitos % (recuento manual)`, `Hematocrito (automatizado)`.
  [
    /(?<![\p{L}\p{N}])(?:recuento|conteo|contagem|conteggio|numération|zählung)\s+(?:manual|manuale|manuelle)(?![\p{L}\p{N}])/giu,
    'manual count',
  ],
  [/(?<![\p{L}\p{N}])(?:manuell|manuale)(?![\p{L}\p{N}])/giu, 'manual'],
  [
    /(?<![\p{L}\p{N}])(?:automatizado|automatizada|automatisé|automatisée|automatico|automatizzato|automatisiert|automatique)(?![\p{L}\p{N}])/giu,
    'automated',
  ],
  [
    /(?<![\p{L}\p{N}])(?:alta\s+sensibilidad|alta\s+sensibilidade|alta\s+sensibilità|haute\s+sensibilité|hochsensitiv|ultrasensible|ultrassensível|ultrasensibile)(?![\p{L}\p{N}])/giu,
    'high sensitivity',
  ],
  // The Westergren method in Russian and Polish (`СОЭ по Вестергрену`, `OB metodą Westergrena`, `wg Westergrena`).
  [/(?<![\p{L}\p{N}])(?:(?:по|методом)\s+)?вестергрен[уа]?(?![\p{L}\p{N}])/giu, 'Westergren'],
  [/(?<![\p{L}\p{N}])(?:(?:metodą|wg)\s+)?westergrena(?![\p{L}\p{N}])/giu, 'Westergren'],
  // A drug level's timing: `Vancomycine pic`, `Gentamicin Talspiegel`, `Tobramicina valle`.
  [/(?<![\p{L}\p{N}])(?:pic|pico|picco|spitzenspiegel)(?![\p{L}\p{N}])/giu, 'peak'],
  [/(?<![\p{L}\p{N}])(?:talspiegel|vallée|résiduel|résiduelle|valle|vale)(?![\p{L}\p{N}])/giu, 'trough'],
  [/(?<![\p{L}\p{N}])(?:matinal|matutino|matutina|mattutino|morgens)(?![\p{L}\p{N}])/giu, 'morning'],
  [/(?<![\p{L}\p{N}])(?:libre|livre|libero|libera|freies|frei)(?![\p{L}\p{N}])/giu, 'free'],
  // Dutch, Polish, Turkish, Swedish, Russian `total`/`free` (`B-cellen totaal`, `Bilirubina całkowita`, `Serbest T4`,
  // `Fritt T4`, `Гемоглобин общий`, `Тироксин свободный`).
  [/(?<![\p{L}\p{N}])(?:totaal|całkowit[aeyo]|toplam|totalt|общ(?:ий|ая|ее))(?![\p{L}\p{N}])/giu, 'total'],
  [/(?<![\p{L}\p{N}])(?:vrij|vrije|woln[aey]|serbest|fritt|fria|свободн(?:ый|ая|ое))(?![\p{L}\p{N}])/giu, 'free'],
  [/(?<![\p{L}\p{N}])(?:urinaire|urinario|urinaria|urinário|urinária)(?![\p{L}\p{N}])/giu, 'urine'],
  [
    /(?<![\p{L}\p{N}])(?:estimé|estimée|estimado|estimada|stimato|stimata|geschätzt|geschätzte)(?![\p{L}\p{N}])/giu,
    'estimated',
  ],
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
  // Indirect before direct: `indiretta` holds `diretta`, and the direct rule must not read it.
  [
    /(?<![\p{L}\p{N}])(?:indirekt|indirecto|indirecta|indireto|indireta|indiretto|indiretta|indirect[e]?|pośredni[a]?|непрямой|έμμεση)(?![\p{L}\p{N}])/giu,
    'indirect',
  ],
  [
    /(?<![\p{L}\p{N}])(?:direkt|directo|directa|diretto|diretta|bezpośredni[a]?|прямой|άμεση)(?![\p{L}\p{N}])/giu,
    'direct',
  ],
  // `calculated` in other languages: Dutch `berekend`, Polish `wyliczony`/`obliczony`, Swedish `beräknad`, Danish and
  // Norwegian `beregnet`, Turkish `hesaplanan`. The Friedewald equation is read by the method axis itself, as an
  // equation: on LDL it is LOINC's "by calculation", on a test no equation computes (`Glucose (Friedewald)`) nothing.
  [
    /(?<![\p{L}\p{N}])(?:berechnet|calculado|calculada|calcolato|calculé|berekend|beräknad|beregnet|obliczon[ya]|wyliczon[ya]|hesaplanan|hesaplanmış|расч[её]тный)(?=\s|$|[,;)])/giu,
    'calculated',
  ],
  // Japanese and Chinese reports write the method after a Latin name: `LDL-C(直接法)`, `LDL-C（計算値）`, `LDL-C(计算)`.
  [/(?:直接法|直接測定法?|直接测定法?)/gu, ' direct '],
  [/(?:計算値|计算值|計算|计算)/gu, ' calculated '],
  // The chemistry: `肌酐(酶法)` (enzymatic), `糖化血红蛋白(HPLC法)`, `(化学发光法)` (chemiluminescent immunoassay).
  [/酶法/gu, ' enzymatic '],
  [/(?<=[A-Za-z])法/gu, ' '],
  [/(?:电化学发光法?|化学发光法?|電化學發光法?|化學發光法?)/gu, ' immunoassay '],
  // Serum as an adjective (`Folates sériques`, `Ferritina sérica`): the usual specimen, as `serum` is.
  [/(?<![\p{L}\p{N}])(?:sériques?|séric[oa]s?|sieric[oa]|sierich[ei])(?![\p{L}\p{N}])/giu, 'serum'],
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
