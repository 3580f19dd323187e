/**
 * The supervisor of `--workers N` (N > 1): the main isolate only
 * supervises, and N worker isolates (`./worker.ts`) serve the same port
 * through SO_REUSEPORT, sharing one rate-limit table and the snapshot's held
 * club JSON in `SharedArrayBuffer`s (both opened here, before the first
 * worker starts). Each worker then opens its own stores through the same
 * path as a single isolate (`./_isolate.ts`).
 *
 * Supervision: a worker that dies (an uncaught error, or its server stopping
 * by itself) is restarted on the same port with the same shared table, after
 * 100 ms doubling to 5 s; more than {@link SupervisorOptions.maxRestarts}
 * deaths within a minute, or a worker that stops answering the heartbeat (a
 * stuck isolate: Deno cannot terminate a worker caught in a synchronous
 * loop), resolves `failed`, so the process exits 1 and a process manager
 * restarts it instead of it limping on or hanging.
 *
 * @example
 * ```ts ignore
 * import { superviseWorkers } from "./_supervisor.ts";
 * const running = await superviseWorkers({ ...settings, workers: 2 }, {}, console.error);
 * await running.stop();
 * ```
 * @module
 */
import type { ServeSettings } from "../options.ts";
import { RateTable } from "../http/rate_table.ts";
import type { FromWorker, ToWorker } from "./worker.ts";
import type { ConnectionLimits } from "./connections.ts";
import { ClubStore, type SharedClubJson } from "../../core/store/mod.ts";
import { eventLog } from "../middleware/log_format.ts";
import { SharedMetrics } from "../metrics/mod.ts";

/**
 * What serves, however many isolates serve.
 *
 * @example
 * ```ts ignore
 * const running: Running = await superviseWorkers(settings, {}, console.error);
 * ```
 */
export interface Running {
  /** The bound address (the real port when 0 was asked for). */
  addr: Deno.NetAddr;
  /** The start-up line's description, e.g. `30 clubs, snapshot …, 2 workers`. */
  snapshot: string;
  /** Resolves with a reason if serving failed for good (the process should exit 1). */
  failed: Promise<string>;
  /** Stops accepting and lets in-flight requests finish. */
  stop(): Promise<void>;
}

/**
 * Options of {@link superviseWorkers} (tests shorten the times).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { SupervisorOptions } from "./_supervisor.ts";
 * const fast: SupervisorOptions = { heartbeatMs: 100, hangMs: 1_000 };
 * assert.ok(fast.hangMs! >= 5 * fast.heartbeatMs!); // stuck only after several missed pings
 * ```
 */
export interface SupervisorOptions {
  /** The worker module; default `server/runtime/worker.ts` (tests add routes in their own). */
  workerUrl?: URL;
  /** How often each worker is pinged (ms); default 2,000. */
  heartbeatMs?: number;
  /** A worker silent for this long is stuck (ms); default 15,000. */
  hangMs?: number;
  /** Deaths of one worker within a minute that are restarted; default 5. */
  maxRestarts?: number;
}

const RESTART_WINDOW_MS = 60_000;
const FIRST_BACKOFF_MS = 100;
const MAX_BACKOFF_MS = 5_000;

/**
 * Fails early, with the fix, when SO_REUSEPORT is not enabled: Deno exits
 * the whole process (code 70) on an unstable API used without its flag, so
 * it cannot be tried and caught. `--unstable-net` is what also defines
 * `Deno.listenDatagram`, so its presence tells.
 *
 * @example
 * ```ts ignore
 * checkReusePort(); // throws, naming --unstable-net, when it is not enabled
 * ```
 */
export function checkReusePort(): void {
  if (!("listenDatagram" in Deno)) {
    throw new Error(
      `--workers needs SO_REUSEPORT, an unstable Deno API: run "deno run --unstable-net …" (or add "unstable": ["net"] to deno.json), or use --workers 1`,
    );
  }
}

type Listening = Extract<FromWorker, { type: "listening" }>;

/** One worker position: its current isolate and its history. */
interface Slot {
  index: number;
  worker: Worker | null;
  lastPong: number;
  /** Times of its recent deaths (ms). */
  deaths: number[];
  /** Stopped answering: it will not answer "stop" either. */
  stuck: boolean;
  stopped: PromiseWithResolvers<void> | null;
}

/**
 * Every club's JSON of the snapshot at `db`, loaded once into shared memory
 * for the workers (each adopts it instead of holding its own copy: 45 MB
 * for the bundled directory); null when it cannot be read now (each worker
 * then opens the file itself and reports why).
 */
function sharedClubJson(db: string): SharedClubJson | null {
  let store: ClubStore | null = null;
  try {
    store = ClubStore.open(db, { holdJson: true, shareJson: true });
    return store.sharedJson();
  } catch {
    return null;
  } finally {
    store?.close();
  }
}

/**
 * Starts `settings.workers` worker isolates on one port and supervises them.
 *
 * @example
 * ```ts ignore
 * import { superviseWorkers } from "./_supervisor.ts";
 * const running = await superviseWorkers({ ...settings, workers: 2 }, {}, console.error);
 * console.error(running.snapshot); // "30 clubs, snapshot …, 2 workers"
 * ```
 */
