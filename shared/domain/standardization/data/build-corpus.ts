/**
 * Builds `loinc-corpus.json`, the corpus the engine loads, from the versioned sources beside it:
 *
 *   curated-concepts.json        hand-curated concepts (their synonyms, units and defaults are never changed)
 *   modern-orders.json           hand-written concepts for today's orders beyond the flowsheet, each with its sources
 *   synonyms-i18n.json           names in es/de/fr/pt/it/zh (and English) for the common panels
 *   vendor-fields.json           wearable and health-platform API field names (Oura, WHOOP, Withings, Fitbit, Garmin,
 *                                Polar, Health Connect, Google Fit, Samsung Health), each with its API reference
 *   loinc-nlm-flowsheet.json     the NLM LHC flowsheet table (every row with a long common name becomes a concept)
 *   healthkit-sample-mapping.json  HealthKitOnFHIR's HealthKit → LOINC codings
 *
 * Run from the repository root after changing any of them (a unit test fails while the output is stale):
 *
 *   npx tsx shared/domain/standardization/data/build-corpus.ts
 *
 * It also writes `corpus-build-report.json`: every generated name it dropped, and why.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { WITHINGS_MEASURE_TYPES, withingsConcept } from '../../withings-measure-types';
import type { CorpusConcept, LoincCorpus } from '../corpus';
import { normalizeIndicatorText, sortedTokenKey } from '../normalize-text';
import { ocrSkeleton } from '../ocr-confusions';
import type { ObservationCategory } from '../types';
import { normalizeUnit } from '../units';

export interface FlowsheetRow {
  loinc: string;
  long_common_name: string | null;
  display: string | null;
  short_name: string | null;
  flowsheet_name: string | null;
  section: string | null;
  units_display: string | null;
  ucum: string | null;
  ucum_equivalence_class: string | null;
  normal_range: string | null;
  normal_low: number | null;
  normal_high: number | null;
  molecular_weight: number | null;
}

/** A concept written by hand for an order the flowsheet predates, with where its code and name were checked. */
export interface ModernOrder {
  code: string;
  /** LOINC long common name, exactly as the sources quote it. */
  display: string;
  category: ObservationCategory;
  units: string[];
  synonyms: string[];
  unitlessDefault?: boolean;
  requiresUnit?: boolean;
  /** Where the code and its long common name were found (URL, or repository and path). */
  sources: string[];
}

/** code → language → names. */
export type I18nSynonyms = Record<string, Record<string, string[]>>;

/** One API field name of a vendor, as the vendor spells it, and the concept it measures. */
export interface VendorField {
  name: string;
  code: string;
  /** The unit the vendor writes it in (UCUM). */
  unit: string;
  /** Where in the vendor's API the name appears. */
  where: string;
}

/** vendor → its API reference, the fields mapped, and the fields left out with why. */
export type VendorFields = Record<string, { source: string; fields: VendorField[]; leftOut?: Record<string, string> }>;

export interface CorpusSources {
  curated: LoincCorpus;
  modern: ModernOrder[];
  i18n: I18nSynonyms;
  vendorFields: VendorFields;
  flowsheet: FlowsheetRow[];
  healthkit: unknown;
}

export interface DroppedName {
  code: string;
  name: string;
  reason: string;
  /** The codes that already own the name, when it collided. */
  owners?: string[];
}

export interface BuildReport {
  counts: Record<string, number>;
  /** Flowsheet rows left out (no long common name, or no valid LOINC code). */
  skippedRows: { loinc: string; name: string | null; reason: string }[];
  dropped: DroppedName[];
}

const CORPUS_VERSION = '3.0.0';
const MIN_KEY_LENGTH = 3;
const LOINC_CODE = /^\d{1,7}-\d$/;

