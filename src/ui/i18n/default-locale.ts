/**
 * React Aria's default locale, fixed at US English (ADR 115). The build puts this module in place of React Aria's own
 * `useDefaultLocale` (rspack.config.ts), which asks the browser's Intl, as its module is evaluated, whether the
 * browser's language is supported and which way it writes. Those first questions load the browser's ICU data: a task
 * of 15–40 ms on this machine (four times that at Lighthouse's CPU) in every page's load, for an answer the product
 * does not use. The product is in US English: its texts, its dates, and the only React Aria strings it bundles.
 */
export interface DefaultLocale {
  locale: string;
  direction: 'ltr' | 'rtl';
}

const US_ENGLISH: DefaultLocale = { locale: 'en-US', direction: 'ltr' };

/** The locale React Aria falls back to without an I18nProvider: US English, as the server draws it. */
export function getDefaultLocale(): DefaultLocale {
  return US_ENGLISH;
}

/** React Aria's hook: the same locale on the server, in hydration and after it, whatever the browser's language. */
export function useDefaultLocale(): DefaultLocale {
  return US_ENGLISH;
}
