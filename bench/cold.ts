/**
 * The cold-start figure of `deno task bench` on its own, for working on it:
 * the median wall time of a cold `main.ts query --type golf --state FL
 * --format json` against `deno run` of an empty script, the two interleaved
 * (so a slow moment of the machine weighs on both), after three warm-up runs
 * each (V8's code cache and the page cache filled, as in the bench). The
 * empty script lives outside the project, as the bench's does, so it pays
 * for no deno.json or lockfile. Medians and minimums are both printed: on a
 * busy machine the minimum is the steadier figure.
 *
 * @example
 * ```sh
 * deno run -A main.ts import data/clubs.csv.gz --db /tmp/cold/clubs.db
 * deno run -A bench/cold.ts --db /tmp/cold/clubs.db --runs 20
 * ```
 * @module
 */
import { parseArgs } from "node:util";

const ROOT = new URL("..", import.meta.url).pathname;

/** Wall milliseconds of one `deno` run. */
async function timed(args: string[]): Promise<number> {
  const started = performance.now();
  const out = await new Deno.Command(Deno.execPath(), {
    args,
    cwd: ROOT,
    stdin: "null",
    stdout: "null",
    stderr: "piped",
  }).output();
  const ms = performance.now() - started;
  if (out.code !== 0) {
    throw new Error(`deno ${args.join(" ")} failed:\n${new TextDecoder().decode(out.stderr)}`);
  }
  return ms;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

if (import.meta.main) {
  const { values: flags } = parseArgs({
    args: Deno.args,
    options: {
      db: { type: "string", default: "/tmp/cold/clubs.db" },
      runs: { type: "string", default: "20" },
    },
  });
  const runs = Number(flags.runs);
  const empty = await Deno.makeTempFile({ suffix: ".ts" });
  const query = ["run", "-A", "main.ts", "query", "--type", "golf", "--state", "FL"];
  query.push("--format", "json", "--db", flags.db);
  const q: number[] = [], e: number[] = [];
  for (let i = 0; i < runs + 3; i++) {
    const a = await timed(query);
    const b = await timed(["run", "-A", empty]);
    if (i < 3) continue; // warm-up
    q.push(a);
    e.push(b);
  }
  await Deno.remove(empty);
  const line = (what: string, f: (xs: number[]) => number) =>
    `${what}: query ${f(q).toFixed(1)} ms, empty ${f(e).toFixed(1)} ms = ${
      (f(q) / f(e)).toFixed(2)
    }×`;
  console.log(`${line("median", median)} (${runs} runs each, interleaved)`);
  console.log(line("minimum", (xs) => Math.min(...xs)));
}
