/**
 * The success responses of the OpenAPI document's operations: a 2xx with
 * the common headers and its `Cache-Control`, the 304 of an operation with
 * validators, and the media types they carry.
 *
 * @module
 */
import { cacheControl, type CacheValue } from "./cache_control.ts";
import { COMMON_HEADERS, headerRefs } from "./headers.ts";
import type { Json } from "./schemas.ts";

/**
 * A success response; the common headers are added, and `Cache-Control`
 * with the values given (none: the response carries no such header).
 */
export function success(
  description: string,
  content: Json | null,
  headers: string[] = [],
  cache: CacheValue[] = [],
): Json {
  return {
    description,
    headers: {
      ...headerRefs([...new Set([...COMMON_HEADERS, ...headers])]),
      ...(cache.length ? { "Cache-Control": cacheControl(cache) } : {}),
    },
    ...(content ? { content } : {}),
  };
}

/**
 * The 304 of an operation with validators: no body, the `ETag`, `Vary`
 * and `Cache-Control` the 200 would send.
 */
export function notModifiedResponse(cache: CacheValue[]): Json {
  return {
    description:
      "Not modified: the request's `If-None-Match` holds the current `ETag`. No body; the same `ETag`, `Vary` and `Cache-Control` as the 200.",
    headers: {
      ...headerRefs([...COMMON_HEADERS, "ETag", "Vary"]),
      "Cache-Control": cacheControl(cache),
    },
  };
}

/** An HTML body, described. */
export const html = (description: string) => ({
  "text/html": { schema: { type: "string", description } },
});

/** A JSON object body not described by a component schema. */
export const anyJson = (description: string) => ({
  "application/json": { schema: { type: "object", description } },
});
