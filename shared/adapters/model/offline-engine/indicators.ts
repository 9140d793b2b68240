import { conceptByCode, LOINC_CORPUS, resolveSeriesIndicator } from '#standardization';
import type { SeriesSummary } from '../../../domain/agent/tool-results';
import { normalizeIndicatorText } from '../../../domain/standardization/normalize-text';
import type { Lexicon } from './lexicon';
import { EN } from './lexicons/en';
import { isContentWord, isHardStop, isSoftWord, type Token } from './text';

/** A test the question names, resolved to LOINC. */
export interface IndicatorMention {
  /**
   * What the tools receive as `indicator`: the words as asked (`a1c`, `blood sugar`), a panel member's name, or for a
   * question in another language the English name an English question would use (`heart rate`).
   */
  phrase: string;
  /** The name as the person wrote it, for the answer (`LDL`, `frecuencia cardíaca`). */
  label: string;
  /** The code the resolver chose; null when the name is known but only a unit would pick the code (TSH, ferritin). */
  loincCode: string | null;
  /** Every code the name can stand for (mass and molar siblings), the resolver's choice first. */
  codes: string[];
  /** LOINC display name of the first code. */
  name: string;
  /** The group of tests the question named (`blood pressure`, `lipid panel`), when it came from one. */
  panel: PanelLabel | null;
  /** Token positions in the question, `end` exclusive. */
  start: number;
  end: number;
}

/** Longest name tried, in words. */
const MAX_SPAN = 5;

/**
 * Everyday words that happen to be a test's synonym (`lead` the metal, `quick` the Quick time, `map` the mean
 * arterial pressure). Alone in a question they are English, not a test; inside a longer name they still count.
 */
const ENGLISH_HOMONYMS: ReadonlySet<string> = new Set([
  'map',
  'quick',
  'lead',
  'pt',
  'act',
  'ace',
  'pal',
  'tt',
  'tc',
  'bands',
  'casts',
  'be',
  'ht',
  'cells',
  'free',
  'total',
]);

/** Synonyms that are English after certain words: "next steps" is advice, "my steps" is a step count. */
const HOMONYM_AFTER: ReadonlyMap<string, RegExp> = new Map([
  ['steps', /^(?:next|what|which|these|those|following|few|some|first|further|practical|simple|small)$/],
]);

/** The groups of tests the engine knows, by the English label an answer names them with. */
export type PanelLabel =
  | 'blood pressure'
  | 'lipid panel'
  | 'thyroid tests'
  | 'kidney function tests'
  | 'liver function tests'
  | 'blood count'
  | 'iron studies'
  | 'electrolytes'
  | 'vital signs'
  | 'sleep'
  | 'diabetes markers';

/**
 * Names of groups of tests a person asks about as one thing. Members are resolved like any other name; a member the
 * corpus does not know is dropped.
 */
