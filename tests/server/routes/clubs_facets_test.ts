// Test tier: integration (a whole app or a built database; see tests/tiers.ts).
import { FACET_NAMES } from "../../../core/model/mod.ts";
import { getJson, testApp } from "../_helpers.ts";
import { assert, assertEquals, assertStrictEquals } from "../../_assert.ts";
import { sharedFixture } from "../../_fixture.ts";

const fx = await sharedFixture();
const app = testApp(fx.directory, { rateLimit: "off" });

Deno.test("facets= adds value counts under the other filters to the ClubList", async () => {
  const { res, body } = await getJson(app, "/api/v1/clubs?type=golf&facets=country,waitlist");
  assertStrictEquals(res.status, 200);
  assertEquals(Object.keys(body), ["clubs", "total", "fee_access", "facets"]);
  assertEquals(Object.keys(body.facets), ["country", "waitlist"]);
  assertStrictEquals(body.facets.country["United States"], 6);
  assertStrictEquals(body.facets.country["Switzerland"], 1);
  assertStrictEquals(body.facets.waitlist.by_invitation, 4);
});

Deno.test("each facet count is the total its filter value returns", async () => {
  const { body } = await getJson(app, "/api/v1/clubs?country=US&facets=" + FACET_NAMES.join(","));
  for (const [value, count] of Object.entries(body.facets.type as Record<string, number>)) {
    const { body: chosen } = await getJson(
      app,
      `/api/v1/clubs?country=US&type=${encodeURIComponent(value)}&limit=1`,
    );
    assertStrictEquals(chosen.total, count, value);
  }
  for (const [value, count] of Object.entries(body.facets.state as Record<string, number>)) {
    const { body: chosen } = await getJson(
      app,
      `/api/v1/clubs?country=US&state=${encodeURIComponent(value)}&limit=1`,
    );
    assertStrictEquals(chosen.total, count, value);
  }
});

Deno.test("without facets= the body is unchanged", async () => {
  const { body } = await getJson(app, "/api/v1/clubs?type=golf");
  assertEquals(Object.keys(body), ["clubs", "total", "fee_access"]);
  const { body: empty } = await getJson(app, "/api/v1/clubs?type=golf&facets=");
  assertEquals(Object.keys(empty), ["clubs", "total", "fee_access"]);
});

Deno.test("an unknown facet answers 400 invalid_facets naming it", async () => {
  const { res, body } = await getJson(app, "/api/v1/clubs?facets=type,colour");
  assertStrictEquals(res.status, 400);
  assertStrictEquals(body.code, "invalid_facets");
  assert(body.detail.includes('"colour"'), body.detail);
});

Deno.test("facets follow a page's filters, not its page", async () => {
  const a = await getJson(app, "/api/v1/clubs?q=club&facets=type&page=1&limit=2");
  const b = await getJson(app, "/api/v1/clubs?q=club&facets=type&page=3&limit=2");
  assertEquals(a.body.facets, b.body.facets);
});
