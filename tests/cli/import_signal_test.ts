// Test tier: integration (sockets or child processes; see tests/tiers.ts).
import { fileURLToPath } from "node:url";
import { MAIN, runMain, spawn } from "../_run.ts";
import { assert, assertEquals } from "../_assert.ts";
import { filePosition, hasProc, killAfter, leftovers, openFiles, sha256 } from "./_child.ts";

const BUNDLED = fileURLToPath(new URL("../../data/clubs.csv.gz", import.meta.url));

/**
 * A moment of a real import, told from outside by the files it holds open:
 * the parse worker reads the snapshot (the only handle on it that moves)
 * and closes it at its end, while the last rows are inserted and the build
 * starts; the diff opens the old database, and the swap follows its close.
 */
type Moment = "reading" | "read" | "diffing" | "diffed";

/** What the import holds open, as the moments see it. */
interface Seen {
  /** The snapshot is open and has been read from. */
  reading: boolean;
  /** The snapshot is open at all. */
  snapshot: boolean;
  old: boolean;
}

function seen(pid: number, db: string): Seen | null {
  const files = openFiles(pid);
  if (files === null) return null;
  const snapshot = files.filter((f) => f.path.endsWith("/clubs.csv.gz"));
  return {
    reading: snapshot.some((f) => filePosition(pid, f.fd) > 0),
    snapshot: snapshot.length > 0,
    old: files.some((f) => f.path === db),
  };
}

/**
 * Polls the import (every 2 ms, for at most 60 s) until `moment`; false if
 * it ended first.
 */
async function reach(pid: number, db: string, moment: Moment): Promise<boolean> {
  let reading = false;
  let diffing = false;
  const until = performance.now() + 60_000;
  while (performance.now() < until) {
    const s = seen(pid, db);
    if (s === null) return false;
    reading ||= s.reading;
    diffing ||= s.old;
    if (moment === "reading" && reading) return true;
    if (moment === "read" && reading && !s.snapshot) return true;
    if (moment === "diffing" && diffing) return true;
    if (moment === "diffed" && diffing && !s.old) return true;
    await new Promise((r) => setTimeout(r, 2));
  }
  return false;
}

/** Runs an import of the bundled snapshot over `db` and signals it at `moment` + `delayMs`. */
async function signalled(
  db: string,
  moment: Moment,
  delayMs: number,
  signal: Deno.Signal,
): Promise<{ reached: boolean; code: number; stdout: string; stderr: string }> {
  const child = spawn(["run", "-A", MAIN, "import", BUNDLED, "--db", db, "--report", "json"]);
  const timer = killAfter(child, 120_000);
  const output = child.output();
  const reached = await reach(child.pid, db, moment);
  if (reached) {
    if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
    try {
      child.kill(signal);
    } catch { /* it ended meanwhile: the exit code says so */ }
  }
  const out = await output;
  clearTimeout(timer);
  const text = new TextDecoder();
  return {
    reached,
    code: out.code,
    stdout: text.decode(out.stdout),
    stderr: text.decode(out.stderr),
  };
}

const CASES: [Moment, number, Deno.Signal, number][] = [
  ["reading", 300, "SIGINT", 130],
  ["read", 0, "SIGTERM", 143],
  ["read", 250, "SIGHUP", 129],
  ["diffing", 0, "SIGINT", 130],
  ["diffed", 0, "SIGTERM", 143],
];

Deno.test({
  name:
    "a SIGINT, SIGTERM or SIGHUP at any phase of a real import, late ones included, cancels it: exit 128+n, the old database byte for byte, no temporary file",
  ignore: !hasProc,
  async fn() {
    const dir = await Deno.makeTempDir({ prefix: "clubdir-signal-" });
    try {
      const db = `${dir}/c.db`;
      const first = await runMain(["import", BUNDLED, "--db", db]);
      assertEquals(first.code, 0, first.stderr);
      const before = await sha256(db);
      for (const [moment, delayMs, signal, code] of CASES) {
        const what = `${signal} at ${moment} + ${delayMs} ms`;
        // A moment passes in tens of milliseconds: one the poll misses is tried again.
        let r = await signalled(db, moment, delayMs, signal);
        for (let retry = 0; !r.reached && retry < 2; retry++) {
          r = await signalled(db, moment, delayMs, signal);
        }
        assert(r.reached, `${what}: the import never showed the moment`);
        assertEquals(r.code, code, `${what}: ${r.stderr.slice(-400)}`);
        const report = JSON.parse(r.stdout);
        assertEquals([report.ok, report.cancelled, report.signal], [false, true, signal], what);
        assert(r.stderr.includes(`import stopped by ${signal}; ${db} was not changed`), r.stderr);
        assertEquals(await sha256(db), before, `${what}: the old database changed`);
        assertEquals(leftovers(dir), [], `${what}: temporary files left`);
      }
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});
