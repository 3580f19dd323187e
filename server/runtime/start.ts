/**
 * Start-up in one place: {@link startServer} takes the settings derived from
 * `serve`'s option table (`server/options.ts`) and starts serving from this
 * isolate (`--workers 1`) or from N supervised worker isolates, with the
 * same guarantees either way:
 *
 * 1. the Deno is checked first (our accept loop needs its internal
 *    `serveHttpOnConnection`; N workers need SO_REUSEPORT), so a Deno that
 *    cannot serve fails before anything is opened;
 * 2. with N workers, the supervisor opens what the process shares: one
 *    rate-limit table and the snapshot's club JSON, in `SharedArrayBuffer`s;
 * 3. each serving isolate opens, in order, the live directory, the session
 *    store (the file, or the Redis copy), the rate store (the shared table,
 *    or Redis falling back to it), builds the app with its pre-request hook,
 *    and binds the port (`./_isolate.ts`); it closes them in reverse order.
 *
 * What it returns is a handle: the bound address, the start-up line's
 * description, a `failed` promise (serving gave up for good: exit 1) and
 * `stop()`. Signals are the caller's business (`cli/serve.ts`).
 *
 * @example
 * ```ts ignore
 * import { startServer } from "./start.ts";
 * const server = await startServer({ settings: { ...DEFAULT_SETTINGS, db: "data/clubs.db" } });
 * console.error(`Listening on ${server.url} (${server.snapshot})`);
 * await server.stop(); // stops accepting, finishes in-flight requests, closes the stores
 * ```
 * @module
 */
import type { Hono } from "hono";
import type { AppEnv } from "../http/env.ts";
import type { ServeSettings } from "../options.ts";
import { stderrLine } from "../middleware/access_log.ts";
import { checkPerConnectionServing, type ConnectionLimits } from "./connections.ts";
import { listenUrl, serveIsolate } from "./_isolate.ts";
import { type Running, superviseWorkers, type SupervisorOptions } from "./_supervisor.ts";

/**
 * What {@link startServer} is given.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { DEFAULT_SETTINGS } from "../options.ts";
 * import type { StartOptions } from "./start.ts";
 * const options: StartOptions = { settings: { ...DEFAULT_SETTINGS, db: "data/clubs.db", port: 0 } };
 * assert.equal(options.settings.hostname, DEFAULT_SETTINGS.hostname); // every setting but the two given is the default
 * ```
 */
export interface StartOptions {
  /** The settings `main.ts serve` resolved from its flags and variables. */
  settings: ServeSettings;
  /**
   * Where log lines go; default stderr. With N workers only the
   * supervisor's lines come here: each worker writes its own to stderr.
   */
  log?: (line: string) => void;
  /**
   * Mounts more routes on the app before it serves (tests). One isolate
   * only: workers mount theirs in their module ({@link SupervisorOptions.workerUrl}).
   */
  configure?: (app: Hono<AppEnv>) => void;
  /** Timeouts (tests shorten them); the connection cap comes from the settings. */
  limits?: Partial<Omit<ConnectionLimits, "maxConnections">>;
  /** How N workers are supervised (tests shorten the times, or add routes through their module). */
  supervisor?: SupervisorOptions;
}

/**
 * A running server. `await using` stops it at the end of the scope.
 *
 * @example
 * ```ts ignore
 * await using server = await startServer({ settings });
 * await fetch(`${server.url}api/v1/clubs`);
 * ```
 */
export interface Server extends AsyncDisposable {
  /** The bound address (the real port when 0 was asked for). */
  addr: Deno.NetAddr;
  /** The URL it is reached at, e.g. `http://127.0.0.1:8000/`. */
  url: string;
  /** The start-up line's description, e.g. `30 clubs, snapshot …, 2 workers`. */
  snapshot: string;
  /** Resolves with a reason when serving failed for good (the process should exit 1). */
  failed: Promise<string>;
  /** Stops accepting, lets in-flight requests finish, then closes the stores. */
  stop(): Promise<void>;
}

/**
 * Starts serving `options.settings` from one isolate or from
 * `settings.workers` supervised workers; resolves once every isolate
 * listens. Throws (having closed what it opened) on a Deno that cannot
 * serve, a port that cannot be bound, or a worker that cannot start.
 *
 * @example
 * ```ts ignore
 * import { startServer } from "./start.ts";
 * const server = await startServer({ settings: { ...settings, workers: 2 } });
 * const reason = await server.failed; // e.g. "worker 2 has not answered for 15 s (stuck)"
 * ```
 */
export async function startServer(options: StartOptions): Promise<Server> {
  const { settings } = options;
  const log = options.log ?? stderrLine;
  checkPerConnectionServing();
  let running: Running;
  if (settings.workers > 1) {
    if (options.configure) {
      throw new Error(
        "configure() mounts routes in one isolate: workers mount theirs in workerUrl",
      );
    }
    running = await superviseWorkers(settings, options.supervisor ?? {}, log, options.limits);
  } else {
    const served = await serveIsolate(settings, {
      log,
      configure: options.configure,
      limits: options.limits,
    });
    running = {
      addr: served.addr,
      snapshot: served.snapshot(),
      // Our accept loop does not stop by itself; should it ever, serving failed.
      failed: served.finished.then(
        () => new Promise<string>(() => {}),
        (e) => `the server stopped: ${(e as Error).message}`,
      ),
      stop: () => served.close(),
    };
  }
  return {
    ...running,
    url: listenUrl(running.addr),
    [Symbol.asyncDispose]: () => running.stop(),
  };
}