export async function superviseWorkers(
  settings: ServeSettings,
  options: SupervisorOptions,
  write: (line: string) => void,
  limits?: Partial<Omit<ConnectionLimits, "maxConnections">>,
): Promise<Running> {
  checkReusePort();
  const log = eventLog(settings.logFormat, write);
  // Region 0 is the supervisor's (worker restarts), region N worker N's.
  const metrics = settings.metrics ? SharedMetrics.create(settings.workers) : null;
  let restarts = 0;
  const publish = () => metrics?.write(0, { workerRestarts: { "": restarts } });
  publish();
  const workerUrl = options.workerUrl ?? new URL("./worker.ts", import.meta.url);
  const heartbeatMs = options.heartbeatMs ?? 2_000;
  const hangMs = options.hangMs ?? 15_000;
  const maxRestarts = options.maxRestarts ?? 5;
  const table = settings.rateLimit === "off" ? null : RateTable.create();
  const json = settings.holdJson ? sharedClubJson(settings.db) : null;
  const failed = Promise.withResolvers<string>();
  const slots: Slot[] = [];
  let port = settings.port;
  let closing = false;
  let gaveUp = false;
  const giveUp = (reason: string) => {
    gaveUp = true;
    failed.resolve(reason);
  };

  /** Starts the slot's isolate; resolves once it listens. */
  function start(slot: Slot): Promise<Listening> {
    const worker = new Worker(workerUrl, { type: "module" });
    slot.worker = worker;
    slot.lastPong = performance.now();
    const listening = Promise.withResolvers<Listening>();
    let up = false;
    worker.onmessage = (e: MessageEvent<FromWorker>) => {
      const m = e.data;
      if (m.type === "pong") slot.lastPong = performance.now();
      else if (m.type === "listening") {
        up = true;
        listening.resolve(m);
      } else if (m.type === "error") listening.reject(new Error(m.message));
      else if (m.type === "failed") died(slot, worker, m.message);
      else if (m.type === "stopped") slot.stopped?.resolve();
    };
    worker.onerror = (e) => {
      // Handled here: unhandled, a worker's error would end the main isolate.
      e.preventDefault();
      if (up) died(slot, worker, e.message);
      else listening.reject(new Error(e.message));
    };
    worker.postMessage(
      {
        type: "start",
        settings: { ...settings, port },
        table: table?.buffer ?? null,
        index: slot.index,
        json,
        limits,
        metrics: metrics?.buffer ?? null,
      } satisfies ToWorker,
    );
    return listening.promise;
  }

  function died(slot: Slot, worker: Worker, message: string): void {
    if (slot.worker !== worker || closing || gaveUp) return;
    worker.terminate();
    slot.worker = null;
    const now = performance.now();
    slot.deaths = [...slot.deaths.filter((t) => now - t < RESTART_WINDOW_MS), now];
    if (slot.deaths.length > maxRestarts) {
      giveUp(`worker ${slot.index} died ${slot.deaths.length} times in a minute: ${message}`);
      return;
    }
    const wait = Math.min(FIRST_BACKOFF_MS * 2 ** (slot.deaths.length - 1), MAX_BACKOFF_MS);
    log(`worker ${slot.index} died: ${message}; restarting it in ${wait} ms`);
    setTimeout(() => {
      if (closing || gaveUp) return;
      start(slot).then(
        () => {
          restarts++;
          publish();
          log(`worker ${slot.index} restarted`);
        },
        (e) => giveUp(`worker ${slot.index} could not be restarted: ${(e as Error).message}`),
      );
    }, wait);
  }

  for (let i = 1; i <= settings.workers; i++) {
    slots.push({ index: i, worker: null, lastPong: 0, deaths: [], stuck: false, stopped: null });
  }
  const terminateAll = () => {
    for (const s of slots) s.worker?.terminate();
  };
  let first: Listening;
  try {
    // The first worker binds (port 0 picks a free port); the rest join its port.
    first = await start(slots[0]!);
    port = first.port;
    await Promise.all(slots.slice(1).map(start));
  } catch (e) {
    terminateAll();
    throw e;
  }

  const heartbeat = setInterval(() => {
    const now = performance.now();
    for (const slot of slots) {
      if (!slot.worker) continue;
      if (now - slot.lastPong > hangMs) {
        slot.stuck = true;
        giveUp(
          `worker ${slot.index} has not answered for ${
            Math.round((now - slot.lastPong) / 1000)
          } s (stuck)`,
        );
        return;
      }
      slot.worker.postMessage({ type: "ping" } satisfies ToWorker);
    }
  }, heartbeatMs);
  failed.promise.then(() => clearInterval(heartbeat));

  return {
    addr: { transport: "tcp", hostname: first.hostname, port: first.port },
    snapshot: `${first.snapshot}, ${settings.workers} workers`,
    failed: failed.promise,
    async stop() {
      closing = true;
      clearInterval(heartbeat);
      await Promise.all(slots.map((slot) => {
        if (!slot.worker || slot.stuck) return;
        slot.stopped = Promise.withResolvers<void>();
        slot.worker.postMessage({ type: "stop" } satisfies ToWorker);
        return slot.stopped.promise;
      }));
      terminateAll();
    },
  };
}
