import { type CorpusConcept, LOINC_CORPUS } from './corpus';

/**
 * `Monocitos` / `Basophils` / `单核细胞` in 10^3/µL: the bare name of a differential's cell type is, in HDS's corpus,
 * a curated name of its share (`Monocytes/100 leukocytes in Blood`) only, while laboratories print the same bare
 * name beside the count as well (the unit says which). Where the corpus carries the count (`Monocytes [#/volume] in
 * Blood`) and that count is reported in the reading's unit, the count is the test the row reports: the name chose
 * the cell type, the unit the property, as it already does for lymphocytes and neutrophils, whose bare names both
 * concepts carry. Nothing is read without a unit (README: a cell type with no unit is null).
 */

const SHARE = /^(.+)\/100 leukocytes in Blood$/;

let countsByCell: ReadonlyMap<string, CorpusConcept> | undefined;

function countOfCell(cell: string): CorpusConcept | undefined {
  if (!countsByCell) {
    const map = new Map<string, CorpusConcept>();
    for (const concept of LOINC_CORPUS.concepts) {
      const count = /^(.+) \[#\/volume\] in Blood$/.exec(concept.display);
      if (count) map.set((count[1] as string).toLowerCase(), concept);
    }
    countsByCell = map;
  }
  return countsByCell.get(cell.toLowerCase());
}

/** The count concept of a blood differential share's cell type when it is reported in `unit`, else null. */
export function countSiblingOfShare(share: CorpusConcept, unit: string): CorpusConcept | null {
  const cell = SHARE.exec(share.display)?.[1];
  const count = cell ? countOfCell(cell) : undefined;
  return count?.units.includes(unit) ? count : null;
}
