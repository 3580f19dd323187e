/**
 * `GET /`: where a person or a client starts exploring. A browser (an
 * `Accept` that names HTML) gets the website's home page; any other client
 * gets JSON naming the service and the snapshot it serves, with a link to
 * every entry point, so a `curl` of the bare address is never a dead end.
 *
 * @example
 * ```ts ignore
 * import { indexRoute } from "./index.ts";
 * app.route("/", indexRoute({ directory, name: "Club Directory", baseUrl }));
 * ```
 * @module
 */
import { type Context, Hono } from "hono";
import type { Directory } from "../../core/store/mod.ts";
import { totalClubs } from "../../core/stats/mod.ts";
import type { AppEnv } from "../http/env.ts";

/** Options of {@link indexRoute}. */
export interface IndexOptions {
  directory: Directory;
  /** The service's display name. */
  name: string;
  /** The service's base address as this request reached it. */
  baseUrl: (req: Request) => string;
  /** The website's home page, for clients that ask for HTML (see server/site). */
  home?: {
    wanted: (accept: string | null) => boolean;
    page: (c: Context<AppEnv>) => Response;
  };
}

/**
 * The index: name, snapshot (clubs and import time, or null while the
 * database cannot be read) and links.
 *
 * @example
 * ```ts ignore
 * const res = await indexRoute(options).request("http://localhost/");
 * (await res.json()).links.clubs; // "http://localhost/api/v1/clubs"
 * ```
 */
export function indexRoute(options: IndexOptions): Hono<AppEnv> {
  return new Hono<AppEnv>().get("/", (c) => {
    if (options.home?.wanted(c.req.header("accept") ?? null)) return options.home.page(c);
    const base = options.baseUrl(c.req.raw);
    let snapshot: { clubs: number; imported_at: string | null } | null = null;
    try {
      const store = options.directory.current();
      snapshot = { clubs: totalClubs(store), imported_at: store.meta.imported_at ?? null };
    } catch {
      // The index still answers while the database is being replaced or repaired.
    }
    return c.json(
      {
        name: options.name,
        snapshot,
        links: {
          clubs: `${base}/api/v1/clubs`,
          example: `${base}/api/v1/clubs?type=golf&state=FL&limit=5`,
          profile: `${base}/clubs/{slug}`,
          openapi: `${base}/openapi.json`,
          problems: `${base}/problems`,
          mcp: `${base}/api/mcp`,
        },
      },
      200,
      INDEX_HEADERS,
    );
  });
}

/**
 * The links may come from the request's Host (no `--base-url`) and the
 * snapshot changes with each import: no shared cache keeps the index, and a
 * browser asks again each time. It is HTML for browsers, hence `Vary`.
 */
const INDEX_HEADERS = { "Cache-Control": "private, no-cache", Vary: "Accept" };
