// Test tier: integration (a whole app or a built database; see tests/tiers.ts).
/**
 * Fuzzing the whole app through `app.request`: every search parameter (the
 * names come from the OpenAPI document) with arbitrary, raw-byte, long and
 * repeated values, odd methods and headers, every path, and MCP tool calls
 * with arbitrary arguments. No request may answer 5xx, and none may take
 * more than 2 s (a bound on work, not a speed target: the slowest fuzzed
 * request is usually a few ms).
 *
 * `CLUBDIR_FUZZ_RUNS` scales the number of runs of each property (default
 * 150, about 1,000 requests in all; `CLUBDIR_FUZZ_RUNS=5000` sends about
 * 30,000).
 */
import fc from "fast-check";
import { openApiDocument } from "../../server/openapi/mod.ts";
import { from, testApp } from "./_helpers.ts";
import { sharedFixture } from "../_fixture.ts";
import { assert } from "../_assert.ts";

const fx = await sharedFixture();
/** The app's error log: the cause of a 5xx goes in the failure message. */
const errors: string[] = [];
const app = testApp(fx.directory, {
  rateLimit: "off",
  baseUrl: null,
  allowedHosts: null,
  errorLog: (line) => errors.push(line),
});
const RUNS = Number(Deno.env.get("CLUBDIR_FUZZ_RUNS") ?? 150);
const MAX_MS = 2_000;

/** Every fuzzed request, for the summary and the bounds. */
const seen = { requests: 0, slowest: 0 };

async function send(url: string, init: RequestInit = {}): Promise<Response> {
  const started = performance.now();
  const res = await app.request(url, init, from("192.0.2.9"));
  await res.arrayBuffer();
  const ms = performance.now() - started;
  seen.requests++;
  seen.slowest = Math.max(seen.slowest, ms);
  assert(
    res.status < 500,
    `${init.method ?? "GET"} ${url.slice(0, 300)} answered ${res.status}: ${
      errors.at(-1)?.slice(0, 2_000)
    }`,
  );
  assert(ms < MAX_MS, `${init.method ?? "GET"} ${url.slice(0, 300)} took ${ms.toFixed(0)} ms`);
  return res;
}

type Json = Record<string, unknown>;
const doc = openApiDocument() as Json;
const paths = doc.paths as Record<string, Record<string, Json>>;
const PARAMS = (paths["/api/v1/clubs"]!.get!.parameters as { name: string }[]).map((p) => p.name);

/** Text as a client might send it: short or long, any code point, any byte. */
const text = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.constantFrom("golf", "FL", "GB", "all", "open,waitlist", "1", "0", "-1", "01", "200", "9e9"),
  fc.constantFrom("country club", "St. Andrews", "ł", "日本", "abc\u0000def", "%", "\u202e"),
  fc.integer({ min: 100, max: 70_000 }).map((n) => "country club ".repeat(n / 13)),
  fc.integer({ min: 1, max: 60_000 }).map((n) => "x".repeat(n)),
);

/** A value percent-encoded as raw bytes (invalid UTF-8 included), or as text. */
const encoded = fc.oneof(
  text.map(encodeURIComponent),
  fc.uint8Array({ maxLength: 40 }).map((bytes) =>
    [...bytes].map((b) => `%${b.toString(16).padStart(2, "0")}`).join("")
  ),
  fc.string({ maxLength: 20 }), // unencoded, as a careless client sends it
);

const param = fc.tuple(
  fc.oneof(fc.constantFrom(...PARAMS), fc.string({ maxLength: 8 })),
  encoded,
);
const query = fc.array(param, { maxLength: 8 }).map((pairs) =>
  pairs.map(([name, value]) => `${encodeURIComponent(name)}=${value}`).join("&")
);

const METHODS = ["GET", "GET", "GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS", "PATCH", "FOO"];

const headers = fc.record({
  accept: fc.constantFrom("application/json", "text/html", "*/*", "application/problem+json"),
  authorization: fc.oneof(
    fc.constant("Bearer cds_" + "A".repeat(43)),
    fc.string({ maxLength: 60 }),
  ),
  cookie: fc.oneof(fc.constant("session=cds_x"), fc.string({ maxLength: 60 })),
  "x-forwarded-for": fc.string({ maxLength: 60 }),
  "x-request-id": fc.string({ maxLength: 60 }),
  "content-type": fc.constantFrom("application/json", "text/plain", "multipart/form-data"),
}, { requiredKeys: [] }).map((h) =>
  // A header value cannot carry every character; keep what Headers accepts.
  Object.fromEntries(
    Object.entries(h).map(([k, v]) => [k, String(v).replace(/[^\x20-\x7e]/g, "")]),
  )
);

