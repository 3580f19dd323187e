/**
 * The OpenAPI path item of a club's profile, `/clubs/{slug}`: HTML or
 * JSON, with validators.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { profilePath } from "./profiles.ts";
 * assert.equal((profilePath().get as { operationId: string }).operationId, "clubProfile");
 * ```
 * @module
 */
import { ClubRecordSchema } from "../../../core/schema/mod.ts";
import { PROFILE_CACHE, SESSION_CACHE } from "../cache_control.ts";
import { IF_NONE_MATCH } from "../_parameters.ts";
import { readOnly } from "../_path_items.ts";
import { problemResponses } from "../_problem_responses.ts";
import { html, notModifiedResponse, success } from "../_responses.ts";
import { type Json, ref, schemaOf } from "../schemas.ts";
import { SESSION_SECURITY } from "../_sessions.ts";

/**
 * `/clubs/{slug}`: the profile page, or the Club object for a client that
 * ranks JSON first; its fees as the caller's session allows.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { profilePath } from "./profiles.ts";
 * assert.ok("304" in (profilePath().get as { responses: object }).responses);
 * ```
 */
export function profilePath(): Json {
  return readOnly({
    operationId: "clubProfile",
    tags: ["profiles"],
    summary: "A club's profile page",
    description:
      "The club's profile: an HTML page for browsers, or the Club object (as in a ClubList) when the `Accept` header ranks `application/json` above `text/html`. Fees are shown as the caller's session allows. Not supported for building against: use `GET /api/v1/clubs`.",
    security: SESSION_SECURITY,
    parameters: [{
      name: "slug",
      in: "path",
      required: true,
      description: "The club's `slug`.",
      schema: schemaOf(ClubRecordSchema.shape.slug),
      example: "pine-valley-golf-club",
    }, IF_NONE_MATCH],
    responses: {
      "200": success(
        "The profile.",
        { ...html("The profile page."), "application/json": { schema: ref("Club") } },
        ["Vary", "Content-Encoding", "ETag"],
        [PROFILE_CACHE],
      ),
      "304": notModifiedResponse([PROFILE_CACHE]),
      ...problemResponses(["not_found", "clubs_unavailable"], {
        instance: "/clubs/no-such-club",
        html: { codes: ["not_found", "clubs_unavailable"], cacheControl: SESSION_CACHE },
      }),
    },
  }, "/clubs/pine-valley-golf-club");
}
