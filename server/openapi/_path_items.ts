/**
 * The shape of the OpenAPI document's path items: what a path answers to
 * a method it does not serve (`x-refused-methods`), and a read-only path's
 * GET and HEAD operations.
 *
 * @module
 */
import { headerRefs } from "./headers.ts";
import { problemResponses } from "./_problem_responses.ts";
import type { Json } from "./schemas.ts";

/**
 * The `x-refused-methods` extension of a path item: what the path answers
 * to a method it does not serve, as an operation's Responses Object (the
 * 405 with `Allow`, and what any request may get: the Host check, the rate
 * limit, an unexpected error). Refusals are not operations: a generated
 * client would grow a method for each, and linters rightly ask every
 * operation for a 2xx.
 */
export function refusedMethods(allow: string, responses: Json): Json {
  const refusal = responses["405"] as Json;
  return {
    methods: `any method but ${allow.replace(", ", " and ")}`,
    allow,
    responses: {
      ...responses,
      "405": {
        ...refusal,
        headers: {
          ...refusal.headers as Json,
          Allow: {
            description: "The methods this path answers.",
            required: true,
            schema: { type: "string", enum: [allow] },
          },
        },
      },
    },
  };
}

/**
 * A path item answered with GET (and HEAD): its GET operation and a HEAD
 * operation with the same statuses and headers (and `Content-Length`) but
 * no body. Every other method answers 405 `method_not_allowed` with
 * `Allow: GET, HEAD`: said in the description and `x-refused-methods`.
 */
export function readOnly(get: Json & { operationId: string }, instance: string): Json {
  return {
    description:
      "Answered with GET and HEAD. Any other method answers 405 `method_not_allowed` (`application/problem+json`, `Cache-Control: no-store`) with `Allow: GET, HEAD` (see `x-refused-methods`).",
    "x-refused-methods": refusedMethods(
      "GET, HEAD",
      problemResponses(["method_not_allowed"], { instance }),
    ),
    get,
    head: {
      ...get,
      operationId: `${get.operationId}Head`,
      summary: `${get.summary} (headers only)`,
      description: "The headers GET would send, `Content-Length` included, and no body.",
      responses: headersOnly(get.responses as Json),
    },
  };
}

/** The responses of a HEAD request: the same statuses and headers, with the length, no body. */
function headersOnly(responses: Json): Json {
  const out: Json = {};
  for (const [status, response] of Object.entries(responses as Record<string, Json>)) {
    const { content: _content, ...rest } = response;
    // A 304 has no body to state the length of.
    out[status] = status === "304" ? rest : {
      ...rest,
      headers: { ...rest.headers as Json, ...headerRefs(["Content-Length"]) },
    };
  }
  return out;
}
