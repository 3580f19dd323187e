/**
 * The OpenAPI 3.0.0 description served at `/openapi.json` (docs/api.md#the-openapi-document).
 *
 * Nothing here restates a field by hand: component schemas are generated
 * from the zod schemas in `db/club.ts` (and {@link ProblemSchema} below),
 * error responses from the problem registry in `server/problems.ts`, and
 * parameter rules from the constants the search itself uses. A field or a
 * problem code added there shows up here on the next start.
 *
 * @example
 * ```ts
 * import { openApiDocument } from "./document.ts";
 * const doc = openApiDocument();
 * doc.openapi; // "3.0.0"
 * ```
 * @module
 */
import { z } from "zod";
import {
  ClubListSchema,
  ClubRecordSchema,
  ClubSchema,
  FeeViewSchema,
  searchParamDescription,
  searchParamSchema,
} from "../../core/schema/mod.ts";
import {
  FACET_NAMES,
  type ProblemCode,
  PROBLEMS,
  SESSION_COOKIE,
  VERSION,
} from "../../core/model/mod.ts";
import { BAND_LADDER } from "../../core/club/mod.ts";
import {
  SEARCH_PARAM_NAMES,
  SEARCH_PARAMS,
  SEARCH_PROBLEM_CODES,
  type SearchParam,
  type SearchParamInfo,
} from "../../core/search/mod.ts";
import { asciiJson } from "../../core/model/mod.ts";
import { SESSION_TIERS } from "../../core/sessions/mod.ts";
import { DEFAULT_SUPPORT_EMAIL } from "../config.ts";
import { COMPRESS_MIN_BYTES, ENCODINGS } from "../http/compress.ts";

/**
 * Version of the description itself (docs/api.md#versioning-in-the-contract), not of the API path: the
 * product version of `deno.json`.
 *
 * @example
 * ```ts
 * import { OPENAPI_VERSION } from "./document.ts";
 * OPENAPI_VERSION; // "1.2.0"
 * ```
 */
export const OPENAPI_VERSION: string = VERSION;

/**
 * The `Link` relations `GET /api/v1/clubs` sends (see `pageLinks` in
 * server/routes/clubs.ts; a test holds the two together).
 *
 * @example
 * ```ts
 * import { PAGE_LINK_RELATIONS } from "./document.ts";
 * PAGE_LINK_RELATIONS; // ["next", "prev", "first", "last"]
 * ```
 */
export const PAGE_LINK_RELATIONS = ["next", "prev", "first", "last"] as const;

/**
 * The license the description states: none has been granted, so all
 * rights are reserved.
 *
 * @example
 * ```ts
 * import { LICENSE } from "./document.ts";
 * LICENSE.name; // "Proprietary: all rights reserved"
 * ```
 */
export const LICENSE = { name: "Proprietary: all rights reserved" } as const;

/**
 * Every registered problem code, in registry order.
 *
 * @example
 * ```ts
 * import { PROBLEM_CODES } from "./document.ts";
 * PROBLEM_CODES.includes("not_found"); // true
 * ```
 */
export const PROBLEM_CODES = Object.keys(PROBLEMS) as [ProblemCode, ...ProblemCode[]];

/**
 * The body of every error (docs/api.md#errors-in-the-contract, RFC 9457), sent as
 * `application/problem+json`.
 *
 * @example
 * ```ts
 * import { ProblemSchema } from "./document.ts";
 * ProblemSchema.shape.code.parse("not_found");
 * ```
 */
export const ProblemSchema = z.object({
  type: z.url().describe(
    "`{base_url}/problems/<code>`, a page that explains the code.",
  ),
  title: z.string().describe("Short summary."),
  status: z.int().min(400).max(599).describe("HTTP status."),
  detail: z.string().describe("What went wrong with this request."),
  code: z.enum(PROBLEM_CODES).describe("Stable code to branch on."),
  hint: z.string().describe("How to fix the request."),
  instance: z.string().optional().describe(
    "The path called; `/api/v1` for an unknown `/api/v1` path.",
  ),
});

