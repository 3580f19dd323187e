/**
 * The MCP floor server: `/api/mcp` exactly as `main.ts serve` mounts it (the
 * same endpoint code: body limits, era routing, pooled SDK instances), but
 * with one trivial tool that returns 10 small objects and reads nothing. Its
 * throughput is what the SDK setup itself allows per request; the real tools
 * are reported as a share of it.
 *
 * @example
 * ```sh
 * deno run -A bench/mcp_floor.ts --port 8002
 * ```
 * @module
 */
import { parseArgs } from "node:util";
import { Hono } from "hono";
import { z } from "zod";
import { mcpEndpoint } from "../server/mcp/route.ts";
import { McpServer } from "../server/mcp/sdk.ts";
import { checkedOnce, shared } from "../server/mcp/checked.ts";

/** The floor's one tool. */
export const FLOOR_TOOL = "trivial";

const Item = z.object({ id: z.int(), name: z.string(), city: z.string() });
const Items = z.object({ items: z.array(Item) });
// Shared, as the real tools' memoized answers are (see server/mcp/checked.ts).
const ITEMS = shared({
  items: Array.from({ length: 10 }, (_, i) => ({ id: i, name: `Club ${i}`, city: "Miami" })),
});

/** A server with only the trivial tool, registered as the real tools are. */
export function floorServer(): McpServer {
  const server = new McpServer(
    { name: "floor", version: "1.0.0" },
    { capabilities: { tools: { listChanged: false } } },
  );
  server.registerTool(
    FLOOR_TOOL,
    {
      description: "Ten small objects.",
      inputSchema: z.object({}),
      outputSchema: checkedOnce(Items),
    },
    () => ({ content: [{ type: "text", text: JSON.stringify(ITEMS) }], structuredContent: ITEMS }),
  );
  return server;
}

/** Starts the floor server on 127.0.0.1. */
export function serveFloor(port: number): Deno.HttpServer {
  const app = new Hono();
  app.get("/", (c) => c.text("ok")); // readiness
  app.route("/api/mcp", mcpEndpoint(floorServer, { allowedHosts: null, errorLog: console.error }));
  return Deno.serve({ hostname: "127.0.0.1", port, onListen: () => {} }, (req) => app.fetch(req));
}

if (import.meta.main) {
  const { values } = parseArgs({ args: Deno.args, options: { port: { type: "string" } } });
  serveFloor(Number(values.port));
}
