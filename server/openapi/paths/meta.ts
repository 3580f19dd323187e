/**
 * The OpenAPI path items about the service itself: `/` (where to start)
 * and `/openapi.json` (this description).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { documentPath } from "./meta.ts";
 * assert.equal((documentPath().get as { operationId: string }).operationId, "openApiDocument");
 * ```
 * @module
 */
import { CACHE_CONTROL, DOCUMENT_CACHE } from "../cache_control.ts";
import { OPENAPI_VERSION } from "../info.ts";
import { IF_NONE_MATCH } from "../_parameters.ts";
import { readOnly } from "../_path_items.ts";
import { problemResponses } from "../_problem_responses.ts";
import { anyJson, html, notModifiedResponse, success } from "../_responses.ts";
import type { Json } from "../schemas.ts";

/**
 * `/`: the JSON index, or the website's home page for browsers.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { indexPath } from "./meta.ts";
 * assert.equal((indexPath().get as { operationId: string }).operationId, "index");
 * ```
 */
export function indexPath(): Json {
  return readOnly({
    operationId: "index",
    tags: ["meta"],
    summary: "Where to start",
    description:
      "The service's name, the snapshot it serves (`clubs`, `imported_at`; null while the database cannot be read) and links to every entry point; browsers (`Accept` ranking `text/html` first) get the website's home page instead.",
    responses: {
      "200": success(
        "The index.",
        {
          ...anyJson("Name, snapshot and links."),
          ...html("The website's home page."),
        },
        ["Vary", "Content-Encoding"],
        [
          [
            CACHE_CONTROL.index,
            "the JSON index: its links may follow the request's `Host` and its snapshot changes with each import, so only the client keeps it, and asks again before each use.",
          ],
          [CACHE_CONTROL.session, "the HTML home page, which depends on the caller's session."],
        ],
      ),
      ...problemResponses([], { instance: "/" }),
    },
  }, "/");
}

/**
 * `/openapi.json`: this description, with validators.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { documentPath } from "./meta.ts";
 * assert.ok("304" in (documentPath().get as { responses: object }).responses);
 * ```
 */
export function documentPath(): Json {
  return readOnly({
    operationId: "openApiDocument",
    tags: ["meta"],
    summary: "This description",
    description: `The OpenAPI 3.0.0 description of the service, version ${OPENAPI_VERSION}.`,
    parameters: [IF_NONE_MATCH],
    responses: {
      "200": success(
        "This document.",
        anyJson("An OpenAPI 3.0.0 document."),
        ["Vary", "Content-Encoding", "ETag"],
        [DOCUMENT_CACHE],
      ),
      "304": notModifiedResponse([DOCUMENT_CACHE]),
      ...problemResponses([], { instance: "/openapi.json" }),
    },
  }, "/openapi.json");
}