const PANELS: ReadonlyArray<{ names: string[]; label: PanelLabel; members: string[] }> = [
  {
    label: 'blood pressure',
    names: ['blood pressure', 'blood pressures', 'bp', 'bps'],
    members: ['systolic blood pressure', 'diastolic blood pressure'],
  },
  {
    label: 'lipid panel',
    names: [
      'cholesterol',
      'cholesterol levels',
      'lipid panel',
      'lipid profile',
      'lipids',
      'lipid',
      'cholesterol panel',
      'cholesterol profile',
      'cholesterol numbers',
      'lipid test',
      'lipid tests',
    ],
    members: ['total cholesterol', 'ldl', 'hdl', 'triglycerides'],
  },
  {
    label: 'thyroid tests',
    names: ['thyroid', 'thyroid panel', 'thyroid function', 'thyroid tests', 'thyroid levels', 'thyroid hormones'],
    members: ['tsh', 'free t4', 'free t3'],
  },
  {
    label: 'kidney function tests',
    names: ['kidney', 'kidneys', 'kidney function', 'renal function', 'renal', 'kidney panel', 'kidney tests'],
    members: ['creatinine', 'bun'],
  },
  {
    label: 'liver function tests',
    names: ['liver', 'liver function', 'liver enzymes', 'liver panel', 'liver tests', 'lft', 'lfts'],
    members: ['alt', 'ast', 'alkaline phosphatase', 'ggt', 'total bilirubin'],
  },
  {
    label: 'blood count',
    names: ['blood count', 'blood counts', 'cbc', 'full blood count', 'fbc', 'complete blood count', 'hemogram'],
    members: ['wbc', 'rbc', 'hemoglobin', 'hematocrit', 'platelets'],
  },
  {
    label: 'iron studies',
    names: ['iron studies', 'iron panel', 'iron tests'],
    members: ['iron', 'ferritin', 'transferrin saturation'],
  },
  {
    label: 'electrolytes',
    names: ['electrolytes', 'electrolyte panel'],
    members: ['sodium', 'potassium', 'chloride'],
  },
  {
    label: 'vital signs',
    names: ['vitals', 'vital signs'],
    members: [
      'heart rate',
      'systolic blood pressure',
      'diastolic blood pressure',
      'body temperature',
      'oxygen saturation',
      'respiratory rate',
    ],
  },
  { label: 'sleep', names: ['sleep', 'sleeping'], members: ['sleep duration'] },
  {
    label: 'diabetes markers',
    names: [
      'diabetes',
      'diabetic',
      'prediabetes',
      'prediabetic',
      'pre diabetic',
      'pre diabetes',
      'diabetes markers',
      'diabetes tests',
      'blood sugar control',
    ],
    members: ['hba1c', 'fasting glucose', 'glucose'],
  },
];

const PANEL_BY_NAME: ReadonlyMap<string, (typeof PANELS)[number]> = new Map(
  PANELS.flatMap((p) => p.names.map((n) => [n, p] as const)),
);

const PANEL_BY_LABEL: ReadonlyMap<PanelLabel, (typeof PANELS)[number]> = new Map(PANELS.map((p) => [p.label, p]));

/** The group of tests a name stands for, in English or in the question's language. */
function panelNamed(phrase: string, lexicon: Lexicon): (typeof PANELS)[number] | undefined {
  const label = lexicon.panelNames.get(phrase);
  return PANEL_BY_NAME.get(phrase) ?? (label ? PANEL_BY_LABEL.get(label) : undefined);
}

/**
 * Names the corpus refuses to code on their own because they stand for several tests (eGFR by which equation,
 * protein in which fluid), yet which plainly name a kind of reading. The tools match them as text.
 */
const TEXT_ONLY_NAMES: ReadonlySet<string> = new Set(
  LOINC_CORPUS.ambiguousTerms
    .map(normalizeIndicatorText)
    .filter((k) => /^[a-z0-9 ]+$/.test(k))
    .filter((k) => !['blood', 'pressure', 'vitamin', 'hormone', 'score', 'urine', 'activity', 'energy'].includes(k)),
);

interface KnownName {
  codes: string[];
  display: string;
}

let knownNames: Map<string, KnownName> | undefined;

/**
 * Normalised synonym → every concept it names. The resolver refuses a name whose concepts differ only by unit
 * (TSH in mIU/L or ng/mL); a question carries no unit, yet it plainly names the test, so the offline engine looks
 * for any of them. Names the corpus marks ambiguous or unit-only (`K`, `Ca`, `blood pressure`) stay out.
 */
