/**
 * `405 Method Not Allowed` with `Allow` for every route, derived from the
 * routes the app has: a request whose path some route answers, but not
 * with this method, gets `method_not_allowed` and the methods that path
 * does answer (GET brings HEAD, which Hono answers from the GET route).
 * Nothing lists the methods by hand, so a route added later is covered.
 *
 * Routes registered for every method (`app.all`, such as the MCP endpoint
 * and `/api/v1/clubs`, which answer 405 themselves) and middlewares are
 * not considered: they never leave a request unanswered.
 *
 * @example
 * ```ts ignore
 * import { allowedMethods } from "./allow.ts";
 * allowedMethods(app, "/problems/not_found"); // ["GET", "HEAD"]
 * allowedMethods(app, "/no/such/path"); // null
 * ```
 * @module
 */
import type { Hono } from "hono";
import type { AppEnv } from "./env.ts";

interface Pattern {
  re: RegExp;
  methods: Set<string>;
}

/** A Hono path (`/clubs/:slug`, `/a/*`, `/x/:id{[0-9]+}`) as an anchored RegExp. */
function pathRegExp(path: string): RegExp {
  let source = "";
  for (const part of path.split("/").slice(1)) {
    if (part === "*") source += "(?:/.*)?";
    else if (part.startsWith(":")) {
      const m = /^:\w+(?:\{(.+)\})?(\?)?$/.exec(part);
      const value = m?.[1] ? `(?:${m[1]})` : "[^/]+";
      source += m?.[2] ? `(?:/${value})?` : `/${value}`;
    } else source += `/${part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`;
  }
  return new RegExp(`^${source || "/"}$`);
}

const cache = new WeakMap<Hono<AppEnv>, { count: number; patterns: Pattern[] }>();

function patterns(app: Hono<AppEnv>): Pattern[] {
  const cached = cache.get(app);
  if (cached && cached.count === app.routes.length) return cached.patterns;
  const byPath = new Map<string, Set<string>>();
  for (const route of app.routes) {
    if (route.method === "ALL") continue;
    const methods = byPath.get(route.path) ?? new Set<string>();
    methods.add(route.method);
    if (route.method === "GET") methods.add("HEAD");
    byPath.set(route.path, methods);
  }
  const list = [...byPath].map(([path, methods]) => ({ re: pathRegExp(path), methods }));
  cache.set(app, { count: app.routes.length, patterns: list });
  return list;
}

/**
 * The methods the routes of `app` answer on `path` (sorted, GET first), or
 * null when no route has that path.
 *
 * @example
 * ```ts ignore
 * import { allowedMethods } from "./allow.ts";
 * allowedMethods(app, "/openapi.json"); // ["GET", "HEAD"]
 * ```
 */
export function allowedMethods(app: Hono<AppEnv>, path: string): string[] | null {
  const methods = new Set<string>();
  for (const p of patterns(app)) {
    if (p.re.test(path)) { for (const m of p.methods) methods.add(m); }
  }
  if (methods.size === 0) return null;
  const order = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];
  return [...methods].sort((a, b) => order.indexOf(a) - order.indexOf(b));
}
