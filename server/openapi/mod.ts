/**
 * The door of `server/openapi/`: the OpenAPI document served at
 * `/openapi.json` (docs/api.md#the-openapi-document), its route, and the
 * parts of it that tests and other code hold the app to.
 *
 * Inside, one concern per file: `document.ts` assembles the document from
 * `info.ts` (version, license, the prose), `schemas.ts` (component schemas
 * from zod), `headers.ts` (response headers), `cache_control.ts` (the
 * `Cache-Control` values and how they are stated) and one file per group
 * of paths in `paths/`; `_parameters.ts`, `_responses.ts`,
 * `_problem_responses.ts`, `_path_items.ts` and `_sessions.ts` are private
 * to this folder. `route.ts` serves the document.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { openApiDocument, PROBLEM_CODES } from "./mod.ts";
 * assert.equal(openApiDocument().openapi, "3.0.0");
 * assert.ok(PROBLEM_CODES.includes("not_found"));
 * ```
 * @module
 */
export { openApiDocument, openApiJson } from "./document.ts";
export { openApiRoute } from "./route.ts";
export { EVOLUTION_TEXT, LICENSE, OPENAPI_VERSION } from "./info.ts";
export { type Problem, PROBLEM_CODES, ProblemSchema, RESPONSE_SCHEMAS } from "./schemas.ts";
export { PAGE_LINK_RELATIONS } from "./headers.ts";
export { CACHE_CONTROL } from "./cache_control.ts";