function knownNameIndex(): Map<string, KnownName> {
  if (knownNames) return knownNames;
  const excluded = new Set(
    [...LOINC_CORPUS.ambiguousTerms, ...(LOINC_CORPUS.unitRequiredTerms ?? [])].map(normalizeIndicatorText),
  );
  const index = new Map<string, KnownName>();
  for (const concept of LOINC_CORPUS.concepts) {
    for (const synonym of [...concept.synonyms, concept.display]) {
      const key = normalizeIndicatorText(synonym);
      if (!key || excluded.has(key)) continue;
      const known = index.get(key);
      if (!known) index.set(key, { codes: [concept.code], display: concept.display });
      else if (!known.codes.includes(concept.code)) known.codes.push(concept.code);
    }
  }
  knownNames = index;
  return index;
}

interface Resolved {
  loincCode: string | null;
  codes: string[];
  name: string;
}

/** The test a name stands for, or null: the resolver first, then a known name whose unit would pick the code. */
export function resolveMentionName(phrase: string): Resolved | null {
  const key = normalizeIndicatorText(phrase);
  if (!key) return null;
  const siblings = knownNameIndex().get(key);
  const resolved = resolveSeriesIndicator(phrase);
  if (resolved.loincCode && resolved.canonicalName) {
    const codes = [resolved.loincCode, ...(siblings?.codes ?? []).filter((c) => c !== resolved.loincCode)];
    return { loincCode: resolved.loincCode, codes, name: resolved.canonicalName };
  }
  if (siblings) return { loincCode: null, codes: [...siblings.codes], name: siblings.display };
  return null;
}

/**
 * The name an English question would give the tools for a test named in another language: the concept's everyday
 * English name (`heart rate`, `glucose`, `total cholesterol`), so that the tools' text match finds what it finds for
 * English (resting heart rate under "heart rate"). A name that means a group of tests in English ("cholesterol") is
 * passed over; without an English name the words stay as written.
 */
export function englishNameOf(mention: IndicatorMention): string {
  const code = mention.codes[0];
  if (!code) return mention.phrase;
  for (const synonym of conceptByCode(code)?.synonyms ?? []) {
    if (!/^[\x20-\x7e]+$/.test(synonym) || PANEL_BY_NAME.has(normalizeIndicatorText(synonym))) continue;
    if (resolveMentionName(synonym)?.codes[0] === code) return synonym;
  }
  return mention.phrase;
}

let hanNames: ReadonlySet<string> | undefined;

/** Test names in Chinese script the corpus knows (`血糖`, `静息心率`): words for cutting a Chinese question. */
export function knownHanNames(): ReadonlySet<string> {
  hanNames ??= new Set([...knownNameIndex().keys()].filter((k) => /^\p{Script=Han}+$/u.test(k)));
  return hanNames;
}

function spanText(tokens: readonly Token[], start: number, end: number): string {
  return tokens
    .slice(start, end)
    .map((t) => t.text)
    .join(' ');
}

/** Whether a token may begin or end a name: never a function, time or number word (`vitamin a` excepted). */
function canEdge(tokens: readonly Token[], i: number, edge: 'start' | 'end', lexicon: Lexicon): boolean {
  const text = (tokens[i] as Token).text;
  if (edge === 'end' && text === 'a' && tokens[i - 1]?.text === 'vitamin') return true;
  return !isHardStop(text, lexicon);
}

/** A name in the question's language: by the English name it stands for when the corpus lacks it, else as written. */
function resolveIn(phrase: string, lexicon: Lexicon): Resolved | null {
  const english = lexicon.names.get(phrase);
  return english ? resolveMentionName(english) : resolveMentionName(phrase);
}

/** Whether words name a test or a group of tests (German compounds are split only before a known name). */
export function knowsName(phrase: string, lexicon: Lexicon): boolean {
  return panelNamed(phrase, lexicon) !== undefined || resolveIn(phrase, lexicon) !== null;
}

interface Candidate {
  start: number;
  end: number;
  phrase: string;
  panel: (typeof PANELS)[number] | null;
  resolved: Resolved | null;
}

