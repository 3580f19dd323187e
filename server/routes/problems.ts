/**
 * `/problems` and `/problems/<code>` (docs/api.md#errors-in-the-contract): the pages every problem's
 * `type` points at, generated from the registry in `core/model/problems.ts`.
 * Browsers get plain HTML; clients that ask for `application/json` get the
 * same content as JSON.
 *
 * Validators (docs/api.md#validators-and-caching): each page carries a strong `ETag`, a
 * hash of its body, one per coding (see server/respond/validators.ts); a
 * request that holds it is answered 304. An unknown code's HTML page is
 * `no-store`, as every problem answer.
 *
 * @example
 * ```ts ignore
 * import { problemPages } from "./problems.ts";
 * app.route("/problems", problemPages({ baseUrl: null, problems }));
 * ```
 * @module
 */
import { type Context, Hono } from "hono";
import { type ProblemCode, type ProblemInfo, PROBLEMS } from "../../core/model/mod.ts";
import { baseUrlOf } from "../http/base_url.ts";
import type { AppEnv } from "../http/env.ts";
import {
  joinHtml,
  markup,
  PAGE_HEADERS as HTML_SAFETY,
  pageShell,
  type SafeHtml,
} from "../html/mod.ts";
import { sendCached, tagOf } from "../respond/mod.ts";
import { PROBLEM_TYPE, type ProblemBody, type Problems } from "../respond/mod.ts";

/** Options of {@link problemPages}. */
export interface ProblemPagesOptions {
  /** `{base_url}`; null uses the request's origin. */
  baseUrl: string | null;
  problems: Problems;
}

const CODES = Object.keys(PROBLEMS) as ProblemCode[];
const STATUS_TEXT: Record<number, string> = {
  400: "Bad Request",
  404: "Not Found",
  405: "Method Not Allowed",
  429: "Too Many Requests",
  500: "Internal Server Error",
};
/**
 * The pages change only with a new release, so clients may keep them an
 * hour. Shared caches may too, but only with a configured base URL: without
 * one the pages embed the request's own origin (from its Host header), and
 * a shared cache keyed otherwise would hand one client's Host to others.
 */
function pageHeaders(baseUrl: string | null): Record<string, string> {
  return {
    "Cache-Control": `${baseUrl === null ? "private" : "public"}, max-age=3600`,
    "Vary": "Accept",
  };
}
const HTML_TYPE = "text/html; charset=utf-8";
/** HTML pages also carry the site's content-security headers. */
const HTML_HEADERS = { ...HTML_SAFETY, "Content-Type": HTML_TYPE };
const JSON_TYPE = "application/json";
const JSON_HEADER = { "Content-Type": JSON_TYPE };
/** An answer about no problem code is a problem answer: never stored. */
const UNKNOWN_HTML_HEADERS = { ...HTML_HEADERS, "Vary": "Accept", "Cache-Control": "no-store" };

/**
 * A page (200) with a strong `ETag` of its body, compressed as the request
 * accepts; a request already holding the tag gets a 304.
 */
function sendPage(
  c: Context<AppEnv>,
  body: string,
  page: Record<string, string>,
  type: Record<string, string>,
): Response {
  const { Vary: vary, ...rest } = page;
  return sendCached(c, { body, encoded: {} }, {
    headers: Object.entries({ ...rest, ...type }),
    vary,
    etag: tagOf(body),
  });
}

/**
 * True when the `Accept` header ranks JSON above HTML. Ties go to HTML, so
 * browsers, wildcard-only clients and clients sending no `Accept` get the page.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { prefersJson } from "./problems.ts";
 * assert.ok(prefersJson("application/json"));
 * assert.equal(prefersJson("text/html,application/xhtml+xml;q=0.9"), false);
 * assert.equal(prefersJson(null), false);
 * ```
 */
export function prefersJson(accept: string | null): boolean {
  if (!accept) return false;
  let json = 0;
  let html = 0;
  for (const part of accept.split(",")) {
    const [range = "", ...params] = part.split(";").map((s) => s.trim().toLowerCase());
    const qParam = params.find((p) => p.startsWith("q="));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    if (!(q > 0)) continue;
    if (range === "application/json" || range === PROBLEM_TYPE) json = Math.max(json, q);
    else if (range === "text/html") html = Math.max(html, q);
    else if (range === "application/*") json = Math.max(json, q * 0.99);
    else if (range === "text/*") html = Math.max(html, q * 0.99);
    else if (range === "*/*") {
      // A wildcard is less specific than a named type of the same weight.
      json = Math.max(json, q * 0.98);
      html = Math.max(html, q * 0.98);
    }
  }
  return json > html;
}

/** Registry prose, its `code` spans as `<code>`. */
function prose(text: string): SafeHtml {
  // split() with the group: text at even places, the spans' contents at odd ones.
  const parts = text.split(/`([^`]+)`/);
  return markup`${parts.map((part, i) => i % 2 ? markup`<code>${part}</code>` : part)}`;
}

/** The example request line of a code, e.g. `GET https://x/api/v1/clubs?page=0`. */
function exampleRequest(base: string, info: ProblemInfo): string {
  if (info.example.startsWith("/")) return `GET ${base}${info.example}`;
  const m = /^([A-Z]+) (\/.*)$/.exec(info.example);
  return m ? `${m[1]} ${base}${m[2]}` : info.example;
}

/** The `instance` the example request would report. */
function exampleInstance(info: ProblemInfo): string {
  const path = /\/[^\s?]*/.exec(info.example)?.[0] ?? "/api/v1/clubs";
  if (info.code === "not_found" && path.startsWith("/api/v1/")) return "/api/v1";
  return path;
}

