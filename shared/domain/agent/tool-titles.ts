/**
 * What a person reads while a tool runs (the engine's `queryTitle` frame): display strings only. Names and behaviour
 * stay in the catalogue (`tool-catalogue.ts`); a tool without a title here shows its name.
 */
const TOOL_TITLES: Readonly<Record<string, string>> = {
  query_health_data: 'Querying health data',
  summarize_health_data: 'Summarizing health data',
  list_clinical_records: 'Reading clinical records',
  list_family_members: 'Listing family members',
  write_fhir_observation: 'Recording an observation',
  search_medical_literature: 'Searching medical literature',
  get_clinical_trials: 'Searching clinical trials',
  get_article_by_pmcid: 'Reading an article',
  fetch_url: 'Reading a web page',
  write_todos: 'Planning',
  task: 'Delegating a sub-task',
  ls: 'Listing working files',
  read_file: 'Reading a working file',
  write_file: 'Writing a working file',
  eval: 'Computing',
};

export function toolTitle(name: string): string {
  return TOOL_TITLES[name] ?? `Running ${name}`;
}
