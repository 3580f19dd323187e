/**
 * `GET /openapi.json`: the document as JSON (see document.ts), plain or
 * compressed as `Accept-Encoding` asks. The document never changes while
 * the process runs, so each coding is made once, at its best level
 * ({@link CONSTANT_LEVELS}), and kept for the life of the process.
 *
 * @example
 * ```ts ignore
 * import { openApiRoute } from "./route.ts";
 * app.get("/openapi.json", openApiRoute("help@clubs.example"));
 * ```
 * @module
 */
import type { Context } from "hono";
import { CONSTANT_LEVELS } from "../http/compress.ts";
import type { AppEnv } from "../http/env.ts";
import { type CachedBody, sendCached } from "../respond/mod.ts";
import { openApiJson } from "./document.ts";

/** The document and its compressed forms, by support address (one per app configuration). */
const documents = new Map<string, CachedBody>();

const JSON_TYPE: readonly [string, string][] = [["Content-Type", "application/json"]];

/**
 * The route's handler for an app whose contact is `supportEmail`.
 *
 * @example
 * ```ts ignore
 * import { openApiRoute } from "./route.ts";
 * app.get("/openapi.json", openApiRoute("help@clubs.example"));
 * const res = await app.request("/openapi.json", { headers: { "accept-encoding": "gzip" } });
 * res.headers.get("content-encoding"); // "gzip"
 * ```
 */
export function openApiRoute(supportEmail: string): (c: Context<AppEnv>) => Response {
  return function openApi(c) {
    let entry = documents.get(supportEmail);
    if (entry === undefined) {
      documents.set(supportEmail, entry = { body: openApiJson(supportEmail), encoded: {} });
    }
    return sendCached(c, entry, { headers: JSON_TYPE, levels: CONSTANT_LEVELS });
  };
}
