// Test tier: integration (a whole app or a built database; see tests/tiers.ts).
import { get, testApp } from "./_helpers.ts";
import { assert, assertEquals, assertStrictEquals } from "../_assert.ts";
import { fixture, FIXTURE_CSV, importFile } from "../_fixture.ts";

/** The fixture without its last `drop` clubs (a different snapshot). */
async function smallerCsv(dir: string, drop: number): Promise<string> {
  const text = await Deno.readTextFile(FIXTURE_CSV);
  // The fixture's rows end with their slug; club 3's description spans two lines.
  const lines = text.trimEnd().split("\n");
  const path = `${dir}/smaller-${drop}.csv`;
  await Deno.writeTextFile(path, lines.slice(0, lines.length - drop).join("\n") + "\n");
  return path;
}

Deno.test("An import while requests run is picked up with zero failed requests", async () => {
  await using fx = await fixture({ checkEveryMs: 5 });
  const app = testApp(fx.directory, { rateLimit: "off" });
  const csv25 = await smallerCsv(fx.dir, 5);
  const csv20 = await smallerCsv(fx.dir, 10);

  const failures: string[] = [];
  const totals: number[] = [];
  let imports = 0;
  // Each loop runs until both imports have landed and it has asked a few
  // more times, however long the imports take; bounded all the same.
  const loop = async (id: number) => {
    for (let i = 0, after = 0; i < 5_000 && after < 10; i++) {
      if (imports === 2) after++;
      const path = i % 3 === 0 ? "/api/v1/clubs" : `/api/v1/clubs?limit=${1 + ((i + id) % 7)}`;
      const res = await get(app, path);
      const text = await res.text();
      if (res.status !== 200) {
        failures.push(`${res.status} ${text}`);
        continue;
      }
      const total = JSON.parse(text).total;
      if (Number(res.headers.get("x-total-clubs")) !== total) failures.push("header mismatch");
      totals.push(total);
      // Pace the loop so the imports land while it runs.
      await new Promise((r) => setTimeout(r, 2));
    }
  };
  const importer = async () => {
    for (const csv of [csv25, csv20]) {
      await new Promise((r) => setTimeout(r, 10));
      await importFile(csv, fx.path);
      imports++;
    }
  };
  await Promise.all([loop(0), loop(1), loop(2), loop(3), importer()]);

  assertEquals(failures, []);
  assertStrictEquals(imports, 2);
  assert(totals.length >= 40, String(totals.length));
  // Every answer came from a whole snapshot, never a mix.
  assert(totals.every((t) => t === 30 || t === 25 || t === 20), String(new Set(totals)));
  // The loops saw the old snapshot and then the new one, without a restart.
  assertStrictEquals(totals[0], 30);
  assert(totals.includes(20), String(new Set(totals)));
  await new Promise((r) => setTimeout(r, 10));
  const res = await get(app, "/api/v1/clubs");
  assertStrictEquals((await res.json()).total, 20);
  assertStrictEquals(res.headers.get("x-total-clubs"), "20");
});
