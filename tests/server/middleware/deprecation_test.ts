import assert from "node:assert/strict";
import { deprecationHeaders } from "../../../server/middleware/deprecation.ts";
import { get, sharedFixture, testApp } from "../_helpers.ts";

const fx = await sharedFixture();

// Test-only: v1 is not deprecated; this checks the spec §9 mechanism works.
const DEPRECATED = {
  deprecation: "2026-01-01T00:00:00Z",
  sunset: "2026-07-01T00:00:00Z",
  link: "https://clubs.example/docs/v2-migration",
};

Deno.test("A deprecated /api/v1 sends Deprecation, Sunset and a deprecation Link", async () => {
  const app = testApp(fx.directory, { deprecation: DEPRECATED });
  for (const path of ["/api/v1/clubs?limit=5", "/api/v1/clubs?page=0", "/api/v1/other"]) {
    const res = await get(app, path);
    await res.body?.cancel();
    assert.equal(res.headers.get("deprecation"), "@1767225600", path);
    assert.equal(res.headers.get("sunset"), "Wed, 01 Jul 2026 00:00:00 GMT", path);
    assert.ok(
      res.headers.get("link")!.includes(
        '<https://clubs.example/docs/v2-migration>; rel="deprecation"; type="text/html"',
      ),
      path,
    );
  }
  // Paging links are kept alongside.
  const paged = await get(app, "/api/v1/clubs?limit=5");
  await paged.body?.cancel();
  assert.ok(paged.headers.get("link")!.includes('rel="next"'));
});

Deno.test("Deprecation headers stay off paths outside /api/v1", async () => {
  const app = testApp(fx.directory, { deprecation: DEPRECATED });
  const res = await get(app, "/problems");
  await res.body?.cancel();
  assert.equal(res.headers.get("deprecation"), null);
  assert.equal(res.headers.get("sunset"), null);
});

Deno.test("Without a deprecation config no Deprecation or Sunset header is sent", async () => {
  const app = testApp(fx.directory);
  const res = await get(app, "/api/v1/clubs");
  await res.body?.cancel();
  assert.equal(res.headers.get("deprecation"), null);
  assert.equal(res.headers.get("sunset"), null);
});

Deno.test("deprecationHeaders() keeps @epoch values and refuses a bad date", () => {
  assert.equal(
    deprecationHeaders({ deprecation: "@1700000000", sunset: "2030-01-01" }).deprecation,
    "@1700000000",
  );
  assert.throws(
    () => deprecationHeaders({ deprecation: "soon", sunset: "2030-01-01" }),
    RangeError,
  );
});
