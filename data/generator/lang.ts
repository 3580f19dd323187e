/**
 * The languages the generator writes in: one set styles club names, the
 * other styles made-up town names, and a table links the two.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { type Lang, TOWN_LANG_OF } from "./lang.ts";
 * const lang: Lang = "nordic";
 * assert.equal(TOWN_LANG_OF[lang], "sv");
 * ```
 * @module
 */

/** Languages with both their own club-name patterns and their own towns. */
export type SharedLang = "en" | "fr" | "de" | "es" | "pt" | "it" | "nl" | "ja";

/**
 * Style of a country's (or region's) club names. "intl" is the English of
 * resorts and expat clubs; "nordic" covers Swedish, Norwegian and Danish,
 * whose patterns differ only by a few words.
 */
export type Lang = SharedLang | "intl" | "nordic";

/** Style of generated town names; Korean and Chinese exist only as towns. */
export type TownLang = SharedLang | "sv" | "ko" | "zh";

/**
 * The town style of a name style, when it has one: "intl" has none, so its
 * countries must list their cities or name a `townLang` of their own.
 */
export const TOWN_LANG_OF: Partial<Record<Lang, TownLang>> = {
  en: "en",
  fr: "fr",
  de: "de",
  es: "es",
  pt: "pt",
  it: "it",
  nl: "nl",
  nordic: "sv",
  ja: "ja",
};
