/**
 * Test helpers for the MCP server: the SDK client classes (typed through
 * `@ts-types`, see server/mcp/sdk.ts), a tiny app that mounts the MCP
 * routes at /api/mcp, a connected client over `app.fetch`, and raw JSON-RPC.
 *
 * @module
 */
import { Hono } from "hono";
import { Directory } from "../../../core/store/directory.ts";
import { type McpDeps, mcpRoutes } from "../../../server/mcp/route.ts";

// @ts-types="@modelcontextprotocol/sdk/client/index"
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
// @ts-types="@modelcontextprotocol/sdk/client/streamableHttp"
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
// @ts-types="@modelcontextprotocol/sdk/client/stdio"
export { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
// @ts-types="@modelcontextprotocol/sdk/inMemory"
export { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";

export { Client };

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

/** An SDK client connected (initialize, tools/list) to `app` through `app.fetch`. */
export async function connect(app: Hono): Promise<Client & AsyncDisposable> {
  const client = new Client({ name: "clubdir-test", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(new URL(MCP_URL), {
    fetch: (url, init) => Promise.resolve(app.fetch(new Request(url, init))),
  });
  await client.connect(transport);
  await client.listTools(); // the client then checks results against each outputSchema
  return Object.assign(client, { [Symbol.asyncDispose]: () => client.close() });
}

/** A JSON-RPC `tools/call` message. */
export function toolCall(name: string, args: Record<string, unknown> = {}, id = 1) {
  return { jsonrpc: "2.0", id, method: "tools/call", params: { name, arguments: args } };
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
