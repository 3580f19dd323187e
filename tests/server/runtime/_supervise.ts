/**
 * Test entry: serves the database given as the first argument from two
 * workers of `_crash_worker.ts`, with a fast heartbeat, until a signal or a
 * failure; exits with the code of `serveUntilSignal` (cli/serve.ts). A
 * stuck worker cannot be stopped in-process, so this runs as its own process.
 *
 * @module
 */
import { DEFAULT_SETTINGS } from "../../../server/options.ts";
import { serveUntilSignal } from "../../../cli/serve.ts";

const code = await serveUntilSignal({
  settings: { ...DEFAULT_SETTINGS, db: Deno.args[0]!, port: 0, quiet: true, workers: 2 },
  supervisor: {
    workerUrl: new URL("./_crash_worker.ts", import.meta.url),
    heartbeatMs: 100,
    hangMs: 1_000,
  },
});
Deno.exit(code);
