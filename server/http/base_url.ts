/**
 * The spec's `{base_url}` for one request: the configured one, else the
 * request's own origin (so links work on any host the server is reached at).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { baseUrlOf } from "./base_url.ts";
 * baseUrlOf(null, "http://127.0.0.1:8000/api/v1/clubs?page=2"); // "http://127.0.0.1:8000"
 * assert.deepStrictEqual(baseUrlOf("https://clubs.example", "http://10.0.0.5/x"), "https://clubs.example");
 * ```
 * @module
 */

/**
 * `configured` when set, else the origin of `requestUrl`. Slices the string
 * instead of building a `URL`: this runs on every paged response.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { baseUrlOf } from "./base_url.ts";
 * assert.deepStrictEqual(baseUrlOf(null, "https://x.example/problems"), "https://x.example");
 * ```
 */
export function baseUrlOf(configured: string | null, requestUrl: string): string {
  if (configured !== null) return configured;
  const slash = requestUrl.indexOf("/", requestUrl.indexOf("//") + 2);
  return slash < 0 ? requestUrl : requestUrl.slice(0, slash);
}
