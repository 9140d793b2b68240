/**
 * Builds `eval/standardization/realworld.json`, the real-world spelling set of issue 18, from the source extracts in
 * `eval/standardization/realworld/`:
 *
 *   npx tsx eval/standardization/build-realworld.ts          # writes realworld.json
 *   npx tsx eval/standardization/build-realworld.ts --check  # exits 1 when realworld.json is stale
 *
 * - `hand-labelled.tsv`: names as partners send them (MIMIC-III demo lab labels, HealthKit identifiers, wearable API
 *   field names, lab report headers in es/de/fr/pt/it/zh, modern orders, qualifiers, abbreviations, unit-picks,
 *   must-be-null names), each with the code written from LOINC's published long name (see §5 of
 *   docs/design/standardization-breadth.md for the rules) and a source key from `sources.json`.
 * - `nlm-flowsheet-names.tsv`: the flowsheet display names and LOINC short names of the NLM LHC flowsheet table
 *   (lab and vital rows with a UCUM unit); a seeded sample of them, labelled with the row's own code. A name that
 *   two rows share with the same unit is labelled null: the name alone cannot decide.
 * - Typos (dropped, swapped, doubled letters), OCR confusions (`l`/`1`/`I`, `O`/`0`, `rn`/`m`) and doubled spaces
 *   applied by a seeded generator to the labelled names above; the label is the source name's.
 *
 * The split is not chosen by hand: a case is holdout when FNV-1a(input) mod 100 < 30, so one input is always in
 * one split. Nothing here runs the resolver.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export type RealworldClass =
  | 'lis-name'
  | 'loinc-short'
  | 'vendor'
  | 'language'
  | 'modern-order'
  | 'qualifier'
  | 'abbreviation'
  | 'unit-picks'
  | 'ambiguous'
  /** A name several concepts could own, filed under one by a labelling decision (README); never seeded. */
  | 'decided'
  | 'unit-mismatch'
  | 'not-a-test'
  | 'typo'
  | 'ocr'
  | 'spacing';

export interface RealworldCase {
  input: string;
  unit?: string;
  expected: string | null;
  split: 'dev' | 'holdout';
  source: string;
  class: RealworldClass;
}

const here = dirname(fileURLToPath(import.meta.url));
const dir = join(here, 'realworld');

/** FNV-1a, 32 bit, over the UTF-16 code units of the NFC form. */
export function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (const ch of text.normalize('NFC')) {
    for (let i = 0; i < ch.length; i++) {
      h ^= ch.charCodeAt(i);
      h = Math.imul(h, 0x01000193) >>> 0;
    }
  }
  return h >>> 0;
}

/** The split of an input: holdout for about 30 %, by hash, never by hand. */
export function splitOf(input: string): 'dev' | 'holdout' {
  return fnv1a(input) % 100 < 30 ? 'holdout' : 'dev';
}

/** mulberry32: a small seeded generator, so the variants are the same on every run. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function tsv(file: string): string[][] {
  return readFileSync(join(dir, file), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'))
    .map((line) => line.split('\t'));
}

type Base = Omit<RealworldCase, 'split'>;

function handLabelled(): Base[] {
  return tsv('hand-labelled.tsv').map(([input, unit, expected, cls, source]) => {
    if (!input || unit === undefined || !expected || !cls || !source) throw new Error(`bad row: ${input}`);
    return {
      input,
      ...(unit ? { unit } : {}),
      expected: expected === 'null' ? null : expected,
      class: cls as RealworldClass,
      source,
    };
  });
}

const squash = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').trim();

/**
 * Flowsheet names the table files under a narrower code than HDS reads them (decided in session 14, README
 * "Labelling decisions"): an oxygen saturation in % named without a specimen or method is the pulse-oximetry vital
 * sign (59408-5), as the team set files `Oxygen saturation` and `Blood oxygen`; blood-gas saturation needs `SaO2`,
 * `BldA`, arterial or venous written. (`FIO2` keeps the row's code, the ventilator setting 19994-3.) A CD4 count in
 * /µL with no specimen is the blood count 24467-3, not the table's *Unspecified specimen* 32515-9: the bare-name
 * convention (session 15) reads an unwritten specimen as the usual one, and CD4 cells are counted in blood. It keeps
 * its class so the seeded variants are drawn from the same names as before.
 * Session 19: a flowsheet name that writes neither the qualifier nor the method its row's code adds is read as
 * LOINC's generic code, which that name spells: `Height(In)` (the table's row is 3137-7 *Body height Measured*;
 * nothing in the name says measured rather than stated, and 8302-2 *Body height* is the code FHIR's vital-signs
 * profile requires for a height) and `Hgb Bld` (row 20509-6 *… by calculation*; `Hgb Bld` is 718-7's own short name,
 * `Hgb Bld-mCnc`, without the property, and nothing says calculated). As the troponin decision: the method-less
 * code does not exclude the method, a name that does not write it does not choose it.
 */
