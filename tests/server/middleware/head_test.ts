// Test tier: integration (sockets or child processes; see tests/tiers.ts).
import { get, testApp } from "../_helpers.ts";
import { sharedFixture } from "../../_fixture.ts";
import { assert, assertEquals, assertStrictEquals } from "../../_assert.ts";

const fx = await sharedFixture();
const app = testApp(fx.directory, { rateLimit: "off" });

/** Every GET route of the app, parameters filled with real values. */
const PATHS = [
  "/",
  "/openapi.json",
  "/problems",
  "/problems/invalid_page",
  "/problems/no_such_code",
  "/api/v1/clubs?type=golf&limit=3",
  "/api/v1/clubs",
  "/clubs?type=golf",
  "/api/v1/clubs?page=0",
  "/api/v1/nope",
  "/clubs/pine-valley-golf-club",
  "/clubs/no-such-club",
  "/robots.txt",
];
const VARYING = new Set(["x-request-id", "date", "ratelimit"]);

function comparable(res: Response): [string, string][] {
  return [...res.headers].filter(([name]) => !VARYING.has(name) && name !== "content-length");
}

for (
  const [accept, encoding] of [
    ["text/html", ""],
    ["application/json", ""],
    ["text/html", "gzip, deflate, br, zstd"],
    ["application/json", "gzip"],
  ] as const
) {
  const named = `Accept: ${accept}${encoding ? `, Accept-Encoding: ${encoding}` : ""}`;
  Deno.test(`HEAD sends the headers and Content-Length of GET, no body (${named})`, async () => {
    for (const path of PATHS) {
      const headers: Record<string, string> = { accept };
      if (encoding) headers["accept-encoding"] = encoding;
      const init = { headers };
      const got = await get(app, path, init);
      const body = new Uint8Array(await got.arrayBuffer());
      const head = await get(app, path, { ...init, method: "HEAD" });
      assertStrictEquals(head.status, got.status, path);
      assertStrictEquals(head.headers.get("content-length"), String(body.byteLength), path);
      assertEquals(comparable(head), comparable(got), path);
      assertStrictEquals(head.body, null, path);
    }
  });
}

Deno.test("HEAD on a real server states the GET body's length", async () => {
  const { DEFAULT_SETTINGS } = await import("../../../server/options.ts");
  const { startServer } = await import("../../../server/runtime/mod.ts");
  const running = await startServer({
    settings: { ...DEFAULT_SETTINGS, db: fx.path, port: 0, quiet: true },
  });
  try {
    const base = `http://127.0.0.1:${running.addr.port}`;
    // identity: fetch would decode a compressed body, hiding the length sent.
    const headers = { "accept-encoding": "identity" };
    for (const path of ["/openapi.json", "/api/v1/clubs?limit=5", "/problems"]) {
      const got = await fetch(base + path, { headers });
      const length = (await got.arrayBuffer()).byteLength;
      const head = await fetch(base + path, { method: "HEAD", headers });
      await head.body?.cancel();
      assert(length > 0);
      assertStrictEquals(head.headers.get("content-length"), String(length), path);
    }
  } finally {
    await running.stop();
  }
});

/** One request over a fresh connection, as sent (no decoding): status line, headers, body bytes. */
async function raw(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string>,
): Promise<{ head: Headers; body: Uint8Array }> {
  const conn = await Deno.connect({ hostname: "127.0.0.1", port });
  const lines = [`${method} ${path} HTTP/1.1`, "Host: 127.0.0.1", "Connection: close"];
  for (const [k, v] of Object.entries(headers)) lines.push(`${k}: ${v}`);
  await conn.write(new TextEncoder().encode(lines.join("\r\n") + "\r\n\r\n"));
  const bytes = new Uint8Array(await new Response(conn.readable).arrayBuffer());
  let end = 0;
  while (!(bytes[end] === 13 && bytes[end + 1] === 10 && bytes[end + 2] === 13)) end++;
  const head = new Headers();
  for (const line of new TextDecoder().decode(bytes.subarray(0, end)).split("\r\n").slice(1)) {
    const colon = line.indexOf(":");
    head.append(line.slice(0, colon), line.slice(colon + 1).trim());
  }
  return { head, body: bytes.subarray(end + 4) };
}

Deno.test("HEAD on a real server states the compressed length GET sends", async () => {
  const { DEFAULT_SETTINGS } = await import("../../../server/options.ts");
  const { startServer } = await import("../../../server/runtime/mod.ts");
  const running = await startServer({
    settings: { ...DEFAULT_SETTINGS, db: fx.path, port: 0, quiet: true },
  });
  try {
    const port = running.addr.port;
    for (const encoding of ["gzip", "br"]) {
      for (const path of ["/openapi.json", "/api/v1/clubs", "/problems"]) {
        const headers = { "Accept-Encoding": encoding };
        const got = await raw(port, "GET", path, headers);
        const head = await raw(port, "HEAD", path, headers);
        assertStrictEquals(got.head.get("content-encoding"), encoding, path);
        assertStrictEquals(head.head.get("content-encoding"), encoding, path);
        assertStrictEquals(got.head.get("content-length"), String(got.body.byteLength), path);
        assertStrictEquals(head.head.get("content-length"), String(got.body.byteLength), path);
        assertStrictEquals(head.body.byteLength, 0, path);
      }
    }
  } finally {
    await running.stop();
  }
});
