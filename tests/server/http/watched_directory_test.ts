import { WatchedDirectory } from "../../../server/http/watched_directory.ts";
import { testApp } from "../_helpers.ts";
import { fixture, importFile, numberedClubsCsv } from "../../_fixture.ts";
import { assert, assertEquals, assertMatch, assertStrictEquals } from "../../_assert.ts";

Deno.test("A corrupt database is logged once, not per request, and its recovery once", async () => {
  await using fx = await fixture();
  const good = `${fx.dir}/good.db`;
  await Deno.copyFile(fx.path, good);
  const lines: string[] = [];
  const directory = new WatchedDirectory(fx.path, { checkEveryMs: 0 }, (l) => lines.push(l));
  const app = testApp(directory, {
    rateLimit: "off",
    errorLog: directory.gate((l) => lines.push(l)),
  });
  try {
    assertStrictEquals((await app.request("/api/v1/clubs?limit=1")).status, 200);
    // Garbage replaces the file (a new inode, as a bad copy would be).
    const bad = `${fx.dir}/bad.db`;
    await Deno.writeFile(bad, new Uint8Array(64 * 1024).fill(0x5a));
    await Deno.rename(bad, fx.path);
    const statuses = new Set<number>();
    for (let i = 0; i < 50; i++) {
      const res = await app.request(`/api/v1/clubs?limit=1&page=${i + 1}`);
      await res.body?.cancel();
      statuses.add(res.status);
    }
    assertStrictEquals([...statuses].join(), "500");
    assertStrictEquals(lines.length, 1, lines.join("\n"));
    assert(lines[0]!.startsWith("error: database unavailable: "), lines[0]);
    // A good file is back: one line says so.
    await Deno.rename(good, fx.path);
    assertStrictEquals((await app.request("/api/v1/clubs?limit=1")).status, 200);
    assertStrictEquals(lines.length, 2, lines.join("\n"));
    assertStrictEquals(lines[1], "database readable again after 50 failed reads");
  } finally {
    directory.close();
  }
});

Deno.test("The gate lets through error lines that are not about a reported failure", () => {
  const lines: string[] = [];
  const directory = new WatchedDirectory("/nonexistent/clubs.db", {}, (l) => lines.push(l));
  const log = directory.gate((l) => lines.push(l));
  log("error 1: something else broke");
  try {
    directory.current();
  } catch (e) {
    log(`error 2: ${(e as Error).message}`);
  }
  assertStrictEquals(lines.length, 2);
  assertStrictEquals(lines[0], "error 1: something else broke");
  assert(lines[1]!.startsWith("error: database unavailable: Cannot read database"));
});

Deno.test("A snapshot swap is logged once, old -> new with club counts, and cache counters carry over it", async () => {
  await using fx = await fixture();
  const next = `${fx.dir}/next.db`;
  await importFile(await numberedClubsCsv(12), next);
  const lines: { line: string; fields?: Record<string, unknown> }[] = [];
  const directory = new WatchedDirectory(
    fx.path,
    { checkEveryMs: 0 },
    (line, fields) => lines.push({ line, fields }),
  );
  const app = testApp(directory, { rateLimit: "off" });
  try {
    for (let i = 0; i < 4; i++) await (await app.request("/api/v1/clubs?limit=1")).body?.cancel();
    const before = directory.figures();
    assertStrictEquals(before.clubs, 30);
    assertStrictEquals(before.swaps, 0);
    const hits = before.caches["clubs.pages"]!.hits;
    assert(hits >= 2, JSON.stringify(before.caches["clubs.pages"]));
    await Deno.rename(next, fx.path);
    for (let i = 0; i < 4; i++) await (await app.request("/api/v1/clubs?limit=1")).body?.cancel();
    const swaps = lines.filter((l) => l.fields?.event === "snapshot_swap");
    assertStrictEquals(swaps.length, 1, JSON.stringify(lines));
    assertMatch(swaps[0]!.line, /^snapshot swapped: \S+ \(30 clubs\) -> \S+ \(12 clubs\)$/);
    assertEquals([swaps[0]!.fields?.from_clubs, swaps[0]!.fields?.to_clubs], [30, 12]);
    const after = directory.figures();
    assertStrictEquals(after.clubs, 12);
    assertStrictEquals(after.swaps, 1);
    // The new snapshot's cache starts empty; the counters do not go back.
    assert(after.caches["clubs.pages"]!.hits >= hits + 2, JSON.stringify(after.caches));
  } finally {
    directory.close();
  }
});