interface CodeSummary {
  code: ProblemCode;
  status: number;
  title: string;
  type: string;
  when: string;
  hint: string;
}

interface CodePage extends CodeSummary {
  example: { request: string; response: ProblemBody };
}

function summary(base: string, problems: Problems, code: ProblemCode): CodeSummary {
  const info = PROBLEMS[code];
  return {
    code,
    status: info.status,
    title: info.title,
    type: `${base}/problems/${code}`,
    when: info.when,
    hint: problems.hint(code),
  };
}

function codePage(base: string, problems: Problems, code: ProblemCode): CodePage {
  const info: ProblemInfo = PROBLEMS[code];
  return {
    ...summary(base, problems, code),
    example: {
      request: exampleRequest(base, info),
      response: problems.body(base, code, info.exampleDetail, exampleInstance(info)),
    },
  };
}

function page(title: string, body: SafeHtml, root: string): string {
  // Cached for everyone (public): no account area.
  return pageShell({ title, main: body, root, account: null });
}

function indexHtml(base: string, list: CodeSummary[], root: string): string {
  const rows = list.map((p) =>
    markup`<tr><td><a href="${p.type}"><code>${p.code}</code></a></td><td>${p.status}</td><td>${p.title}</td></tr>`
  );
  return page(
    "Problems",
    markup`<h1>Problems</h1>
<p>Every error of this service is an <a href="https://www.rfc-editor.org/rfc/rfc9457">RFC 9457</a>
<code>application/problem+json</code> body with <code>type</code>, <code>title</code>,
<code>status</code>, <code>detail</code>, <code>code</code>, <code>hint</code> and
<code>instance</code>. Branch on <code>code</code>; it never changes.</p>
<table>
<thead><tr><th>Code</th><th>Status</th><th>Title</th></tr></thead>
<tbody>
${joinHtml(rows, "\n")}
</tbody>
</table>
<p>The supported endpoint is <code>GET ${base}/api/v1/clubs</code>; see also <a href="${base}/openapi.json">the OpenAPI description</a>.</p>`,
    root,
  );
}

function codeHtml(code: CodePage, root: string): string {
  const status = `${code.status} ${STATUS_TEXT[code.status] ?? ""}`.trim();
  const response = `HTTP/1.1 ${status}\nContent-Type: ${PROBLEM_TYPE}\n\n${
    JSON.stringify(code.example.response, null, 2)
  }`;
  const all = code.type.slice(0, code.type.lastIndexOf("/"));
  return page(
    `${code.title} (${code.code})`,
    markup`<p><a href="${all}">All problems</a></p>
<h1>${code.title}</h1>
<table>
<tr><th>Code</th><td><code>${code.code}</code></td></tr>
<tr><th>Status</th><td>${status}</td></tr>
<tr><th>Type</th><td><code>${code.type}</code></td></tr>
</table>
<h2>When it happens</h2>
<p>${prose(code.when)}</p>
<h2>How to fix it</h2>
<p>${prose(code.hint)}</p>
<h2>Example request</h2>
<pre>${code.example.request}</pre>
<h2>Example response</h2>
<pre>${response}</pre>`,
    root,
  );
}

function unknownHtml(code: string, root: string): string {
  const links = CODES.map((c) => markup`<li><a href="./${c}"><code>${c}</code></a></li>`);
  return page(
    "Unknown problem code",
    markup`<h1>Unknown problem code</h1>
<p>There is no problem code <code>${code}</code>. The codes are:</p>
<ul>
${joinHtml(links, "\n")}
</ul>`,
    root,
  );
}

function isCode(code: string): code is ProblemCode {
  return Object.hasOwn(PROBLEMS, code);
}

/**
 * The `/problems` pages, to mount at `/problems`.
 *
 * @example
 * ```ts ignore
 * import { problemPages } from "./problems.ts";
 * app.route("/problems", problemPages({ baseUrl: "https://clubs.example", problems }));
 * ```
 */
export function problemPages(options: ProblemPagesOptions): Hono<AppEnv> {
  const { problems } = options;
  const base = (c: Context) => baseUrlOf(options.baseUrl, c.req.url);
  const root = options.baseUrl === null
    ? ""
    : new URL(options.baseUrl).pathname.replace(/\/+$/, "");
  const wantsJson = (c: Context) => prefersJson(c.req.header("accept") ?? null);
  const PAGE_HEADERS = pageHeaders(options.baseUrl);

  return new Hono<AppEnv>()
    .get("/", function problemIndex(c) {
      const b = base(c);
      const list = CODES.map((code) => summary(b, problems, code));
      return wantsJson(c)
        ? sendPage(c, JSON.stringify({ problems: list }), PAGE_HEADERS, JSON_HEADER)
        : sendPage(c, indexHtml(b, list, root), PAGE_HEADERS, HTML_HEADERS);
    })
    .get("/:code", function problemPage(c) {
      const code = c.req.param("code");
      if (!isCode(code)) {
        const detail = `There is no problem code "${code}"`;
        return wantsJson(c)
          ? problems.respond(c, "not_found", detail)
          : c.body(unknownHtml(code, root), 404, UNKNOWN_HTML_HEADERS);
      }
      const page = codePage(base(c), problems, code);
      return wantsJson(c)
        ? sendPage(c, JSON.stringify(page), PAGE_HEADERS, JSON_HEADER)
        : sendPage(c, codeHtml(page, root), PAGE_HEADERS, HTML_HEADERS);
    });
}
