/**
 * README *Labelling decisions* that give a bare name without a unit a code although LOINC codes its analyte on two
 * scales: the decision, made once, is the default the unit-less rule (`unitless-siblings.ts`) would otherwise leave
 * to a unit. Each entry names the code and the words the decision covers; nothing else is defaulted.
 */
interface UnitlessDecision {
  code: string;
  /** The names the README row covers. */
  name: RegExp;
}

const DECISIONS: readonly UnitlessDecision[] = [
  // `25-OH Vitamin D`, `Vit D 25-OH`, `Vitamin D, 25-Hydroxy`, `25(OH)D`, `Calcidiol`: 1989-3 in a mass unit or none
  // (the flowsheet's `Vit D 25 OH SerPl Qn`); 14635-7 only in nmol/L. A bare `Vitamin D` names no metabolite (25-OH
  // or 1,25-(OH)2) and stays null without a unit.
  { code: '1989-3', name: /(?<!1,\s?)\b25\s*[-(]?\s*(?:oh|hydroxy)|hydroxy-?vitamin\s*d|calcidiol/i },
  // `Troponin I`, `cTnI`, `TnI` without `hs`: the method-less serum/plasma code whatever the unit, and so with none.
  // Its whole-blood twin (42757-5) is the point-of-care cartridge, which a report names (`POC troponin I`); the
  // resolver only reaches 10839-9 when no specimen or device word was written.
  { code: '10839-9', name: /^\s*(?:c?tni|(?:cardiac\s+)?troponin[\s-]*i(?:\s+cardiac)?|troponin[ae]\s+i)\s*$/i },
  // `RDW`, `ADE`, `RDW-CV`: the distribution width as a ratio (30385-9), as every report prints it; its volume twin
  // (21000-5, session 28) is always named with its `SD`, so a name without it keeps the ratio's code.
  { code: '30385-9', name: /^(?!.*(?:\bsd\b|-sd\b))/i },
];

/** Whether the README decided this code for a reading of this name written without a unit. */
export function decidedWithoutUnit(code: string, name: string): boolean {
  return DECISIONS.some((decision) => decision.code === code && decision.name.test(name));
}
