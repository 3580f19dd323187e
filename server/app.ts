/**
 * The HTTP app: global middlewares (HEAD length → compression → response
 * headers → request id → [the probes `/healthz` and `/readyz`] → access log
 * → Host check → rate limit → deprecation), then the routes,
 * with one `onError` and one `notFound` answering every failure as an RFC
 * 9457 problem: an unknown path is 404, a known path with a method no route
 * answers is 405 with `Allow` (derived from the routes, see `http/allow.ts`).
 *
 * Routes mounted on the returned app later (OpenAPI, profile pages, MCP)
 * run behind the same middlewares, so they get request ids, access-log
 * lines, and count against the same per-client rate limit, and a
 * {@link ProblemError} they throw is answered like any other problem.
 *
 * Serve it with the connection info as bindings, so the rate limiter sees
 * the client address: `Deno.serve((req, info) => app.fetch(req, info))`.
 *
 * @example
 * ```ts ignore
 * import { Directory } from "../core/store/directory.ts";
 * import { createApp } from "./app.ts";
 * const app = createApp({
 *   directory: new Directory("data/clubs.db"),
 *   name: "Club Directory",
 *   baseUrl: null,
 *   rateLimit: { limit: 120, windowSeconds: 60 },
 *   trustProxy: 0,
 *   supportEmail: "support@clubdir.example",
 * });
 * Deno.serve((req, info) => app.fetch(req, info));
 * ```
 * @module
 */
import { Hono, type MiddlewareHandler } from "hono";
import { getPath } from "hono/utils/url";
import { clubsRoute } from "./routes/clubs.ts";
import { changesRoute } from "./routes/changes.ts";
import { feedRoutes } from "./routes/feed.ts";
import type { AppConfig } from "./config.ts";
import { observe } from "./middleware/observe.ts";
import { METRICS_PATH, metricsHandler } from "./metrics/mod.ts";
import { deprecation } from "./middleware/deprecation.ts";
import type { AppEnv } from "./http/env.ts";
import { createProblems, type Problems } from "./respond/mod.ts";
import { rateLimit } from "./middleware/rate_limit.ts";
import { requestId } from "./middleware/request_id.ts";
import { responseHeaders } from "./middleware/response_headers.ts";
import { headLength } from "./middleware/head.ts";
import { compress } from "./middleware/compress.ts";
import { allowedMethods } from "./http/allow.ts";
import { isValidHost, requestTarget } from "./http/host.ts";
import { problemPages } from "./routes/problems.ts";
import { baseUrlOf } from "./http/base_url.ts";
import { CHANGES_SUBPATH, mcpCors, mcpRoutes } from "./mcp/route.ts";
import { SERVER_VERSION } from "./mcp/server.ts";
import { openApiRoute } from "./openapi/mod.ts";
import { indexRoute } from "./routes/index.ts";
import { healthRoutes } from "./routes/health.ts";
import { profileRoutes } from "./routes/profile.ts";
import {
  homeResponse,
  notFoundPage,
  type SiteDeps,
  siteDeps,
  siteRoutes,
  wantsHomePage,
} from "./site/mod.ts";

export type { AppConfig } from "./config.ts";
export type { AppEnv } from "./http/env.ts";

/**
 * Builds the app for a configuration.
 *
 * @example
 * ```ts ignore
 * import { createApp } from "./app.ts";
 * const app = createApp({ directory, name: "Club Directory", baseUrl: null,
 *   rateLimit: "off", trustProxy: 0, supportEmail: "help@clubs.example" });
 * const res = await app.request("/api/v1/clubs?type=golf&state=FL");
 * res.headers.get("X-Total-Clubs");
 * ```
 */
export function createApp(config: AppConfig): Hono<AppEnv> {
  const problems = createProblems({
    baseUrl: config.baseUrl,
    supportEmail: config.supportEmail,
    errorLog: config.errorLog,
  });
  // A Host that is not host[:port] is caught here, once, where the path is
  // taken from the URL: the path is then the target as sent, and the
  // request is answered 400 below.
  const badHost = new WeakSet<Request>();
  const app = new Hono<AppEnv>({
    getPath: (req) => {
      const host = req.headers.get("host");
      if (isValidHost(host)) return getPath(req);
      badHost.add(req);
      return requestTarget(req.url, host!).split("?", 1)[0]!;
    },
  });
  useMiddlewares(app, config, problems, badHost);
  const site = mountRoutes(app, config, problems);
  answerFailures(app, site, problems);
  return app;
}

/**
 * The global middlewares, outermost first (the order the module's comment
 * gives): every route, even one mounted after createApp returns, runs
 * inside them. The probes are mounted among them, ahead of the log and the
 * limiter.
 */
