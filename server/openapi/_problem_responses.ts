/**
 * The error responses of the OpenAPI document's operations, from the
 * problem registry (`core/model/problems.ts`): each code with its text and
 * an example body, grouped by status, and the codes every path can answer.
 *
 * @module
 */
import { type ProblemCode, PROBLEMS } from "../../core/model/mod.ts";
import { cacheControl, type CacheValue, PROBLEM_CACHE } from "./cache_control.ts";
import { COMMON_HEADERS, headerRefs } from "./headers.ts";
import { type Json, type Problem, ref } from "./schemas.ts";

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

/**
 * Any path can answer these: the Host check, the rate limit and the error
 * handler cover every route.
 */
const COMMON_PROBLEMS: ProblemCode[] = ["invalid_host", "rate_limited", "internal_error"];

/** Headers a problem's status brings along. */
const STATUS_HEADERS: Record<number, string[]> = { 429: ["Retry-After"] };

/**
 * The error responses of an operation, grouped by status, each code with
 * its registry text and an example body. The codes every path can answer
 * are added here, so no operation forgets them. `html` names the codes a
 * browser gets as an HTML page instead, and that page's `Cache-Control`
 * (null: none).
 */
export function problemResponses(
  codes: ProblemCode[],
  options: {
    instance: string;
    html?: { codes: ProblemCode[]; cacheControl: CacheValue | null };
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
    const cache: CacheValue[] = [PROBLEM_CACHE];
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