function candidateAt(tokens: readonly Token[], start: number, end: number, lexicon: Lexicon): Candidate | null {
  if (!canEdge(tokens, start, 'start', lexicon) || !canEdge(tokens, end - 1, 'end', lexicon)) return null;
  const words = tokens.slice(start, end).map((t) => t.text);
  if (words.some((w) => /^\d+(?:\.\d+)?$/.test(w))) return null;
  const phrase = words.join(' ');
  const panel = panelNamed(phrase, lexicon);
  if (panel) return { start, end, phrase, panel, resolved: null };
  const english = lexicon.names.get(phrase);
  if (english) {
    const after = lexicon.namesAfter.get(phrase);
    const resolved = after && !after.test(tokens[start - 1]?.text ?? '') ? null : resolveMentionName(english);
    return resolved ? { start, end, phrase, panel: null, resolved } : null;
  }
  if (words.every((w) => isSoftWord(w, lexicon))) return null;
  if (words.length === 1 && ENGLISH_HOMONYMS.has(phrase)) return null;
  if (words.length === 1 && HOMONYM_AFTER.get(phrase)?.test(tokens[start - 1]?.text ?? '')) return null;
  // `24 hr`, `2 h`: a duration, not heart rate.
  if (start > 0 && /^\d/.test(tokens[start - 1]?.text ?? '') && /^(?:hr|hrs|h)$/.test(words[0] as string)) return null;
  const resolved =
    resolveMentionName(phrase) ??
    (TEXT_ONLY_NAMES.has(normalizeIndicatorText(phrase)) ? { loincCode: null, codes: [], name: phrase } : null);
  return resolved ? { start, end, phrase, panel: null, resolved } : null;
}

/** Soft words at the edges (`ldl levels`, `my a1c results`) trimmed while the name still means the same test. */
function trimmed(tokens: readonly Token[], c: Candidate, lexicon: Lexicon): Candidate {
  if (!c.resolved) return c;
  let { start, end } = c;
  const same = (s: number, e: number) => {
    const r = resolveIn(spanText(tokens, s, e), lexicon);
    return r !== null && r.codes.length > 0 && r.codes[0] === c.resolved?.codes[0];
  };
  const soft = (i: number) => isSoftWord((tokens[i] as Token).text, lexicon);
  while (end - start > 1 && soft(end - 1) && same(start, end - 1)) end--;
  while (end - start > 1 && soft(start) && same(start + 1, end)) start++;
  return start === c.start && end === c.end ? c : { ...c, start, end, phrase: spanText(tokens, start, end) };
}

/**
 * The tests a question names, in the order asked: every run of 1–5 words is offered to the LOINC resolver, longer
 * names win over the words inside them ("systolic blood pressure" over "blood pressure"), and a test named twice
 * ("hba1c … a1c") is kept once. Group names ("blood pressure", "lipid panel") expand to their member tests.
 */
export function findIndicators(tokens: readonly Token[], lexicon: Lexicon = EN): IndicatorMention[] {
  const candidates: Candidate[] = [];
  for (let length = Math.min(MAX_SPAN, tokens.length); length >= 1; length--) {
    for (let start = 0; start + length <= tokens.length; start++) {
      const c = candidateAt(tokens, start, start + length, lexicon);
      if (c) candidates.push(c);
    }
  }
  const taken = new Array<boolean>(tokens.length).fill(false);
  const chosen: Candidate[] = [];
  for (const c of candidates) {
    let free = true;
    for (let i = c.start; i < c.end; i++) if (taken[i]) free = false;
    if (!free) continue;
    for (let i = c.start; i < c.end; i++) taken[i] = true;
    chosen.push(trimmed(tokens, c, lexicon));
  }
  chosen.sort((a, b) => a.start - b.start);

  const mentions: IndicatorMention[] = [];
  const seen = new Set<string>();
  const add = (m: IndicatorMention) => {
    const key = m.codes[0] ?? `text:${normalizeIndicatorText(m.phrase)}`;
    if (seen.has(key)) return;
    seen.add(key);
    mentions.push(m);
  };
  for (const c of chosen) {
    if (c.resolved) {
      add({ phrase: c.phrase, label: c.phrase, ...c.resolved, panel: null, start: c.start, end: c.end });
      continue;
    }
    for (const member of c.panel?.members ?? []) {
      const resolved = resolveMentionName(member);
      if (resolved) {
        add({ phrase: member, label: member, ...resolved, panel: c.panel?.label ?? null, start: c.start, end: c.end });
      }
    }
  }
  return mentions;
}

