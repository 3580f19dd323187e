/**
 * `/api/mcp` (spec §4.4): the MCP server over Streamable HTTP, stateless, in
 * both protocol eras, with the official SDK's own routing:
 *
 * - 2026-07-28 requests (a `_meta` envelope, `MCP-Protocol-Version`,
 *   `Mcp-Method`/`Mcp-Name` headers; `server/discover` instead of
 *   `initialize`) go to the SDK's `createMcpHandler`.
 * - 2025-era requests (`initialize`, or a bare `tools/call`), as the SDK's
 *   `isLegacyRequest` classifies them, go to the SDK's stateless streamable
 *   transport in JSON mode: the SDK's own stateless fallback answers them as
 *   an event stream, which clients that read plain JSON cannot use.
 *
 * `/api/mcp/changes` is the same server with one tool more, `list_changes`
 * (the snapshot history): `/api/mcp` keeps listing the spec's five tools.
 *
 * Instances come from a {@link ServerPool}, one per endpoint. The body is read once, here,
 * under a size limit and a batch limit, and handed to the SDK parsed. GET and
 * DELETE answer 405 (no stream, no session); any browser origin may call; the
 * Host header is checked against an allowlist to stop DNS rebinding.
 *
 * @example
 * ```ts ignore
 * import { mcpCors, mcpRoutes } from "./mcp/route.ts";
 * app.use("/api/mcp", mcpCors); // before the rate limiter: its 429 gets CORS too
 * app.route("/api/mcp", mcpRoutes({ directory, baseUrl, allowedHosts, name, version }));
 * ```
 * @module
 */
import { Hono, type MiddlewareHandler } from "hono";
import { cors } from "hono/cors";
import type { Directory } from "../../core/store/mod.ts";
import { DEFAULT_SUPPORT_EMAIL } from "../config.ts";
import {
  createMcpHandler,
  isInitializeRequest,
  isLegacyRequest,
  type McpHttpHandler,
  type McpServer,
  readRequestBody,
  WebStandardStreamableHTTPServerTransport,
} from "./sdk.ts";
import { ServerPool } from "./pool.ts";
import { buildServer, CHANGES_WARM_CALLS, WARM_CALLS } from "./server.ts";
import { type WarmCall, warmUp } from "./warm.ts";

/** What the MCP routes need from the app. */
export interface McpDeps {
  directory: Directory;
  /** Site root for profile links, from the request (e.g. honouring a proxy). */
  baseUrl: (req: Request) => string;
  /**
   * Host header values (`host[:port]`) served; null serves every Host. A
   * Set is read live, so a server bound to port 0 can add its port later.
   */
  allowedHosts: ReadonlySet<string> | readonly string[] | null;
  /** The service's display name (also the data source `get_directory_stats` reports). */
  name: string;
  version: string;
  /** Fills `<SUPPORT_EMAIL>` in error hints; default {@link DEFAULT_SUPPORT_EMAIL}. */
  supportEmail?: string;
  /** Where a tool's failures are reported; default stderr. */
  errorLog?: (line: string) => void;
}

/** Largest request body accepted, in bytes; larger ones answer 413. */
export const MAX_BODY_BYTES = 1024 * 1024;

/**
 * Most JSON-RPC messages one POST may carry (a batch; MCP dropped batches in
 * 2025-06-18 but older clients may send them). The rate limit counts POSTs,
 * so an unbounded batch would multiply what one counted request can cost.
 */
export const MAX_BATCH = 10;

/**
 * Most `subscriptions/listen` streams (2026-07-28) open at once. The server
 * never changes its tools, so a stream only ever carries keep-alives; the
 * bound keeps idle streams from tying up the process (the SDK answers the
 * next one with "Subscription limit reached").
 */
export const MAX_SUBSCRIPTIONS = 32;

/** Where the server with `list_changes` answers, under `/api/mcp`. */
export const CHANGES_SUBPATH = "/changes";

/** The only methods `/api/mcp` answers (GET and DELETE get a 405). */
const METHODS = ["POST", "OPTIONS"];

/** Headers browsers may read on an answer. */
const EXPOSED = ["RateLimit", "RateLimit-Policy", "X-Request-Id", "Retry-After"];

/** The preflight (OPTIONS) answer: Hono's CORS, which answers it without calling on. */
const preflight: MiddlewareHandler = cors({
  origin: "*",
  allowMethods: METHODS,
  allowHeaders: [
    "content-type",
    "accept",
    "authorization",
    "mcp-protocol-version",
    "mcp-method",
    "mcp-name",
  ],
  exposeHeaders: EXPOSED,
  maxAge: 86400,
});

/** What every other answer carries (as Hono's CORS sets them for `origin: "*"`). */
const ANSWER_CORS: readonly [string, string][] = [
  ["access-control-allow-origin", "*"],
  ["access-control-expose-headers", EXPOSED.join(",")],
];

