/**
 * Test helpers for the MCP server: the SDK v2 client classes, a tiny app that
 * mounts the MCP routes at /api/mcp, a connected client over `app.fetch` in
 * either protocol era, and raw JSON-RPC in either era.
 *
 * @module
 */
import { Hono } from "hono";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { Directory } from "../../../core/store/directory.ts";
import { type McpDeps, mcpRoutes } from "../../../server/mcp/route.ts";

export { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
export { InMemoryTransport } from "@modelcontextprotocol/client";

export { Client };

/** The 2026-07-28 protocol revision (the new era: `server/discover`, per-request `_meta`). */
export const MODERN = "2026-07-28";

/**
 * How a client picks its era: `legacy` (2025, `initialize`), `auto` (probes
 * with `server/discover`, then falls back) or pinned to {@link MODERN}.
 */
export type Mode = "legacy" | "auto" | "pinned";

/** The SDK client options for a {@link Mode}. */
export function negotiation(mode: Mode) {
  return {
    versionNegotiation: { mode: mode === "pinned" ? { pin: MODERN } : mode },
  } as const;
}

/** The site root the test app's profile links use. */
export const BASE = "https://clubs.example";
/** The test app's display name. */
export const NAME = "Test Clubs";
/** The URL the test app answers MCP at. */
export const MCP_URL = "http://localhost/api/mcp";

/** An app with the MCP routes at /api/mcp, as the real app mounts them. */
export function mcpApp(directory: Directory, deps: Partial<McpDeps> = {}): Hono {
  const app = new Hono();
  app.route(
    "/api/mcp",
    mcpRoutes({
      directory,
      baseUrl: () => BASE,
      allowedHosts: null,
      name: NAME,
      version: "9.9.9",
      supportEmail: "help@clubs.example",
      ...deps,
    }),
  );
  return app;
}

/** A live {@link Directory} on `path`, closed when the test process unloads. */
export function openDirectory(path: string): Directory {
  const directory = new Directory(path);
  globalThis.addEventListener("unload", () => directory.close());
  return directory;
}

/**
 * An SDK client connected to `app` through `app.fetch` (initialize or
 * server/discover, then tools/list, after which the client checks every
 * structuredContent against the tool's outputSchema).
 */
export async function connect(app: Hono, mode: Mode = "legacy"): Promise<Client & AsyncDisposable> {
  const client = new Client({ name: "clubdir-test", version: "1.0.0" }, negotiation(mode));
  const transport = new StreamableHTTPClientTransport(new URL(MCP_URL), {
    fetch: (url, init) => Promise.resolve(app.fetch(new Request(url, init))),
  });
  await client.connect(transport);
  await client.listTools(); // the client then checks results against each outputSchema
  return Object.assign(client, { [Symbol.asyncDispose]: () => client.close() });
}

/** A JSON-RPC `tools/call` message (2025 era: no envelope). */
export function toolCall(name: string, args: Record<string, unknown> = {}, id = 1) {
  return { jsonrpc: "2.0", id, method: "tools/call", params: { name, arguments: args } };
}

/** A JSON-RPC `initialize` message (2025 era) from a client named `client`. */
export function initialize(client: string, protocolVersion = "2025-11-25", id = 1) {
  return {
    jsonrpc: "2.0",
    id,
    method: "initialize",
    params: { protocolVersion, capabilities: {}, clientInfo: { name: client, version: "0" } },
  };
}

/** The per-request `_meta` envelope of the 2026-07-28 era. */
export const ENVELOPE = {
  "io.modelcontextprotocol/protocolVersion": MODERN,
  "io.modelcontextprotocol/clientCapabilities": {},
  "io.modelcontextprotocol/clientInfo": { name: "raw", version: "0" },
};

/**
 * A 2026-07-28 request: the message with the envelope in `params._meta`, and
 * the headers that era requires (`MCP-Protocol-Version`, `Mcp-Method`, and
 * `Mcp-Name` for a tool call).
 */
export function modern(
  method: string,
  params: Record<string, unknown> = {},
  id = 1,
): { message: unknown; headers: Record<string, string> } {
  const headers: Record<string, string> = {
    "mcp-protocol-version": MODERN,
    "mcp-method": method,
  };
  if (typeof params.name === "string") headers["mcp-name"] = params.name;
  return {
    message: { jsonrpc: "2.0", id, method, params: { ...params, _meta: ENVELOPE } },
    headers,
  };
}

/** POSTs a raw body to /api/mcp; JSON-encodes anything but a string or stream. */
export function post(
  app: Hono,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  const raw = typeof body === "string" || body instanceof ReadableStream
    ? body
    : JSON.stringify(body);
  return Promise.resolve(app.fetch(
    new Request(MCP_URL, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        ...headers,
      },
      body: raw,
    }),
  ));
}

/** Every object key anywhere in a JSON value. */
export function keysDeep(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) { for (const v of value) keysDeep(v, into); }
  else if (value !== null && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      into.add(k);
      keysDeep(v, into);
    }
  }
  return into;
}

/** Keys that would carry a fee figure, band, tier or currency. */
export const FEE_KEY = /fee|dues|currency|price|cost/i;
