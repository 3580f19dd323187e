import { Hono } from "hono";
import { sharedFixture } from "../../_fixture.ts";
import { MAX_BATCH, MAX_BODY_BYTES, mcpCors } from "../../../server/mcp/route.ts";
import type { z } from "zod";
import { McpServer } from "../../../server/mcp/sdk.ts";
import type { Tool } from "../../../server/mcp/tool.ts";
import { toolListing } from "../../../server/mcp/server.ts";
import { getClub } from "../../../server/mcp/tools/get_club.ts";
import { getDirectoryStats } from "../../../server/mcp/tools/get_directory_stats.ts";
import { listClubTypes } from "../../../server/mcp/tools/list_club_types.ts";
import { listLocations } from "../../../server/mcp/tools/list_locations.ts";
import { searchClubs } from "../../../server/mcp/tools/search_clubs.ts";
import {
  Client,
  connect,
  InMemoryTransport,
  MCP_URL,
  mcpApp,
  NAME,
  openDirectory,
  post,
  toolCall,
} from "./_helpers.ts";
import { assert, assertEquals } from "../../_assert.ts";

const fx = await sharedFixture();
const directory = openDirectory(fx.path);
const app = mcpApp(directory);

const PING = { jsonrpc: "2.0", id: 7, method: "ping" };

async function rpcError(res: Response): Promise<{ code: number; message: string }> {
  const body = await res.json();
  assertEquals(body.jsonrpc, "2.0");
  assertEquals(body.id, null);
  return body.error;
}

Deno.test("the SDK client initializes, lists the five tools and calls one over HTTP", async () => {
  await using client = await connect(app);
  const info = client.getServerVersion();
  assertEquals(info?.name, "clubdir");
  assertEquals(info?.title, NAME);
  assertEquals(info?.version, "9.9.9");
  assert(client.getServerCapabilities()?.tools);
  assert(client.getInstructions()?.includes("No fees"));
  const { tools } = await client.listTools();
  assertEquals(tools.map((t) => t.name), [
    "search_clubs",
    "get_club",
    "list_club_types",
    "list_locations",
    "get_directory_stats",
  ]);
  for (const t of tools) {
    assertEquals(t.annotations, {
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: false,
    });
    assert(t.title && t.description && t.description.length > 100, t.name);
    assert(t.outputSchema, t.name);
  }
  const r = await client.callTool({ name: "get_club", arguments: { slug: "seminole" } });
  assertEquals((r.structuredContent as { name: string }).name, "Seminole Golf Club");
});

Deno.test("search_clubs advertises integers, digit strings and the waitlist values", async () => {
  await using client = await connect(app);
  const { tools } = await client.listTools();
  const props = tools[0]!.inputSchema.properties as Record<string, Record<string, unknown>>;
  assertEquals(props.page!.anyOf, [
    { type: "integer", minimum: 1 },
    { type: "string", pattern: "^[0-9]+$" },
  ]);
  const waitlist = props.waitlist!.anyOf as { items?: { enum: string[] } }[];
  assertEquals(waitlist[0]!.items!.enum, [
    "open",
    "waitlist",
    "by_invitation",
    "invite_only",
    "closed",
    "unknown",
  ]);
  assertEquals(tools[0]!.inputSchema.required, undefined); // every argument optional
});

Deno.test("the cached tools/list is exactly what the SDK itself would list", async () => {
  // The same tools on a plain McpServer, which converts the schemas itself.
  const plain = new McpServer({ name: "plain", version: "0" });
  const tools: Pick<Tool<z.ZodObject, z.ZodObject>, "name" | "config">[] = [
    searchClubs,
    getClub,
    listClubTypes,
    listLocations,
    getDirectoryStats,
  ];
  for (const t of tools) plain.registerTool(t.name, t.config, () => ({ content: [] }));
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: "compare", version: "0" });
  await Promise.all([plain.connect(serverSide), client.connect(clientSide)]);
  try {
    const sdk = await client.listTools();
    assertEquals(JSON.parse(JSON.stringify(sdk)), JSON.parse(JSON.stringify(toolListing())));
  } finally {
    await client.close();
    await plain.close();
  }
});

Deno.test("tools/call works with no initialize and no session", async () => {
  const res = await post(app, toolCall("search_clubs", { state: "FL" }, 3));
  assertEquals(res.status, 200);
  assertEquals(res.headers.get("mcp-session-id"), null);
  const body = await res.json();
  assertEquals(body.id, 3);
  assertEquals(body.result.structuredContent.total, 3);
});

