import type { Language } from '../language';
import { EN } from './en';
import type { Messages } from './types';

const CATALOGUES: Record<Language, Messages> = { en: EN, es: EN, de: EN, fr: EN, pt: EN, it: EN, zh: EN };

/** The catalogue an answer in `language` is written from. */
export function messagesFor(language: Language): Messages {
  return CATALOGUES[language];
}
