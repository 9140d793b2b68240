import { ToolInputError } from '../tools/types';
import { fetchUrl, fetchUrlDescription, fetchUrlParameters } from './fetch-url';
import { getArticleByPmcid, getArticleByPmcidDescription, getArticleByPmcidParameters } from './get-article-by-pmcid';
import { getClinicalTrials, getClinicalTrialsDescription, getClinicalTrialsParameters } from './get-clinical-trials';
import type { KnowledgeContext, KnowledgeRunner } from './knowledge-context';
import {
  searchMedicalLiterature,
  searchMedicalLiteratureDescription,
  searchMedicalLiteratureParameters,
} from './search-medical-literature';

/** A knowledge tool as the registry offers it. */
export interface KnowledgeTool {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
  run: KnowledgeRunner;
}

/** The knowledge tools in the catalogue's offer order. */
export const KNOWLEDGE_TOOLS: KnowledgeTool[] = [
  {
    name: 'search_medical_literature',
    description: searchMedicalLiteratureDescription,
    parameters: searchMedicalLiteratureParameters,
    run: searchMedicalLiterature,
  },
  {
    name: 'get_clinical_trials',
    description: getClinicalTrialsDescription,
    parameters: getClinicalTrialsParameters,
    run: getClinicalTrials,
  },
  {
    name: 'get_article_by_pmcid',
    description: getArticleByPmcidDescription,
    parameters: getArticleByPmcidParameters,
    run: getArticleByPmcid,
  },
  { name: 'fetch_url', description: fetchUrlDescription, parameters: fetchUrlParameters, run: fetchUrl },
];

/** Runs a knowledge tool with the request's context; a knowledge tool needs the egress and its configuration. */
export function runKnowledgeTool(
  tool: KnowledgeTool,
  args: Record<string, unknown>,
  ctx: KnowledgeContext | undefined,
): Promise<unknown> {
  if (!ctx) throw new ToolInputError(`${tool.name} is not available in this deployment`);
  return tool.run(args, ctx);
}
