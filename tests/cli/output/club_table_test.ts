import { assert, assertEquals, assertStrictEquals } from "../../_assert.ts";
import { formatClubTable, tableFooter } from "../../../cli/output/club_table.ts";
import { sharedFixture } from "../../_fixture.ts";
import { findPage, parseSearch } from "../../../core/search/mod.ts";

const fx = await sharedFixture();

Deno.test("tableFooter() says where the page is and how to get the next one", () => {
  assertStrictEquals(
    tableFooter(50, { total: 938, page: 1, limit: 50 }),
    "showing 1–50 of 938 (next: --page 2)",
  );
  assertStrictEquals(
    tableFooter(38, { total: 938, page: 19, limit: 50 }),
    "showing 901–938 of 938",
  );
  assertStrictEquals(
    tableFooter(0, { total: 938, page: 40, limit: 50 }),
    "no clubs on page 40 (938 in all; first page: --page 1)",
  );
  assertStrictEquals(tableFooter(0, { total: 0, page: 1, limit: 50 }), "no clubs match");
});

Deno.test("formatClubTable() fits 80 columns, name first, city dropped before place at 50", async () => {
  const q = parseSearch({ limit: 200 });
  assert(q.ok);
  const page = findPage(fx.store, q.value);
  const records = fx.store.records(page.ranks);
  const lines = (await formatClubTable(records, page, 80)).split("\n");
  assertEquals(lines.length, records.length + 3);
  for (const l of lines) assert(l.length <= 80, l);
  assert(lines[0]!.startsWith("NAME ") && lines[0]!.includes(" CITY "), lines[0]);
  const narrow = (await formatClubTable(records, page, 50)).split("\n");
  for (const l of narrow) assert(l.length <= 50, l);
  assert(!narrow[0]!.includes("CITY") && narrow[0]!.includes("STATE, COUNTRY"), narrow[0]);
});

Deno.test("formatClubTable() shows type and waitlist in the website's words, not stored values", async () => {
  const q = parseSearch({ limit: 200 });
  assert(q.ok);
  const page = findPage(fx.store, q.value);
  const records = fx.store.records(page.ranks);
  const text = await formatClubTable(records, page, 200);
  const stored = new Set(records.flatMap((r) => [r.type, r.waitlist_status]));
  // The fixture has the values the issue named, stored as such.
  assert(stored.has("country_club") && stored.has("by_invitation"), [...stored].join());
  assert(!/\b(country_club|by_invitation|invite_only)\b/.test(text), text);
  // One line per record, in order, under the header.
  const lines = text.split("\n");
  const row = (slug: string) => lines[1 + records.findIndex((x) => x.slug === slug)]!;
  // The same words the website's cards and filters use (one table in core/model/words.ts).
  const { humanize, waitlistText } = await import("../../../server/html/mod.ts");
  for (const r of records) {
    const line = row(r.slug);
    if (r.type) assert(line.includes(humanize(r.type)), line);
    if (r.waitlist_status) assert(line.includes(waitlistText(r.waitlist_status)), line);
  }
  assert(row("pine-valley-golf-club").includes("By invitation"));
});