/**
 * An error body.
 *
 * @example
 * ```ts
 * import type { Problem } from "./document.ts";
 * const p: Problem = { type: "https://x.example/problems/not_found", title: "Not found",
 *   status: 404, detail: "No club has the slug \"x\".", code: "not_found", hint: "…" };
 * ```
 */
export type Problem = z.infer<typeof ProblemSchema>;

// MCP bodies are described generically: the MCP server owns their details.
const JsonRpcRequestSchema = z.object({
  jsonrpc: z.literal("2.0"),
  id: z.union([z.int(), z.string()]).optional().describe(
    "Request id; leave it out for a notification.",
  ),
  method: z.string().describe(
    "`tools/list`, `tools/call` (params: `name`, `arguments`), `initialize`, …",
  ),
  params: z.record(z.string(), z.unknown()).optional(),
}).loose().describe("A JSON-RPC 2.0 request.");

const JsonRpcResponseSchema = z.object({
  jsonrpc: z.literal("2.0"),
  id: z.unknown().describe("The request's id; null when the request could not be read."),
  result: z.record(z.string(), z.unknown()).optional().describe("Present on success."),
  error: z.object({
    code: z.int(),
    message: z.string(),
    data: z.unknown().optional(),
  }).optional().describe("Present on failure."),
}).loose().describe("A JSON-RPC 2.0 response.");

type Json = Record<string, unknown>;

/**
 * zod's OpenAPI 3.0 output, made valid for strict 3.0 tooling: drops the
 * `$id`s that registry output carries and the safe-integer bounds of
 * `z.int()`, and lists `null` in the `enum` of a nullable enum, since in 3.0
 * `enum` still restricts the value when `nullable` is true.
 */
function fix(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(fix);
  if (node === null || typeof node !== "object") return node;
  const out: Json = {};
  for (const [k, v] of Object.entries(node)) {
    if (k === "$id") continue;
    // z.int() bounds every integer to the safe range: an artifact, not a rule.
    if (k === "maximum" && v === Number.MAX_SAFE_INTEGER) continue;
    if (k === "minimum" && v === Number.MIN_SAFE_INTEGER) continue;
    out[k] = fix(v);
  }
  if (out.nullable === true && Array.isArray(out.enum) && !out.enum.includes(null)) {
    out.enum = [...out.enum, null];
  }
  return out;
}

function schemaOf(schema: z.ZodType): Json {
  return fix(z.toJSONSchema(schema, { target: "openapi-3.0", io: "input" })) as Json;
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

function componentSchemas(): Record<string, Json> {
  const registry = z.registry<{ id: string }>();
  registry.add(ClubListSchema, { id: "ClubList" });
  registry.add(ClubSchema, { id: "Club" });
  registry.add(FeeViewSchema, { id: "FeeView" });
  registry.add(ProblemSchema, { id: "Problem" });
  registry.add(JsonRpcRequestSchema, { id: "JsonRpcRequest" });
  registry.add(JsonRpcResponseSchema, { id: "JsonRpcResponse" });
  const out = z.toJSONSchema(registry, {
    target: "openapi-3.0",
    uri: (id) => `#/components/schemas/${id}`,
  });
  const schemas = fix(out.schemas) as Record<string, Json>;
  schemas.ClubList!.description = "Body of a 200 from `GET /api/v1/clubs`.";
  schemas.Club!.description =
    "One club. Every field is present; a nullable field holds null when the listing has no value.";
  schemas.FeeView!.description =
    "One fee as this caller may see it. `label` is present for `band` and `exact`; `estimate` for `band`.";
  schemas.Problem!.description = "The body of every error (RFC 9457).";
  for (const name of RESPONSE_SCHEMAS) schemas[name] = openResponseSchema(schemas[name]) as Json;
  const code = (schemas.Problem!.properties as Record<string, Json>).code!;
  // Not an enum: a code added within v1 must not fail validation. The known
  // ones are listed in prose (and as the enum of `/problems/{code}`'s parameter).
  const { enum: known, ...rest } = code;
  (schemas.Problem!.properties as Record<string, Json>).code = {
    ...rest,
    description: `${rest.description} The codes known to this version: ${
      (known as string[]).map((c) => `\`${c}\``).join(", ")
    } (each explained at \`/problems/<code>\`). More may be added within v1: treat an unknown code by \`status\`.`,
  };
  return schemas;
}

