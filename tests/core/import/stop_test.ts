// Test tier: integration (a whole app or a built database; see tests/tiers.ts).
import { type ImportPhase, importSnapshot, openSource } from "../../../core/import/build/import.ts";
import { fixture, FIXTURE_CSV } from "../../_fixture.ts";
import { assertEquals, assertRejects } from "../../_assert.ts";

const PHASES: ImportPhase[] = ["read", "build", "check", "diff", "swap"];

/** The files beside the database other than it and its lock: what a stopped import left. */
function leftovers(dir: string): string[] {
  return [...Deno.readDirSync(dir)].map((e) => e.name)
    .filter((n) => n !== "clubs.db" && n !== "clubs.db.import-lock");
}

Deno.test("an import reports its phases in order", async () => {
  await using fx = await fixture();
  const phases: ImportPhase[] = [];
  await importSnapshot(openSource(FIXTURE_CSV), {
    dbPath: fx.path,
    onPhase: (p) => phases.push(p),
  });
  assertEquals(phases, PHASES);
});

for (const phase of PHASES) {
  Deno.test(`an import asked to stop as its ${phase} phase starts keeps the old database byte for byte and leaves no temporary file`, async () => {
    await using fx = await fixture();
    const before = await Deno.readFile(fx.path);
    const stop = new AbortController();
    await assertRejects(
      importSnapshot(openSource(FIXTURE_CSV), {
        dbPath: fx.path,
        signal: stop.signal,
        onPhase: (p) => {
          if (p === phase) stop.abort(new Error(`stopped at ${phase}`));
        },
      }),
      new RegExp(`stopped at ${phase}`),
    );
    assertEquals(await Deno.readFile(fx.path), before);
    assertEquals(leftovers(fx.dir), []);
  });
}
