import { conceptByCode } from './corpus';

/**
 * Molar masses (g/mol) of the analytes whose reports come in both mass and molar units, keyed by the LOINC
 * component as the corpus names it. They are the masses clinical laboratories use for the conversion (so
 * 5.5 mmol/L glucose reads 99 mg/dL): urea nitrogen counts the two nitrogen atoms of urea, phosphate is
 * reported as phosphorus, haemoglobin as its monomer (the conventional g/dL × 0.6206 = mmol/L), and
 * peptides carry their mature chain's mass. Analytes measured in arbitrary units on one side (insulin µIU/mL,
 * TSH mIU/L), or with no single mass (lipoprotein(a), ketones, ferritin), are deliberately absent: their
 * readings are never converted, only named as left out.
 */
const MOLAR_MASS_BY_COMPONENT: ReadonlyMap<string, number> = new Map([
  ['Glucose', 180.156],
  ['Fasting glucose', 180.156],
  ['Glucose mean value', 180.156],
  ['Urea nitrogen', 28.014],
  ['Urea', 60.056],
  ['Creatinine', 113.12],
  ['Calcium', 40.078],
  ['Calcium.ionized', 40.078],
  ['Magnesium', 24.305],
  ['Phosphate', 30.974],
  ['Urate', 168.11],
  ['Bilirubin.total', 584.66],
  ['Bilirubin.direct', 584.66],
  ['Bilirubin.indirect', 584.66],
  ['Ammonia', 17.031],
  ['Lactate', 90.08],
  ['Cholesterol', 386.65],
  ['Cholesterol in HDL', 386.65],
  ['Cholesterol in LDL', 386.65],
  ['Triglyceride', 885.7],
  ['Iron', 55.845],
  ['Iron binding capacity', 55.845],
  ['Calcidiol', 400.64],
  ['Cobalamin (Vitamin B12)', 1355.37],
  ['Folate', 441.4],
  ['Retinol', 286.45],
  ['Ascorbate', 176.12],
  ['Thyroxine (T4) free', 776.87],
  ['Thyroxine (T4)', 776.87],
  ['Triiodothyronine (T3) Free', 650.97],
  ['Triiodothyronine (T3)', 650.97],
  ['Testosterone', 288.42],
  ['Testosterone Free', 288.42],
  ['Estradiol (E2)', 272.38],
  ['Estriol (E3).unconjugated', 288.38],
  ['Progesterone', 314.46],
  ['Cortisol', 362.46],
  ['Dehydroepiandrosterone sulfate (DHEA-S)', 368.49],
  ['Dehydroepiandrosterone (DHEA)', 288.42],
  ['C peptide', 3020.3],
  ['Hemoglobin', 16114.5],
  ['MCHC', 16114.5],
  ['Parathyrin.intact', 9424.7],
  ['Insulin-like growth factor-I', 7649],
]);

const PROPERTY = /\s*\[(?:Moles|Mass)\/volume\]/;

/** The LOINC component of a concept's name: what precedes its property (`Glucose` of `Glucose [Mass/volume] in …`). */
function componentOf(display: string): string {
  const at = display.search(PROPERTY);
  return at < 0 ? display : display.slice(0, at);
}

/** The molar mass of the analyte a mass or molar concentration code measures, when laboratories convert it. */
export function molarMassOf(loincCode: string): number | null {
  const concept = conceptByCode(loincCode);
  if (!concept || !PROPERTY.test(concept.display)) return null;
  return MOLAR_MASS_BY_COMPONENT.get(componentOf(concept.display)) ?? null;
}

/**
 * One key for a mass concentration and its molar sibling (`Glucose [·] in Serum or Plasma` for 2345-7 and
 * 14749-6), so their readings form one series; null for a code without a convertible sibling.
 */
export function analyteKeyOf(loincCode: string): string | null {
  if (molarMassOf(loincCode) === null) return null;
  const display = conceptByCode(loincCode)?.display ?? '';
  return display.replace(PROPERTY, ' [·]');
}