/** The NLM flowsheet section a row sits in decides its FHIR observation category. */
export function categoryOfSection(section: string | null): ObservationCategory {
  const top = (section ?? '').split(' > ')[0]?.trim().toUpperCase() ?? '';
  if (top.startsWith('VITALS')) return 'vital-signs';
  if (
    top.startsWith('QUESTIONNAIRES') ||
    top.startsWith('PREVENTIVE CARE') ||
    top.startsWith('ENCOUNTER DATA') ||
    top.startsWith('HOSPITAL QUALITY') ||
    top.startsWith('PROVIDER NOTES') ||
    top.startsWith('SYMPTOMS') ||
    top.startsWith('MED DOSES')
  )
    return 'survey';
  // Measurements taken on the patient rather than on a specimen.
  if (
    top.startsWith('CARDIOLOGY') ||
    top.startsWith('PULMONARY') ||
    top.startsWith('EYE & EAR') ||
    top.startsWith('RADIOLOGY') ||
    (top.startsWith('OB/GYN') && !/STUDIES: > (?:PREG|MAT)/.test(section ?? ''))
  )
    return 'exam';
  return 'laboratory';
}

/** `Thallium` of `Thallium [Mass/volume] in Blood`: the analyte, before the bracketed property. */
export function componentOf(display: string): string | null {
  const at = display.indexOf(' [');
  return at > 0 ? display.slice(0, at) : null;
}

/** `Blood` of `Thallium [Mass/volume] in Blood`; `24 hour Urine` of a timed urine; '' when the name states none. */
export function systemOf(display: string): string {
  const match = /\]\s+(?:in|of)\s+(.+?)(?:\s+by\s+|\s+--|$)/.exec(display);
  return match ? (match[1] as string).trim() : '';
}

/** The specimens a bare analyte name implies on a report: anything else (urine, CSF, saliva) is always written. */
const DEFAULT_SYSTEMS = new Set(['Serum or Plasma', 'Serum', 'Plasma', 'Blood']);

/**
 * Only a concept named `Component [Property] in System`, with no method, timing or challenge (`Vancomycin` must not
 * stand for the trough level), measured with a unit (not an interpretation or a presence) and in the specimen a bare
 * name implies, may own its bare component.
 */
function mayOwnComponent(concept: CorpusConcept): boolean {
  const { display } = concept;
  return (
    /^[^[\]]+ \[[^\]]+\] in [^[\]]+$/.test(display) &&
    !/ by | --|--/.test(display) &&
    concept.units.length > 0 &&
    DEFAULT_SYSTEMS.has(systemOf(display))
  );
}

function canonicalUnit(unit: string | null): string | null {
  if (!unit) return null;
  // Two alternatives written in one cell (`m/s; cm/s`) are no single unit.
  if (/[;,]/.test(unit)) return null;
  return normalizeUnit(unit);
}

/** A concentration (`[Mass/volume]`, `[Moles/volume]`) is never reported per unit of time. */
const CONCENTRATION = /\[(?:Mass|Moles)\/volume\]/;
const PER_TIME = /\/\(?\d*\.?(?:h|d|min|s|wk)\)?$/;

/** The flowsheet's unit for a row, unless it contradicts the row's property (`ug/24` for a mass concentration). */
function flowsheetUnit(unit: string | null, longName: string): string | null {
  const canonical = canonicalUnit(unit);
  return canonical && CONCENTRATION.test(longName) && PER_TIME.test(canonical) ? null : canonical;
}

interface HealthKitCoding {
  identifier: string;
  code: string;
  display: string;
  category: ObservationCategory | null;
  unit: string | null;
}

/** Every LOINC coding in the HealthKitOnFHIR mapping, with the HealthKit identifier it belongs to. */
export function healthKitCodings(mapping: unknown): HealthKitCoding[] {
  const out: HealthKitCoding[] = [];
  const visit = (node: unknown, identifier: string, inherited: ObservationCategory | null): void => {
    if (Array.isArray(node)) {
      for (const item of node) visit(item, identifier, inherited);
      return;
    }
    if (!node || typeof node !== 'object') return;
    const record = node as Record<string, unknown>;
    let category = inherited;
    if (Array.isArray(record.categories)) {
      const codes = (record.categories as { code?: string }[]).map((c) => c.code);
      if (codes.includes('vital-signs')) category = 'vital-signs';
      else if (codes.includes('activity')) category = 'activity';
      else if (codes.includes('survey')) category = 'survey';
    }
    const unitCode = (record.unit as { code?: string } | undefined)?.code ?? null;
    if (Array.isArray(record.codings)) {
      for (const coding of record.codings as { system?: string; code?: string; display?: string }[]) {
        if (coding.system === 'http://loinc.org' && coding.code && coding.display) {
          out.push({ identifier, code: coding.code, display: coding.display, category, unit: unitCode });
        }
      }
    }
    for (const [key, value] of Object.entries(record)) {
      if (key === 'codings' || key === 'categories' || key === 'unit') continue;
      visit(value, key.startsWith('HK') ? key : identifier, category);
    }
  };
  visit(mapping, '', null);
  return out;
}