const HDS_READING_OF_TABLE_NAME = new Map([
  ['o2 sat', '59408-5'],
  ['cd4 cells #', '24467-3'],
  ['height(in)', '8302-2'],
  ['hgb bld', '718-7'],
]);
const FIO2_AND_O2_SAT = new Set(['o2 sat', 'fio2']);

function flowsheetNames(random: () => number, perKind: { display: number; short: number }): Base[] {
  const rows = tsv('nlm-flowsheet-names.tsv').map(([loinc, , shortName, flowsheetName, ucum]) => ({
    loinc: loinc as string,
    shortName: shortName ?? '',
    flowsheetName: flowsheetName ?? '',
    ucum: ucum as string,
  }));
  // A name shared by two codes with the same unit cannot be decided by name and unit: null.
  const codesByKey = new Map<string, Set<string>>();
  for (const r of rows) {
    for (const name of [r.shortName, r.flowsheetName]) {
      if (!name) continue;
      const key = `${squash(name)}\u0000${r.ucum}`;
      const set = codesByKey.get(key) ?? new Set<string>();
      set.add(r.loinc);
      codesByKey.set(key, set);
    }
  }
  const usable = (name: string) => name.length >= 3 && !/['"]/.test(name);
  const pick = <T>(items: T[], n: number): T[] => {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
    return copy.slice(0, n);
  };
  const out: Base[] = [];
  for (const [kind, n, field, cls] of [
    ['flowsheet name', perKind.display, 'flowsheetName', 'lis-name'],
    ['short name', perKind.short, 'shortName', 'loinc-short'],
  ] as const) {
    for (const r of pick(
      rows.filter((row) => usable(row[field])),
      n,
    )) {
      const name = r[field];
      const codes = codesByKey.get(`${squash(name)}\u0000${r.ucum}`);
      const ambiguous = (codes?.size ?? 0) > 1;
      const decided = FIO2_AND_O2_SAT.has(squash(name));
      out.push({
        input: name,
        unit: r.ucum,
        expected: ambiguous ? null : (HDS_READING_OF_TABLE_NAME.get(squash(name)) ?? r.loinc),
        class: ambiguous ? 'ambiguous' : decided ? 'decided' : cls,
        source: `nlm-flowsheet (${kind})`,
      });
    }
  }
  return out;
}

/** One keyboard slip in a word of at least five letters: a dropped, swapped or doubled letter. */
function typo(name: string, random: () => number): string | null {
  const words = [...name.matchAll(/\p{L}{5,}/gu)];
  if (words.length === 0) return null;
  const w = words[Math.floor(random() * words.length)] as RegExpMatchArray;
  const start = w.index ?? 0;
  const word = w[0];
  const i = 1 + Math.floor(random() * (word.length - 2)); // keep the first and last letters
  const kind = Math.floor(random() * 3);
  let slipped: string;
  if (kind === 0) slipped = word.slice(0, i) + word.slice(i + 1);
  else if (kind === 1) slipped = word.slice(0, i) + (word[i + 1] ?? '') + (word[i] ?? '') + word.slice(i + 2);
  else slipped = word.slice(0, i) + (word[i] ?? '') + word.slice(i);
  if (slipped === word) return null;
  return name.slice(0, start) + slipped + name.slice(start + word.length);
}

/** One OCR confusion: l→1, l→I, I→l, O→0, o→0, m→rn, rn→m. */
function ocr(name: string, random: () => number): string | null {
  const swaps: [RegExp, string][] = [
    [/l/g, '1'],
    [/l/g, 'I'],
    [/I/g, 'l'],
    [/O/g, '0'],
    [/o/g, '0'],
    [/m/g, 'rn'],
    [/rn/g, 'm'],
  ];
  const options = swaps.flatMap(([re, to]) =>
    [...name.matchAll(re)].map((m) => ({ at: m.index ?? 0, from: m[0], to })),
  );
  if (options.length === 0) return null;
  const o = options[Math.floor(random() * options.length)] as { at: number; from: string; to: string };
  return name.slice(0, o.at) + o.to + name.slice(o.at + o.from.length);
}

function doubledSpaces(name: string, random: () => number): string | null {
  const gaps = [...name.matchAll(/ /g)];
  if (gaps.length === 0) return null;
  const g = gaps[Math.floor(random() * gaps.length)] as RegExpMatchArray;
  const at = g.index ?? 0;
  const padded = `${name.slice(0, at)}  ${name.slice(at + 1)}`;
  return random() < 0.5 ? padded : ` ${padded} `;
}

export function buildRealworld(): { description: string; version: string; cases: RealworldCase[] } {
  const random = rng(18);
  const base = [...handLabelled(), ...flowsheetNames(random, { display: 420, short: 260 })];
  // Variants come from names that carry a code and are real spellings (not already generated or null).
  // Printed names only: machine field names (vendor keys) and LOINC short-name tokens are not typed or photographed.
  const printed = new Set<RealworldClass>([
    'lis-name',
    'language',
    'modern-order',
    'qualifier',
    'abbreviation',
    'unit-picks',
  ]);
  const seeds = base.filter((c) => c.expected !== null && printed.has(c.class));
  const variants: Base[] = [];
  const draw = (n: number, make: (s: string, r: () => number) => string | null, cls: RealworldClass) => {
    let made = 0;
    for (let tries = 0; made < n && tries < n * 20; tries++) {
      const s = seeds[Math.floor(random() * seeds.length)] as Base;
      const input = make(s.input, random);
      if (!input || input === s.input) continue;
      variants.push({ ...s, input, class: cls, source: `${s.source} + seeded ${cls}` });
      made++;
    }
  };
  draw(240, typo, 'typo');
  draw(170, ocr, 'ocr');
  draw(60, doubledSpaces, 'spacing');

  // One (input, unit) has one label: hand labels win over generated ones; a generated case that collides with a
  // different label is dropped, never relabelled.
  const byKey = new Map<string, Base>();
  for (const c of [...base, ...variants]) {
    const key = `${c.input}\u0000${c.unit ?? ''}`;
    const had = byKey.get(key);
    if (!had) byKey.set(key, c);
    else if (had.expected !== c.expected && had.source !== 'hand' && c.source === 'hand') byKey.set(key, c);
  }
  const cases = [...byKey.values()].map((c) => ({ ...c, split: splitOf(c.input) }) as RealworldCase);
  return {
    description:
      'Real-world spellings for the LOINC resolver (issue 18): names as partners send them, from the public sources in eval/standardization/realworld/sources.json, plus seeded typo/OCR/spacing variants. Labels are written from LOINC long names (NLM flowsheet table, the curated corpus display names, loinc.org or a lab catalogue page naming the code), never by running the resolver. split is FNV-1a(input) mod 100 < 30 → holdout. Built by eval/standardization/build-realworld.ts; do not edit by hand.',
    version: '1.0.0',
    cases: cases.map((c) => ({
      input: c.input,
      ...(c.unit ? { unit: c.unit } : {}),
      expected: c.expected,
      split: c.split,
      source: c.source,
      class: c.class,
    })),
  };
}

const outFile = join(here, 'realworld.json');
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const text = `${JSON.stringify(buildRealworld(), null, 1)}\n`;
  if (process.argv.includes('--check')) {
    const current = readFileSync(outFile, 'utf8');
    if (current !== text) {
      console.error('realworld.json is stale: run npx tsx eval/standardization/build-realworld.ts');
      process.exit(1);
    }
  } else {
    writeFileSync(outFile, text);
    const cases = buildRealworld().cases;
    const count = (f: (c: RealworldCase) => boolean) => cases.filter(f).length;
    console.log(
      `${cases.length} cases: dev ${count((c) => c.split === 'dev')}, holdout ${count((c) => c.split === 'holdout')}, null ${count((c) => c.expected === null)}`,
    );
  }
}
