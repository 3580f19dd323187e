// Test tier: integration (a whole app or a built database; see tests/tiers.ts).
import { Hono } from "hono";
import { assert, assertEquals } from "../../_assert.ts";
import { sharedFixture } from "../../_fixture.ts";
import { MAX_BATCH, MAX_BODY_BYTES, mcpCors } from "../../../server/mcp/route.ts";
import {
  initialize,
  MCP_URL,
  mcpApp,
  MODERN,
  modern,
  openDirectory,
  post,
  toolCall,
} from "./_helpers.ts";

const fx = await sharedFixture();
const directory = openDirectory(fx.path);
const app = mcpApp(directory);

const PING = { jsonrpc: "2.0", id: 7, method: "ping" };

async function rpcError(res: Response): Promise<{ code: number; message: string }> {
  const body = await res.json();
  assertEquals(body.jsonrpc, "2.0");
  return body.error;
}

Deno.test("a 2025 tools/call works with no initialize and no session", async () => {
  const res = await post(app, toolCall("search_clubs", { state: "FL" }, 3));
  assertEquals(res.status, 200);
  assertEquals(res.headers.get("mcp-session-id"), null);
  const body = await res.json();
  assertEquals(body.id, 3);
  assertEquals(body.result.structuredContent.total, 3);
});

Deno.test("a 2026-07-28 tools/call with its envelope and headers is answered as JSON", async () => {
  const call = modern("tools/call", { name: "search_clubs", arguments: { state: "FL" } }, 4);
  const res = await post(app, call.message, call.headers);
  assertEquals(res.status, 200);
  assertEquals(res.headers.get("content-type"), "application/json");
  const body = await res.json();
  assertEquals(body.id, 4);
  assertEquals(body.result.structuredContent.total, 3);
  assertEquals(body.result.resultType, "complete");
  assertEquals(body.result._meta["io.modelcontextprotocol/serverInfo"].name, "clubdir");
});

Deno.test("server/discover offers 2026-07-28 and tools without listChanged", async () => {
  const discover = modern("server/discover");
  const res = await post(app, discover.message, discover.headers);
  assertEquals(res.status, 200);
  const { result } = await res.json();
  assertEquals(result.supportedVersions, [MODERN]);
  assertEquals(result.capabilities, { tools: { listChanged: false } });
  assert(result.instructions.includes("No fees"));
});

Deno.test("initialize negotiates 2025-11-25 without listChanged; ping answers plain JSON", async () => {
  const init = await post(app, initialize("raw"));
  assertEquals(init.status, 200);
  assertEquals(init.headers.get("content-type"), "application/json");
  const { result } = await init.json();
  assertEquals(result.protocolVersion, "2025-11-25");
  assertEquals(result.capabilities, { tools: { listChanged: false } });
  const ping = await post(app, PING);
  assertEquals(await ping.json(), { result: {}, jsonrpc: "2.0", id: 7 });
});

Deno.test("an older protocol version a client still sends is negotiated as sent", async () => {
  for (const version of ["2025-06-18", "2025-03-26", "2024-11-05"]) {
    const res = await post(app, initialize("old", version));
    assertEquals((await res.json()).result.protocolVersion, version);
    const call = await post(app, toolCall("get_club", { slug: "cosmos" }), {
      "mcp-protocol-version": version,
    });
    assertEquals((await call.json()).result.structuredContent.slug, "cosmos", version);
  }
});

Deno.test("an unknown tool is JSON-RPC error -32602 in both eras", async () => {
  const legacy = await post(app, toolCall("drop_tables", {}, 5));
  assertEquals(legacy.status, 200);
  const a = await legacy.json();
  assertEquals([a.id, a.error.code], [5, -32602]);
  assert(a.error.message.includes("drop_tables"));

  const call = modern("tools/call", { name: "drop_tables", arguments: {} }, 6);
  const b = await (await post(app, call.message, call.headers)).json();
  assertEquals([b.id, b.error.code], [6, -32602]);
});

Deno.test("a 2026-07-28 request without its headers or envelope answers 400", async () => {
  const call = modern("tools/call", { name: "search_clubs", arguments: {} });
  const noName = await post(app, call.message, {
    "mcp-protocol-version": MODERN,
    "mcp-method": "tools/call",
  });
  assertEquals(noName.status, 400);
  assertEquals((await rpcError(noName)).code, -32020);
  const noEnvelope = await post(app, toolCall("search_clubs"), { "mcp-protocol-version": MODERN });
  assertEquals(noEnvelope.status, 400);
  assertEquals((await rpcError(noEnvelope)).code, -32602);
});