/** One concept under construction: its fixed names (never dropped) and the generated candidates. */
interface Draft {
  concept: CorpusConcept;
  curated: boolean;
  generated: string[];
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}

/**
 * Merges the sources into one corpus. Precedence, so breadth never changes an answer the curated corpus gives:
 * curated names > modern-order and multilingual names (hand-written) > names generated from the flowsheet and
 * HealthKit. A generated name is dropped when its normalised key (or its key with the words sorted) already belongs
 * to another concept's hand-written names, when it is a listed ambiguous or unit-only term, when it is a bare
 * component shared by concepts in different specimens, or when several concepts generate it and their units do
 * not tell them apart.
 */
export function buildCorpus(sources: CorpusSources): { corpus: LoincCorpus; report: BuildReport } {
  const report: BuildReport = { counts: {}, skippedRows: [], dropped: [] };
  const drafts = new Map<string, Draft>();
  for (const concept of sources.curated.concepts) {
    drafts.set(concept.code, {
      concept: { ...concept, synonyms: [...concept.synonyms] },
      curated: true,
      generated: [],
    });
  }

  const blockedKeys = new Set(
    [...sources.curated.ambiguousTerms, ...(sources.curated.unitRequiredTerms ?? [])].map(normalizeIndicatorText),
  );
  const unitOnlyKeys = new Set((sources.curated.unitRequiredTerms ?? []).map(normalizeIndicatorText));
  /** Ambiguous and unit-only terms, in any word order: a listed term stays null however it is spelled. */
  const blockedSorted = new Set([...blockedKeys].map(sortedTokenKey));
  const blocked = { has: (key: string): boolean => blockedKeys.has(key) || blockedSorted.has(sortedTokenKey(key)) };
  /** Key → codes whose hand-written names (or display) produce it. */
  const fixedOwners = new Map<string, Set<string>>();
  const fixedSortedOwners = new Map<string, Set<string>>();
  /** The same keys by OCR skeleton: `glycoprotein I` and `glycoprotein 1` are one name to the OCR stage. */
  const fixedSkeletonOwners = new Map<string, Set<string>>();
  const own = (key: string, code: string): void => {
    if (!key) return;
    const skeleton = ocrSkeleton(key);
    fixedSkeletonOwners.set(skeleton, (fixedSkeletonOwners.get(skeleton) ?? new Set<string>()).add(code));
    const owners = fixedOwners.get(key) ?? new Set<string>();
    owners.add(code);
    fixedOwners.set(key, owners);
    const sorted = sortedTokenKey(key);
    const sortedOwners = fixedSortedOwners.get(sorted) ?? new Set<string>();
    sortedOwners.add(code);
    fixedSortedOwners.set(sorted, sortedOwners);
  };
  const othersOwning = (key: string, code: string, siblings: ReadonlySet<string> = new Set()): string[] => {
    const sorted = sortedTokenKey(key);
    const exempt = (c: string, curated: boolean): boolean => c === code || (!curated && siblings.has(c));
    const direct = [...(fixedOwners.get(key) ?? [])].filter((c) => !exempt(c, curatedKeys.has(key)));
    if (direct.length > 0) return direct;
    const reordered = [...(fixedSortedOwners.get(sorted) ?? [])].filter(
      (c) => !exempt(c, curatedSortedKeys.has(sorted)),
    );
    if (reordered.length > 0) return reordered;
    const skeleton = ocrSkeleton(key);
    return [...(fixedSkeletonOwners.get(skeleton) ?? [])].filter((c) => !exempt(c, curatedSkeletons.has(skeleton)));
  };
  for (const draft of drafts.values()) {
    for (const name of [...draft.concept.synonyms, draft.concept.display])
      own(normalizeIndicatorText(name), draft.concept.code);
  }
  /** Keys the curated concepts own: no sibling exemption applies to them, so every curated answer stays as it is. */
  const curatedKeys = new Set(fixedOwners.keys());
  const curatedSortedKeys = new Set(fixedSortedOwners.keys());
  const curatedSkeletons = new Set(fixedSkeletonOwners.keys());

  const SPECIMEN_WORDS_ONLY =
    /^(?:(?:urine|urin|urina|orina|harn|serum|plasma|suero|siero|soro|csf|stool|heces|selles)\s?)+$/;
  // Hand-written tier 2: modern orders, then multilingual names. A name another concept already owns is dropped.
  const keepHandWritten = (
    code: string,
    names: string[],
    origin: string,
    siblings: ReadonlySet<string> = new Set(),
  ): string[] =>
    names.filter((name) => {
      const key = normalizeIndicatorText(name);
      if (!key) return false;
      // A key of specimen words alone names no test, and the bracket stage would read any `X (orina)` as this
      // concept (`sangre en orina` once keyed so, before the normaliser kept its blood word: session 27).
      if (SPECIMEN_WORDS_ONLY.test(key)) {
        report.dropped.push({ code, name, reason: `${origin}: names only a specimen` });
        return false;
      }
      // A unit-only term a person wrote for this concept (`PCT` on procalcitonin) stays: the index resolves it only
      // with a unit that fits (ng/mL), so plateletcrit's % is not read as procalcitonin.
      if (blocked.has(key) && !unitOnlyKeys.has(key)) {
        report.dropped.push({ code, name, reason: `${origin}: ambiguous or unit-only term` });
        return false;
      }
      const owners = othersOwning(key, code, siblings);
      if (owners.length > 0) {
        report.dropped.push({ code, name, reason: `${origin}: already names another concept`, owners });
        return false;
      }
      return true;
    });

  // Modern orders may share a name among themselves (D-dimer FEU and DDU): their units tell them apart, which the
  // corpus tests check. They may not take a curated name.
  const modernCodes = new Set(sources.modern.map((o) => o.code));
  for (const order of sources.modern) {
    if (drafts.has(order.code)) throw new Error(`modern order ${order.code} is already curated`);
    // Its long name may normalise to a curated sibling's key (molar vs mass): then it is found by its synonyms only.
    const displayKey = normalizeIndicatorText(order.display);
    const displayOwners = othersOwning(displayKey, order.code);
    if (displayOwners.length > 0)
      report.dropped.push({
        code: order.code,
        name: order.display,
        reason: 'modern order: long name already names another concept',
        owners: displayOwners,
      });
    const synonyms = unique(keepHandWritten(order.code, order.synonyms, 'modern order', modernCodes));
    const concept: CorpusConcept = {
      code: order.code,
      display: order.display,
      category: order.category,
      defaultUnit: order.units[0] ?? '',
      units: order.units,
      synonyms,
      verifiedBy: ['published-name'],
      ...(order.unitlessDefault ? { unitlessDefault: true } : {}),
      ...(order.requiresUnit ? { requiresUnit: true } : {}),
      ...(displayOwners.length > 0 ? { indexDisplay: false } : {}),
    };
    drafts.set(order.code, { concept, curated: true, generated: [] });
    const ownedNames = displayOwners.length > 0 ? synonyms : [...synonyms, order.display];
    for (const name of ownedNames) own(normalizeIndicatorText(name), order.code);
  }

  // Flowsheet rows: enrich curated concepts, create the others.
  const flowsheetByCode = new Map<string, FlowsheetRow>();
  for (const row of sources.flowsheet) {
    if (!LOINC_CODE.test(row.loinc)) {
      report.skippedRows.push({ loinc: row.loinc, name: row.flowsheet_name, reason: 'not a LOINC code' });
      continue;
    }
    if (!row.long_common_name) {
      report.skippedRows.push({ loinc: row.loinc, name: row.flowsheet_name, reason: 'no long common name' });
      continue;
    }
    flowsheetByCode.set(row.loinc, row);
    const draft = drafts.get(row.loinc);
    const unit = flowsheetUnit(row.ucum, row.long_common_name);
    const extras: Partial<CorpusConcept> = {
      ...(row.short_name ? { shortName: row.short_name } : {}),
      ...(row.section ? { section: row.section } : {}),
      ...(row.normal_low !== null || row.normal_high !== null
        ? { normalRange: { low: row.normal_low, high: row.normal_high, unit: unit ?? row.ucum ?? null } }
        : {}),
      ...(row.molecular_weight !== null ? { molecularWeight: row.molecular_weight } : {}),
    };
    const names = [row.display, row.short_name, row.flowsheet_name].filter((n): n is string => Boolean(n?.trim()));
    if (draft) {
      Object.assign(draft.concept, extras);
      draft.generated.push(...names);
      continue;
    }
    drafts.set(row.loinc, {
      concept: {
        code: row.loinc,
        display: row.long_common_name,
        category: categoryOfSection(row.section),
        defaultUnit: unit ?? '',
        units: unit ? [unit] : [],
        synonyms: [],
        verifiedBy: ['nlm-flowsheet'],
        ...extras,
      },
      curated: false,
      generated: [row.long_common_name, ...names],
    });
  }

  // HealthKit: identifiers and display names; types no other source has become concepts of their own.
  for (const coding of healthKitCodings(sources.healthkit)) {
    if (!LOINC_CODE.test(coding.code)) {
      report.skippedRows.push({
        loinc: coding.code,
        name: coding.identifier,
        reason: 'HealthKit coding is not a LOINC code',
      });
      continue;
    }
    let draft = drafts.get(coding.code);
    if (!draft) {
      const unit = canonicalUnit(coding.unit);
      draft = {
        concept: {
          code: coding.code,
          display: coding.display,
          category: coding.category ?? 'survey',
          defaultUnit: unit ?? '',
          units: unit ? [unit] : [],
          synonyms: [],
          verifiedBy: ['healthkit-mapping'],
        },
        curated: false,
        generated: [coding.display],
      };
      drafts.set(coding.code, draft);
    } else if (!draft.concept.verifiedBy.includes('healthkit-mapping') && !draft.curated) {
      draft.concept.verifiedBy.push('healthkit-mapping');
    }
    draft.generated.push(coding.display);
    if (coding.identifier) draft.generated.push(coding.identifier);
  }

  // Multilingual names: hand-written, so they rank with the curated ones.
  // A name listed for molar and mass siblings alike is shared on purpose: the unit picks.
  const i18nCodesByKey = new Map<string, Set<string>>();
  for (const [code, byLanguage] of Object.entries(sources.i18n)) {
    for (const name of Object.values(byLanguage).flat()) {
      const key = normalizeIndicatorText(name);
      const codes = i18nCodesByKey.get(key) ?? new Set<string>();
      codes.add(code);
      i18nCodesByKey.set(key, codes);
    }
  }
  for (const [code, byLanguage] of Object.entries(sources.i18n)) {
    const draft = drafts.get(code);
    if (!draft) throw new Error(`synonyms-i18n.json names ${code}, which is in no source`);
    const names = Object.values(byLanguage)
      .flat()
      .filter(
        (name) =>
          keepHandWritten(code, [name], 'multilingual name', i18nCodesByKey.get(normalizeIndicatorText(name))).length >
          0,
      );
    const existing = new Set(draft.concept.synonyms.map(normalizeIndicatorText));
    for (const name of names) {
      const key = normalizeIndicatorText(name);
      if (existing.has(key)) continue;
      existing.add(key);
      draft.concept.synonyms.push(name);
      own(key, code);
    }
  }

  // Vendor API field names (source tag vendor-api): hand-written, merged like the multilingual names. Two vendors
  // may list one name for one code; a name another concept owns is dropped and reported.
  const vendorCodesByKey = new Map<string, Set<string>>();
  const vendorEntries = Object.values(sources.vendorFields).flatMap((vendor) => vendor.fields);
  for (const field of vendorEntries) {
    const key = normalizeIndicatorText(field.name);
    const codes = vendorCodesByKey.get(key) ?? new Set<string>();
    codes.add(field.code);
    vendorCodesByKey.set(key, codes);
  }
  for (const field of vendorEntries) {
    const draft = drafts.get(field.code);
    if (!draft) throw new Error(`vendor-fields.json maps ${field.name} to ${field.code}, which is in no source`);
    const key = normalizeIndicatorText(field.name);
    const existing = new Set(draft.concept.synonyms.map(normalizeIndicatorText));
    if (existing.has(key)) continue;
    if (keepHandWritten(field.code, [field.name], 'vendor-api field', vendorCodesByKey.get(key)).length === 0) continue;
    draft.concept.synonyms.push(field.name);
    own(key, field.code);
  }

  // Bare components: allowed only when every concept with that component sits in one specimen.
  const componentSystems = new Map<string, Set<string>>();
  for (const draft of drafts.values()) {
    const component = componentOf(draft.concept.display);
    if (!component) continue;
    const key = normalizeIndicatorText(component);
    const systems = componentSystems.get(key) ?? new Set<string>();
    systems.add(systemOf(draft.concept.display));
    componentSystems.set(key, systems);
  }
  for (const draft of drafts.values()) {
    const component = componentOf(draft.concept.display);
    if (component && mayOwnComponent(draft.concept)) draft.generated.push(component);
  }

  // Generated names: filter each, then refuse those several concepts share without units to tell them apart.
  const candidates = new Map<string, Map<string, string>>(); // key → code → first spelling
  for (const draft of drafts.values()) {
    const code = draft.concept.code;
    // A generated concept's own long name is judged like its other names: it may collide too.
    const ownNames = draft.curated ? [...draft.concept.synonyms, draft.concept.display] : draft.concept.synonyms;
    const ownKeys = new Set(ownNames.map(normalizeIndicatorText));
    for (const name of unique(draft.generated.map((n) => n.trim()))) {
      const key = normalizeIndicatorText(name);
      if (!key || ownKeys.has(key)) continue;
      if (key.length < MIN_KEY_LENGTH) {
        report.dropped.push({ code, name, reason: 'too short to stand alone' });
        continue;
      }
      if (blocked.has(key)) {
        report.dropped.push({ code, name, reason: 'ambiguous or unit-only term' });
        continue;
      }
      const owners = othersOwning(key, code);
      if (owners.length > 0) {
        report.dropped.push({ code, name, reason: 'already names a curated concept', owners });
        continue;
      }
      if ((componentSystems.get(key)?.size ?? 0) > 1) {
        report.dropped.push({ code, name, reason: 'bare component measured in several specimens' });
        continue;
      }
      const byCode = candidates.get(key) ?? new Map<string, string>();
      if (!byCode.has(code)) byCode.set(code, name);
      candidates.set(key, byCode);
    }
  }

  /** Generated concepts whose long name survived every rule: only those are found by it. */
  const keptDisplays = new Set<string>();
  for (const byCode of candidates.values()) {
    const codes = [...byCode.keys()];
    if (codes.length > 1) {
      const seen = new Set<string>();
      let distinct = true;
      for (const code of codes) {
        const units = drafts.get(code)?.concept.units ?? [];
        if (units.length === 0) distinct = false;
        for (const unit of units) {
          if (seen.has(unit)) distinct = false;
          seen.add(unit);
        }
      }
      if (!distinct) {
        for (const [code, name] of byCode) {
          report.dropped.push({ code, name, reason: 'shared by concepts the unit cannot tell apart', owners: codes });
        }
        continue;
      }
    }
    for (const [code, name] of byCode) {
      const draft = drafts.get(code) as Draft;
      if (name === draft.concept.display) keptDisplays.add(code);
      else draft.concept.synonyms.push(name);
    }
  }
  // A generated concept whose long name was dropped (it normalises to a shared or curated key) is not found by it.
  for (const draft of drafts.values()) {
    if (!draft.curated && !keptDisplays.has(draft.concept.code)) draft.concept.indexDisplay = false;
  }

  const concepts = [...drafts.values()].map((d) => d.concept);
  report.counts = {
    concepts: concepts.length,
    curated: sources.curated.concepts.length,
    modernOrders: sources.modern.length,
    flowsheetCodes: flowsheetByCode.size,
    flowsheetOnly: concepts.filter((c) => c.verifiedBy.length === 1 && c.verifiedBy[0] === 'nlm-flowsheet').length,
    healthkitOnly: concepts.filter((c) => c.verifiedBy.length === 1 && c.verifiedBy[0] === 'healthkit-mapping').length,
    vendorFields: Object.values(sources.vendorFields).reduce((n, v) => n + v.fields.length, 0),
    skippedRows: report.skippedRows.length,
    droppedNames: report.dropped.length,
    synonyms: concepts.reduce((n, c) => n + c.synonyms.length, 0),
  };
  const corpus: LoincCorpus = {
    version: CORPUS_VERSION,
    description:
      'Generated by build-corpus.ts from curated-concepts.json, modern-orders.json, synonyms-i18n.json, ' +
      'vendor-fields.json, the NLM LHC ' +
      'flowsheet table and the HealthKitOnFHIR mapping. Do not edit by hand. verifiedBy names where each code was ' +
      'checked (published-name: see modern-orders.json sources). unitRequiredTerms resolve only with a fitting unit.',
    notice: sources.curated.notice,
    ambiguousTerms: sources.curated.ambiguousTerms,
    unitRequiredTerms: sources.curated.unitRequiredTerms ?? [],
    concepts,
  };
  return { corpus, report };
}

