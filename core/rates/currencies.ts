/**
 * ISO 4217 currency codes, from the platform: `Intl.supportedValuesOf("currency")`
 * (ICU's list of current codes, 159 in Deno 2.9), so no package and no
 * hand-written list. Names come from `Intl.DisplayNames`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { currencyName, isCurrencyCode } from "./currencies.ts";
 * assert.ok(isCurrencyCode("EUR"));
 * assert.equal(isCurrencyCode("XYZ"), false);
 * assert.equal(currencyName("CHF"), "Swiss Franc");
 * ```
 * @module
 */

/** Every current ISO 4217 code the platform knows. */
export const CURRENCY_CODES: ReadonlySet<string> = new Set(Intl.supportedValuesOf("currency"));

/** Whether `code` is a current ISO 4217 code, written in capitals. */
export function isCurrencyCode(code: string): boolean {
  return /^[A-Z]{3}$/.test(code) && CURRENCY_CODES.has(code);
}

const names = new Intl.DisplayNames("en", { type: "currency", fallback: "code" });

/** The English name of a currency ("Euro"), else its code. */
export function currencyName(code: string): string {
  return names.of(code) ?? code;
}