/**
 * The component schemas of response bodies. They are open (see
 * {@link EVOLUTION_TEXT}): a member added within v1 must not fail a
 * client that validates what it receives.
 *
 * @example
 * ```ts
 * import { RESPONSE_SCHEMAS } from "./document.ts";
 * RESPONSE_SCHEMAS.includes("Club"); // true
 * ```
 */
export const RESPONSE_SCHEMAS = [
  "ClubList",
  "Club",
  "FeeView",
  "Problem",
  "JsonRpcResponse",
] as const;

/**
 * A response schema with every object opened: zod's output closes each
 * object (`additionalProperties: false`), which would make any added member
 * a breaking change for clients that validate.
 */
function openResponseSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(openResponseSchema);
  if (node === null || typeof node !== "object") return node;
  const out: Json = {};
  for (const [k, v] of Object.entries(node)) {
    if (k === "additionalProperties" && v === false) continue;
    out[k] = openResponseSchema(v);
  }
  return out;
}

const HEADERS: Record<string, Json> = {
  "X-Total-Clubs": {
    description: "Clubs matching the filters across all pages; the same number as `total`.",
    schema: { type: "integer", minimum: 0 },
  },
  "X-Request-Id": {
    description: "An id for this request; quote it when reporting a problem.",
    schema: { type: "string" },
  },
  RateLimit: {
    description:
      "Shape `limit=<n>, remaining=<n>, reset=<seconds>`. Do not build on `remaining` as a live count: with the limit not enforced, every response carries the advertised values.",
    schema: { type: "string" },
    example: "limit=120, remaining=120, reset=60",
  },
  "RateLimit-Policy": {
    description:
      "Shape `<requests>;w=<seconds>`: the advertised rate. Clients are expected to stay within it.",
    schema: { type: "string" },
    example: "120;w=60",
  },
  "X-Data-Source": {
    description: "The service's display name.",
    schema: { type: "string" },
  },
  Link: {
    description: `RFC 8288 links to other pages of the same search: ${
      PAGE_LINK_RELATIONS.map((r) => `\`rel="${r}"\``).join(", ")
    }. \`next\` and \`prev\` where such a page exists (past the end, \`prev\` is the last page with clubs); \`first\` (page 1) and \`last\` (the last page with clubs, page 1 when there are none) always. The addresses keep only the search parameters the request sent (each once, as it counted; \`waitlist\` and \`facets\` with all their values), decoded and percent-encoded again; unknown parameters are left out.`,
    schema: { type: "string" },
    example: '<https://clubs.example.com/api/v1/clubs?type=golf&page=3>; rel="next", ' +
      '<https://clubs.example.com/api/v1/clubs?type=golf&page=1>; rel="prev", ' +
      '<https://clubs.example.com/api/v1/clubs?type=golf&page=1>; rel="first", ' +
      '<https://clubs.example.com/api/v1/clubs?type=golf&page=19>; rel="last"',
  },
  ETag: {
    description:
      'The validator of this answer (RFC 9110 §8.8.3): send it back in `If-None-Match` and an unchanged answer is a 304 with no body. Strong (`"…"`, one per `Content-Encoding`: `"…-br"`) where it is a hash of the bytes (`/openapi.json`, `/problems`); weak (`W/"…"`, the same for every coding) on profiles, where it is a hash of what the page is made from (release, snapshot, slug, fee access, representation, address).',
    schema: { type: "string" },
    example: '"5f0c2a9e81d34b77-br"',
  },
  "Retry-After": {
    description: "Seconds to wait before retrying.",
    schema: { type: "integer", minimum: 0 },
  },
  Vary: {
    description:
      "The page differs by representation and by session. A response that may be compressed also varies by `Accept-Encoding`.",
    schema: { type: "string" },
  },
  "Content-Encoding": {
    description: `The coding of a compressed body: ${
      ENCODINGS.map((e) => `\`${e}\``).join(", ")
    }, as \`Accept-Encoding\` asks (q-values honoured; on a tie, in this order). JSON and HTML bodies of ${COMPRESS_MIN_BYTES} bytes or more are compressed; smaller ones, and requests that accept none of these, get the body as it is, without this header.`,
    schema: { type: "string", enum: [...ENCODINGS] },
  },
  "Content-Length": {
    description: "The length of the body; a HEAD answer states the length GET would send.",
    schema: { type: "integer", minimum: 0 },
  },
  "Access-Control-Allow-Origin": {
    description: "Any origin may call the MCP endpoint.",
    schema: { type: "string", enum: ["*"] },
  },
  "Access-Control-Allow-Methods": {
    description: "The methods a cross-origin caller may use.",
    schema: { type: "string" },
    example: "POST,OPTIONS",
  },
};