/** One concept per line: compact for the Lambda bundles, still readable in a diff. */
export function serializeCorpus(corpus: LoincCorpus): string {
  const { concepts, ...head } = corpus;
  const headJson = JSON.stringify(head);
  return `${headJson.slice(0, -1)},"concepts":[\n${concepts.map((c) => JSON.stringify(c)).join(',\n')}\n]}\n`;
}

export const DATA_DIR = dirname(fileURLToPath(import.meta.url));

function readJson<T>(name: string): T {
  return JSON.parse(readFileSync(join(DATA_DIR, name), 'utf8')) as T;
}

/**
 * The vendor fields with Withings' measure types added from their one table (`../../withings-measure-types.ts`): a
 * type with a concept gives two fields, Withings' name (`SP02`) and `meastype N` (how `vendor-field-names.ts` checks a
 * `spo2 (type 54)`), ahead of the fields `vendor-fields.json` lists; a type without one gives both names left out.
 */
export function withWithingsMeasureTypes(vendors: VendorFields): VendorFields {
  const withings = vendors.withings;
  if (!withings) throw new Error('vendor-fields.json lists no withings vendor');
  const fields: VendorField[] = [];
  const leftOut: Record<string, string> = {};
  for (const entry of WITHINGS_MEASURE_TYPES) {
    const concept = withingsConcept(entry);
    const typeName = `meastype ${entry.type}`;
    if (concept) {
      fields.push({ name: entry.name, code: concept.code, unit: concept.unit, where: `getmeas ${typeName}` });
      fields.push({ name: typeName, ...concept, where: `getmeas measures[].type ${entry.type} (${entry.name})` });
    } else if ('leftOut' in entry.concept) {
      leftOut[entry.name] = `${typeName}: ${entry.concept.leftOut}`;
      leftOut[typeName] = `${entry.name}: ${entry.concept.leftOut}`;
    }
  }
  return {
    ...vendors,
    withings: { ...withings, fields: [...fields, ...withings.fields], leftOut: { ...leftOut, ...withings.leftOut } },
  };
}

