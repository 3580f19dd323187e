/**
 * The `Cache-Control` values the app sends, and how the OpenAPI document
 * states them on each response ({@link cacheControl}, with why each value).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { CACHE_CONTROL } from "./cache_control.ts";
 * assert.equal(CACHE_CONTROL.document, "public, no-cache");
 * ```
 * @module
 */
import type { Json } from "./schemas.ts";

/**
 * Every `Cache-Control` value the app sends, with why: what the routes set
 * (server/routes/clubs.ts, index.ts, problems.ts, profile.ts, the site's
 * pages, server/respond/problem.ts). A test sends a request for every
 * documented operation and holds the document to what comes back.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { CACHE_CONTROL } from "./cache_control.ts";
 * assert.equal(CACHE_CONTROL.problem, "no-store");
 * ```
 */
export const CACHE_CONTROL = {
  /** The answer depends on the caller's session: never stored. */
  session: "private, no-store",
  /** A profile: the caller's cache may keep it (it shows the caller's fees), revalidating it. */
  profile: "private, no-cache",
  /** `/openapi.json`: the same for everyone, any cache keeps it and revalidates it. */
  document: "public, no-cache",
  /** The JSON index: its links may follow the request's Host and its snapshot changes. */
  index: "private, no-cache",
  /** /problems pages without `--base-url`: they embed the request's own origin. */
  pagePrivate: "private, max-age=3600",
  /** /problems pages with `--base-url`: the same for every client. */
  pagePublic: "public, max-age=3600",
  /** Every problem body. */
  problem: "no-store",
  /** `/healthz` and `/readyz`: about this moment. */
  probe: "no-store",
} as const;

/** One value a response's `Cache-Control` may hold, and when it does. */
export type CacheValue = [string, string];

/**
 * A `Cache-Control` header with the values one response may carry, each
 * with when; `required` when every media type of the response carries it.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { cacheControl, PROBLEM_CACHE } from "./cache_control.ts";
 * assert.deepStrictEqual(cacheControl([PROBLEM_CACHE]).schema, { type: "string", enum: ["no-store"] });
 * ```
 */
export function cacheControl(values: CacheValue[], required = true, note = ""): Json {
  return {
    description: `What a cache may do with this answer:\n\n${
      values.map(([value, when]) => `- \`${value}\`: ${when}`).join("\n")
    }${note ? `\n\n${note}` : ""}`,
    required,
    schema: { type: "string", enum: [...new Set(values.map(([v]) => v))] },
  };
}

/** An answer that depends on the caller's session. */
export const SESSION_CACHE: CacheValue = [
  CACHE_CONTROL.session,
  "the answer depends on the caller's session, so no cache keeps it.",
];

/** The /problems pages, with and without `--base-url`. */
export const PAGE_CACHE: CacheValue[] = [
  [
    CACHE_CONTROL.pagePrivate,
    "without `--base-url`: the page embeds the request's own origin, so only the client keeps it (an hour).",
  ],
  [
    CACHE_CONTROL.pagePublic,
    "with `--base-url`: the page changes only with a release, so any cache may keep it an hour.",
  ],
];

/** Every problem body. */
export const PROBLEM_CACHE: CacheValue = [
  CACHE_CONTROL.problem,
  "a problem answers one request and is never stored.",
];

/** A club's profile. */
export const PROFILE_CACHE: CacheValue = [
  CACHE_CONTROL.profile,
  "the profile shows the caller's fees, so only the caller's own cache keeps it, and it asks again (`If-None-Match`) before each use: a 304 when neither the snapshot nor the caller's fee access changed.",
];

/** `/openapi.json`. */
export const DOCUMENT_CACHE: CacheValue = [
  CACHE_CONTROL.document,
  "the document is the same for every client and changes only with a release: any cache may keep it, and asks again (`If-None-Match`) before each use.",
];
