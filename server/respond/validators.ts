/**
 * Validators (RFC 9110 §8.8, §13.1.2): entity tags and `If-None-Match`.
 * A route names what determines its body ({@link tagOf}); this module
 * makes the `ETag` and answers a request that already holds it with
 * `304 Not Modified` ({@link notModified}): no body, the same `ETag`,
 * `Cache-Control` and `Vary` the 200 would send, and the collected headers.
 *
 * Strong or weak: a strong tag promises the same bytes, so a body sent in
 * several codings has one strong tag per coding ({@link strongTag}, what
 * `sendCached` sends: `"tag"` plain, `"tag-br"` compressed with brotli). A
 * tag computed from what determines a page rather than from its bytes, and
 * left unchanged by the compress middleware, is weak ({@link weakTag}).
 * `If-None-Match` compares weakly either way (RFC 9110 §13.1.2).
 *
 * @example
 * ```ts ignore
 * import { notModified, tagOf, weakTag } from "./mod.ts";
 * const etag = weakTag(tagOf(snapshot, slug, access));
 * const unchanged = notModified(c, etag, headers);
 * if (unchanged) return unchanged;
 * ```
 * @module
 */
import type { Context } from "hono";
import type { Encoding } from "../http/compress.ts";
import type { AppEnv } from "../http/env.ts";
import { markHeadersBuilt, takeResponseHeaders } from "./_headers.ts";

/**
 * A 64-bit hash of some texts, as 16 hex digits: an opaque tag for
 * {@link strongTag} or {@link weakTag}. Not cryptographic: a tag only has
 * to change when what it names changes. Two lanes of multiply-xor (as
 * cyrb53), about a gigabyte a second, so hashing a page of a few kilobytes
 * costs microseconds.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { tagOf } from "./validators.ts";
 * assert.equal(tagOf("a", "b"), tagOf("a", "b"));
 * assert.notEqual(tagOf("a", "b"), tagOf("ab")); // the parts are kept apart
 * assert.equal(tagOf("x").length, 16);
 * ```
 */
export function tagOf(...parts: readonly string[]): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let p = 0; p < parts.length; p++) {
    const text = parts[p]!;
    for (let i = 0; i < text.length; i++) {
      const ch = text.charCodeAt(i);
      h1 = Math.imul(h1 ^ ch, 2654435761);
      h2 = Math.imul(h2 ^ ch, 1597334677);
    }
    // A separator mixed with the part's index, so ("ab") and ("a", "b") differ.
    h1 = Math.imul(h1 ^ 0x1f, 2654435761) ^ p;
    h2 = Math.imul(h2 ^ 0x1f, 1597334677) ^ p;
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (h2 >>> 0).toString(16).padStart(8, "0") + (h1 >>> 0).toString(16).padStart(8, "0");
}

/**
 * The strong `ETag` of a body sent in `encoding` (null: as it is): one per
 * coding, since a strong tag promises the same bytes.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { strongTag } from "./validators.ts";
 * assert.equal(strongTag("0123abcd0123abcd", null), '"0123abcd0123abcd"');
 * assert.equal(strongTag("0123abcd0123abcd", "br"), '"0123abcd0123abcd-br"');
 * ```
 */
export function strongTag(tag: string, encoding: Encoding | null): string {
  return encoding === null ? `"${tag}"` : `"${tag}-${encoding}"`;
}

/**
 * A weak `ETag`: the same page, whatever its coding or bytes.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { weakTag } from "./validators.ts";
 * assert.equal(weakTag("0123abcd0123abcd"), 'W/"0123abcd0123abcd"');
 * ```
 */
export function weakTag(tag: string): string {
  return `W/"${tag}"`;
}

/** An entity tag in a list: optional `W/`, then a quoted opaque tag (which may hold commas). */
const ENTITY_TAG = /(?:W\/)?"[^"]*"|\*/g;

/**
 * Whether an `If-None-Match` value holds `etag` by weak comparison (the
 * opaque tags are equal, `W/` or not), or is `*` (RFC 9110 §13.1.2).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ifNoneMatchHolds } from "./validators.ts";
 * assert.ok(ifNoneMatchHolds('"a", W/"b"', 'W/"b"'));
 * assert.ok(ifNoneMatchHolds('W/"a"', '"a"')); // weak comparison
 * assert.equal(ifNoneMatchHolds('"a-br"', '"a"'), false);
 * assert.ok(ifNoneMatchHolds("*", '"a"'));
 * assert.equal(ifNoneMatchHolds(null, '"a"'), false);
 * ```
 */
export function ifNoneMatchHolds(ifNoneMatch: string | null | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = etag.startsWith("W/") ? etag.slice(2) : etag;
  for (const [tag] of ifNoneMatch.matchAll(ENTITY_TAG)) {
    if (tag === "*" || (tag.startsWith("W/") ? tag.slice(2) : tag) === opaque) return true;
  }
  return false;
}

/** The headers of a 200 a 304 repeats (RFC 9110 §15.4.5); `ETag` is added. */
const KEPT_ON_304 = new Set(["cache-control", "vary", "content-location", "expires"]);

/**
 * The `304 Not Modified` answer to a GET or HEAD whose `If-None-Match`
 * holds `etag`, or null when the full answer is due. It carries the
 * collected headers, then `Cache-Control`, `Vary`, `Content-Location` and
 * `Expires` from `headers` (the route's headers of the 200), then `ETag`.
 *
 * @example
 * ```ts ignore
 * import { notModified } from "./mod.ts";
 * const unchanged = notModified(c, 'W/"0123abcd0123abcd"', [["Cache-Control", "private, no-cache"]]);
 * if (unchanged) return unchanged; // 304
 * ```
 */
export function notModified(
  c: Context<AppEnv>,
  etag: string,
  headers: readonly (readonly [string, string])[],
): Response | null {
  const method = c.req.method;
  if (method !== "GET" && method !== "HEAD") return null;
  if (!ifNoneMatchHolds(c.req.header("if-none-match"), etag)) return null;
  const out = [...takeResponseHeaders(c)] as [string, string][];
  for (const [name, value] of headers) {
    if (KEPT_ON_304.has(name.toLowerCase())) out.push([name, value]);
  }
  out.push(["ETag", etag]);
  return markHeadersBuilt(c, new Response(null, { status: 304, headers: out }));
}
