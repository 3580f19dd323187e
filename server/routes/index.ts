/**
 * `GET /`: where a person or a client starts exploring. It names the
 * service and the snapshot it serves, and links every entry point, so a
 * `curl` of the bare address is never a dead end.
 *
 * @example
 * ```ts ignore
 * import { indexRoute } from "./index.ts";
 * app.route("/", indexRoute({ directory, name: "Club Directory", baseUrl }));
 * ```
 * @module
 */
import { Hono } from "hono";
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
    const base = options.baseUrl(c.req.raw);
    let snapshot: { clubs: number; imported_at: string | null } | null = null;
    try {
      const store = options.directory.current();
      snapshot = { clubs: totalClubs(store), imported_at: store.meta.imported_at ?? null };
    } catch {
      // The index still answers while the database is being replaced or repaired.
    }
    return c.json({
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
    });
  });
}
