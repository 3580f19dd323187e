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

for (const accept of ["text/html", "application/json"]) {
  Deno.test(`HEAD sends the headers and Content-Length of GET, no body (Accept: ${accept})`, async () => {
    for (const path of PATHS) {
      const init = { headers: { accept } };
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
  const { listen, DEFAULT_SETTINGS } = await import("../../../server/listen.ts");
  const running = listen({ ...DEFAULT_SETTINGS, db: fx.path, port: 0, quiet: true });
  try {
    const base = `http://127.0.0.1:${running.server.addr.port}`;
    for (const path of ["/openapi.json", "/api/v1/clubs?limit=5", "/problems"]) {
      const got = await fetch(base + path);
      const length = (await got.arrayBuffer()).byteLength;
      const head = await fetch(base + path, { method: "HEAD" });
      await head.body?.cancel();
      assert(length > 0);
      assertStrictEquals(head.headers.get("content-length"), String(length), path);
    }
  } finally {
    await running.close();
  }
});
