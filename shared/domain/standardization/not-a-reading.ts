import type { CorpusConcept } from './corpus';
import { normalizeIndicatorText } from './normalize-text';

/**
 * The NLM flowsheet carries rows that frame a report rather than measure anything: the laboratory that ran a test
 * (`Reference lab name [Identifier]`), where a specimen came from, who signed it, a date, a note, a narrative. A
 * report prints the same words as fields (`Performing lab`, `Specimen source`, `Pathologist`), and the lookup stages
 * (reordered words, retrieval) would file them under those rows. Such a concept is given to a reading only when the
 * name is its own long name, written out: a partner who writes `Reference lab name [Identifier]` means the code.
 * Read from the long name's words, so a new administrative row needs no list of inputs.
 * @see https://loinc.org/kb/users-guide/major-parts-of-a-loinc-term/ — property ID (identifier), scale Nar, Doc
 */
const FRAMING_WORDS =
  /\b(?:name|source|date|notes?|status|comments?|address|identification|registry|message|reference range)\b|^Year\b|\bNarrative$|\[Date\]/i;
/** `ID` in capitals only: `Unique tumor case ID`, not a word that merely contains the letters. */
const IDENTIFIER = /\bID\b/;

export function framesTheReport(concept: CorpusConcept): boolean {
  return FRAMING_WORDS.test(concept.display) || IDENTIFIER.test(concept.display);
}

/** Whether `name` is the concept's LOINC long name itself (case, spacing and punctuation aside). */
export function writesLongName(concept: CorpusConcept, name: string): boolean {
  const key = normalizeIndicatorText(name);
  return key !== '' && key === normalizeIndicatorText(concept.display);
}

/** A framing concept reached by any name but its own long name: not a reading's code. */
export function framingReachedByName(concept: CorpusConcept, name: string): boolean {
  return framesTheReport(concept) && !writesLongName(concept, name);
}
