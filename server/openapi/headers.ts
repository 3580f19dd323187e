/**
 * The response headers the OpenAPI document describes (its
 * `components.headers`), and which responses carry which.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { headerRefs } from "./headers.ts";
 * assert.deepStrictEqual(headerRefs(["ETag"]), { ETag: { $ref: "#/components/headers/ETag" } });
 * ```
 * @module
 */
import { COMPRESS_MIN_BYTES, ENCODINGS } from "../http/compress.ts";
import type { Json } from "./schemas.ts";

/**
 * The `Link` relations `GET /api/v1/clubs` sends (see `pageLinks` in
 * server/routes/clubs.ts; a test holds the two together).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { PAGE_LINK_RELATIONS } from "./headers.ts";
 * assert.deepStrictEqual(PAGE_LINK_RELATIONS, ["next", "prev", "first", "last"]);
 * ```
 */
export const PAGE_LINK_RELATIONS = ["next", "prev", "first", "last"] as const;

/**
 * The document's `components.headers`: every response header it names,
 * with what it means.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { HEADERS } from "./headers.ts";
 * assert.ok("ETag" in HEADERS);
 * ```
 */
export const HEADERS: Record<string, Json> = {
  "X-Total-Clubs": {
    description: "Clubs matching the filters across all pages; the same number as `total`.",
    schema: { type: "integer", minimum: 0 },
  },
  "X-Total-Changes": {
    description:
      "Changes the filters and `since` find across all pages; the same number as `total`.",
    schema: { type: "integer", minimum: 0 },
  },
  "X-Request-Id": {
    description: "An id for this request; quote it when reporting a problem.",
    schema: { type: "string" },
  },
  RateLimit: {
    description:
      "Shape `limit=<n>, remaining=<n>, reset=<seconds>`. Do not build on `remaining` as a live count: with the limit not enforced, every response carries the advertised values.",
    schema: { type: "string" },
    example: "limit=120, remaining=120, reset=60",
  },
  "RateLimit-Policy": {
    description:
      "Shape `<requests>;w=<seconds>`: the advertised rate. Clients are expected to stay within it.",
    schema: { type: "string" },
    example: "120;w=60",
  },
  "X-Data-Source": {
    description: "The service's display name.",
    schema: { type: "string" },
  },
  Link: {
    description: `RFC 8288 links to other pages of the same search: ${
      PAGE_LINK_RELATIONS.map((r) => `\`rel="${r}"\``).join(", ")
    }. \`next\` and \`prev\` where such a page exists (past the end, \`prev\` is the last page with clubs); \`first\` (page 1) and \`last\` (the last page with clubs, page 1 when there are none) always. The addresses keep only the search parameters the request sent (each once, as it counted; \`waitlist\` and \`facets\` with all their values), decoded and percent-encoded again; unknown parameters are left out.`,
    schema: { type: "string" },
    example: '<https://clubs.example.com/api/v1/clubs?type=golf&page=3>; rel="next", ' +
      '<https://clubs.example.com/api/v1/clubs?type=golf&page=1>; rel="prev", ' +
      '<https://clubs.example.com/api/v1/clubs?type=golf&page=1>; rel="first", ' +
      '<https://clubs.example.com/api/v1/clubs?type=golf&page=19>; rel="last"',
  },
  ETag: {
    description:
      'The validator of this answer (RFC 9110 §8.8.3): send it back in `If-None-Match` and an unchanged answer is a 304 with no body. Strong (`"…"`, one per `Content-Encoding`: `"…-br"`) where it is a hash of the bytes (`/openapi.json`, `/problems`); weak (`W/"…"`, the same for every coding) on profiles, where it is a hash of what the page is made from (release, snapshot, slug, fee access, representation, address).',
    schema: { type: "string" },
    example: '"5f0c2a9e81d34b77-br"',
  },
  "Retry-After": {
    description: "Seconds to wait before retrying.",
    schema: { type: "integer", minimum: 0 },
  },
  Vary: {
    description:
      "The page differs by representation and by session. A response that may be compressed also varies by `Accept-Encoding`.",
    schema: { type: "string" },
  },
  "Content-Encoding": {
    description: `The coding of a compressed body: ${
      ENCODINGS.map((e) => `\`${e}\``).join(", ")
    }, as \`Accept-Encoding\` asks (q-values honoured; on a tie, in this order). JSON and HTML bodies of ${COMPRESS_MIN_BYTES} bytes or more are compressed; smaller ones, and requests that accept none of these, get the body as it is, without this header.`,
    schema: { type: "string", enum: [...ENCODINGS] },
  },
  "Content-Length": {
    description: "The length of the body; a HEAD answer states the length GET would send.",
    schema: { type: "integer", minimum: 0 },
  },
  "Access-Control-Allow-Origin": {
    description: "Any origin may call the MCP endpoint.",
    schema: { type: "string", enum: ["*"] },
  },
  "Access-Control-Allow-Methods": {
    description: "The methods a cross-origin caller may use.",
    schema: { type: "string" },
    example: "POST,OPTIONS",
  },
};

/**
 * References to the named {@link HEADERS}, as a response's `headers`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { headerRefs } from "./headers.ts";
 * assert.deepStrictEqual(Object.keys(headerRefs(["Vary", "ETag"])), ["Vary", "ETag"]);
 * ```
 */
export function headerRefs(names: string[]): Json {
  return Object.fromEntries(
    names.map((n) => [n, { $ref: `#/components/headers/${n}` }]),
  );
}

/** Every response carries these, whatever the path (set by the app's middlewares). */
export const COMMON_HEADERS: string[] = ["X-Request-Id", "RateLimit", "RateLimit-Policy"];

/** The headers of a page of `GET /api/v1/clubs`. */
export const SUCCESS_HEADERS: string[] = [
  "X-Total-Clubs",
  "X-Request-Id",
  "RateLimit",
  "RateLimit-Policy",
  "X-Data-Source",
  "Link",
  "Vary",
  "Content-Encoding",
];