/** Words too broad to search for on their own: "my last blood test" names no test, "blood type" does. */
const BROAD_WORDS: ReadonlySet<string> = new Set(['blood', 'urine', 'body', 'heart', 'bloods', 'vitamin', 'vitamins']);

/**
 * A word of another language that says what the question asks (`auffällige`, `evolución`): never a test name, even
 * when its form is missing from the lexicon's word lists. English keeps its own lists.
 */
function isIntentWord(text: string, lexicon: Lexicon): boolean {
  return lexicon.language !== 'en' && lexicon.intents.some(([, pattern]) => pattern.test(text));
}

/** Content words no mention covers: what the question asks about when no test resolved (`blood type`, `mood`). */
export function leftoverTerms(
  tokens: readonly Token[],
  mentions: readonly IndicatorMention[],
  lexicon: Lexicon = EN,
): string[][] {
  const covered = new Array<boolean>(tokens.length).fill(false);
  for (const m of mentions) for (let i = m.start; i < m.end; i++) covered[i] = true;
  const runs: string[][] = [];
  let run: string[] = [];
  const content = (t: Token | undefined) =>
    t !== undefined && !covered[t.index] && isContentWord(t.text, lexicon) && !isIntentWord(t.text, lexicon);
  for (const t of tokens) {
    if (content(t)) run.push(t.text);
    // "capacitancia de flujo": a linking word between two content words stays inside the name.
    else if (run.length && lexicon.linkWords.has(t.text) && content(tokens[t.index + 1])) run.push(t.text);
    else if (run.length) {
      runs.push(run);
      run = [];
    }
  }
  if (run.length) runs.push(run);
  return runs.filter((r) => !r.every((w) => BROAD_WORDS.has(w)));
}

/** Boilerplate of LOINC names that says nothing about which test it is. */
const NAME_NOISE: ReadonlySet<string> = new Set(
  `in or of by the and at to for per serum plasma blood bld ser automated count unspecified time method mass volume
  moles enzymatic activity ratio fraction entitic measured calculated`.split(/\s+/),
);

function stem(word: string): string {
  return word.length > 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word;
}

/** The words of a series name that identify it (`Thyrotropin [Units/volume] in Serum` → `thyrotropin`). */
export function seriesNameWords(name: string): Set<string> {
  const text = normalizeIndicatorText(name.replace(/\[[^\]]*\]/g, ' '));
  return new Set(
    text
      .split(' ')
      .filter((w) => w && !NAME_NOISE.has(w))
      .map(stem),
  );
}

/**
 * Series of a catalogue that a question means: by code when a mention names the test, else by the question's
 * content words found in the series name. Best-scoring series first; ties keep catalogue order.
 */
export function matchSeries(
  series: readonly SeriesSummary[],
  mentions: readonly IndicatorMention[],
  terms: readonly string[][],
): SeriesSummary[] {
  const words = terms.flat().map(stem);
  const scored = series.map((s, i) => {
    const byCode = s.loinc_code !== null && mentions.some((m) => m.codes.includes(s.loinc_code as string));
    const nameWords = seriesNameWords(s.name);
    const hits = words.filter((w) => w.length >= 3 && nameWords.has(w)).length;
    return { s, i, score: byCode ? 100 : hits };
  });
  const best = Math.max(0, ...scored.map((x) => x.score));
  if (best === 0) return [];
  return scored.filter((x) => x.score === best).map((x) => x.s);
}
