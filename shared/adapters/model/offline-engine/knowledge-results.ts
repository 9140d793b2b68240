/**
 * The results of the knowledge tools and of `eval` as the offline engine reads them: the fields it uses of the shapes
 * in docs/design/knowledge-tools.md §3.1–3.5 and §5.2. The tools return more; conversation.ts checks just enough of
 * each shape to read these safely. A source that did not answer returns `{error, source, reachable: false,
 * retry_after_s?}` instead, which is read as a failed outcome.
 */

/** `search_medical_literature` (§3.1). */
export interface LiteratureResult {
  query?: string;
  /** `pubmed` or `europepmc`. */
  source?: string;
  /** Matches the source holds, beyond those returned. */
  total?: number;
  articles: LiteratureArticle[];
}

export interface LiteratureArticle {
  title: string;
  journal?: string | null;
  year?: number | null;
  pmid?: string | null;
  pmcid?: string | null;
  url: string;
}

/** `get_clinical_trials` (§3.2). */
export interface TrialsResult {
  trials: Trial[];
  total?: number;
}

export interface Trial {
  nct_id: string;
  title?: string | null;
  /** ClinicalTrials.gov `overallStatus`: `RECRUITING`, `NOT_YET_RECRUITING`, `COMPLETED` … */
  status?: string | null;
  /** `PHASE2`, `EARLY_PHASE1`, `NA` … */
  phases?: string[] | null;
  url: string;
}

/** `get_article_by_pmcid` (§3.3): the article's sections, or the not-open-access result. */
export type ArticleResult =
  | {
      pmcid: string;
      open_access?: true;
      title: string;
      sections: { name: string; text: string }[];
      url?: string;
    }
  | { pmcid: string; open_access: false; message?: string; url?: string };

/** `fetch_url` (§3.5). */
export interface FetchUrlResult {
  url: string;
  final_url?: string;
  title?: string | null;
  text: string;
  truncated?: boolean;
}

/** `eval` (§5.2): the value of the program's last expression. */
export interface EvalResult {
  result: unknown;
  logs?: string[];
  ms?: number;
}
