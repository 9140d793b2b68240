/**
 * A blood grouping result in words: `Blood Group  O Positive`, `ABO/Rh: A Rh(D) negativo`, `Blutgruppe: 0 Rh positiv`,
 * `Groupe sanguin : AB Rhésus négatif`. The value is a group and a Rhesus sign, neither a number nor one of the
 * qualitative words other rows use, so no general reader takes it; the caption and the group's shape together are
 * the evidence. One reading, value as written (the group and its Rhesus words joined as printed).
 */
import type { Measurement } from './measurement';

/** Captions of an ABO (and Rhesus) grouping in the languages reports are sent in. */
const CAPTION = String.raw`(?:blood\s+group(?:ing)?|blood\s+type|abo\s*(?:[/&+-]\s*|\s)?(?:rh(?:\s*\(d\))?|rhesus)(?:\s+(?:group|type|typing))?|abo\s+group(?:ing)?|blutgruppe|grupo\s+sangu[ií]neo|tipo\s+sangu[ií]neo|groupe\s+sanguin|gruppo\s+sanguigno|bloedgroep|golongan\s+darah|kumpulan\s+darah|uri\s+ng\s+dugo)`;

/** The Rhesus part: `Rh positive`, `Rh(D) negativo`, `Rh "D" Positive` (West African slips), `RhD pos`, `+`. */
const RHESUS = String.raw`(?:(?:rh[eé]?(?:sus)?\s*(?:\(\s*d\s*\)|["'“”‘’]\s*d\s*["'“”‘’]|d)?\s*[:-]?\s*)?(?:positiv[eo]?|negativ[eo]?|n[ée]gatif|positif|pos\.?|neg\.?|\+|-|\(\+\)|\(-\)))`;

/** The group, then optionally its Rhesus: `O Positive`, `A Rh(D) negativo`, `0 Rh positiv`, `AB+`, `B`. */
const GROUP = String.raw`(?:AB|A|B|O|0)`;

const BLOOD_GROUP_LINE = new RegExp(
  String.raw`^\s*(${CAPTION})\s*(?:\(\s*[^()]{1,20}\))?\s*(?::|\.{2,}|\s{2,}|\t)\s*(${GROUP}\s*${RHESUS}?)\s*$`,
  'iu',
);

/** The blood-group reading a line states, or null. */
export function readBloodGroupLine(text: string): { name: string; measurement: Measurement } | null {
  if (text.length > 160) return null;
  const m = BLOOD_GROUP_LINE.exec(text);
  if (!m?.[1] || !m[2]) return null;
  // The group letter must be a capital (or zero) as printed: `a` or `o` after a caption is a word, not a group.
  if (!/^(?:AB|A|B|O|0)/.test(m[2])) return null;
  return {
    name: m[1].replace(/\s+/g, ' '),
    measurement: { value: m[2].trim(), unit: null, referenceRange: null, flag: null, qualitative: true, rest: '' },
  };
}

/**
 * A haemoglobin genotype, as West African and Caribbean slips print it beside the blood group (`Genotype  AS`,
 * `Hb Genotype: AA`, `Haemoglobin genotype ..... SS`): two capitals of the haemoglobin variants, no number, so no
 * general reader takes it either. The caption must say genotype.
 */
const GENOTYPE_LINE =
  /^\s*((?:h(?:a?e)?moglobin\s+|hb\s+)?genotype)\s*(?::|\.{2,}|\s{2,}|\t)\s*((?:A|S|C|D|E|F){2})\s*$/iu;

/** The haemoglobin-genotype reading a line states, or null. */
export function readGenotypeLine(text: string): { name: string; measurement: Measurement } | null {
  if (text.length > 120) return null;
  const m = GENOTYPE_LINE.exec(text);
  // The variants are capitals as printed: `as` after a caption is a word.
  if (!m?.[1] || !m[2] || !/^[ACDEFS]{2}$/.test(m[2])) return null;
  return {
    name: m[1].replace(/\s+/g, ' '),
    measurement: { value: m[2], unit: null, referenceRange: null, flag: null, qualitative: true, rest: '' },
  };
}

/**
 * A malaria blood-film result, as East and West African slips print it (`BS for MPS: P. falciparum seen ++`, `Malaria
 * parasite (MP) ..... Not seen`, `Blood smear for MPs  No MPs seen`): the species, if named, and whether parasites
 * were seen, with their density in pluses. Words only, so no general reader takes it; the caption must name the film.
 */
const SMEAR_LINE =
  /^\s*((?:b\/?s|blood\s+(?:slide|smear|film))\s+for\s+(?:mps?|malaria(?:\s+parasites?)?|haemoparasites?|hemoparasites?)|malaria\s+(?:parasites?|smear|film|slide)(?:\s*\(mps?\))?|mps)\s*(?::|\.{2,}|\s{2,}|\t)\s*((?:(?:p\.|plasmodium)\s*[a-z]+\s+)?(?:seen|not\s+seen|no\s+(?:mps?|parasites?|haemoparasites?|hemoparasites?)\s+seen|detected|not\s+detected)(?:\s*\(?\+{1,4}\)?)?)\s*$/iu;

/** The blood-film reading a line states, or null. */
export function readSmearLine(text: string): { name: string; measurement: Measurement } | null {
  if (text.length > 160) return null;
  const m = SMEAR_LINE.exec(text);
  if (!m?.[1] || !m[2]) return null;
  return {
    name: m[1].replace(/\s+/g, ' '),
    measurement: { value: m[2].trim(), unit: null, referenceRange: null, flag: null, qualitative: true, rest: '' },
  };
}
