/**
 * `GET /assets/<name>.<hash>.<ext>`: the stylesheet and icon, cacheable
 * for a year (`immutable`): a new version has a new hash, so a stale copy
 * is never used. Any other name under `/assets/` is the app's 404. Also
 * `GET /robots.txt`, which lets crawlers in.
 *
 * @example
 * ```ts ignore
 * import { assetRoutes } from "./assets.ts";
 * app.route("/", assetRoutes());
 * ```
 * @module
 */
import { Hono } from "hono";
import { ASSETS } from "../html/mod.ts";
import type { AppEnv } from "../http/env.ts";

const YEAR = 365 * 24 * 3600;

/**
 * The asset routes, to mount at the root.
 *
 * @example
 * ```ts ignore
 * const res = await assetRoutes().request(STYLESHEET.path);
 * res.headers.get("cache-control"); // "public, max-age=31536000, immutable"
 * ```
 */
export function assetRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  for (const asset of ASSETS) {
    const headers = {
      "Content-Type": asset.type,
      "Cache-Control": `public, max-age=${YEAR}, immutable`,
      "X-Content-Type-Options": "nosniff",
    };
    app.get(asset.path, (c) => c.body(asset.body, 200, headers));
  }
  // Every page may be indexed; the API and the problem pages too.
  app.get("/robots.txt", (c) =>
    c.body("User-agent: *\nAllow: /\n", 200, {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=86400",
    }));
  return app;
}
