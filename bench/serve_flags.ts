/**
 * The V8 flags and the environment `serve` runs with, read from the `serve`
 * task of deno.json so that every benchmark starts the server exactly as
 * `deno task serve` does (the deploy unit is held to both, and the `compile`
 * task to the flags, by tests/deploy/deploy_test.ts).
 *
 * Why these flags: a 4 MB young generation keeps RSS near 100 MB at start
 * at the same throughput (the default grows to 16 MB per semi-space), and
 * `--heap-growing-percent=20` lets the old generation grow 1.2× its live
 * size before the next full collection instead of up to 4×, so RSS levels
 * off under distinct traffic (measured by `deno task soak`) for no CPU cost
 * that the bench can see. No flag trades CPU for memory: the club JSON is
 * held as bytes outside V8's heap (core/store/club_json.ts), which is where
 * the memory is saved.
 *
 * The task also sets `MALLOC_MMAP_THRESHOLD_=131072` for glibc's allocator:
 * blocks of 128 KiB or more (large request and response buffers) are then
 * always mapped on their own and returned to the system when freed. By
 * default glibc raises that threshold each time such a block is freed, after
 * which they land in the main heap, which does not shrink past a live block
 * (measured by the soak: the main heap peaked at 46 MB, 28 MB with it).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { SERVE_ENV, SERVE_V8_FLAGS } from "./serve_flags.ts";
 * const args = ["run", "-A", SERVE_V8_FLAGS, "main.ts", "serve"];
 * new Deno.Command(Deno.execPath(), { args, env: SERVE_ENV });
 * assert.ok(SERVE_V8_FLAGS.startsWith("--v8-flags="));
 * assert.equal(SERVE_ENV.MALLOC_MMAP_THRESHOLD_, "131072"); // as `deno task serve` sets it
 * ```
 * @module
 */

/** Reads the `--v8-flags=…` argument of a deno.json task. */
export function taskV8Flags(config: { tasks: Record<string, string> }, task: string): string {
  const flags = config.tasks[task]?.split(/\s+/).find((a) => a.startsWith("--v8-flags="));
  if (!flags) throw new Error(`deno.json task "${task}" has no --v8-flags argument`);
  return flags;
}

/** This project's deno.json, read once for both constants below. */
const CONFIG: { tasks: Record<string, string> } = JSON.parse(
  Deno.readTextFileSync(new URL("../deno.json", import.meta.url)),
);

/** The `--v8-flags=…` argument of `deno task serve`. */
export const SERVE_V8_FLAGS: string = taskV8Flags(CONFIG, "serve");

/**
 * The `--v8-flags=…` argument of `deno task import`: a 2 MB young
 * generation and a capped old generation keep its memory flat however large
 * the file (measured at 1,000,000 clubs with 16 KiB pages: 184–194 MB peak
 * RSS over four runs; 194–198 MB over three with 4 MB, which at 40,000 clubs
 * costs about 10% less CPU: too close to 200 MB to keep).
 */
export const IMPORT_V8_FLAGS: string = taskV8Flags(CONFIG, "import");

/**
 * The environment assignments (`NAME=value`) in front of a deno.json task's
 * command, as an object.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { taskEnv } from "./serve_flags.ts";
 * assert.deepStrictEqual(taskEnv({ tasks: { t: "A=1 B=x deno run main.ts" } }, "t"), { A: "1", B: "x" });
 * ```
 */
export function taskEnv(
  config: { tasks: Record<string, string> },
  task: string,
): Record<string, string> {
  const line = config.tasks[task];
  if (line === undefined) throw new Error(`deno.json has no task "${task}"`);
  const env: Record<string, string> = {};
  for (const word of line.trim().split(/\s+/)) {
    const m = /^([A-Za-z_][A-Za-z0-9_]*)=(\S*)$/.exec(word);
    if (!m) break;
    env[m[1]!] = m[2]!;
  }
  return env;
}

/** The environment `deno task serve` sets for `serve` (pass it to every child that stands in for it). */
export const SERVE_ENV: Record<string, string> = Object.freeze(taskEnv(CONFIG, "serve"));
