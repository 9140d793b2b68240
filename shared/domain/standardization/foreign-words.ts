import { englishQualifiers } from './foreign-qualifiers';
import { urineSuffixAsWords } from './urine-suffix-names';

/**
 * A name in another language whose analyte word the corpus knows alone but not beside the English words LOINC's
 * names and synonyms carry (`Natrium (BGA)`, `Proteínas en orina de 24 horas`, `Glicemia 2 ore dopo carico`,
 * `Saturación O2 venosa`, `DFG estimé (MDRD)`, `Ac. anti-tiroglobulina`): the corpus holds `Na (BGA)`, `Protein 24
 * hour urine`, `estimated GFR MDRD`, `anti-thyroglobulin`, and the foreign synonyms only for the bare analyte. The
 * qualifiers (`foreign-qualifiers.ts`) and then the analyte words are written in English, and the whole name is read
 * again by the resolver's exact stages (no retrieval): a translated name that is no corpus name finds nothing, so a
 * word read here can only meet a name the corpus already writes, never a nearer guess.
 *
 * The table holds the everyday words of laboratory reports in es/pt/it/fr/de/nl, each only where it is one test
 * word; a word that is several tests' (`Proteínas` alone is total protein or urine protein) keeps the ambiguity of its
 * English form, which the resolver already refuses.
 */

const L = '(?<![\\p{L}\\p{N}])';
const R = '(?![\\p{L}\\p{N}])';
const word = (alternatives: string) => new RegExp(`${L}(?:${alternatives})${R}`, 'giu');

