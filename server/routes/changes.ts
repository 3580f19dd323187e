/**
 * `GET /api/v1/changes` (docs/api.md#get-apiv1changes): the snapshot
 * history a search's filters find. The filters are the search's own
 * (`type`, `country`, `state`, `city`, `q`, `match`, `waitlist`, read and
 * validated as `/api/v1/clubs` reads them), plus `since` (a day,
 * YYYY-MM-DD) and `page`/`limit`; fee changes are shown as the caller's
 * session allows (core/history). The work is core/history's, bounded by
 * the history and kept per snapshot; this module reads parameters and
 * names headers.
 *
 * @example
 * ```ts ignore
 * import { changesRoute } from "./changes.ts";
 * app.route("/api/v1", changesRoute({ directory, baseUrl: null, problems }));
 * ```
 * @module
 */
import { Hono } from "hono";
import { parseSearch } from "../../core/search/mod.ts";
import { changeListJson, listChanges, parseSince } from "../../core/history/mod.ts";
import type { Directory } from "../../core/store/mod.ts";
import { asciiJson, ProblemError } from "../../core/model/mod.ts";
import type { FeeAccess } from "../../core/club/mod.ts";
import { baseUrlOf } from "../http/base_url.ts";
import type { AppEnv } from "../http/env.ts";
import { queryPairs } from "../http/query_pairs.ts";
import { rawSearchOf } from "../http/search_params.ts";
import { type Problems, send } from "../respond/mod.ts";

/** Options of {@link changesRoute}. */
export interface ChangesRouteOptions {
  directory: Directory;
  /** `{base_url}` for profile links; null uses the request's origin. */
  baseUrl: string | null;
  /** The caller's fee access; default "locked". */
  access?: (req: Request) => FeeAccess;
  problems: Problems;
}

const METHODS = "GET, HEAD";
const PATH = "/changes";
const API_PATH = "/api/v1/changes";

/**
 * The `/changes` route, to mount at `/api/v1`. Other methods answer 405.
 *
 * @example
 * ```ts ignore
 * const res = await app.request("/api/v1/changes?state=FL&since=2025-03-01");
 * (await res.json()).changes[0].words; // ["Opened for applications"]
 * ```
 */
export function changesRoute(options: ChangesRouteOptions): Hono<AppEnv> {
  const { directory, baseUrl, problems } = options;
  const accessOf = options.access ?? (() => "locked" as const);
  return new Hono<AppEnv>()
    .get(PATH, function listHistory(c) {
      const url = c.req.url;
      const mark = url.indexOf("?");
      const search = mark < 0 ? "" : url.slice(mark + 1);
      const pairs = search === "" ? [] : queryPairs(search);
      const parsed = parseSearch(rawSearchOf(pairs));
      if (!parsed.ok) throw new ProblemError(parsed.error.code, parsed.error.detail);
      const since = parseSince(pairs.find(([name]) => name === "since")?.[1]);
      if (!since.ok) throw new ProblemError("invalid_since", since.detail);
      const q = parsed.value;
      const access = accessOf(c.req.raw);
      const base = baseUrlOf(baseUrl, url);
      return directory.read((store) => {
        const options = { access, page: q.page, limit: q.limit, since: since.value ?? undefined };
        const list = listChanges(store, q, options);
        const body = changeListJson(store, list, {
          ...options,
          since: since.value,
          baseUrl: base,
        });
        return send(c, asciiJson(body), {
          headers: [
            ["Content-Type", "application/json"],
            ["Cache-Control", "private, no-store"],
            ["X-Total-Changes", String(list.total)],
          ],
        });
      });
    })
    .all(PATH, function otherMethods(c) {
      return problems.respond(
        c,
        "method_not_allowed",
        `"${API_PATH}" does not answer ${c.req.method}; it answers ${METHODS}`,
        { headers: { Allow: METHODS } },
      );
    });
}
