import { createContext, useContext, type ReactNode } from 'react';

/** The language of the captions whose words are shown (a BCP 47 tag), null when not known. */
const SpokenLanguage = createContext<string | null>(null);

/** Words of the video below (titles, quotes, transcript lines) are in `language`. */
export function SpokenLanguageProvider({ language, children }: { language: string | null | undefined; children: ReactNode }) {
  return <SpokenLanguage.Provider value={language ?? null}>{children}</SpokenLanguage.Provider>;
}

/**
 * The attributes of an element holding the video's words says of them: their language, so that a screen reader
 * reads an Arabic quote in Arabic inside the English page (WCAG 3.1.2, language of parts; unknown,
 * the page's own), and their direction, taken from their first letter (Arabic reads right to left).
 */
export const spokenText = (language: string | null | undefined): { dir: 'auto'; lang?: string } =>
  language ? { dir: 'auto', lang: language } : { dir: 'auto' };

/** `spokenText` of the video whose words the component shows. */
export const useSpokenText = () => spokenText(useContext(SpokenLanguage));