function useMiddlewares(
  app: Hono<AppEnv>,
  config: AppConfig,
  problems: Problems,
  badHost: WeakSet<Request>,
): void {
  app.use(headLength());
  // Inside HEAD (its length is the compressed one), outside the common
  // headers (it copies them when it rebuilds a response).
  app.use(compress());
  app.use(responseHeaders());
  app.use(requestId());
  // The probes, ahead of the access log and the limiter: a load balancer's
  // probe every second neither fills the log nor uses a client's budget.
  app.route(
    "/",
    healthRoutes({ directory: config.directory, stores: config.stores, now: config.now }),
  );
  // Inside the log (the 400 is logged, under the path as sent), before the limiter.
  const hostCheck: MiddlewareHandler<AppEnv> = (c, next) =>
    badHost.has(c.req.raw)
      ? Promise.resolve(
        problems.respond(c, "invalid_host", invalidHostDetail(c.req.header("host")!)),
      )
      : next();
  // The access log and the metrics: one timing of each request, the Host
  // check run inside it rather than as a layer of its own.
  app.use(
    config.log || config.metrics
      ? observe({
        log: config.log
          ? { format: config.logFormat ?? "text", write: config.log, worker: config.worker }
          : undefined,
        metrics: config.metrics?.recorder,
        trustProxy: config.trustProxy,
        inner: hostCheck,
      })
      : hostCheck,
  );
  // Before the limiter, so a 429 on the MCP endpoint still carries CORS.
  app.use("/api/mcp", mcpCors);
  app.use(`/api/mcp${CHANGES_SUBPATH}`, mcpCors);
  app.use(rateLimit({
    config: config.rateLimit,
    trustProxy: config.trustProxy,
    problems,
    now: config.now,
  }));
  if (config.deprecation) {
    const deprecated = deprecation(config.deprecation);
    app.use("/api/v1", deprecated);
    app.use("/api/v1/*", deprecated);
  }
}

/** The routes; returns the website's dependencies, which the 404 page needs too. */
function mountRoutes(app: Hono<AppEnv>, config: AppConfig, problems: Problems): SiteDeps {
  if (config.metrics) {
    app.get(
      METRICS_PATH,
      metricsHandler(config.metrics, config.allowedHosts ?? null, problems.notFound),
    );
  }
  app.route(
    "/api/v1",
    clubsRoute({
      directory: config.directory,
      name: config.name,
      baseUrl: config.baseUrl,
      access: config.access,
      problems,
    }),
  );
  app.route(
    "/api/v1",
    changesRoute({
      directory: config.directory,
      baseUrl: config.baseUrl,
      access: config.access,
      problems,
    }),
  );
  app.route("/problems", problemPages({ baseUrl: config.baseUrl, problems }));
  app.route(
    "/",
    feedRoutes({
      directory: config.directory,
      baseUrl: config.baseUrl,
      name: config.name,
      problems,
    }),
  );
  app.get("/openapi.json", openApiRoute(config.supportEmail));
  const baseUrl = (req: Request) => baseUrlOf(config.baseUrl, req.url);
  const site = siteDeps({ ...config, hint: problems.hint });
  app.route(
    "/",
    indexRoute({
      directory: config.directory,
      name: config.name,
      baseUrl,
      home: { wanted: wantsHomePage, page: (c) => homeResponse(c, site) },
    }),
  );
  app.route("/", siteRoutes(site));
  app.route(
    "/",
    profileRoutes({
      directory: config.directory,
      access: config.access ?? (() => "locked"),
      baseUrl,
      hint: problems.hint,
      root: site.root,
      name: config.name,
    }),
  );
  app.route(
    "/api/mcp",
    mcpRoutes({
      directory: config.directory,
      baseUrl,
      allowedHosts: config.allowedHosts ?? null,
      name: config.name,
      version: SERVER_VERSION,
      supportEmail: config.supportEmail,
      errorLog: config.errorLog,
    }),
  );

  return site;
}

/** A path that some route answers, with another method: 405 and Allow; else 404; and errors. */
function answerFailures(app: Hono<AppEnv>, site: SiteDeps, problems: Problems): void {
  app.notFound((c) => {
    const allowed = allowedMethods(app, c.req.path);
    if (allowed === null || allowed.includes(c.req.method)) {
      // A person's browser gets the website's 404 page; the API and every
      // other client keep the problem.
      const api = c.req.path === "/api" || c.req.path.startsWith("/api/");
      return !api && wantsHomePage(c.req.header("accept") ?? null)
        ? notFoundPage(c, site)
        : problems.notFound(c);
    }
    const allow = allowed.join(", ");
    return problems.respond(
      c,
      "method_not_allowed",
      `"${c.req.path}" does not answer ${c.req.method}; it answers ${allow}`,
      { headers: { Allow: allow } },
    );
  });
  app.onError(problems.onError);
}

/** Longest Host value quoted in a problem's detail. */
const MAX_QUOTED_HOST = 100;

function invalidHostDetail(host: string): string {
  const quoted = host.length > MAX_QUOTED_HOST ? `${host.slice(0, MAX_QUOTED_HOST)}…` : host;
  return `Host "${quoted}" is not host[:port]`;
}