/** The sources as committed in this folder. */
export function readSources(): CorpusSources {
  return {
    curated: readJson<LoincCorpus>('curated-concepts.json'),
    modern: readJson<{ concepts: ModernOrder[] }>('modern-orders.json').concepts,
    i18n: readJson<{ synonyms: I18nSynonyms }>('synonyms-i18n.json').synonyms,
    vendorFields: withWithingsMeasureTypes(readJson<{ vendors: VendorFields }>('vendor-fields.json').vendors),
    flowsheet: readJson<FlowsheetRow[]>('loinc-nlm-flowsheet.json'),
    healthkit: readJson<unknown>('healthkit-sample-mapping.json'),
  };
}

export function serializeReport(report: BuildReport): string {
  const { dropped, skippedRows, counts } = report;
  return `{"counts":${JSON.stringify(counts)},\n"skippedRows":[\n${skippedRows.map((r) => JSON.stringify(r)).join(',\n')}\n],\n"dropped":[\n${dropped.map((d) => JSON.stringify(d)).join(',\n')}\n]}\n`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { corpus, report } = buildCorpus(readSources());
  const text = serializeCorpus(corpus);
  writeFileSync(join(DATA_DIR, 'loinc-corpus.json'), text);
  writeFileSync(join(DATA_DIR, 'corpus-build-report.json'), serializeReport(report));
  const reasons = new Map<string, number>();
  for (const d of report.dropped) reasons.set(d.reason, (reasons.get(d.reason) ?? 0) + 1);
  console.log(`loinc-corpus.json: ${corpus.concepts.length} concepts, ${(text.length / 1024).toFixed(0)} KB`);
  console.log(JSON.stringify(report.counts));
  for (const [reason, n] of reasons) console.log(`  dropped ${n}: ${reason}`);
}