Deno.test("initialize and ping answer with plain JSON", async () => {
  const init = await post(app, {
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: {
      protocolVersion: "2025-11-25",
      capabilities: {},
      clientInfo: { name: "raw", version: "0" },
    },
  });
  assertEquals(init.status, 200);
  assertEquals(init.headers.get("content-type"), "application/json");
  assertEquals((await init.json()).result.protocolVersion, "2025-11-25");
  const ping = await post(app, PING);
  assertEquals(await ping.json(), { result: {}, jsonrpc: "2.0", id: 7 });
});

Deno.test("any Accept is served JSON: application/json, */*, text/event-stream or none", async () => {
  for (const accept of ["application/json", "*/*", "text/event-stream", ""]) {
    const headers = new Headers({ "content-type": "application/json" });
    if (accept) headers.set("accept", accept);
    const res = await app.fetch(
      new Request(MCP_URL, { method: "POST", headers, body: JSON.stringify(PING) }),
    );
    assertEquals(res.status, 200, `Accept: ${accept || "(none)"}`);
    assertEquals(res.headers.get("content-type"), "application/json");
    assertEquals((await res.json()).id, 7);
  }
});

Deno.test("GET, DELETE and other methods answer 405 with Allow and a JSON-RPC error", async () => {
  for (const method of ["GET", "DELETE", "PUT", "PATCH"]) {
    // Accept: text/event-stream is what opens an endless stream on the bare transport.
    const res = await app.fetch(
      new Request(MCP_URL, {
        method,
        headers: { accept: "text/event-stream", origin: "https://a.example" },
      }),
    );
    assertEquals(res.status, 405, method);
    assertEquals(res.headers.get("allow"), "POST, OPTIONS");
    assertEquals(res.headers.get("content-type"), "application/json");
    assertEquals(res.headers.get("access-control-allow-origin"), "*");
    const error = await rpcError(res);
    assertEquals(error.code, -32000);
    assert(error.message.startsWith("Method not allowed"), error.message);
  }
});

Deno.test("a CORS preflight from any origin is allowed with the MCP headers", async () => {
  const res = await app.fetch(
    new Request(MCP_URL, {
      method: "OPTIONS",
      headers: {
        origin: "https://assistant.example",
        "access-control-request-method": "POST",
        "access-control-request-headers": "content-type, mcp-protocol-version",
      },
    }),
  );
  assertEquals(res.status, 204);
  assertEquals(res.headers.get("access-control-allow-origin"), "*");
  const allowed = res.headers.get("access-control-allow-headers")!.toLowerCase().split(",");
  for (
    const h of [
      "content-type",
      "accept",
      "authorization",
      "mcp-protocol-version",
      "mcp-session-id",
      "last-event-id",
    ]
  ) assert(allowed.includes(h), h);
  assert(res.headers.get("access-control-allow-methods")!.includes("POST"));
  await res.body?.cancel();
});

Deno.test("answers expose the rate-limit, request-id and MCP headers to browsers", async () => {
  const res = await post(app, PING, { origin: "https://assistant.example" });
  assertEquals(res.headers.get("access-control-allow-origin"), "*");
  const exposed = res.headers.get("access-control-expose-headers")!.toLowerCase().split(",");
  for (
    const h of [
      "mcp-session-id",
      "mcp-protocol-version",
      "ratelimit",
      "ratelimit-policy",
      "x-request-id",
      "retry-after",
    ]
  ) assert(exposed.includes(h), h);
  await res.body?.cancel();
});

Deno.test("malformed JSON answers 400 with a -32700 parse error", async () => {
  const res = await post(app, '{"jsonrpc": "2.0", "id": 1, "method": ');
  assertEquals(res.status, 400);
  assertEquals(res.headers.get("access-control-allow-origin"), "*");
  assertEquals((await rpcError(res)).code, -32700);
});

Deno.test("a body over the limit answers 413, by Content-Length or by its real size", async () => {
  const big = JSON.stringify({ ...PING, params: { pad: "x".repeat(MAX_BODY_BYTES) } });
  const declared = await post(app, big);
  assertEquals(declared.status, 413);
  assertEquals(declared.headers.get("access-control-allow-origin"), "*");
  assert((await rpcError(declared)).message.includes(String(MAX_BODY_BYTES)));

  // Streamed with no Content-Length: counted while reading.
  const bytes = new TextEncoder().encode(big);
  const chunk = 64 * 1024;
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(c) {
      if (sent >= bytes.length) return c.close();
      c.enqueue(bytes.subarray(sent, sent += chunk));
    },
  });
  const streamed = await post(app, stream);
  assertEquals(streamed.status, 413);
  await streamed.body?.cancel();

  // Just under the limit is fine.
  const fits = JSON.stringify({ ...PING, params: { pad: "x".repeat(MAX_BODY_BYTES - 200) } });
  assertEquals((await post(app, fits)).status, 200);
});