Deno.test("any Accept is served JSON in both eras", async () => {
  const call = modern("tools/call", { name: "get_club", arguments: { slug: "cosmos" } }, 9);
  for (const accept of ["application/json", "*/*", "text/event-stream", ""]) {
    for (const [message, extra] of [[PING, {}], [call.message, call.headers]] as const) {
      const headers = new Headers({ "content-type": "application/json", ...extra });
      if (accept) headers.set("accept", accept);
      const res = await app.fetch(
        new Request(MCP_URL, { method: "POST", headers, body: JSON.stringify(message) }),
      );
      assertEquals(res.status, 200, `Accept: ${accept || "(none)"}`);
      assertEquals(res.headers.get("content-type"), "application/json");
      assert([7, 9].includes((await res.json()).id));
    }
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

Deno.test("a CORS preflight allows POST only, with the headers of both eras", async () => {
  const res = await app.fetch(
    new Request(MCP_URL, {
      method: "OPTIONS",
      headers: {
        origin: "https://assistant.example",
        "access-control-request-method": "POST",
        "access-control-request-headers":
          "content-type, mcp-protocol-version, mcp-method, mcp-name",
      },
    }),
  );
  assertEquals(res.status, 204);
  assertEquals(res.headers.get("access-control-allow-origin"), "*");
  assertEquals(res.headers.get("access-control-allow-methods"), "POST,OPTIONS");
  const allowed = res.headers.get("access-control-allow-headers")!.toLowerCase().split(",");
  for (
    const h of ["content-type", "accept", "mcp-protocol-version", "mcp-method", "mcp-name"]
  ) assert(allowed.includes(h), h);
  // Nothing here issues a session or resumes a stream.
  for (const h of ["mcp-session-id", "last-event-id"]) assert(!allowed.includes(h), h);
  await res.body?.cancel();
});

Deno.test("answers expose the rate-limit and request-id headers to browsers", async () => {
  const res = await post(app, PING, { origin: "https://assistant.example" });
  assertEquals(res.headers.get("access-control-allow-origin"), "*");
  const exposed = res.headers.get("access-control-expose-headers")!.toLowerCase().split(",");
  assertEquals(exposed.sort(), ["ratelimit", "ratelimit-policy", "retry-after", "x-request-id"]);
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
  // Declared too long: refused before any of it is read.
  let pulled = 0;
  const unread = new ReadableStream<Uint8Array>({
    pull(c) {
      pulled++;
      c.enqueue(new Uint8Array(1024));
    },
  });
  const declared = await post(app, unread, { "content-length": String(MAX_BODY_BYTES + 1) });
  assertEquals(declared.status, 413);
  assertEquals(declared.headers.get("access-control-allow-origin"), "*");
  assert((await rpcError(declared)).message.includes(String(MAX_BODY_BYTES)));
  assert(pulled <= 1, `${pulled} chunks read`);
  await unread.cancel();

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

  // Just under the limit is fine, with or without a declared length.
  const fits = JSON.stringify({ ...PING, params: { pad: "x".repeat(MAX_BODY_BYTES - 200) } });
  assertEquals((await post(app, fits)).status, 200);
  const length = String(new TextEncoder().encode(fits).length);
  assertEquals((await post(app, fits, { "content-length": length })).status, 200);
});

Deno.test("a tools/call of almost 1 MiB with a huge q is a short tool error, in both eras", async () => {
  const q = "country club ".repeat(80_000);
  const legacy = toolCall("search_clubs", { q }, 11);
  const current = modern("tools/call", { name: "search_clubs", arguments: { q } }, 12);
  for (const [message, headers] of [[legacy, {}], [current.message, current.headers]] as const) {
    const body = JSON.stringify(message);
    assert(body.length > 1_000_000 && body.length < MAX_BODY_BYTES);
    const res = await post(app, body, {
      ...headers,
      "content-length": String(body.length),
    });
    assertEquals(res.status, 200);
    const answer = await res.text();
    assert(answer.length < 1_000, `${answer.length} characters`);
    const { result } = JSON.parse(answer);
    assertEquals(result.isError, true);
    assertEquals(result.structuredContent, undefined);
    const text: string = result.content[0].text;
    assert(text.startsWith("Invalid q: "), text);
    assert(text.includes("at most 200 characters"), text);
  }
});

Deno.test("a 2025 batch is answered message by message, up to the batch limit", async () => {
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

Deno.test("a notification alone is accepted with 202 and no body", async () => {
  const res = await post(app, { jsonrpc: "2.0", method: "notifications/initialized" });
  assertEquals(res.status, 202);
  assertEquals(await res.text(), "");
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

Deno.test("mcpCors puts CORS on an answer whose headers cannot be changed", async () => {
  const outer = new Hono();
  outer.use("/api/mcp", mcpCors);
  outer.post("/api/mcp", () => Response.redirect("https://clubs.example/", 307));
  const res = await outer.fetch(new Request(MCP_URL, { method: "POST" }));
  assertEquals(res.status, 307);
  assertEquals(res.headers.get("location"), "https://clubs.example/");
  assertEquals(res.headers.get("access-control-allow-origin"), "*");
  assert(res.headers.get("access-control-expose-headers")!.includes("X-Request-Id"));
});

Deno.test("concurrent calls with the same JSON-RPC id each get their own answer, in both eras", async () => {
  const slugs = ["seminole", "cosmos", "players", "napa-wine", "explorers", "nyyc"];
  const answers = await Promise.all(
    Array.from({ length: 120 }, async (_, i) => {
      const slug = slugs[i % slugs.length]!;
      const call = i % 2
        ? { message: toolCall("get_club", { slug }, 1), headers: {} }
        : modern("tools/call", { name: "get_club", arguments: { slug } }, 1);
      const res = await post(app, call.message, call.headers);
      return [slug, (await res.json()).result.structuredContent.slug];
    }),
  );
  for (const [asked, got] of answers) assertEquals(got, asked);
});
