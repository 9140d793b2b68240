/**
 * A knowledge service that cannot be reached is a tool *result*, never a throw: the answer still completes (no 5xx),
 * and the model, or the offline engine, says plainly that the source was unreachable instead of answering from
 * memory. `reachable: false` is the marker both read.
 */

/** Who failed, as the result names it. */
export type KnowledgeSource = 'pubmed' | 'europepmc' | 'clinicaltrials' | 'pmc';

const SOURCE_NAMES: Record<KnowledgeSource, string> = {
  pubmed: 'PubMed',
  europepmc: 'Europe PMC',
  clinicaltrials: 'ClinicalTrials.gov',
  pmc: 'PubMed Central',
};

export interface UnreachableResult {
  error: string;
  source: KnowledgeSource;
  reachable: false;
  /** Seconds the service asked us to wait (`Retry-After`), when it said. */
  retry_after_s?: number;
}

/**
 * `unreachable('pubmed', 'it did not answer within 8000 ms')` → `{error: "PubMed could not be reached: it did not
 * answer within 8000 ms. …", source, reachable: false}`. `reason` is a clause the model can repeat to the user.
 */
export function unreachable(source: KnowledgeSource, reason: string, retryAfterS?: number): UnreachableResult {
  const later = retryAfterS !== undefined ? ` It asked to retry after ${retryAfterS} s.` : '';
  return {
    error: `${SOURCE_NAMES[source]} could not be reached: ${reason}.${later} Say that the source is unavailable right now rather than answering from memory.`,
    source,
    reachable: false,
    ...(retryAfterS !== undefined ? { retry_after_s: retryAfterS } : {}),
  };
}

export function isUnreachable(value: unknown): value is UnreachableResult {
  return typeof value === 'object' && value !== null && (value as { reachable?: unknown }).reachable === false;
}

export function sourceName(source: KnowledgeSource): string {
  return SOURCE_NAMES[source];
}