function headerRefs(names: string[]): Json {
  return Object.fromEntries(
    names.map((n) => [n, { $ref: `#/components/headers/${n}` }]),
  );
}

/**
 * Every `Cache-Control` value the app sends, with why: what the routes set
 * (server/routes/clubs.ts, index.ts, problems.ts, profile.ts, the site's
 * pages, server/http/problem.ts). A test sends a request for every
 * documented operation and holds the document to what comes back.
 *
 * @example
 * ```ts
 * import { CACHE_CONTROL } from "./document.ts";
 * CACHE_CONTROL.problem; // "no-store"
 * ```
 */
export const CACHE_CONTROL = {
  /** The answer depends on the caller's session: never stored. */
  session: "private, no-store",
  /** A profile: the caller's cache may keep it (it shows the caller's fees), revalidating it. */
  profile: "private, no-cache",
  /** `/openapi.json`: the same for everyone, any cache keeps it and revalidates it. */
  document: "public, no-cache",
  /** The JSON index: its links may follow the request's Host and its snapshot changes. */
  index: "private, no-cache",
  /** /problems pages without `--base-url`: they embed the request's own origin. */
  pagePrivate: "private, max-age=3600",
  /** /problems pages with `--base-url`: the same for every client. */
  pagePublic: "public, max-age=3600",
  /** Every problem body. */
  problem: "no-store",
} as const;

/**
 * A `Cache-Control` header with the values one response may carry, each
 * with when; `required` when every media type of the response carries it.
 */
