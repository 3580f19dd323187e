// Test tier: integration (sockets or child processes; see tests/tiers.ts).
import { toCsv } from "../../data/generate.ts";
import { runMain } from "../_run.ts";
import { assert, assertEquals, assertMatch } from "../_assert.ts";
import { twoSnapshots } from "../core/history/_two_imports.ts";

Deno.test("import states the snapshot it records in the history, in words and in --report json; --dry-run what it would", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const { first, second } = twoSnapshots(200);
    await Deno.writeTextFile(`${dir}/one.csv`, toCsv(first));
    await Deno.writeTextFile(`${dir}/two.csv`, toCsv(second));
    const db = `${dir}/c.db`;
    const one = await runMain([
      "import",
      `${dir}/one.csv`,
      "--db",
      db,
      "--snapshot-date",
      "2025-03-01",
    ]);
    assertEquals(one.code, 0, one.stderr);
    assertMatch(
      one.stderr,
      /History: snapshot 1 of 2025-03-01, no changes listed \(nothing to compare with\); 1 of at most 20 snapshots kept/,
    );
    const dry = await runMain([
      "import",
      `${dir}/two.csv`,
      "--db",
      db,
      "--dry-run",
      "--snapshot-date",
      "2025-03-03",
    ]);
    assertMatch(
      dry.stderr,
      /History if applied: snapshot 2 of 2025-03-03, 10 changes listed; 2 of at most 20/,
    );
    const two = await runMain([
      "import",
      `${dir}/two.csv`,
      "--db",
      db,
      "--report",
      "json",
      "--keep-snapshots",
      "1",
      "--history-bytes",
      "100000",
    ]);
    assertEquals(two.code, 0, two.stderr);
    const history = JSON.parse(two.stdout).history;
    assertEquals(
      [
        history.snapshot.id,
        history.snapshot.added,
        history.snapshot.removed,
        history.snapshot.changed,
      ],
      [2, 3, 2, 5],
    );
    assertEquals([history.recorded, history.kept, history.dropped], [10, 1, 1]);
    assertEquals([history.keep_snapshots, history.history_bytes], [1, 100000]);
    assert(history.bytes > 0 && history.bytes < 100000);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("import refuses a bad --keep-snapshots, --history-bytes or --snapshot-date, naming the flag (exit 2)", async () => {
  for (
    const [flag, value] of [
      ["--keep-snapshots", "0"],
      ["--keep-snapshots", "ten"],
      ["--history-bytes", "-1"],
      ["--snapshot-date", "2025-02-30"],
      ["--snapshot-date", "3 March"],
    ]
  ) {
    const r = await runMain(["import", "nothing.csv", flag!, value!]);
    assertEquals(r.code, 2, `${flag} ${value}`);
    assert(r.stderr.includes(flag!), r.stderr);
  }
});
