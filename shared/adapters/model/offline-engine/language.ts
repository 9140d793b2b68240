/**
 * The language a question is written in, among those the engine reads and answers in.
 *
 * A hand-written scorer rather than a library: offline detectors such as franc-min score letter trigrams over some
 * 80 languages, answer "undetermined" below a minimum length, and are least sure on exactly the few-word questions
 * people type ("Meu peso", "¿y mi glucosa?"), where Spanish, Portuguese and Italian share most trigrams; this one
 * only chooses among the seven languages the engine reads, adds no dependency, and is pinned by tests on short and
 * mixed questions (franc-min itself was not measured here). Short questions are carried by their function words
 * (articles, possessives, question words), by letters and marks only some of these languages use (¿ ñ ß ã ò), by Han
 * script for Chinese, and by the everyday names of common tests. Each marker word counts 1, split evenly among the languages that
 * share it (`la` is Spanish, French and Italian), so shared words never decide alone.
 */

export type Language = 'en' | 'es' | 'de' | 'fr' | 'pt' | 'it' | 'zh';

export const LANGUAGES: readonly Language[] = ['en', 'es', 'de', 'fr', 'pt', 'it', 'zh'];

const MARKERS: Record<Exclude<Language, 'zh'>, string> = {
  en: `the my is are was were what whats how hows when which who why does did do have has had show tell give about
    this that these last past since with for of and or any all your you can could would should i im ive been much many
    often times average highest lowest latest trend trending changed change changes compare over from between week
    weeks month months year years today yesterday ago please readings reading results result values value level levels
    records blood heart rate pressure weight sleep steps high low up down get got went going than there their they it
    its be am an as on in no me per evolution tension`,
  es: `el los las del al la de en que mi mis tu tus su sus y o cual cuales cuanto cuanta cuantos cuantas como donde
    cuando quien es son esta estan estado estuvo ha han he hay tengo tiene fue era muy mas pero tambien desde hasta
    entre sobre para por con sin una uno un este estos estas ese esa semana mes ano anos dias hoy ayer ultimo ultima
    ultimos ultimas lecturas mediciones medicion valores resultados promedio media maximo minimo evolucion tendencia
    cambiado grafico muestrame muestra dame dime ensename puedes frecuencia cardiaca presion arterial glucosa azucar
    peso sueno pasos colesterol nivel niveles me se no mes son
    debo deberia tomar tomo necesito quiero puedo estatinas medico pastillas
    estudios ensayos reclutan reclutando cerca dicen investigacion evidencia desviacion estandar`,
  de: `der die das den dem des ein eine einen einem einer mein meine meinen meinem meiner meines dein deine ist sind
    war waren hat haben habe hatte wie was welche welcher welches wann wo warum wieviel viele oft und oder nicht mit
    fur von vom im in am zum zur seit bis diese dieser diesen diesem dieses letzte letzten letzter letztes woche wochen
    monat monate monaten jahr jahre jahren heute gestern durchschnitt durchschnittlich werte wert messwerte ergebnisse
    verlauf entwicklung entwickelt zeig zeige zeigen mir mich sich puls blutdruck blutzucker gewicht schlaf schritte
    herzfrequenz ruhepuls cholesterin hoch niedrig hochste niedrigste bitte gibt es hier an
    ich du sollte soll sollen muss kann nehmen nehme arzt tabletten statine
    studien sagen forschung klinische nahe standardabweichung steht auf`,
  fr: `le la les du des de un une mon ma mes ton ta son sa et ou est sont etait ete au aux avec pour dans sur par en
    quel quelle quels quelles comment combien que qu quoi ce cette ces semaine mois annee annees jour jours aujourd hui
    hier dernier derniere derniers dernieres moyenne mesures mesure resultats valeurs evolution graphique montre montrez
    moi frequence cardiaque tension arterielle glycemie poids sommeil pas taux niveau j ai je suis non me se on tu son
    dois devrais prendre faut medecin medicament
    etudes disent essais recrutent pres recherche ecart`,
  pt: `o os as do da dos das no na nos nas meu minha meus minhas seu sua um uma e em com para pelo pela ao aos como
    qual quais quanto quantos quantas que esta esse essa este isso foi tem tenho tive estava estou sao nao voce semana
    mes ano hoje ontem ultimos ultimas ultimo ultima media leituras medicoes medicao valores resultados evolucao grafico
    mostre mostra frequencia cardiaca pressao arterial glicose glicemia peso sono passos colesterol nivel de entre desde
    sobre me se era mas por tu
    devo deveria tomar preciso quero posso remedio medico estatinas eu
    estudos ensaios recrutando perto dizem pesquisa pesquisas desvio padrao diz artigo`,
  it: `il lo la i gli le del della dello dei degli delle al alla nel nella mio mia miei mie tuo tua suo sua e ed di da
    in con per su un una uno che come com qual quale quali quanto quanti quante cosa ho ha hai sono stato stata era
    questa questo quest settimana mese anno oggi ieri ultimi ultime ultimo ultima media valori misurazioni risultati
    andamento grafico mostra mostrami fammi vedere frequenza cardiaca pressione glicemia glucosio peso sonno passi
    colesterolo livello livelli non piu negli nei sul me se pero tu
    devo dovrei prendere posso voglio medico farmaci statine io
    studi dicono sperimentazioni reclutano vicino ricerca deviazione`,
};

