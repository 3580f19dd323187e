// Test tier: integration (a whole app or a built database; see tests/tiers.ts).
import { Hono } from "hono";
import type { AppEnv } from "../../../server/http/env.ts";
import { allowedMethods } from "../../../server/http/allow.ts";
import { get, testApp } from "../_helpers.ts";
import { sharedFixture } from "../../_fixture.ts";
import { assert, assertEquals, assertStrictEquals } from "../../_assert.ts";

const fx = await sharedFixture();

Deno.test("allowedMethods() matches static, parameter and wildcard paths", () => {
  const app = new Hono<AppEnv>()
    .get("/a", (c) => c.text(""))
    .post("/a", (c) => c.text(""))
    .get("/b/:id", (c) => c.text(""))
    .delete("/c/:id{[0-9]+}", (c) => c.text(""))
    .get("/d/*", (c) => c.text(""))
    .all("/e", (c) => c.text(""));
  assertEquals(allowedMethods(app, "/a"), ["GET", "HEAD", "POST"]);
  assertEquals(allowedMethods(app, "/b/x.y"), ["GET", "HEAD"]);
  assertStrictEquals(allowedMethods(app, "/b/x/y"), null);
  assertEquals(allowedMethods(app, "/c/12"), ["DELETE"]);
  assertStrictEquals(allowedMethods(app, "/c/ab"), null);
  assertEquals(allowedMethods(app, "/d/any/thing"), ["GET", "HEAD"]);
  assertStrictEquals(allowedMethods(app, "/e"), null);
  assertStrictEquals(allowedMethods(app, "/nope"), null);
});

Deno.test("Every route answers a method it does not serve with 405 and Allow", async () => {
  const app = testApp(fx.directory, { rateLimit: "off" });
  const paths = [
    ["/", "GET, HEAD"],
    ["/openapi.json", "GET, HEAD"],
    ["/problems", "GET, HEAD"],
    ["/problems/not_found", "GET, HEAD"],
    ["/clubs/pine-valley-golf-club", "GET, HEAD"],
    ["/api/v1/clubs", "GET, HEAD"],
    ["/robots.txt", "GET, HEAD"],
  ];
  for (const [path, allow] of paths) {
    for (const method of ["POST", "PUT", "PATCH", "DELETE", "OPTIONS"]) {
      const res = await get(app, path!, { method });
      const body = await res.json();
      assertStrictEquals(res.status, 405, `${method} ${path}`);
      assertStrictEquals(res.headers.get("allow"), allow, `${method} ${path}`);
      assertStrictEquals(body.code, "method_not_allowed");
      assert(body.detail.includes(method), body.detail);
    }
  }
  // An unknown path stays a 404, whatever the method.
  assertStrictEquals((await get(app, "/no/such/page", { method: "DELETE" })).status, 404);
});
