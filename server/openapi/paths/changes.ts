/**
 * The OpenAPI path item of `GET /api/v1/changes`: the snapshot history a
 * search's filters find (docs/api.md#get-apiv1changes). Its parameters are
 * the search's, from the one table (`sort` and `facets` aside: changes come
 * newest first), and `since`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { changesPath } from "./changes.ts";
 * assert.equal((changesPath().get as { operationId: string }).operationId, "listChanges");
 * ```
 * @module
 */
import { SEARCH_PROBLEM_CODES } from "../../../core/search/mod.ts";
import { SESSION_CACHE } from "../cache_control.ts";
import { clubsParameters } from "../_parameters.ts";
import { readOnly } from "../_path_items.ts";
import { problemResponses } from "../_problem_responses.ts";
import { success } from "../_responses.ts";
import { type Json, PROBLEM_CODES, ref } from "../schemas.ts";
import { SESSION_SECURITY } from "../_sessions.ts";

/** The parameters of the history: the search's filters and paging, then `since`. */
export function changesParameters(): Json[] {
  return [
    ...clubsParameters().filter((p) => p.name !== "sort" && p.name !== "facets"),
    {
      name: "since",
      in: "query",
      required: false,
      description:
        "Only snapshots dated on or after this day (YYYY-MM-DD). Anything else answers 400 `invalid_since`. Left out: every snapshot the history keeps.",
      schema: { type: "string", format: "date" },
      example: "2025-03-01",
    },
  ];
}

/** `/api/v1/changes`, with the problems its filters and `since` can answer. */
export function changesPath(): Json {
  return readOnly({
    operationId: "listChanges",
    tags: ["clubs"],
    summary: "What changed: clubs added, removed and changed by recent imports",
    description:
      "The snapshot history: for each import the history keeps (see `kept`), the clubs it added, removed and changed, newest snapshot first and in name order within one. Filtered by the search's own filters (`type`, `country`, `state`, `city`, `q`, `match`, `waitlist`), applied to each club as the change recorded it (a removed club as it was), and by `since`. Each change says what happened in plain words (`words`) and lists the changed fields with their values before and after; fee changes are shown as the caller's session allows: members see the fee views before and after, other callers only a `fees` entry (no figure or band). A club's `url` is its profile page (null for a removed club).",
    security: SESSION_SECURITY,
    parameters: changesParameters(),
    responses: {
      "200": success(
        "One page of changes.",
        { "application/json": { schema: ref("ChangeList") } },
        ["X-Total-Changes", "X-Request-Id", "RateLimit", "RateLimit-Policy", "Vary"],
        [SESSION_CACHE],
      ),
      ...problemResponses(
        PROBLEM_CODES.filter((c) =>
          (SEARCH_PROBLEM_CODES as readonly string[]).includes(c) || c === "invalid_since" ||
          c === "clubs_unavailable"
        ),
        { instance: "/api/v1/changes" },
      ),
    },
  }, "/api/v1/changes");
}
