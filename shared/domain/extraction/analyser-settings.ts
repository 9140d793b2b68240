/**
 * What a blood gas analyser or a ventilator is set to, printed beside the results: the inspired oxygen fraction
 * (`FIO2: 35 %`) and, on a blood gas printout, the patient temperature entered for correction (`Temp: 37.0 C`). They
 * are inputs to the measurement, not readings of the body; a temperature charted at several times is the patient's.
 *
 * FiO2 is a setting wherever it is written; a temperature is one only on a blood gas report (one that gives both
 * pO2 and pCO2), since a clinic note's `Temp 37.2` is a vital sign. Linear in the text; never throws.
 */

import type { ExtractedReading } from './types';
import { foldText } from './vocabulary';

const INSPIRED_OXYGEN = /^(?:fio2|fi o2|fraction of inspired oxygen|inspired o2)$/;
const ENTERED_TEMPERATURE = /^(?:temp|temperature|t|pt temp|patient temp|patient temperature)(?: entered)?$/;
const BLOOD_GAS = /\bp\s?O2\b[\s\S]*\bp\s?CO2\b|\bp\s?CO2\b[\s\S]*\bp\s?O2\b/i;

export function withoutAnalyserSettings(readings: ExtractedReading[], text: string): ExtractedReading[] {
  if (!readings.some((r) => isSettingName(foldText(r.indicator)))) return readings;
  const bloodGas = text.length < 200_000 && BLOOD_GAS.test(text);
  // An analyser takes one correction temperature per sample; a flowsheet charts the patient's at several times
  // (`Temp  38.4 °C  37.9 °C` under `0000  0400`): that series is vital signs beside the gases, not a setting.
  const temperatureTimes = new Set(
    readings.filter((r) => ENTERED_TEMPERATURE.test(foldText(r.indicator))).map((r) => r.measuredAt ?? ''),
  );
  const charted = temperatureTimes.size > 1;
  return readings.filter((reading) => {
    const name = foldText(reading.indicator);
    if (INSPIRED_OXYGEN.test(name)) return false;
    return !(bloodGas && !charted && ENTERED_TEMPERATURE.test(name));
  });
}

function isSettingName(name: string): boolean {
  return INSPIRED_OXYGEN.test(name) || ENTERED_TEMPERATURE.test(name);
}
