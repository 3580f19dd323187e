/**
 * The registry of problem codes (docs/api.md#errors-in-the-contract). Responses, the `/problems` pages,
 * the OpenAPI document and the CLI's error messages all read this table, so
 * a code is described in one place only.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { PROBLEMS } from "./problems.ts";
 * assert.deepStrictEqual(PROBLEMS.invalid_page.status, 400);
 * ```
 * @module
 */
import { FACET_NAMES, WAITLIST_VALUES } from "./fields.ts";
import { ADVERTISED_RATE_LIMIT as RATE, DEFAULT_LIMIT, MAX_LIMIT } from "./limits.ts";
import {
  choiceDetail,
  controlDetail,
  RELEVANCE_NEEDS_Q,
  SEARCH_PARAMS,
  TEXT_PARAMS,
  type TextParam,
} from "./search_params.ts";

/** One problem code and everything said about it. */
export interface ProblemInfo {
  code: string;
  status: number;
  title: string;
  /** When the service answers with this code. */
  when: string;
  /** How to fix the request. */
  hint: string;
  /** A request that produces it, for the documentation pages. */
  example: string;
  /** The `detail` the example request gets, for the documentation pages. */
  exampleDetail: string;
}

const DEFAULT_CALL = `GET /api/v1/clubs?page=1&limit=${DEFAULT_LIMIT}`;
const WAITLIST_LIST = WAITLIST_VALUES.join(", ");

/** The problem of a text parameter (`invalid_q`, `invalid_type`, …): too long, or a control character. */
function textProblem(param: TextParam): ProblemInfo {
  const { maxLength, example } = SEARCH_PARAMS[param];
  return {
    code: `invalid_${param}`,
    status: 400,
    title: `Invalid ${param}`,
    when:
      `\`${param}\` is longer than ${maxLength} characters, or holds a control character (U+0000 to U+001F other than tab, line feed and carriage return, or U+007F to U+009F). Such characters are rejected, not removed.`,
    hint:
      `Send ${param} as text of at most ${maxLength} characters, without control characters: GET /api/v1/clubs?${param}=${example}`,
    example: `/api/v1/clubs?${param}=${example}%00`,
    exampleDetail: controlDetail(param, `${example}\u0000`),
  };
}

/** The search problems generated from the parameter table, one per text parameter. */
const TEXT_PROBLEMS = Object.fromEntries(
  TEXT_PARAMS.map((p) => [`invalid_${p}`, textProblem(p)]),
) as { [P in TextParam as `invalid_${P}`]: ProblemInfo };

