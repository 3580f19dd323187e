/**
 * Entry of one worker isolate of `main.ts serve --workers N`. The main
 * isolate (`./_supervisor.ts`) posts `start` with the settings and the rate
 * limiter's `SharedArrayBuffer`; the worker adopts the club JSON the
 * supervisor holds in shared memory (one copy per process), then serves on
 * the shared port (SO_REUSEPORT) through the same path as a single isolate
 * (`./_isolate.ts`: its own database handle and stores, the one shared
 * limiter), answers `ping` with `pong` (the supervisor's heartbeat), and
 * answers `stop` by finishing its in-flight requests.
 *
 * Messages in: `{ type: "start", settings, table, index, json, limits, metrics }`, `{ type: "ping" }`,
 * `{ type: "stop" }`.
 * Messages out: `{ type: "listening", hostname, port, snapshot }`,
 * `{ type: "error", message }` (start-up failed), `{ type: "failed", message }`
 * (the server stopped by itself), `{ type: "pong" }`, `{ type: "stopped" }`.
 *
 * @example
 * ```ts ignore
 * const worker = new Worker(new URL("./worker.ts", import.meta.url), { type: "module" });
 * worker.postMessage({ type: "start", settings, table: table.buffer, index: 1 });
 * ```
 * @module
 */
import type { ServeSettings } from "../options.ts";
import { type IsolateOptions, type ServedIsolate, serveIsolate } from "./_isolate.ts";
import { RateTable } from "../http/rate_table.ts";
import { stderrLine } from "../middleware/access_log.ts";
import { offerClubJson, type SharedClubJson } from "../../core/store/mod.ts";

/**
 * A message the main isolate sends a worker.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { ToWorker } from "./worker.ts";
 * const ping: ToWorker = { type: "ping" };
 * assert.deepStrictEqual(structuredClone(ping), ping); // survives postMessage
 * ```
 */
export type ToWorker =
  | {
    type: "start";
    settings: ServeSettings;
    table: SharedArrayBuffer | null;
    index: number;
    /** The club JSON the supervisor holds in shared memory (core/store/club_json.ts), or null. */
    json: SharedClubJson | null;
    /** Timeouts (tests shorten them). */
    limits?: IsolateOptions["limits"];
    /** The process's shared metrics regions (`--metrics`), or null. */
    metrics: SharedArrayBuffer | null;
  }
  | { type: "ping" }
  | { type: "stop" };

/**
 * A message a worker sends the main isolate.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { FromWorker } from "./worker.ts";
 * const pong: FromWorker = { type: "pong" };
 * assert.deepStrictEqual(structuredClone(pong), pong); // survives postMessage
 * ```
 */
export type FromWorker =
  | { type: "listening"; hostname: string; port: number; snapshot: string }
  | { type: "error"; message: string }
  | { type: "failed"; message: string }
  | { type: "pong" }
  | { type: "stopped" };

// Typed locally: this module is checked with the main isolate's globals.
const scope = self as unknown as {
  onmessage: ((e: MessageEvent<ToWorker>) => void) | null;
  postMessage(message: FromWorker): void;
  close(): void;
};
const post = (message: FromWorker) => scope.postMessage(message);

/**
 * Answers the supervisor's messages in this worker isolate. Runs by itself
 * when this module is the worker's entry; a test's worker module calls it
 * with `configure` to mount extra routes.
 *
 * @example
 * ```ts ignore
 * import { serveInWorker } from "../../../server/runtime/worker.ts";
 * serveInWorker({ configure: (app) => app.get("/test/crash", () => { throw new Error("x"); }) });
 * ```
 */
export function serveInWorker(options: Pick<IsolateOptions, "configure"> = {}): void {
  let running: ServedIsolate | null = null;
  let stopping = false;

  /** Tells the supervisor this worker no longer serves, and ends it. */
  const fail = (message: string) => {
    post({ type: "failed", message });
    scope.close();
  };

  scope.onmessage = async (e) => {
    const msg = e.data;
    if (msg.type === "ping") {
      post({ type: "pong" });
    } else if (msg.type === "start") {
      try {
        // The snapshot's club JSON, held once for every worker of the process.
        offerClubJson(msg.json);
        running = await serveIsolate(msg.settings, {
          reusePort: true,
          table: msg.table ? new RateTable(msg.table) : undefined,
          worker: msg.index,
          log: stderrLine,
          configure: options.configure,
          limits: msg.limits,
          metrics: msg.metrics ? { buffer: msg.metrics, index: msg.index } : undefined,
        });
        const addr = running.addr;
        running.finished.then(() => {
          if (!stopping) fail("the server stopped");
        }, (err) => fail(String(err)));
        post({
          type: "listening",
          hostname: addr.hostname,
          port: addr.port,
          snapshot: running.snapshot(),
        });
      } catch (err) {
        post({ type: "error", message: (err as Error).message });
      }
    } else if (msg.type === "stop") {
      stopping = true;
      await running?.close();
      post({ type: "stopped" });
      scope.close();
    }
  };
}

if (import.meta.main) serveInWorker();
