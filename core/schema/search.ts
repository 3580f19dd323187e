/**
 * The search parameters and suggestions as zod schemas, derived from the
 * one parameter table (core/model/search_params.ts): the OpenAPI document
 * lists `GET /api/v1/clubs`'s parameters from {@link searchParamSchema} and
 * {@link searchParamDescription}, the MCP tool builds its arguments from
 * the same, and {@link SuggestionSchema} describes `suggestions` in REST
 * and MCP bodies.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { searchParamSchema } from "./search.ts";
 * assert.deepStrictEqual(searchParamSchema("match").parse(undefined), "substring");
 * assert.deepStrictEqual(searchParamSchema("q").safeParse("x".repeat(201)).success, false);
 * ```
 * @module
 */
import { z } from "zod";
import {
  SEARCH_PARAMS,
  type SearchParam,
  type SearchParamInfo,
  SUGGESTED_PARAMS,
  type SuggestedParam,
} from "../model/search_params.ts";

/**
 * The schema of one parameter's value as a REST client sends it: text up to
 * its length limit, one of its values (with its default), a list of its
 * values, or a whole number from 1 (with its default; `limit` has no
 * maximum, since larger values are clamped, not rejected).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { searchParamSchema } from "./search.ts";
 * assert.deepStrictEqual(searchParamSchema("waitlist").parse(["open"]), ["open"]);
 * ```
 */
export function searchParamSchema(name: SearchParam): z.ZodType {
  const p: SearchParamInfo = SEARCH_PARAMS[name];
  switch (p.kind) {
    case "text":
      return z.string().max(p.maxLength);
    case "choice":
      return z.enum(p.values as [string, ...string[]]).default(p.default as string);
    case "list":
      return z.array(z.enum(p.values as [string, ...string[]]));
    case "whole":
      return z.int().min(1).default(p.default as number);
  }
}

/**
 * A parameter's description for documentation: its rule, and for text, the
 * length limit and the refusal of control characters.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { searchParamDescription } from "./search.ts";
 * assert.deepStrictEqual(searchParamDescription("city").includes("At most 200 characters"), true);
 * ```
 */
export function searchParamDescription(name: SearchParam): string {
  const p: SearchParamInfo = SEARCH_PARAMS[name];
  if (p.kind !== "text") return p.description;
  return `${p.description} At most ${p.maxLength} characters, without control characters (NUL, escape, …); otherwise 400 \`invalid_${name}\`.`;
}

/**
 * One corrected search suggested when a search finds nothing.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { SuggestionSchema } from "./search.ts";
 * const suggestion = { params: { type: "golf" }, total: 13 };
 * assert.deepStrictEqual(SuggestionSchema.parse(suggestion), suggestion);
 * assert.equal(SuggestionSchema.safeParse({ params: {}, total: -1 }).success, false);
 * ```
 */
export const SuggestionSchema = z.object({
  params: z.object(
    Object.fromEntries(
      SUGGESTED_PARAMS.map((name) => [name, z.string().nullable().optional()]),
    ) as Record<SuggestedParam, z.ZodOptional<z.ZodNullable<z.ZodString>>>,
  ).describe(
    "The parameters to change, the others kept: a new value, or null to leave the parameter out.",
  ),
  total: z.int().min(1).describe("Clubs the changed search returns."),
}).describe("A corrected search and how many clubs it finds.");

/**
 * The `suggestions` of an empty result.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { SuggestionsSchema } from "./search.ts";
 * assert.deepStrictEqual(SuggestionsSchema.parse([]), []);
 * ```
 */
export const SuggestionsSchema = z.array(SuggestionSchema).describe(
  "Only when `total` is 0 and a close search finds clubs: corrected searches, best first (at most 5): a looser `match` or the closest name words for `q`, the closest stored types and groups for `type`, the closest places with clubs for `country` and `state`, for a `state` sent without `country` that is a region elsewhere the same search with its country and without `state`, the closest cities for `city`.",
);
