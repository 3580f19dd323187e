// Test tier: integration (a whole app or a built database; see tests/tiers.ts).
import { deprecationHeaders } from "../../../server/middleware/deprecation.ts";
import { get, testApp } from "../_helpers.ts";
import { assert, assertStrictEquals, assertThrows } from "../../_assert.ts";
import { sharedFixture } from "../../_fixture.ts";

const fx = await sharedFixture();

// Test-only: v1 is not deprecated; this checks docs/api.md#versioning-in-the-contract mechanism works.
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
    assertStrictEquals(res.headers.get("deprecation"), "@1767225600", path);
    assertStrictEquals(res.headers.get("sunset"), "Wed, 01 Jul 2026 00:00:00 GMT", path);
    assert(
      res.headers.get("link")!.includes(
        '<https://clubs.example/docs/v2-migration>; rel="deprecation"; type="text/html"',
      ),
      path,
    );
  }
  // Paging links are kept alongside.
  const paged = await get(app, "/api/v1/clubs?limit=5");
  await paged.body?.cancel();
  assert(paged.headers.get("link")!.includes('rel="next"'));
});

Deno.test("Deprecation headers stay off paths outside /api/v1", async () => {
  const app = testApp(fx.directory, { deprecation: DEPRECATED });
  const res = await get(app, "/problems");
  await res.body?.cancel();
  assertStrictEquals(res.headers.get("deprecation"), null);
  assertStrictEquals(res.headers.get("sunset"), null);
});

Deno.test("Without a deprecation config no Deprecation or Sunset header is sent", async () => {
  const app = testApp(fx.directory);
  const res = await get(app, "/api/v1/clubs");
  await res.body?.cancel();
  assertStrictEquals(res.headers.get("deprecation"), null);
  assertStrictEquals(res.headers.get("sunset"), null);
});

Deno.test("deprecationHeaders() keeps @epoch values and refuses a bad date", () => {
  assertStrictEquals(
    deprecationHeaders({ deprecation: "@1700000000", sunset: "2030-01-01" }).deprecation,
    "@1700000000",
  );
  assertThrows(
    () => deprecationHeaders({ deprecation: "soon", sunset: "2030-01-01" }),
    RangeError,
  );
});
