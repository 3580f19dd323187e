/**
 * Entry of one worker isolate of `main.ts serve --workers N`. The main
 * isolate posts `start` with the settings and the rate limiter's
 * `SharedArrayBuffer`; the worker serves on the shared port (SO_REUSEPORT)
 * with its own database handle and the one shared limiter, and answers
 * `stop` by finishing its in-flight requests.
 *
 * Messages in: `{ type: "start", settings, table, index }`, `{ type: "stop" }`.
 * Messages out: `{ type: "listening", hostname, port, snapshot }`,
 * `{ type: "error", message }`, `{ type: "stopped" }`.
 *
 * @example
 * ```ts ignore
 * const worker = new Worker(new URL("./worker.ts", import.meta.url), { type: "module" });
 * worker.postMessage({ type: "start", settings, table: table.buffer, index: 1 });
 * ```
 * @module
 */
import { describeSnapshot, listen, type Listening, type ServeSettings } from "./listen.ts";
import { RateTable } from "./http/rate_table.ts";

/** A message the main isolate sends a worker. */
export type ToWorker =
  | { type: "start"; settings: ServeSettings; table: SharedArrayBuffer | null; index: number }
  | { type: "stop" };

/** A message a worker sends the main isolate. */
export type FromWorker =
  | { type: "listening"; hostname: string; port: number; snapshot: string }
  | { type: "error"; message: string }
  | { type: "stopped" };

// Typed locally: this module is checked with the main isolate's globals.
const scope = self as unknown as {
  onmessage: ((e: MessageEvent<ToWorker>) => void) | null;
  postMessage(message: FromWorker): void;
  close(): void;
};
const post = (message: FromWorker) => scope.postMessage(message);

let running: Listening | null = null;

scope.onmessage = async (e) => {
  const msg = e.data;
  if (msg.type === "start") {
    try {
      running = listen(msg.settings, {
        reusePort: true,
        table: msg.table ? new RateTable(msg.table) : undefined,
        logPrefix: `[w${msg.index}] `,
      });
      const addr = running.server.addr;
      post({
        type: "listening",
        hostname: addr.hostname,
        port: addr.port,
        snapshot: describeSnapshot(running.directory),
      });
    } catch (err) {
      post({ type: "error", message: (err as Error).message });
    }
  } else if (msg.type === "stop") {
    await running?.close();
    post({ type: "stopped" });
    scope.close();
  }
};
