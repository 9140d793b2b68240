import { ToolInputError } from '../tools/types';
import { type Args, onlyKnown, optionalInt, optionalStringList, optionalText } from './args';
import { cachedResult, cacheKey } from './cache';
import { sourceName, type UnreachableResult } from './failure';
import type { KnowledgeContext, KnowledgeRunner } from './knowledge-context';
import { cutAtSentence } from './text';
import { bodyJson, bodyText, getUpstream, isOk, JSON_TYPES, malformed, statusFailure } from './upstream';

/**
 * `get_clinical_trials`: ClinicalTrials.gov API v2, `GET /studies` — `query.*` for text, `filter.overallStatus` to
 * narrow, `fields` to keep answers small, `pageSize`/`pageToken` for paging, `countTotal` for the total. Design §3.2;
 * https://clinicaltrials.gov/data-api/api (OpenAPI at /api/oas/v2).
 */
export const GET_CLINICAL_TRIALS = 'get_clinical_trials';

/** `Status` enum of the v2 data structure (overallStatus). */
export const OVERALL_STATUSES = [
  'ACTIVE_NOT_RECRUITING',
  'COMPLETED',
  'ENROLLING_BY_INVITATION',
  'NOT_YET_RECRUITING',
  'RECRUITING',
  'SUSPENDED',
  'TERMINATED',
  'WITHDRAWN',
  'AVAILABLE',
  'NO_LONGER_AVAILABLE',
  'TEMPORARILY_NOT_AVAILABLE',
  'APPROVED_FOR_MARKETING',
  'WITHHELD',
  'UNKNOWN',
] as const;
export type OverallStatus = (typeof OVERALL_STATUSES)[number];

const DEFAULT_STATUSES: readonly OverallStatus[] = ['RECRUITING', 'NOT_YET_RECRUITING'];
/** Module paths of the study data structure this tool reads; nothing of `resultsSection` or `derivedSection`. */
export const CTGOV_FIELDS = [
  'protocolSection.identificationModule',
  'protocolSection.statusModule',
  'protocolSection.designModule',
  'protocolSection.conditionsModule',
  'protocolSection.armsInterventionsModule',
  'protocolSection.eligibilityModule',
  'protocolSection.contactsLocationsModule',
] as const;
const MAX_LOCATIONS = 5;
const ELIGIBILITY_CHARS = 800;

export const getClinicalTrialsDescription =
  'Find clinical trials on ClinicalTrials.gov by condition and/or other terms, optionally near a place, by ' +
  "recruitment status (default: recruiting or not yet recruiting). Returns each trial's NCT id, title, status, " +
  'phases, conditions, interventions, up to five locations, an eligibility summary and a link. Use page_token from ' +
  'a result to read the next page. Never send personal details in the search terms.';

export const getClinicalTrialsParameters = {
  type: 'object',
  properties: {
    condition: { type: 'string', maxLength: 200, description: 'Condition or disease, e.g. "type 2 diabetes".' },
    term: { type: 'string', maxLength: 200, description: 'Other terms: a drug, intervention, sponsor or keyword.' },
    location: { type: 'string', maxLength: 200, description: 'City, state or country, e.g. "Boston" or "Germany".' },
    status: {
      type: 'array',
      items: { type: 'string', enum: [...OVERALL_STATUSES] },
      maxItems: OVERALL_STATUSES.length,
      description: 'Recruitment statuses to include (default RECRUITING and NOT_YET_RECRUITING).',
    },
    limit: {
      type: 'integer',
      minimum: 1,
      maximum: 20,
      default: 10,
      description: 'Trials per page, 1-20 (default 10).',
    },
    page_token: { type: 'string', maxLength: 500, description: 'next_page_token of a previous result.' },
  },
  required: [],
  additionalProperties: false,
} as const;

export interface TrialSummary {
  nct_id: string;
  title: string;
  status: string | null;
  phases: string[];
  conditions: string[];
  interventions: { type: string | null; name: string }[];
  locations: { facility: string | null; city: string | null; state?: string; country: string | null }[];
  locations_total: number;
  eligibility: {
    summary: string | null;
    min_age: string | null;
    max_age: string | null;
    sex: string | null;
    healthy_volunteers: boolean | null;
  };
  url: string;
}

export interface ClinicalTrialsResult {
  trials: TrialSummary[];
  /** `totalCount` (asked with countTotal=true); null when the service left it out. */
  total: number | null;
  next_page_token: string | null;
  truncated: boolean;
}

/** The service refused the search itself (HTTP 400): reachable, but the arguments need changing. */
export interface TrialSearchRefused {
  error: string;
  source: 'clinicaltrials';
  reachable: true;
}

export interface ClinicalTrialsArgs {
  condition: string | undefined;
  term: string | undefined;
  location: string | undefined;
  status: OverallStatus[];
  limit: number;
  pageToken: string | undefined;
}

export const getClinicalTrials: KnowledgeRunner = async (raw, ctx) => {
  const args = parseTrialArgs(raw);
  return cachedResult(cacheKey(GET_CLINICAL_TRIALS, args), ctx.config.cacheTtlMs, () => searchTrials(args, ctx));
};

