/**
 * The OpenAPI path items of the problem pages: `/problems` (every code)
 * and `/problems/{code}` (one), HTML or JSON, with validators.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { problemListPath } from "./problems.ts";
 * assert.equal((problemListPath().get as { operationId: string }).operationId, "problemList");
 * ```
 * @module
 */
import { CACHE_CONTROL, PAGE_CACHE } from "../cache_control.ts";
import { IF_NONE_MATCH } from "../_parameters.ts";
import { readOnly } from "../_path_items.ts";
import { problemResponses } from "../_problem_responses.ts";
import { anyJson, html, notModifiedResponse, success } from "../_responses.ts";
import { type Json, PROBLEM_CODES } from "../schemas.ts";

/**
 * `/problems`: every code, with what it means.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { problemListPath } from "./problems.ts";
 * assert.ok("304" in (problemListPath().get as { responses: object }).responses);
 * ```
 */
export function problemListPath(): Json {
  return readOnly({
    operationId: "problemList",
    tags: ["problems"],
    summary: "Every problem code",
    description: `Lists every code: ${
      PROBLEM_CODES.map((c) => `\`${c}\``).join(", ")
    }. Browsers get HTML; clients that rank \`application/json\` above \`text/html\` get JSON.`,
    parameters: [IF_NONE_MATCH],
    responses: {
      "200": success(
        "Every code.",
        {
          ...html("A page listing every code."),
          ...anyJson("Every code with its status, title, when it is answered and its hint."),
        },
        ["Vary", "Content-Encoding", "ETag"],
        PAGE_CACHE,
      ),
      "304": notModifiedResponse(PAGE_CACHE),
      ...problemResponses([], { instance: "/problems" }),
    },
  }, "/problems");
}

/**
 * `/problems/{code}`: one code explained; an unknown code answers 404.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { problemPagePath } from "./problems.ts";
 * assert.equal((problemPagePath().get as { operationId: string }).operationId, "problemPage");
 * ```
 */
export function problemPagePath(): Json {
  return readOnly({
    operationId: "problemPage",
    tags: ["problems"],
    summary: "One problem code",
    description:
      "Explains one code: when it is answered, how to fix the request, and an example. Browsers get HTML; clients that rank `application/json` above `text/html` get JSON.",
    parameters: [{
      name: "code",
      in: "path",
      required: true,
      description: "A problem code; any other value answers 404.",
      schema: { type: "string", enum: PROBLEM_CODES },
      example: "invalid_page",
    }, IF_NONE_MATCH],
    responses: {
      "200": success(
        "The code's page.",
        {
          ...html("The code's page."),
          ...anyJson("The code with its status, title, when, hint and an example."),
        },
        ["Vary", "Content-Encoding", "ETag"],
        PAGE_CACHE,
      ),
      "304": notModifiedResponse(PAGE_CACHE),
      ...problemResponses(["not_found"], {
        instance: "/problems/no_such_code",
        html: {
          codes: ["not_found"],
          cacheControl: [
            CACHE_CONTROL.problem,
            "it answers for no problem code, as a problem does.",
          ],
        },
      }),
    },
  }, "/problems/invalid_page");
}