/** Marker word → the languages that use it, each credited 1/k of a point. */
const WORD_WEIGHTS: ReadonlyMap<string, ReadonlyArray<readonly [Language, number]>> = (() => {
  const users = new Map<string, Language[]>();
  for (const [language, words] of Object.entries(MARKERS) as [Language, string][]) {
    for (const word of new Set(words.split(/\s+/).filter(Boolean)))
      users.set(word, [...(users.get(word) ?? []), language]);
  }
  return new Map([...users].map(([word, langs]) => [word, langs.map((l) => [l, 1 / langs.length] as const)]));
})();

/** Letters and marks that only some of these languages write, with what each occurrence counts for. */
const LETTERS: ReadonlyArray<[RegExp, Partial<Record<Language, number>>]> = [
  [/[¿¡ñ]/g, { es: 3 }],
  [/[ßäöü]/g, { de: 2 }],
  [/[ãõ]/g, { pt: 3 }],
  [/ç/g, { fr: 1, pt: 1 }],
  [/[êô]/g, { fr: 0.5, pt: 0.5 }],
  [/â/g, { fr: 0.5, pt: 0.5 }],
  [/[œîûëïÿ]/g, { fr: 2 }],
  [/è/g, { fr: 1, it: 1 }],
  [/[òì]/g, { it: 2 }],
  [/ù/g, { fr: 0.5, it: 0.5 }],
  [/à/g, { fr: 0.5, it: 0.5, pt: 0.5 }],
  [/[áíóú]/g, { es: 1, pt: 1 }],
  [/é/g, { es: 0.3, fr: 0.3, pt: 0.3, it: 0.3 }],
  // "is" alone: Portuguese `é`, Italian `è`.
  [/(?<!\p{L})é(?!\p{L})/gu, { pt: 1 }],
  [/(?<!\p{L})è(?!\p{L})/gu, { it: 1 }],
];

/** Elisions: French `l'`, `d'`, `qu'`, `j'`; Italian `dell'`, `nell'`, `un'`, `quest'`. */
const ELISIONS: ReadonlyArray<[RegExp, Partial<Record<Language, number>>]> = [
  [/(?<![\p{L}])(?:l|d|qu|j|c|n|s|m)['’](?=[\p{L}])/giu, { fr: 0.7, it: 0.3 }],
  [/(?<![\p{L}])(?:dell|nell|dall|sull|all|un|quest|quell|com|cos|dov)['’](?=[\p{L}])/giu, { it: 2 }],
];

const HAN = /\p{Script=Han}/gu;
/** Scripts of languages the engine does not read: answered in English. */
const OTHER_SCRIPTS =
  /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Cyrillic}\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Greek}\p{Script=Thai}\p{Script=Devanagari}]/u;

/** A best score below this is no evidence: "LDL?", "glucose", "2025 vs 2026". */
const MIN_SCORE = 0.75;
/** The best must lead the next by this much; "peso" alone (Spanish, Portuguese or Italian) decides nothing. */
const MIN_LEAD = 0.25;

/** Each language's score for a text: the evidence the detector weighs, exported for tests. */
export function languageScores(text: string): Record<Language, number> {
  const scores: Record<Language, number> = { en: 0, es: 0, de: 0, fr: 0, pt: 0, it: 0, zh: 0 };
  const add = (weights: Partial<Record<Language, number>>, times = 1) => {
    for (const [language, weight] of Object.entries(weights) as [Language, number][])
      scores[language] += weight * times;
  };
  const lower = text.toLowerCase();
  scores.zh += (lower.match(HAN) ?? []).length;
  for (const [pattern, weights] of LETTERS) add(weights, (lower.match(pattern) ?? []).length);
  for (const [pattern, weights] of ELISIONS) add(weights, (lower.match(pattern) ?? []).length);
  const words =
    lower
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .replace(/['’]/g, ' ')
      .match(/\p{Script=Latin}+/gu) ?? [];
  for (const word of words) {
    for (const [language, weight] of WORD_WEIGHTS.get(word) ?? []) scores[language] += weight;
  }
  return scores;
}

/**
 * The language of a question, or null when it carries no evidence either way ("LDL?", "glucose 2025"): the caller
 * then keeps the conversation's language. Scripts of languages the engine does not read count as English, the
 * language it answers in when it cannot answer in the question's.
 */
export function detectLanguage(text: string): Language | null {
  const scores = languageScores(text);
  const ranked = (Object.entries(scores) as [Language, number][]).sort((a, b) => b[1] - a[1]);
  const [best, second] = ranked as [[Language, number], [Language, number]];
  if (OTHER_SCRIPTS.test(text) && best[0] !== 'zh') return 'en';
  if (OTHER_SCRIPTS.test(text) && /[\p{Script=Hiragana}\p{Script=Katakana}]/u.test(text)) return 'en';
  if (best[1] < MIN_SCORE || best[1] - second[1] < MIN_LEAD) return null;
  return best[0];
}