Deno.test("a batch is answered message by message, up to the batch limit", async () => {
  const two = await post(app, [PING, toolCall("get_club", { slug: "cosmos" }, 8)]);
  assertEquals(two.status, 200);
  const answers = await two.json();
  assertEquals(answers.map((a: { id: number }) => a.id).sort(), [7, 8]);

  const many = Array.from({ length: MAX_BATCH + 1 }, (_, i) => ({ ...PING, id: i }));
  const refused = await post(app, many);
  assertEquals(refused.status, 400);
  const error = await rpcError(refused);
  assertEquals(error.code, -32600);
  assert(error.message.includes(String(MAX_BATCH)), error.message);
});

Deno.test("a body that is JSON but not JSON-RPC, or not JSON typed, is refused", async () => {
  const notRpc = await post(app, { hello: 1 });
  assertEquals(notRpc.status, 400);
  await notRpc.body?.cancel();
  const text = await post(app, JSON.stringify(PING), { "content-type": "text/plain" });
  assertEquals(text.status, 415);
  await text.body?.cancel();
  const empty = await post(app, "");
  assertEquals((await rpcError(empty)).code, -32700);
});

Deno.test("an unsupported MCP-Protocol-Version header answers 400", async () => {
  const res = await post(app, PING, { "mcp-protocol-version": "1999-01-01" });
  assertEquals(res.status, 400);
  assert((await rpcError(res)).message.includes("Unsupported protocol version"));
});

Deno.test("the Host allowlist refuses other hosts with 403 but serves any browser origin", async () => {
  const guarded = mcpApp(directory, { allowedHosts: ["127.0.0.1:8787", "localhost:8787"] });
  const call = (host: string, origin?: string) =>
    guarded.fetch(
      new Request(MCP_URL, {
        method: "POST",
        headers: {
          host,
          ...(origin ? { origin } : {}),
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
        },
        body: JSON.stringify(PING),
      }),
    );
  const evil = await call("evil.example.com", "http://evil.example.com");
  assertEquals(evil.status, 403);
  assertEquals(evil.headers.get("access-control-allow-origin"), "*");
  assertEquals((await rpcError(evil)).message, "Invalid Host header: evil.example.com");

  for (const host of ["127.0.0.1:8787", "LOCALHOST:8787"]) {
    const ok200 = await call(host, "https://any-site.example");
    assertEquals(ok200.status, 200, host);
    assertEquals(ok200.headers.get("access-control-allow-origin"), "*");
    await ok200.body?.cancel();
  }
  // A request built in-process has no Host header: its URL's host counts.
  assertEquals((await post(guarded, PING)).status, 403);
});

Deno.test("mcpCors mounted at app level puts CORS on answers made before the MCP routes", async () => {
  // What the app does: CORS first, then a rate limiter that may answer 429 itself.
  const outer = new Hono();
  outer.use("/api/mcp", mcpCors);
  outer.use(
    "/api/mcp",
    (c) => Promise.resolve(c.json({ code: "rate_limited" }, 429, { "retry-after": "42" })),
  );
  const res = await outer.fetch(
    new Request(MCP_URL, { method: "POST", headers: { origin: "https://a.example" } }),
  );
  assertEquals(res.status, 429);
  assertEquals(res.headers.get("access-control-allow-origin"), "*");
  assert(res.headers.get("access-control-expose-headers")!.includes("Retry-After"));
  await res.body?.cancel();
});

Deno.test("concurrent calls with the same JSON-RPC id each get their own answer", async () => {
  const slugs = ["seminole", "cosmos", "players", "napa-wine", "explorers", "nyyc"];
  const answers = await Promise.all(
    Array.from({ length: 60 }, async (_, i) => {
      const slug = slugs[i % slugs.length]!;
      const res = await post(app, toolCall("get_club", { slug }, 1));
      return [slug, (await res.json()).result.structuredContent.slug];
    }),
  );
  for (const [asked, got] of answers) assertEquals(got, asked);
});