/**
 * CORS for `/api/mcp`: any origin, the methods served, the headers MCP
 * clients of both eras send, and the headers they may read. Mount it at app
 * level too, ahead of middleware that answers on its own (the rate
 * limiter's 429), so those answers carry it.
 *
 * Other than the preflight, the headers go onto the answer itself once it is
 * made: Hono's CORS sets them on a placeholder before the handler runs, and
 * Hono then copies the handler's Response to merge them, which cost about a
 * tenth of a trivial MCP call.
 */
export const mcpCors: MiddlewareHandler = async (c, next) => {
  if (c.req.method === "OPTIONS") return preflight(c, next);
  await next();
  let headers = c.res.headers;
  try {
    for (const [k, v] of ANSWER_CORS) headers.set(k, v);
  } catch {
    // An answer with immutable headers (`Response.error()`, a fetched one): copied once.
    const res = new Response(c.res.body, c.res);
    headers = res.headers;
    for (const [k, v] of ANSWER_CORS) headers.set(k, v);
    c.res = undefined;
    c.res = res;
  }
};

/** A JSON-RPC error answer with no request id, as the SDK sends them. */
function rpcError(
  status: number,
  message: string,
  { code = -32000, headers = {} }: { code?: number; headers?: Record<string, string> } = {},
): Response {
  return Response.json(
    { jsonrpc: "2.0", error: { code, message }, id: null },
    { status, headers },
  );
}

/** 403 unless the Host header is on the list (DNS-rebinding protection). */
function hostGuard(allowed: ReadonlySet<string> | readonly string[] | null): MiddlewareHandler {
  if (allowed === null) return (_c, next) => next();
  const hosts = allowed instanceof Set
    ? allowed
    : new Set([...allowed].map((h) => h.toLowerCase()));
  return async (c, next) => {
    // A Request built in-process (tests) has no Host header; its URL has the host.
    const host = (c.req.header("host") ?? new URL(c.req.url).host).toLowerCase();
    if (!hosts.has(host)) return rpcError(403, `Invalid Host header: ${host}`);
    await next();
  };
}

/**
 * The body of a POST as text, read once, or null when it is over
 * {@link MAX_BODY_BYTES}. A declared length (every HTTP/1.1 client sends
 * one) frames the body, so the runtime reads exactly that many bytes in one
 * go; a body without one (chunked) is counted while it streams in, by the
 * SDK's reader, which stops at the limit. Reading a declared body whole is
 * faster than the stream (a twentieth of a trivial call; 1 MiB in one read
 * instead of sixteen).
 */
async function readBody(req: Request): Promise<string | null> {
  const declared = req.headers.get("content-length");
  if (declared !== null && /^\d{1,16}$/.test(declared)) {
    return Number(declared) > MAX_BODY_BYTES ? null : await req.text();
  }
  const read = await readRequestBody(req, MAX_BODY_BYTES);
  return read.tooLarge ? null : read.text;
}

/**
 * The JSON-RPC message(s) of a POST, or the error answer: 413 over
 * {@link MAX_BODY_BYTES} (declared or counted), -32700 for malformed JSON,
 * -32600 for a batch over {@link MAX_BATCH}. Same wording as the SDK.
 */
async function readMessages(req: Request): Promise<{ body: unknown } | Response> {
  try {
    const text = await readBody(req);
    if (text === null) {
      return rpcError(
        413,
        `Payload Too Large: Request body must not exceed ${MAX_BODY_BYTES} bytes`,
      );
    }
    const body: unknown = JSON.parse(text);
    if (Array.isArray(body) && body.length > MAX_BATCH) {
      return rpcError(400, `Invalid Request: Batch must not exceed ${MAX_BATCH} messages`, {
        code: -32600,
      });
    }
    return { body };
  } catch {
    return rpcError(400, "Parse error: Invalid JSON", { code: -32700 });
  }
}

/**
 * The request as the 2025-era transport wants it. That transport insists the
 * client accepts both JSON and SSE, but in JSON mode it only ever answers
 * JSON, so any Accept (`application/json`, `*\/*`, none) is served: a
 * request that does not list both gets a copy that does (without its body,
 * which is read already and handed over parsed). Copying a request costs
 * about a tenth of a call, so one that lists both is passed as it is.
 */
function legacyRequest(req: Request): Request {
  const accept = req.headers.get("accept") ?? "";
  if (accept.includes("application/json") && accept.includes("text/event-stream")) return req;
  const headers = new Headers(req.headers);
  headers.set("accept", "application/json, text/event-stream");
  return new Request(req.url, { method: "POST", headers });
}

/**
 * Whether a message is an `initialize` request, as the SDK decides it. Only
 * a message naming that method can be one, so the SDK's schema check (whose
 * failure costs a twentieth of a call) runs only for those.
 */
function initializes(message: unknown): boolean {
  return (message as { method?: unknown } | null)?.method === "initialize" &&
    isInitializeRequest(message);
}

/**
 * Serves 2025-era message(s) on a pooled instance, stateless, in JSON mode.
 * `initialize` gets an instance of its own, never pooled: it records the
 * negotiated version and the client's capabilities on the instance.
 */
