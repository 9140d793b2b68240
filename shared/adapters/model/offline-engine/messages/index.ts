import type { Language } from '../language';
import { DE } from './de';
import { EN } from './en';
import { ES } from './es';
import { FR } from './fr';
import { IT } from './it';
import { PT } from './pt';
import type { Messages } from './types';
import { ZH } from './zh';

const CATALOGUES: Record<Language, Messages> = { en: EN, es: ES, de: DE, fr: FR, pt: PT, it: IT, zh: ZH };

/** The catalogue an answer in `language` is written from. */
export function messagesFor(language: Language): Messages {
  return CATALOGUES[language];
}
