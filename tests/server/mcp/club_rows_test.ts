import { assert, assertEquals } from "../../_assert.ts";
import { sharedFixture } from "../../_fixture.ts";
import { toPublicClub } from "../../../core/club/mod.ts";
import { clubProfile, COMPACT_FIELDS, compactRows } from "../../../server/mcp/club_rows.ts";

const fx = await sharedFixture();

Deno.test("compactRows() gives each club's compact fields, its link under any site root", () => {
  const store = fx.store;
  const ranks = [3, 1, 2];
  const full = store.records(ranks).map((r) => toPublicClub(r, "https://a.example"));
  const rows = compactRows(store, ranks, "https://a.example");
  assertEquals(rows.length, 3);
  for (const [i, row] of rows.entries()) {
    assertEquals(Object.keys(row), [...COMPACT_FIELDS]);
    for (const f of COMPACT_FIELDS) assertEquals(row[f], full[i]![f], f);
  }
  // Kept per club, not per site root: the link follows the request.
  const again = compactRows(store, ranks, "https://b.example");
  assert(again.every((r) => r.url!.startsWith("https://b.example/clubs/")));
  assertEquals(again.map((r) => r.name), rows.map((r) => r.name));
  assertEquals(store.memoStats()["mcp.rows"]?.size, 3);
  assertEquals(compactRows(store, [], "https://a.example"), []);
});

Deno.test("without a site address, rows carry the slug and profiles no url", () => {
  const store = fx.store;
  const rows = compactRows(store, [3, 1], null);
  const records = store.records([3, 1]);
  for (const [i, row] of rows.entries()) {
    assertEquals(Object.keys(row), [...COMPACT_FIELDS.filter((f) => f !== "url"), "slug"]);
    assertEquals(row.slug, records[i]!.slug);
  }
  const profile = clubProfile(records[0]!, null);
  assertEquals("url" in profile, false);
  assertEquals(
    { ...profile, url: "x" },
    { ...toPublicClub(records[0]!, "https://a.example"), url: "x" },
  );
  assertEquals(
    clubProfile(records[0]!, "https://a.example"),
    toPublicClub(records[0]!, "https://a.example"),
  );
});