async function serveLegacy(pool: ServerPool, req: Request, body: unknown): Promise<Response> {
  const messages = Array.isArray(body) ? body : [body];
  const server = messages.some(initializes) ? pool.fresh() : pool.take("legacy");
  try {
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    await server.connect(transport);
    try {
      return await transport.handleRequest(legacyRequest(req), { parsedBody: body });
    } finally {
      await server.close();
    }
  } finally {
    pool.release(server);
  }
}

/** Client mistakes the SDK reports through `onerror`; they are answered, not logged. */
const REJECTION = /^(Rejected |Unsupported |Missing required client capabilit)/;

/**
 * The `/api/mcp` sub-app, with `/api/mcp/changes` ({@link CHANGES_SUBPATH});
 * mount it with `app.route("/api/mcp", mcpRoutes(deps))`.
 */
export function mcpRoutes(deps: McpDeps): Hono {
  const errorLog = deps.errorLog ?? ((line: string) => console.error(line));
  const serverDeps = {
    directory: deps.directory,
    name: deps.name,
    version: deps.version,
    supportEmail: deps.supportEmail ?? DEFAULT_SUPPORT_EMAIL,
    errorLog,
    // Every call served here comes with its HTTP request.
    baseUrl: (req: Request | undefined) => deps.baseUrl(req!),
  };
  return mcpApp({
    "/": endpoint(() => buildServer(serverDeps), { errorLog, warm: WARM_CALLS }),
    [CHANGES_SUBPATH]: endpoint(() => buildServer(serverDeps, { changes: true }), {
      errorLog,
      warm: CHANGES_WARM_CALLS,
    }),
  }, deps.allowedHosts);
}

/**
 * The endpoint itself, for any server: `/api/mcp` serves {@link buildServer};
 * `deno task bench` serves a trivial tool through the same code to measure
 * what the SDK costs per request. It is readied as it is made
 * ({@link warmUp}), so the first requests are not the ones that pay for it.
 *
 * @param build Makes a new instance with every tool registered.
 * @param options.warm Tool calls made at start-up in each era (default none).
 */
export function mcpEndpoint(
  build: () => McpServer,
  { allowedHosts, errorLog, warm = [] }: Pick<McpDeps, "allowedHosts"> & {
    errorLog: (line: string) => void;
    warm?: readonly WarmCall[];
  },
): Hono {
  return mcpApp({ "/": endpoint(build, { errorLog, warm }) }, allowedHosts);
}

/** Answers one POST to an endpoint (past CORS and the Host check). */
type Serve = (req: Request) => Promise<Response>;

/** An endpoint's POST handler, with its own pool, readied as it is made. */
function endpoint(
  build: () => McpServer,
  { errorLog, warm }: { errorLog: (line: string) => void; warm: readonly WarmCall[] },
): Serve {
  const pool = new ServerPool(build);
  // The instance each request was lent, to give it back once answered.
  const lent = new WeakMap<Request, McpServer>();
  const modern: McpHttpHandler = createMcpHandler(({ era, requestInfo }) => {
    const server = pool.take(era);
    if (requestInfo) lent.set(requestInfo, server);
    return server;
  }, {
    legacy: "reject",
    maxSubscriptions: MAX_SUBSCRIPTIONS,
    onerror: (e) => {
      if (!REJECTION.test(e.message)) errorLog(`mcp: ${e.stack ?? e.message}`);
    },
  });

  /** Answers one POST (past CORS and the Host check). */
  async function serve(req: Request): Promise<Response> {
    const read = await readMessages(req);
    if (read instanceof Response) return read;
    if (await isLegacyRequest(req, read.body)) return serveLegacy(pool, req, read.body);
    // Passed as it is (a copy costs about a tenth of a call). The SDK listens
    // to its abort signal: deno.json opts into Deno's new abort behaviour
    // (`"unstable": ["no-legacy-abort"]`), under which it aborts only when the
    // client goes away, and Deno prints no note about the legacy one.
    try {
      return await modern.fetch(req, { parsedBody: read.body });
    } finally {
      const server = lent.get(req);
      if (server) pool.release(server);
    }
  }

  // Not awaited: a request that comes meanwhile is served alongside it (and
  // a warm-up that never finished would hold up nothing).
  warmUp(serve, warm, errorLog);
  return serve;
}

/** The endpoints at their paths, behind one CORS and Host check. */
function mcpApp(
  endpoints: Record<string, Serve>,
  allowedHosts: McpDeps["allowedHosts"],
): Hono {
  const app = new Hono();
  app.use("*", mcpCors, hostGuard(allowedHosts));
  for (const [path, serve] of Object.entries(endpoints)) {
    app.post(path, (c) => serve(c.req.raw));
    // A stateless server has no stream to open and no session to delete.
    app.all(path, () =>
      rpcError(
        405,
        "Method not allowed: send JSON-RPC messages with POST. This server is stateless: " +
          "it opens no event stream and has no session to delete.",
        { headers: { allow: METHODS.join(", ") } },
      ));
  }
  return app;
}
