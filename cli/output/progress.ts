/**
 * A progress line for long imports, on stderr and only on a terminal, so
 * pipes and logs stay clean.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { progressReporter } from "./progress.ts";
 * const p = progressReporter(1_000_000);
 * assert.doesNotThrow(() => {
 *   p.update(5000, 250_000); // draws only on a terminal
 *   p.done();
 * });
 * ```
 * @module
 */

const encoder = new TextEncoder();

/** Returns update/done callbacks; both do nothing off a terminal. */
export function progressReporter(totalBytes: number | null): {
  update: (rows: number, bytes: number) => void;
  done: () => void;
} {
  const tty = Deno.stderr.isTerminal();
  const started = performance.now();
  let drawn = false;
  let last = 0;
  return {
    update(rows, bytes) {
      const now = performance.now();
      if (!tty || now - last < 100) return;
      last = now;
      const rate = Math.round(rows / ((now - started) / 1000));
      let bar = "";
      if (totalBytes && bytes) {
        // Compressed inputs report decompressed bytes; cap the bar at full.
        const frac = Math.min(1, bytes / totalBytes);
        const width = 30;
        bar = `[${"#".repeat(Math.round(frac * width)).padEnd(width, ".")}] `;
      }
      Deno.stderr.writeSync(
        encoder.encode(
          `\r${bar}${rows.toLocaleString("en-US")} rows, ${
            rate.toLocaleString("en-US")
          } rows/s\x1b[K`,
        ),
      );
      drawn = true;
    },
    done() {
      if (drawn) Deno.stderr.writeSync(encoder.encode("\r\x1b[K"));
      drawn = false;
    },
  };
}
