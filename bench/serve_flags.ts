/**
 * The V8 flags `serve` runs with, read from the `serve` task of deno.json so
 * that every benchmark starts the server exactly as `deno task serve` does
 * (the deploy unit and the `compile` task are held to the same flags by
 * tests/deploy/deploy_test.ts).
 *
 * Why these flags: a 4 MB young generation keeps RSS near 100 MB at start
 * at the same throughput (the default grows to 16 MB per semi-space), and
 * `--heap-growing-percent=20` lets the old generation grow 1.2× its live
 * size before the next full collection instead of up to 4×, so RSS levels
 * off under distinct traffic (measured by `deno task soak`) for no CPU cost
 * that the bench can see.
 *
 * @example
 * ```ts
 * import { SERVE_V8_FLAGS } from "./serve_flags.ts";
 * const args = ["run", "-A", SERVE_V8_FLAGS, "main.ts", "serve"];
 * ```
 * @module
 */

/** Reads the `--v8-flags=…` argument of a deno.json task. */
export function taskV8Flags(config: { tasks: Record<string, string> }, task: string): string {
  const flags = config.tasks[task]?.split(/\s+/).find((a) => a.startsWith("--v8-flags="));
  if (!flags) throw new Error(`deno.json task "${task}" has no --v8-flags argument`);
  return flags;
}

/** The `--v8-flags=…` argument of `deno task serve`. */
export const SERVE_V8_FLAGS: string = taskV8Flags(
  JSON.parse(Deno.readTextFileSync(new URL("../deno.json", import.meta.url))),
  "serve",
);