/** Every problem code the service can answer with. */
export const PROBLEMS = {
  invalid_page: {
    code: "invalid_page",
    status: 400,
    title: "Invalid page",
    when:
      `\`page\` is not a whole number from 1 (such as a letter string, \`0\` or \`-1\`), or is longer than ${SEARCH_PARAMS.page.maxLength} characters. An empty \`page=\` is not an error.`,
    hint: `Send page as a whole number from 1, or leave it out for the first page: ${DEFAULT_CALL}`,
    example: "/api/v1/clubs?page=0",
    exampleDetail: 'Page "0" is not a whole number from 1',
  },
  invalid_limit: {
    code: "invalid_limit",
    status: 400,
    title: "Invalid limit",
    when:
      `\`limit\` is not a whole number from 1 (such as a letter string or \`0\`), or is longer than ${SEARCH_PARAMS.limit.maxLength} characters. An empty \`limit=\` is not an error; values above ${MAX_LIMIT} are clamped to ${MAX_LIMIT}.`,
    hint:
      `Send limit as a whole number from 1 to ${MAX_LIMIT} (the maximum; larger values are clamped), or leave it out for ${DEFAULT_LIMIT}: ${DEFAULT_CALL}`,
    example: "/api/v1/clubs?limit=0",
    exampleDetail: `Limit "0" is not a whole number from 1 to ${MAX_LIMIT}`,
  },
  ...TEXT_PROBLEMS,
  invalid_match: {
    code: "invalid_match",
    status: 400,
    title: "Invalid match",
    when: `\`match\` is not one of ${SEARCH_PARAMS.match.values.join(", ")}.`,
    hint: `Send match as one of ${
      SEARCH_PARAMS.match.values.join(", ")
    }, or leave it out for ${SEARCH_PARAMS.match.default}: GET /api/v1/clubs?q=royal&match=words`,
    example: "/api/v1/clubs?q=royal&match=exact",
    exampleDetail: choiceDetail("match", "exact"),
  },
  invalid_sort: {
    code: "invalid_sort",
    status: 400,
    title: "Invalid sort",
    when: `\`sort\` is not one of ${
      SEARCH_PARAMS.sort.values.join(", ")
    }, or is \`relevance\` without \`q\` (relevance ranks by how the name matches \`q\`).`,
    hint:
      `Send sort as name (the default), or relevance together with q: GET /api/v1/clubs?q=royal&sort=relevance`,
    example: "/api/v1/clubs?sort=relevance",
    exampleDetail: RELEVANCE_NEEDS_Q,
  },
  invalid_waitlist: {
    code: "invalid_waitlist",
    status: 400,
    title: "Invalid waitlist",
    when:
      `An item of the comma-separated \`waitlist\` list is not one of ${WAITLIST_LIST}, or the values together are longer than ${SEARCH_PARAMS.waitlist.maxLength} characters.`,
    hint:
      `Send waitlist as a comma-separated list of ${WAITLIST_LIST}: GET /api/v1/clubs?waitlist=open,waitlist`,
    example: "/api/v1/clubs?waitlist=open,maybe",
    exampleDetail:
      `Waitlist value "maybe" is not recognised: use one or more of ${WAITLIST_LIST}, separated by commas`,
  },
  invalid_facets: {
    code: "invalid_facets",
    status: 400,
    title: "Invalid facets",
    when: `An item of the comma-separated \`facets\` list is not one of ${FACET_NAMES.join(", ")}.`,
    hint: `Send facets as a comma-separated list of ${
      FACET_NAMES.join(", ")
    }: GET /api/v1/clubs?facets=type,country`,
    example: "/api/v1/clubs?facets=type,colour",
    exampleDetail: `Facet "colour" is not recognised: use one or more of ${
      FACET_NAMES.join(", ")
    }, separated by commas`,
  },
  invalid_since: {
    code: "invalid_since",
    status: 400,
    title: "Invalid since",
    when:
      "`since` (of `GET /api/v1/changes` and the MCP tool `list_changes`) is not a calendar day written YYYY-MM-DD.",
    hint:
      "Send since as a day written YYYY-MM-DD, or leave it out for every kept snapshot: GET /api/v1/changes?since=2025-03-01",
    example: "/api/v1/changes?since=yesterday",
    exampleDetail: 'since must be a day written YYYY-MM-DD, such as 2025-03-03; got "yesterday"',
  },
  invalid_host: {
    code: "invalid_host",
    status: 400,
    title: "Invalid Host header",
    when:
      "The `Host` header is not `host[:port]` (a name or IPv4 address, or an IPv6 address in brackets, and an optional numeric port): it holds a character such as `/`, `?`, `#`, `@` or a space. Such a Host would change the path the request is routed to.",
    hint:
      "Send the server's name, and its port if not the default, as Host (HTTP clients take it from the URL): Host: clubs.example:8000",
    example: "/api/v1/clubs (with the header Host: clubs.example/admin?)",
    exampleDetail: 'Host "clubs.example/admin?" is not host[:port]',
  },
  not_found: {
    code: "not_found",
    status: 404,
    title: "Not found",
    when: "The path does not exist.",
    hint:
      "The supported endpoint is GET /api/v1/clubs; every path is described in the OpenAPI document at /openapi.json.",
    example: "/api/v1/members",
    exampleDetail: 'There is no resource at "/api/v1/members"',
  },
  method_not_allowed: {
    code: "method_not_allowed",
    status: 405,
    title: "Method not allowed",
    when:
      "The path exists but does not answer this HTTP method (the REST API is read-only: only GET and HEAD).",
    hint:
      "Send GET (or HEAD); the Allow header lists the methods this path answers: GET /api/v1/clubs",
    example: "POST /api/v1/clubs",
    exampleDetail: '"/api/v1/clubs" does not answer POST; it answers GET, HEAD',
  },
  rate_limited: {
    code: "rate_limited",
    status: 429,
    title: "Too many requests",
    when:
      "This client sent more requests than the advertised rate limit allows in the current window.",
    hint:
      "Wait for the number of seconds in the Retry-After header, then retry; stay within the RateLimit-Policy header.",
    example:
      `/api/v1/clubs (one request more than ${RATE.limit} within ${RATE.windowSeconds} seconds)`,
    exampleDetail:
      `This client sent more than ${RATE.limit} requests in ${RATE.windowSeconds} seconds; retry in 42 seconds`,
  },
  clubs_unavailable: {
    code: "clubs_unavailable",
    status: 500,
    title: "Clubs unavailable",
    when:
      "The directory could not be read (the database is missing, unreadable or being repaired).",
    hint: "Retry after a short wait. If it persists, contact <SUPPORT_EMAIL>.",
    example: "/api/v1/clubs (while the database file is missing)",
    exampleDetail: "The club directory cannot be read right now",
  },
  internal_error: {
    code: "internal_error",
    status: 500,
    title: "Internal error",
    when: "An unexpected error happened while answering the request.",
    hint:
      "Retry after a short wait. If it persists, contact <SUPPORT_EMAIL> and quote the X-Request-Id header.",
    example: "(any request, when the server fails unexpectedly)",
    exampleDetail:
      "The server failed unexpectedly while answering request 1b4e28ba-2fa1-11d2-883f-0016d3cca427",
  },
} as const satisfies Record<string, ProblemInfo>;

/** A registered problem code. */
export type ProblemCode = keyof typeof PROBLEMS;

/**
 * A problem a handler wants answered: thrown anywhere below the app, turned
 * into an `application/problem+json` response by the app's `onError`, so
 * routes mounted later (profile, MCP, OpenAPI) answer errors the same way.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ProblemError } from "./problems.ts";
 * const e = new ProblemError("not_found", 'There is no club "nope"');
 * assert.deepStrictEqual(e.status, 404);
 * ```
 */
export class ProblemError extends Error {
  /** The registered code. */
  readonly code: ProblemCode;
  /** Extra response headers (e.g. `Allow`, `Retry-After`). */
  readonly headers: Readonly<Record<string, string>>;
  /** The `instance` to report instead of the request path. */
  readonly instance: string | undefined;

  /**
   * @param code A registered problem code.
   * @param detail What went wrong with this request, quoting the bad value.
   * @param options Extra headers, a different `instance`, the cause.
   */
  constructor(
    code: ProblemCode,
    detail: string,
    options: ErrorOptions & { headers?: Record<string, string>; instance?: string } = {},
  ) {
    super(detail, options);
    this.name = "ProblemError";
    this.code = code;
    this.headers = options.headers ?? {};
    this.instance = options.instance;
  }

  /** The HTTP status of the code. */
  get status(): number {
    return PROBLEMS[this.code].status;
  }
}
