// Test tier: integration (sockets or child processes; see tests/tiers.ts).
/**
 * A stop signal is honoured until the last rename: one that reaches the
 * import while its thread is blocked just before the rename (the final
 * fsync; here the test hook's pause, which blocks the same way) stops it,
 * and signals spread over a whole import either stop it (exit 143, the old
 * database byte for byte) or come after the rename (exit 0, the new one).
 */
import { fileURLToPath } from "node:url";
import { MAIN, runMain, spawn } from "../_run.ts";
import { assert, assertEquals } from "../_assert.ts";
import { killAfter, leftovers, sha256 } from "./_child.ts";
import { PAUSE_ENV } from "../../cli/import_signals.ts";

const BUNDLED = fileURLToPath(new URL("../../data/clubs.csv.gz", import.meta.url));
/** Clubs of the bundled snapshot imported: enough for every phase, few enough for many runs. */
const CLUBS = 4000;
const MARKER = `${PAUSE_ENV}: pausing before the rename`;

/** When a file's inode last changed (rename(2) sets it), in ms since the epoch, by GNU stat. */
async function changedAt(path: string): Promise<number> {
  const out = await new Deno.Command("stat", { args: ["-c", "%.9Z", path] }).output();
  assertEquals(out.code, 0, new TextDecoder().decode(out.stderr));
  return Number(new TextDecoder().decode(out.stdout).trim()) * 1000;
}

/**
 * Imports the bundled snapshot over `db` and sends SIGTERM `delayMs` after
 * the start, or, with `pauseMs`, `delayMs` after the import says it pauses
 * before the rename; returns when the signal was sent (ms since the epoch).
 */
async function signalled(snapshot: string, db: string, delayMs: number, pauseMs = 0) {
  const child = spawn(["run", "-A", MAIN, "import", snapshot, "--db", db, "--report", "json"], {
    env: pauseMs ? { [PAUSE_ENV]: String(pauseMs) } : {},
  });
  const timer = killAfter(child, 120_000);
  let stderr = "";
  let marked: () => void = () => {};
  const marker = new Promise<void>((r) => marked = r);
  const reading = (async () => {
    for await (const text of child.stderr.pipeThrough(new TextDecoderStream())) {
      stderr += text;
      if (stderr.includes(MARKER)) marked();
    }
  })();
  const stdout = new Response(child.stdout).text();
  if (pauseMs) await Promise.race([marker, child.status]);
  await new Promise((r) => setTimeout(r, delayMs));
  const sentAt = Date.now();
  try {
    child.kill("SIGTERM");
  } catch { /* it ended meanwhile: the exit code says so */ }
  const { code } = await child.status;
  await reading;
  clearTimeout(timer);
  return { code, stdout: await stdout, stderr, sentAt };
}

/** The first {@link CLUBS} clubs of the bundled snapshot, as CSV. */
async function smallSnapshot(path: string): Promise<void> {
  const text = await new Response(
    (await Deno.open(BUNDLED)).readable.pipeThrough(
      new DecompressionStream("gzip") as unknown as TransformStream<Uint8Array, Uint8Array>,
    ),
  ).text();
  let end = 0;
  for (let i = 0; i <= CLUBS; i++) end = text.indexOf("\n", end) + 1;
  await Deno.writeTextFile(path, text.slice(0, end));
}

/**
 * A database built from the small snapshot in a temp dir, and how long a
 * second import over it takes (every phase, the diff included).
 */
async function withDatabase(
  fn: (
    dir: string,
    snapshot: string,
    db: string,
    before: string,
    importMs: number,
  ) => Promise<void>,
) {
  const dir = await Deno.makeTempDir({ prefix: "clubdir-signal-rename-" });
  try {
    const db = `${dir}/c.db`;
    const snapshot = `${dir}/clubs.csv`;
    await smallSnapshot(snapshot);
    const first = await runMain(["import", snapshot, "--db", db]);
    assertEquals(first.code, 0, first.stderr);
    const started = performance.now();
    const again = await runMain(["import", snapshot, "--db", db]);
    assertEquals(again.code, 0, again.stderr);
    await fn(dir, snapshot, db, await sha256(db), performance.now() - started);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

function assertStopped(r: Awaited<ReturnType<typeof signalled>>, what: string): void {
  assertEquals(r.code, 143, `${what}: ${r.stderr.slice(-500)}`);
  const report = JSON.parse(r.stdout);
  assertEquals([report.ok, report.cancelled, report.signal], [false, true, "SIGTERM"], what);
}

Deno.test("a SIGTERM while the import is blocked just before its rename stops it: exit 143, the old database byte for byte, no temporary file", async () => {
  await withDatabase(async (dir, snapshot, db, before) => {
    for (const delayMs of [0, 50, 250]) {
      const what = `SIGTERM ${delayMs} ms into a 400 ms pause before the rename`;
      const r = await signalled(snapshot, db, delayMs, 400);
      assert(r.stderr.includes(MARKER), `${what}: the import never paused: ${r.stderr}`);
      assertStopped(r, what);
      assertEquals(await sha256(db), before, `${what}: the old database changed`);
      assertEquals(leftovers(dir), [], `${what}: temporary files left`);
    }
  });
});

Deno.test("SIGTERMs spread over a whole import, the end included: stopped with the old database, or exit 0 only when the rename came first", async () => {
  await withDatabase(async (dir, snapshot, db, before, importMs) => {
    let stopped = 0;
    let installed = 0;
    // The last delays fall after the end of an import as long as the one timed.
    for (const share of [0.3, 0.6, 0.8, 0.9, 0.95, 1, 1.05, 1.1, 1.2, 1.5]) {
      const delayMs = Math.round(importMs * share);
      const what = `SIGTERM ${delayMs} ms into an import (${share} of ${Math.round(importMs)} ms)`;
      const r = await signalled(snapshot, db, delayMs);
      assertEquals(leftovers(dir), [], `${what}: temporary files left`);
      if (r.code !== 0) {
        assertStopped(r, what);
        assertEquals(await sha256(db), before, `${what}: the old database changed`);
        stopped++;
        continue;
      }
      assertEquals(JSON.parse(r.stdout).ok, true, what);
      const renamedAt = await changedAt(db);
      assert(
        renamedAt <= r.sentAt + 2,
        `${what}: exit 0, but the rename came ${
          (renamedAt - r.sentAt).toFixed(1)
        } ms after the signal`,
      );
      before = await sha256(db);
      installed++;
    }
    assert(stopped > 0, "no run was stopped: the delays missed the import");
    console.log(`${stopped} stopped, ${installed} after the rename`);
  });
});