/** Analyte and name words, most specific first (`ácido láctico` before `ácido`). */
const WORDS: readonly (readonly [RegExp, string])[] = [
  // Glomerular filtration: `DFG`, `TFG`, `FG`, `VFG` (Spanish, French, Portuguese, Italian), spelled out or not.
  [
    word(
      'd[ée]bit de filtration glom[ée]rulaire|filtrado glomerular|taxa de filtra[çc][ãa]o glomerular|velocit[àa] di filtrazione glomerulare|tasa de filtraci[óo]n glomerular|filtraci[óo]n glomerular|glomerul[äa]re Filtrationsrate|DFG|TFG|VFG|FG|eGFR',
    ),
    'GFR',
  ],
  [word('paratormona|parathormon|parathormone|paratorm[ôo]nio|paratormone'), 'PTH'],
  [
    word(
      "(?:saturaci[óo]n|satura[çc][ãa]o|saturazione|saturation)\\s+(?:de\\s+|d'|di\\s+|en\\s+|em\\s+)?(?:O2|ox[íi]geno|oxig[êe]nio|ossigeno|oxyg[èe]ne)|O2-S[äa]ttigung|Sauerstoffs[äa]ttigung",
    ),
    'oxygen saturation',
  ],
  [
    word(
      '(?:leucocitos|leuc[óo]citos|leucociti|leucocytes|Leukozyten)\\s*[(,-]?\\s*(?:esterasa|esterasi|est[ée]rase|Esterase)\\)?',
    ),
    'leukocyte esterase',
  ],
  [
    word(
      'heparina no fraccionada|heparina n[ãa]o fracionada|eparina non frazionata|h[ée]parine non fractionn[ée]e|unfraktioniertes Heparin|HNF',
    ),
    'unfractionated heparin',
  ],
  [word('[áa]cido l[áa]ctico|acido lattico|acide lactique|Milchs[äa]ure'), 'lactic acid'],
  [word('[áa]cido [úu]rico|acide urique|Harns[äa]ure'), 'uric acid'],
  // `Ac. anti-tiroglobulina`, `Ac anti-TPO`: *anticuerpos* before the antigen, which `anti-` already says.
  [/(?<![\p{L}\p{N}])(?:Ac|Acs|Ak|Ac's)\.?\s*(?=anti)/gu, ''],
  [word('tiroglobulina|tireoglobulina|thyroglobuline|Thyreoglobulin'), 'thyroglobulin'],
  [word('tiroperoxidasa|tireoperoxidase|tireoperossidasi|thyroperoxydase|Thyreoperoxidase'), 'thyroid peroxidase'],
  [word('estreptolisina|streptolisina|streptolysine|Streptolysin'), 'streptolysin'],
  [word('heparina|eparina|h[ée]parine'), 'heparin'],
  [word('no fraccionada|n[ãa]o fracionada|non frazionata|non fractionn[ée]e|unfraktioniert(?:es)?'), 'unfractionated'],
  // Low-molecular-weight heparin: *héparine de bas poids moléculaire* (HBPM), *heparina de bajo peso molecular*,
  // *eparina a basso peso molecolare* (EBPM), *niedermolekulares Heparin* (NMH).
  [
    word(
      'HBPM|EBPM|NMH|heparin(?:a|e)? de ba(?:s|jo|ixo) (?:poids|peso) mol[ée]cul(?:aire|ar)|eparina a basso peso molecolare|niedermolekulares heparin',
    ),
    'LMWH',
  ],
  [word('saturaci[óo]n|satura[çc][ãa]o|saturazione|S[äa]ttigung'), 'saturation'],
  // A blood-gas analysis (`Natrium (BGA)` is in the corpus; German and Romance words for the analysis are not).
  [word('Blutgasanalyse|gasometr[íi]a|emogasanalisi|gazom[ée]trie'), 'blood gas'],
  [word('natrium|sodio|s[óo]dio'), 'sodium'],
  [word('kalium|potasio|pot[áa]ssio|potassio'), 'potassium'],
  [word('prote[íi]nas|prote[íi]na|proteine|prot[ée]ines|Eiwei(?:ß|ss)'), 'protein'],
  [word('nitritos|nitrito|nitriti|nitrites|nitrit'), 'nitrite'],
  // The other strip pads (`Cetonas (tira reactiva)`, `Ketone (Urinstreifen)`, `Bilirrubina (tira)`).
  [
    word(
      'cuerpos cet[óo]nicos|corpos cet[ôo]nicos|corps c[ée]toniques|corpi chetonici|Ketonk[öo]rper|cetonas|c[ée]tones|chetoni|Ketone',
    ),
    'ketones',
  ],
  [word('bilirrubina|bilirubina|bilirubine'), 'bilirubin'],
  [word('urobilin[óo]geno|urobilinog[èe]ne'), 'urobilinogen'],
  [word('leucocitos|leuc[óo]citos|leucociti|leucocytes|Leukozyten'), 'leukocytes'],
  [word('esterasa|esterasi|est[ée]rase'), 'esterase'],
  [word('creatinina|cr[ée]atinine|Kreatinin'), 'creatinine'],
  [word('glucemia|glicemia|glic[ée]mia|glyc[ée]mie|Blutzucker|glucosa|glucosio|glicose'), 'glucose'],
  [word('hemoglobina|emoglobina|h[ée]moglobine|H[äa]moglobin'), 'hemoglobin'],
  [word('sangre oculta|sangue occulto|sangue oculto|sang occulte|okkultes Blut'), 'occult blood'],
  [word('en heces|nas fezes|nelle feci|fecale|f[ée]cal|dans les selles|im Stuhl'), 'stool'],
  [word('venosa|venoso|veineuse|veineux|ven[öo]s'), 'venous'],
  // The challenge of a tolerance test: `post carga 75 g`, `dopo carico`, `après charge`, `nach Belastung`.
  [
    word(
      '(?:post|p[óo]s|tras|despu[ée]s de|dopo|apr[èe]s|nach)\\s*-?\\s*(?:carga|sobrecarga|carico|charge|Belastung)(?:\\s+(?:de|di|con|da|avec|mit)\\s+(?:glucosa|glucosio|glucose|glicose))?',
    ),
    'post',
  ],
  [/\(\s*(\d+)\s*g\s*\)/gu, '$1 g'],
  // An hour of a timed test: `1 hora`, `2 ore`, `1ère heure`, `1. Stunde`.
  [
    /(?<![\p{L}\p{N}])(\d{1,2})\s*(?:ª|a|ère|re|er|e|st|\.)?\s*(?:horas?|ore|ora|heures?|Stunden?|Std\.?)(?![\p{L}\p{N}])/giu,
    '$1 hour',
  ],
];

const MAX_NAME = 120;

/** The name with its qualifiers and analyte words in English, or the name itself when nothing was translated. */
export function englishTestWords(name: string): string {
  if (name.length > MAX_NAME) return name;
  let out = englishQualifiers(name);
  for (const [pattern, english] of WORDS) out = out.replace(pattern, english);
  return out.replace(/\s{2,}/g, ' ').trim();
}

/**
 * The name with its `-uria` word written as the urine test it names, by the unit (`Créatininurie` mmol/L → `creatinine
 * urine`, in mmol/24 h → `creatinine 24 hour urine`): `urine-suffix-names.ts` reads the word; null without a unit (the
 * README decision leaves a bare one null) or when no word is such a name.
 */
export function urineSuffixReading(name: string, unit: string | null): string | null {
  return unit === null || name.length > MAX_NAME ? null : urineSuffixAsWords(name, unit);
}
