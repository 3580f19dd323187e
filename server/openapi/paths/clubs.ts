/**
 * The OpenAPI path items of the REST API: `GET /api/v1/clubs`, the one
 * supported endpoint, and what any other path under `/api/v1/` answers.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { clubsPath } from "./clubs.ts";
 * assert.equal((clubsPath().get as { operationId: string }).operationId, "searchClubs");
 * ```
 * @module
 */
import { SEARCH_PROBLEM_CODES } from "../../../core/search/mod.ts";
import { SESSION_CACHE } from "../cache_control.ts";
import { SUCCESS_HEADERS } from "../headers.ts";
import { clubsParameters } from "../_parameters.ts";
import { readOnly } from "../_path_items.ts";
import { problemResponses } from "../_problem_responses.ts";
import { success } from "../_responses.ts";
import { type Json, PROBLEM_CODES, ref } from "../schemas.ts";
import { SESSION_SECURITY } from "../_sessions.ts";

/**
 * `/api/v1/clubs`: the search, with its parameters from the one table and
 * the problems a search can answer.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { clubsPath } from "./clubs.ts";
 * assert.equal("post" in clubsPath(), false);
 * ```
 */
export function clubsPath(): Json {
  return readOnly({
    operationId: "searchClubs",
    tags: ["clubs"],
    summary: "Search clubs",
    description:
      "Searches clubs by type, place, name and waitlist status, with paging. Filters combine: each returned club matches all of them. Rows are sorted by name (with `sort=relevance`, by how well the name matches `q`). A search that finds nothing carries `suggestions`, corrected searches that find clubs, when there are any. With no filters, the first page of the whole directory is returned. A client has reached the end when `page * limit` is at least `total`, or when the page is empty. Club rows carry no profile link. Fee figures depend on the caller's session (see `fee_access`).",
    security: SESSION_SECURITY,
    parameters: clubsParameters(),
    responses: {
      "200": success(
        "One page of matching clubs.",
        { "application/json": { schema: ref("ClubList") } },
        SUCCESS_HEADERS,
        [SESSION_CACHE],
      ),
      ...problemResponses(
        // In registry order: the /problems pages list them so too.
        PROBLEM_CODES.filter((c) =>
          (SEARCH_PROBLEM_CODES as readonly string[]).includes(c) ||
          c === "invalid_facets" || c === "clubs_unavailable"
        ),
        { instance: "/api/v1/clubs" },
      ),
    },
  }, "/api/v1/clubs");
}

/**
 * The document's `x-unknown-paths`: not an operation, since every method
 * gets these answers, the 404 first of all.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { unknownPaths } from "./clubs.ts";
 * assert.deepStrictEqual(Object.keys(unknownPaths()), ["/api/v1/{path}"]);
 * ```
 */
export function unknownPaths(): Json {
  return {
    "/api/v1/{path}": {
      description:
        "Any other path under `/api/v1/`, with any method, answers 404 `not_found`; `instance` is `/api/v1`.",
      methods: "any",
      responses: problemResponses(["not_found"], { instance: "/api/v1" }),
    },
  };
}
