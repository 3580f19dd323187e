/**
 * The OpenAPI path items of the probes, `/healthz` (liveness) and
 * `/readyz` (readiness): answered ahead of the Host check, the rate limit
 * and the access log (server/routes/health.ts), so they carry no
 * `RateLimit` headers and are never answered 400 or 429.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { readyzPath } from "./probes.ts";
 * assert.ok("503" in (readyzPath().get as { responses: object }).responses);
 * ```
 * @module
 */
import { PROBE_CACHE_MS } from "../../routes/health.ts";
import { CACHE_CONTROL, cacheControl, type CacheValue } from "../cache_control.ts";
import { headerRefs } from "../headers.ts";
import { readOnly } from "../_path_items.ts";
import { problemResponses } from "../_problem_responses.ts";
import { type Json, ref } from "../schemas.ts";

/** A probe's answer is about this moment: no cache keeps it. */
const PROBE_CACHE: CacheValue = [
  CACHE_CONTROL.probe,
  "a probe's answer is about this moment, so no cache keeps it.",
];

/** A probe's JSON answer: `X-Request-Id` and `Cache-Control`, no `RateLimit` (never counted). */
function probeResponse(description: string, schema: string): Json {
  return {
    description,
    headers: {
      ...headerRefs(["X-Request-Id", "Content-Encoding"]),
      "Cache-Control": cacheControl([PROBE_CACHE]),
    },
    content: { "application/json": { schema: ref(schema) } },
  };
}

/** The unexpected error every route may answer, with the headers a probe's answer has. */
function unexpectedError(instance: string): Json {
  const { "500": error } = problemResponses(["internal_error"], { instance }) as {
    "500": Json & { headers: Json };
  };
  const { RateLimit: _r, "RateLimit-Policy": _p, ...headers } = error.headers;
  return { "500": { ...error, headers } };
}

/**
 * `/healthz`: the process answers.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { healthzPath } from "./probes.ts";
 * assert.equal((healthzPath().get as { operationId: string }).operationId, "liveness");
 * ```
 */
export function healthzPath(): Json {
  return readOnly({
    operationId: "liveness",
    tags: ["probes"],
    summary: "Liveness: the process answers",
    description:
      "200 as long as the process answers. It touches neither the database nor Redis, so a process manager never restarts a replica for what a restart cannot fix. Not counted by the rate limit and not written to the access log.",
    responses: {
      "200": probeResponse("The process answers.", "Liveness"),
      ...unexpectedError("/healthz"),
    },
  }, "/healthz");
}

/**
 * `/readyz`: the snapshot answers a real query (503 when it does not).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { readyzPath } from "./probes.ts";
 * assert.equal((readyzPath().get as { operationId: string }).operationId, "readiness");
 * ```
 */
export function readyzPath(): Json {
  return readOnly({
    operationId: "readiness",
    tags: ["probes"],
    summary: "Readiness: the snapshot answers",
    description:
      `200 when the snapshot is open and answers a real query, 503 when it does not (missing, of another layout, unreadable), with the same body: the version, the snapshot, each part's state and what keeps the replica out of the pool. A Redis store while Redis is away is \`degraded\`, never a reason for a 503: it fails open. The result is kept ${
        PROBE_CACHE_MS / 1000
      } s. Not counted by the rate limit and not written to the access log.`,
    responses: {
      "200": probeResponse("Ready: the snapshot answers.", "Readiness"),
      ...unexpectedError("/readyz"),
      "503": probeResponse(
        "Not ready: `not_ready` says what and why. Send traffic elsewhere.",
        "Readiness",
      ),
    },
  }, "/readyz");
}
