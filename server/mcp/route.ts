/**
 * `/api/mcp` (spec §4.4): the MCP server over Streamable HTTP, stateless.
 * Every POST gets a new server and transport (neither can be shared between
 * requests); answers are plain JSON, never a stream. GET and DELETE answer
 * 405, any browser origin may call it, and the Host header is checked
 * against an allowlist to stop DNS rebinding.
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
  readRequestBody,
  requestBodyTooLargeMessage,
  WebStandardStreamableHTTPServerTransport,
} from "./sdk.ts";
import { buildServer } from "./server.ts";

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
 * CORS for `/api/mcp`: any origin, the headers MCP clients send, and the
 * headers they may read. Mount it at app level too, ahead of middleware that
 * answers on its own (the rate limiter's 429), so those answers carry it.
 */
export const mcpCors: MiddlewareHandler = cors({
  origin: "*",
  allowMethods: ["POST", "GET", "DELETE", "OPTIONS"],
  allowHeaders: [
    "content-type",
    "accept",
    "authorization",
    "mcp-protocol-version",
    "mcp-session-id",
    "last-event-id",
  ],
  exposeHeaders: [
    "mcp-session-id",
    "mcp-protocol-version",
    "RateLimit",
    "RateLimit-Policy",
    "X-Request-Id",
    "Retry-After",
  ],
  maxAge: 86400,
});

/** A JSON-RPC error answer with no request id, as the SDK transport sends them. */
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
 * The request's headers as the SDK transport wants them. The transport
 * insists that the client accepts both JSON and SSE, but in JSON mode it only
 * ever answers JSON, so any Accept (`application/json`, `*\/*`, none) is
 * served. The body is read here, so the copy carries none.
 */
function acceptingJson(req: Request): Request {
  const headers = new Headers(req.headers);
  headers.set("accept", "application/json, text/event-stream");
  return new Request(req.url, { method: req.method, headers });
}

/**
 * The JSON-RPC message(s) of a POST, or the error answer: 413 over
 * {@link MAX_BODY_BYTES} (declared or counted), -32700 for malformed JSON,
 * -32600 for a batch over {@link MAX_BATCH}. Same wording as the transport.
 */
async function readMessages(req: Request): Promise<{ body: unknown } | Response> {
  try {
    const read = await readRequestBody(req, MAX_BODY_BYTES);
    if (read.tooLarge) return rpcError(413, requestBodyTooLargeMessage(MAX_BODY_BYTES));
    const body: unknown = JSON.parse(read.text);
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

/** The `/api/mcp` sub-app; mount it with `app.route("/api/mcp", mcpRoutes(deps))`. */
export function mcpRoutes(deps: McpDeps): Hono {
  const fixed = {
    directory: deps.directory,
    name: deps.name,
    version: deps.version,
    supportEmail: deps.supportEmail ?? DEFAULT_SUPPORT_EMAIL,
    errorLog: deps.errorLog ?? ((line: string) => console.error(line)),
  };
  const app = new Hono();
  app.use("*", mcpCors, hostGuard(deps.allowedHosts));
  app.post("/", async (c) => {
    const messages = await readMessages(c.req.raw);
    if (messages instanceof Response) return messages;
    const server = buildServer({ ...fixed, baseUrl: deps.baseUrl(c.req.raw) });
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    await server.connect(transport);
    try {
      return await transport.handleRequest(acceptingJson(c.req.raw), { parsedBody: messages.body });
    } finally {
      await server.close();
    }
  });
  // A stateless server has no stream to open and no session to delete. Let
  // GET reach the transport and it opens an SSE stream that never ends.
  app.all("/", () =>
    rpcError(
      405,
      "Method not allowed: send JSON-RPC messages with POST. This server is stateless: " +
        "it opens no event stream and has no session to delete.",
      { headers: { allow: "POST, OPTIONS" } },
    ));
  return app;
}