export function parseTrialArgs(raw: unknown): ClinicalTrialsArgs {
  const args: Args = onlyKnown(raw, Object.keys(getClinicalTrialsParameters.properties));
  const condition = optionalText(args, 'condition', 200);
  const term = optionalText(args, 'term', 200);
  if (!condition && !term) throw new ToolInputError('Give a condition or a term (or both) to search for');
  const statuses = optionalStringList(args, 'status', OVERALL_STATUSES.length, 40)?.map((s) => s.toUpperCase());
  const unknown = statuses?.filter((s) => !(OVERALL_STATUSES as readonly string[]).includes(s)) ?? [];
  if (unknown.length > 0) {
    throw new ToolInputError(`Unknown status ${unknown.join(', ')}; use ${OVERALL_STATUSES.join(', ')}`);
  }
  const pageToken = args.page_token;
  if (pageToken !== undefined && pageToken !== null && (typeof pageToken !== 'string' || pageToken.length > 500)) {
    throw new ToolInputError('page_token must be the next_page_token string of a previous result');
  }
  return {
    condition,
    term,
    location: optionalText(args, 'location', 200),
    status: statuses ? [...new Set(statuses as OverallStatus[])] : [...DEFAULT_STATUSES],
    limit: optionalInt(args, 'limit', 1, 20) ?? 10,
    pageToken: typeof pageToken === 'string' && pageToken.trim() ? pageToken.trim() : undefined,
  };
}

async function searchTrials(
  args: ClinicalTrialsArgs,
  ctx: KnowledgeContext,
): Promise<ClinicalTrialsResult | UnreachableResult | TrialSearchRefused> {
  const url = new URL(`${ctx.config.clinicalTrialsUrl}/studies`);
  const q = url.searchParams;
  q.set('format', 'json');
  if (args.condition) q.set('query.cond', args.condition);
  if (args.term) q.set('query.term', args.term);
  if (args.location) q.set('query.locn', args.location);
  q.set('filter.overallStatus', args.status.join(','));
  q.set('pageSize', String(args.limit));
  q.set('countTotal', 'true');
  if (args.pageToken) q.set('pageToken', args.pageToken);
  q.set('fields', CTGOV_FIELDS.join(','));

  const got = await getUpstream(ctx, 'clinical_trials', 'clinicaltrials', url, JSON_TYPES);
  if (!got.ok) return got.failure;
  const res = got.response;
  if (res.status === 400) {
    const said = cutAtSentence(bodyText(res).replace(/\s+/g, ' ').trim(), 300);
    return {
      error: `${sourceName('clinicaltrials')} refused the search as given${said ? ` (${said})` : ''}. Change the arguments (a page_token must come from the previous result) and try again.`,
      source: 'clinicaltrials',
      reachable: true,
    };
  }
  if (!isOk(res)) return statusFailure('clinical_trials', 'clinicaltrials', res);
  const body = bodyJson(res) as { studies?: unknown; nextPageToken?: unknown; totalCount?: unknown } | undefined;
  if (!body || !Array.isArray(body.studies)) {
    return malformed('clinical_trials', 'clinicaltrials', 'studies answer without a studies list');
  }
  const trials = (body.studies as Study[]).map(trialSummary).filter((t): t is TrialSummary => t !== null);
  return {
    trials,
    total: typeof body.totalCount === 'number' ? body.totalCount : null,
    next_page_token: typeof body.nextPageToken === 'string' ? body.nextPageToken : null,
    truncated: false,
  };
}

interface Study {
  protocolSection?: {
    identificationModule?: { nctId?: string; briefTitle?: string; officialTitle?: string };
    statusModule?: { overallStatus?: string };
    designModule?: { phases?: string[] };
    conditionsModule?: { conditions?: string[] };
    armsInterventionsModule?: { interventions?: { type?: string; name?: string }[] };
    eligibilityModule?: {
      eligibilityCriteria?: string;
      minimumAge?: string;
      maximumAge?: string;
      sex?: string;
      healthyVolunteers?: boolean;
    };
    contactsLocationsModule?: {
      locations?: { facility?: string; city?: string; state?: string; country?: string }[];
    };
  };
}

export function trialSummary(study: Study): TrialSummary | null {
  const p = study.protocolSection;
  const nctId = p?.identificationModule?.nctId;
  if (!p || !nctId) return null;
  const locations = p.contactsLocationsModule?.locations ?? [];
  const eligibility = p.eligibilityModule;
  const criteria = eligibility?.eligibilityCriteria?.replace(/\n{2,}/g, '\n').trim();
  return {
    nct_id: nctId,
    title: p.identificationModule?.briefTitle ?? p.identificationModule?.officialTitle ?? nctId,
    status: p.statusModule?.overallStatus ?? null,
    phases: p.designModule?.phases ?? [],
    conditions: p.conditionsModule?.conditions ?? [],
    interventions: (p.armsInterventionsModule?.interventions ?? [])
      .filter((i) => i.name)
      .map((i) => ({ type: i.type ?? null, name: i.name! })),
    locations: locations.slice(0, MAX_LOCATIONS).map((l) => ({
      facility: l.facility ?? null,
      city: l.city ?? null,
      ...(l.state ? { state: l.state } : {}),
      country: l.country ?? null,
    })),
    locations_total: locations.length,
    eligibility: {
      summary: criteria ? cutAtSentence(criteria, ELIGIBILITY_CHARS) : null,
      min_age: eligibility?.minimumAge ?? null,
      max_age: eligibility?.maximumAge ?? null,
      sex: eligibility?.sex ?? null,
      healthy_volunteers: eligibility?.healthyVolunteers ?? null,
    },
    url: `https://clinicaltrials.gov/study/${encodeURIComponent(nctId)}`,
  };
}