function cacheControl(values: [string, string][], required = true, note = ""): Json {
  return {
    description: `What a cache may do with this answer:\n\n${
      values.map(([value, when]) => `- \`${value}\`: ${when}`).join("\n")
    }${note ? `\n\n${note}` : ""}`,
    required,
    schema: { type: "string", enum: [...new Set(values.map(([v]) => v))] },
  };
}

const SESSION_CACHE: [string, string] = [
  CACHE_CONTROL.session,
  "the answer depends on the caller's session, so no cache keeps it.",
];
const PAGE_CACHE: [string, string][] = [
  [
    CACHE_CONTROL.pagePrivate,
    "without `--base-url`: the page embeds the request's own origin, so only the client keeps it (an hour).",
  ],
  [
    CACHE_CONTROL.pagePublic,
    "with `--base-url`: the page changes only with a release, so any cache may keep it an hour.",
  ],
];
const PROBLEM_CACHE: [string, string] = [
  CACHE_CONTROL.problem,
  "a problem answers one request and is never stored.",
];
const PROFILE_CACHE: [string, string] = [
  CACHE_CONTROL.profile,
  "the profile shows the caller's fees, so only the caller's own cache keeps it, and it asks again (`If-None-Match`) before each use: a 304 when neither the snapshot nor the caller's fee access changed.",
];
const DOCUMENT_CACHE: [string, string] = [
  CACHE_CONTROL.document,
  "the document is the same for every client and changes only with a release: any cache may keep it, and asks again (`If-None-Match`) before each use.",
];

const EXAMPLE_BASE = "https://clubs.example.com";

/** An example body of a problem, from the registry. */
function problemExample(code: ProblemCode, instance: string): Problem {
  const p = PROBLEMS[code];
  return {
    type: `${EXAMPLE_BASE}/problems/${code}`,
    title: p.title,
    status: p.status,
    detail: p.exampleDetail,
    code,
    hint: p.hint,
    instance,
  };
}

/** Every response carries these, whatever the path (set by the app's middlewares). */
const COMMON_HEADERS = ["X-Request-Id", "RateLimit", "RateLimit-Policy"];

/**
 * Any path can answer these: the Host check, the rate limit and the error
 * handler cover every route.
 */
const COMMON_PROBLEMS: ProblemCode[] = ["invalid_host", "rate_limited", "internal_error"];

/**
 * The 304 of an operation with validators: no body, the `ETag`, `Vary`
 * and `Cache-Control` the 200 would send.
 */
function notModifiedResponse(cache: [string, string][]): Json {
  return {
    description:
      "Not modified: the request's `If-None-Match` holds the current `ETag`. No body; the same `ETag`, `Vary` and `Cache-Control` as the 200.",
    headers: {
      ...headerRefs([...COMMON_HEADERS, "ETag", "Vary"]),
      "Cache-Control": cacheControl(cache),
    },
  };
}

/** The request header of a conditional GET or HEAD, on the operations with an `ETag`. */
const IF_NONE_MATCH: Json = {
  name: "If-None-Match",
  in: "header",
  required: false,
  description:
    "The `ETag` (or a list of them, or `*`) of a copy the client holds: while it is current, the answer is a 304 with no body. Compared weakly (RFC 9110 §13.1.2).",
  schema: { type: "string" },
  example: '"5f0c2a9e81d34b77"',
};

/** Headers a problem's status brings along. */
const STATUS_HEADERS: Record<number, string[]> = { 429: ["Retry-After"] };

/**
 * The error responses of an operation, grouped by status, each code with
 * its registry text and an example body. The codes every path can answer
 * are added here, so no operation forgets them. `html` names the codes a
 * browser gets as an HTML page instead, and that page's `Cache-Control`
 * (null: none).
 */
function problemResponses(
  codes: ProblemCode[],
  options: {
    instance: string;
    html?: { codes: ProblemCode[]; cacheControl: [string, string] | null };
  },
): Json {
  const byStatus = new Map<number, ProblemCode[]>();
  for (const code of new Set([...codes, ...COMMON_PROBLEMS])) {
    const status = PROBLEMS[code].status;
    byStatus.set(status, [...byStatus.get(status) ?? [], code]);
  }
  const out: Json = {};
  for (const [status, group] of [...byStatus].sort((a, b) => a[0] - b[0])) {
    const list = group.map((c) => `- \`${c}\` (${PROBLEMS[c].title}): ${PROBLEMS[c].when}`);
    const content: Json = {
      "application/problem+json": {
        schema: ref("Problem"),
        examples: Object.fromEntries(
          group.map((c) => [c, { value: problemExample(c, options.instance) }]),
        ),
      },
    };
    const html = options.html?.codes.some((c) => group.includes(c)) ? options.html : null;
    const cache: [string, string][] = [PROBLEM_CACHE];
    if (html) {
      content["text/html"] = {
        schema: { type: "string", description: "The same problem as an HTML page, for browsers." },
      };
      if (html.cacheControl && html.cacheControl[0] !== PROBLEM_CACHE[0]) {
        cache.push([html.cacheControl[0], `the HTML page: ${html.cacheControl[1]}`]);
      }
    }
    out[String(status)] = {
      description: `${group.map((c) => PROBLEMS[c].title).join(" or ")}.\n\n${list.join("\n")}`,
      headers: {
        ...headerRefs([...COMMON_HEADERS, ...STATUS_HEADERS[status] ?? []]),
        // The HTML page without a Cache-Control of its own makes the header optional.
        "Cache-Control": html && html.cacheControl === null
          ? cacheControl(cache, false, "The HTML page carries no `Cache-Control`.")
          : cacheControl(cache),
      },
      content,
    };
  }
  return out;
}

/**
 * A success response; the common headers are added, and `Cache-Control`
 * with the values given (none: the response carries no such header).
 */
