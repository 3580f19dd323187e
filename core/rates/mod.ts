/**
 * Exchange rates: the rates file (parse.ts; the ECB's forms in ecb.ts and
 * zip.ts, the checks they share in collect.ts), ISO 4217 codes
 * (currencies.ts), the `rates` table of a snapshot (table.ts) and fees in
 * another currency for the website (convert.ts).
 *
 * @example
 * ```ts ignore
 * import { convertedViews, ratesOf } from "./mod.ts";
 * convertedViews(record, "band", "EUR", ratesOf(store));
 * ```
 * @module
 */
export * from "./convert.ts";
export * from "./currencies.ts";
export * from "./parse.ts";
export * from "./table.ts";