/** Paths of the app's routes, with arbitrary parameters, and some that match nothing. */
const path = fc.oneof(
  fc.constantFrom(
    "/",
    "/api/v1/clubs",
    "/api/v1/clubs/",
    "/api/v1",
    "/openapi.json",
    "/problems",
    "/robots.txt",
  ),
  encoded.map((s) => `/clubs/${s}`),
  encoded.map((s) => `/problems/${s}`),
  encoded.map((s) => `/api/v1/${s}`),
  encoded.map((s) => `/${s}`),
);

Deno.test("Fuzzed search parameters never answer 5xx or take over 2 s", async () => {
  await fc.assert(
    fc.asyncProperty(query, headers, async (q, h) => {
      await send(`http://127.0.0.1/api/v1/clubs?${q}`, { headers: h });
    }),
    { numRuns: RUNS * 3 },
  );
});

Deno.test("Fuzzed paths, methods and headers never answer 5xx or take over 2 s", async () => {
  await fc.assert(
    fc.asyncProperty(
      path,
      query,
      fc.constantFrom(...METHODS),
      headers,
      async (p, q, method, h) => {
        const url = `http://127.0.0.1${p}${q ? `?${q}` : ""}`;
        let ok = true;
        try {
          new URL(url);
        } catch {
          ok = false;
        }
        if (!ok) return;
        const body = ["POST", "PUT", "PATCH"].includes(method) ? "x".repeat(100) : undefined;
        await send(url, { method, headers: h, body });
      },
    ),
    { numRuns: RUNS * 2 },
  );
});

/** The tools and their argument names, as the server lists them. */
async function tools(): Promise<{ name: string; args: string[] }[]> {
  const res = await app.request("http://127.0.0.1/api/mcp", {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} }),
  });
  const body = await res.json();
  return body.result.tools.map((t: { name: string; inputSchema: Json }) => ({
    name: t.name,
    args: Object.keys((t.inputSchema.properties ?? {}) as Json),
  }));
}

const TOOLS = await tools();

/** Any JSON value, with long strings now and then. */
const jsonValue = fc.oneof(
  text,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(text, { maxLength: 5 }),
  fc.jsonValue({ maxDepth: 3 }),
);

Deno.test("Fuzzed MCP tool calls never answer 5xx or take over 2 s", async () => {
  const call = fc.constantFrom(...TOOLS).chain((tool) =>
    fc.tuple(
      fc.constant(tool.name),
      fc.dictionary(
        fc.oneof(fc.constantFrom(...tool.args, "extra"), fc.string({ maxLength: 6 })),
        jsonValue,
        { maxKeys: 6 },
      ),
    )
  );
  await fc.assert(
    fc.asyncProperty(call, async ([name, args]) => {
      await send("http://127.0.0.1/api/mcp", {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({
          jsonrpc: "2.0",
          id: 1,
          method: "tools/call",
          params: { name, arguments: args },
        }),
      });
    }),
    { numRuns: RUNS * 3 },
  );
});

Deno.test("Fuzzed MCP bodies (raw bytes, malformed JSON-RPC, batches) never answer 5xx", async () => {
  const body = fc.oneof(
    fc.uint8Array({ maxLength: 200 }),
    fc.string({ maxLength: 200 }),
    fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)),
    fc.record({
      jsonrpc: fc.constantFrom("2.0", "1.0", 2),
      id: fc.oneof(fc.integer(), fc.string({ maxLength: 5 }), fc.constant(null)),
      method: fc.constantFrom("tools/list", "tools/call", "initialize", "ping", "nope"),
      params: fc.jsonValue({ maxDepth: 3 }),
    }, { requiredKeys: [] }).map((v) => JSON.stringify(v)),
    fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 15 }).map((v) => JSON.stringify(v)),
  );
  await fc.assert(
    fc.asyncProperty(body, fc.constantFrom("application/json", "text/plain"), async (b, type) => {
      await send("http://127.0.0.1/api/mcp", {
        method: "POST",
        headers: { "content-type": type, accept: "application/json, text/event-stream" },
        body: b,
      });
    }),
    { numRuns: RUNS },
  );
});

Deno.test("The fuzz ran the requests it was meant to", () => {
  assert(seen.requests >= RUNS * 8, `${seen.requests} requests`);
  console.log(
    `fuzz: ${seen.requests} requests, slowest ${seen.slowest.toFixed(1)} ms, none 5xx`,
  );
});