function success(
  description: string,
  content: Json | null,
  headers: string[] = [],
  cache: [string, string][] = [],
): Json {
  return {
    description,
    headers: {
      ...headerRefs([...new Set([...COMMON_HEADERS, ...headers])]),
      ...(cache.length ? { "Cache-Control": cacheControl(cache) } : {}),
    },
    ...(content ? { content } : {}),
  };
}

function clubsParameters(): Json[] {
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

const SUCCESS_HEADERS = [
  "X-Total-Clubs",
  "X-Request-Id",
  "RateLimit",
  "RateLimit-Policy",
  "X-Data-Source",
  "Link",
  "Vary",
  "Content-Encoding",
];

/** Anonymous (`{}`) or either way of presenting a session. */
const SESSION_SECURITY = [{}, { session_bearer: [] }, { session_cookie: [] }];

function bandText(): string {
  const edges = BAND_LADDER.map((n) => n.toLocaleString("en-US"));
  return `Bands use one ladder for every fee: ${
    edges.join(", ")
  } and above, in the club's currency. A band label reads like \`$10,000–$25,000\` (lower bound included, upper excluded) or \`$1,000,000+\`; an exact label like \`$12,500\`. \`firstYear\` is the first-year cost: initiation plus a year of dues (annual dues, else twelve monthly dues).`;
}

const SESSION_TEXT = `A site session is a token created with \`main.ts session create --tier ${
  SESSION_TIERS.join("|")
}\`, sent as \`Authorization: Bearer <token>\` or as the cookie \`${SESSION_COOKIE}=<token>\` (the bearer token wins when both are sent). A missing, unknown, expired or revoked token is no session: the call still succeeds, as an anonymous one.`;

/**
 * How v1 evolves (docs/api.md#versioning), stated in the document and made
 * true by its schemas (see {@link openResponseSchema}).
 *
 * @example
 * ```ts
 * import { EVOLUTION_TEXT } from "./document.ts";
 * EVOLUTION_TEXT.includes("ignore"); // true
 * ```
 */
export const EVOLUTION_TEXT =
  "Within v1, responses only grow. A response object (and a problem body) may gain members, and new problem codes may be added: clients must ignore members they do not know, and treat an unknown `code` by its HTTP status (its `title`, `detail` and `hint` still read). So response schemas are open (no `additionalProperties: false`) and `Problem.code` is a string, its known values listed in its description and as the values of the `/problems/{code}` parameter. The values of the other enumerated fields (`fee_access`, `fee_tier`, `waitlist_status`, a fee view's `kind`) are closed in v1; a new value, like removing or renaming a member or changing its type or meaning, ships under a new `/api/vN`. Request parameters are strict: a value outside a parameter's schema is refused with a 400.";

const html = (description: string) => ({
  "text/html": { schema: { type: "string", description } },
});
const anyJson = (description: string) => ({
  "application/json": { schema: { type: "object", description } },
});

/**
 * The `x-refused-methods` extension of a path item: what the path answers
 * to a method it does not serve, as an operation's Responses Object (the
 * 405 with `Allow`, and what any request may get: the Host check, the rate
 * limit, an unexpected error). Refusals are not operations: a generated
 * client would grow a method for each, and linters rightly ask every
 * operation for a 2xx.
 */
function refusedMethods(allow: string, responses: Json): Json {
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
function readOnly(get: Json & { operationId: string }, instance: string): Json {
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

/** A JSON-RPC error answer of the MCP endpoint. */
function rpcError(description: string, code: number, message: string, headers: string[] = []) {
  return success(description, {
    "application/json": {
      schema: ref("JsonRpcResponse"),
      example: { jsonrpc: "2.0", error: { code, message }, id: null },
    },
  }, headers);
}

/** What the MCP endpoint answers besides the JSON-RPC response itself. */
function mcpErrors(): Json {
  return {
    "400": rpcError(
      "The body is not JSON (-32700), not a JSON-RPC message (-32600), or a batch of more than 10 messages (-32600).",
      -32700,
      "Parse error: Invalid JSON",
    ),
    "403": rpcError(
      "The Host header is not one this server answers (protection against DNS rebinding; see `--allowed-hosts`).",
      -32000,
      "Invalid Host header: evil.example",
    ),
    "413": rpcError(
      "The body is over 1 MiB.",
      -32000,
      "Payload Too Large: Request body must not exceed 1048576 bytes",
    ),
    "415": rpcError(
      "The body is not sent as `application/json`.",
      -32000,
      "Unsupported Media Type: Content-Type must be application/json",
    ),
  };
}

/**
 * Two sets of responses of one operation; where both document a status
 * (MCP's JSON-RPC 400 and the Host check's problem 400), both bodies are.
 */
function withBoth(a: Json, b: Json): Json {
  const out: Json = { ...a };
  for (const [status, res] of Object.entries(b) as [string, Json][]) {
    const mine = out[status] as Json | undefined;
    if (!mine) {
      out[status] = res;
      continue;
    }
    const headers: Json = { ...mine.headers as Json, ...res.headers as Json };
    // A header only one of the two bodies carries is not always there.
    for (const [name, header] of Object.entries(headers) as [string, Json][]) {
      const both = name in (mine.headers as Json) && name in (res.headers as Json);
      if (!both && header.required === true) headers[name] = { ...header, required: false };
    }
    out[status] = {
      description: `${mine.description}\n\n${res.description}`,
      headers,
      content: { ...mine.content as Json, ...res.content as Json },
    };
  }
  return out;
}

function build(supportEmail: string): Json {
  const clubs = readOnly({
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
  // Not an operation: every method gets these answers, the 404 first of all.
  const unknownPaths = {
    "/api/v1/{path}": {
      description:
        "Any other path under `/api/v1/`, with any method, answers 404 `not_found`; `instance` is `/api/v1`.",
      methods: "any",
      responses: problemResponses(["not_found"], { instance: "/api/v1" }),
    },
  };
  const profile = readOnly({
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
  const index = readOnly({
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
  const document = readOnly({
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
  const problemList = readOnly({
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
  const problemPage = readOnly({
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
  const mcp = {
    description:
      "Answered with POST and the CORS preflight (OPTIONS). Any other method (`GET` included: this stateless server opens no event stream, and has no session to delete) answers 405 with `Allow: POST, OPTIONS` and a JSON-RPC error body (see `x-refused-methods`).",
    "x-refused-methods": refusedMethods("POST, OPTIONS", {
      "405": rpcError(
        "Method not allowed, as a JSON-RPC error.",
        -32000,
        "Method not allowed: send JSON-RPC messages with POST. This server is stateless: " +
          "it opens no event stream and has no session to delete.",
      ),
      ...problemResponses([], { instance: "/api/mcp" }),
    }),
    post: {
      operationId: "mcp",
      tags: ["mcp"],
      summary: "MCP server (Streamable HTTP)",
      description:
        "An anonymous, stateless MCP server: JSON-RPC 2.0 over POST, no session and no `initialize` step needed. Send `content-type: application/json` and `accept: application/json, text/event-stream`. `tools/list` lists the tools and their input schemas; `tools/call` runs one (`params.name`, `params.arguments`); `search_clubs` searches clubs and answers with a profile link for each. It returns no fees, and it allows any origin (CORS).",
      requestBody: {
        required: true,
        content: {
          "application/json": {
            schema: ref("JsonRpcRequest"),
            example: { jsonrpc: "2.0", id: 1, method: "tools/list", params: {} },
          },
        },
      },
      responses: {
        "200": success("The JSON-RPC response.", {
          "application/json": { schema: ref("JsonRpcResponse") },
          "text/event-stream": {
            schema: { type: "string", description: "The response as one SSE message." },
          },
        }),
        "202": success("A notification (a request without `id`) was accepted.", null),
        ...withBoth(mcpErrors(), problemResponses([], { instance: "/api/mcp" })),
      },
    },
    options: {
      operationId: "mcpOptions",
      tags: ["mcp"],
      summary: "CORS preflight",
      description: "Any origin may call the endpoint: the preflight allows POST.",
      responses: {
        "204": success("The preflight answer.", null, [
          "Access-Control-Allow-Origin",
          "Access-Control-Allow-Methods",
        ]),
        ...problemResponses([], { instance: "/api/mcp" }),
      },
    },
  };
  return {
    openapi: "3.0.0",
    info: {
      title: "Club Directory Service",
      version: OPENAPI_VERSION,
      contact: { name: "Support", email: supportEmail },
      // No license has been granted: the support address is where to ask.
      license: { ...LICENSE, url: `mailto:${supportEmail}` },
      description:
        `A read-only directory of private membership clubs worldwide. The supported endpoint is \`GET /api/v1/clubs\`; the other paths are described for completeness and are not supported for building against. The REST API is free and needs no API key and no account; it sends no CORS headers. Errors are RFC 9457 \`application/problem+json\` bodies whose \`code\` is explained at \`/problems/<code>\`.\n\nOnly the operations below are answered. A method a path does not serve answers 405 with \`Allow\` (each path item's description and \`x-refused-methods\`); any other path under \`/api/v1/\` answers 404 \`not_found\` (\`x-unknown-paths\`).\n\n## Evolution\n\n${EVOLUTION_TEXT}\n\n## Fees and sessions\n\n${SESSION_TEXT}\n\n| Caller | \`fee_access\` | fee figures | \`fee_views\` |\n|-|-|-|-|\n| No session | \`locked\` | null | \`locked\` where a figure exists, \`none\` where none is on file |\n| Free session | \`band\` | null | \`band\` (\`estimate: true\` for estimated fees) |\n| Member session | \`exact\` | club-verified figures | \`exact\` for club-verified fees, \`band\` otherwise |\n\n${bandText()}`,
    },
    servers: [{ url: "/", description: "This server" }],
    // No operation needs credentials; the ones that read a session say so.
    security: [],
    tags: [
      { name: "clubs", description: "The supported REST endpoint." },
      { name: "profiles", description: "Club profile pages." },
      { name: "problems", description: "Documentation of error codes." },
      { name: "mcp", description: "The MCP server." },
      { name: "meta", description: "This description." },
    ],
    "x-unknown-paths": unknownPaths,
    paths: {
      "/": index,
      "/api/v1/clubs": clubs,
      "/clubs/{slug}": profile,
      "/openapi.json": document,
      "/problems": problemList,
      "/problems/{code}": problemPage,
      "/api/mcp": mcp,
    },
    components: {
      schemas: componentSchemas(),
      headers: HEADERS,
      securitySchemes: {
        session_bearer: {
          type: "http",
          scheme: "bearer",
          description: `Optional. ${SESSION_TEXT}`,
        },
        session_cookie: {
          type: "apiKey",
          in: "cookie",
          name: SESSION_COOKIE,
          description: `Optional. ${SESSION_TEXT}`,
        },
      },
    },
  };
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/** Documents by support address: one per app configuration, a handful at most. */
const documents = new Map<string, { doc: Json; json: string | null }>();

/**
 * The OpenAPI document, built once per support address (named as the
 * contact) and frozen: clone it (`structuredClone`) before handing it to
 * tools that dereference in place.
 *
 * @example
 * ```ts
 * import { openApiDocument } from "./document.ts";
 * (openApiDocument().info as { version: string }).version; // "1.2.0"
 * ```
 */
export function openApiDocument(
  supportEmail: string = DEFAULT_SUPPORT_EMAIL,
): Record<string, unknown> {
  let entry = documents.get(supportEmail);
  if (!entry) {
    entry = { doc: deepFreeze(build(supportEmail)), json: null };
    documents.set(supportEmail, entry);
  }
  return entry.doc;
}

/**
 * The document as JSON text, serialized once, for the `/openapi.json` route.
 *
 * @example
 * ```ts
 * import { openApiJson } from "./document.ts";
 * JSON.parse(openApiJson("help@clubs.example")).info.contact.email; // "help@clubs.example"
 * ```
 */
export function openApiJson(supportEmail: string = DEFAULT_SUPPORT_EMAIL): string {
  openApiDocument(supportEmail);
  const entry = documents.get(supportEmail)!;
  // ASCII keeps the 200 KB text a one-byte string: sent about 4x faster.
  return entry.json ??= asciiJson(entry.doc);
}
