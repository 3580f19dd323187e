/**
 * The request parameters the OpenAPI document describes: the search's,
 * from the one parameter table (`SEARCH_PARAMS`) and the zod schemas the
 * search validates with, and the conditional request header.
 *
 * @module
 */
import { z } from "zod";
import { searchParamDescription, searchParamSchema } from "../../core/schema/mod.ts";
import { FACET_NAMES } from "../../core/model/mod.ts";
import {
  SEARCH_PARAM_NAMES,
  SEARCH_PARAMS,
  type SearchParam,
  type SearchParamInfo,
} from "../../core/search/mod.ts";
import { type Json, schemaOf } from "./schemas.ts";

/** The query parameters of `GET /api/v1/clubs`. */
export function clubsParameters(): Json[] {
  const query = (name: string, description: string, schema: Json, extra: Json = {}) => ({
    name,
    in: "query",
    required: false,
    description,
    schema,
    ...extra,
  });
  // Every search parameter from the one table, then the facets the route adds.
  const list = (name: SearchParam) => SEARCH_PARAMS[name].kind === "list";
  return [
    ...SEARCH_PARAM_NAMES.map((name) => {
      const info: SearchParamInfo = SEARCH_PARAMS[name];
      const example = info.example;
      return query(name, searchParamDescription(name), schemaOf(searchParamSchema(name)), {
        ...(list(name) ? { style: "form", explode: false } : {}),
        ...(example === undefined ? {} : { example: list(name) ? example.split(",") : example }),
      });
    }),
    query(
      "facets",
      `Comma-separated list of facets to count, each one of ${
        FACET_NAMES.map((f) => `\`${f}\``).join(", ")
      }. Adds \`facets\` to the body: per facet, each value (as its filter accepts it: type filter keys, English place names, waitlist values) and the \`total\` that setting that filter to the value would return, every other filter kept; \`country\` counts also drop \`state\`. \`state\` lists the regions of the chosen country, or of the United States and Canada without one. An unknown name answers 400 \`invalid_facets\`.`,
      schemaOf(z.array(z.enum(FACET_NAMES))),
      { style: "form", explode: false, example: ["type", "country"] },
    ),
  ];
}

/** The request header of a conditional GET or HEAD, on the operations with an `ETag`. */
export const IF_NONE_MATCH: Json = {
  name: "If-None-Match",
  in: "header",
  required: false,
  description:
    "The `ETag` (or a list of them, or `*`) of a copy the client holds: while it is current, the answer is a 304 with no body. Compared weakly (RFC 9110 §13.1.2).",
  schema: { type: "string" },
  example: '"5f0c2a9e81d34b77"',
};
