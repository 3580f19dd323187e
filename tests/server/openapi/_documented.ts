/**
 * Test helper: what the OpenAPI document says the app answers to one
 * request. An answered method is an operation; a refused method is stated
 * by its path item's `x-refused-methods`, an unknown `/api/v1/` path by
 * the root's `x-unknown-paths` (neither is an operation: see
 * server/openapi/_path_items.ts).
 *
 * @example
 * ```ts ignore
 * const found = lookup("GET", "http://127.0.0.1/api/v1/clubs", 200);
 * if (typeof found !== "string") found.response.headers["Cache-Control"];
 * ```
 * @module
 */
import { openApiDocument } from "../../../server/openapi/mod.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

/** The document, as the tests read it. */
export const doc = openApiDocument() as Any;

/** The HTTP methods an OpenAPI 3.0 path item may hold as operations. */
export const OPERATION_METHODS = [
  "get",
  "put",
  "post",
  "delete",
  "options",
  "head",
  "patch",
  "trace",
] as const;

/** Every operation of the document as `[path, method, operation]`. */
export function* operations(): Generator<[string, string, Any]> {
  for (const [path, item] of Object.entries(doc.paths as Record<string, Any>)) {
    for (const method of OPERATION_METHODS) {
      if (item[method]) yield [path, method, item[method]];
    }
  }
}

/** `METHOD /template`, the key the tests use for an operation. */
export function operationKey(method: string, template: string): string {
  return `${method.toUpperCase()} ${template}`;
}

function templateRegExp(template: string): RegExp {
  return new RegExp(`^${template.replace(/\{[^}]+\}/g, "[^/]+")}$`);
}

/** What the document says about one answer. */
export interface Documented {
  /** The operation (`GET /clubs/{slug}`) or extension it falls under. */
  operation: string;
  /** The documented Response Object. */
  response: Any;
  /** True when the answer is a refusal or an unknown path, stated by an `x-` extension. */
  extension: boolean;
}

/**
 * The documented response for a request the app answered with `status`,
 * or why there is none.
 */
export function lookup(method: string, url: string, status: number): Documented | string {
  const path = new URL(url).pathname;
  const templates = Object.keys(doc.paths).filter((t) => templateRegExp(t).test(path));
  // A literal path wins over a template.
  const template = templates.find((t) => !t.includes("{")) ?? templates[0];
  if (!template) {
    const unknown = Object.entries(doc["x-unknown-paths"] as Record<string, Any>)
      .find(([t]) => templateRegExp(t).test(path));
    if (!unknown) return `${path}: no documented path`;
    const [t, ext] = unknown;
    const response = ext.responses[String(status)];
    if (!response) return `${method} ${t} (x-unknown-paths): status ${status} not documented`;
    return { operation: `* ${t}`, response, extension: true };
  }
  const item = doc.paths[template];
  const op = item[method.toLowerCase()];
  if (!op) {
    const ext = item["x-refused-methods"];
    if (!ext) return `${method} ${template}: no operation and no x-refused-methods`;
    const response = ext.responses[String(status)];
    if (!response) {
      return `${method} ${template} (x-refused-methods): status ${status} not documented`;
    }
    return { operation: `* ${template}`, response, extension: true };
  }
  const response = op.responses[String(status)];
  if (!response) return `${method} ${template}: status ${status} not documented`;
  return { operation: operationKey(method, template), response, extension: false };
}

/**
 * Why an answer's status, media type or `Allow` is not what the document
 * says, or null when it is.
 */
export function undocumented(method: string, url: string, res: Response): string | null {
  const found = lookup(method, url, res.status);
  if (typeof found === "string") return found;
  const where = `${method} ${new URL(url).pathname} ${res.status}`;
  const allow = found.response.headers?.Allow?.schema?.enum;
  if (allow && !allow.includes(res.headers.get("allow"))) {
    return `${where}: Allow ${res.headers.get("allow")}, documented ${allow}`;
  }
  if (method === "HEAD" || res.status === 204 || res.status === 202) return null;
  const type = res.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
  if (!type || !Object.keys(found.response.content ?? {}).includes(type)) {
    return `${where}: ${type} not documented`;
  }
  return null;
}

/**
 * Pages that between them reach every documented path and most of its
 * statuses (found, not found, invalid, past the limits, an unknown API path).
 */
export const PAGES: readonly string[] = [
  "/",
  "/openapi.json",
  "/problems",
  "/problems/invalid_page",
  "/problems/no_such_code",
  "/clubs/pine-valley-golf-club",
  "/clubs/no-such-club",
  "/api/v1/clubs?limit=2",
  "/api/v1/clubs?type=golff",
  "/api/v1/clubs?facets=type,country&limit=1",
  "/api/v1/clubs?page=0",
  `/api/v1/clubs?q=${"a".repeat(300)}`,
  "/api/v1/changes?limit=2",
  "/api/v1/changes?since=yesterday",
  "/api/v1/nope",
  "/healthz",
  "/readyz",
];
