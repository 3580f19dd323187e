/**
 * The signals that stop `main.ts import` (SIGINT, SIGTERM, SIGHUP), heard
 * twice. This thread's listeners abort the import between and within its
 * phases, but they run only when its event loop turns, and a blocking step
 * (the final fsync, tens of milliseconds) holds that up: a signal sent then
 * was heard only after the rename. So a small worker listens too and sets a
 * shared flag the moment a signal comes; the import reads it synchronously
 * immediately before the rename ({@link StopWatch.beforeRename}).
 *
 * @example
 * ```ts ignore
 * import { watchStopSignals } from "./import_signals.ts";
 * const watch = watchStopSignals((signal) => abort.abort(signal));
 * try {
 *   await importSnapshot(source, { dbPath, stopRequested: watch.beforeRename });
 * } finally {
 *   watch.close();
 * }
 * ```
 * @module
 */

/** The signals that stop an import cleanly, with their numbers (exit code 128 + n). */
export const SIGNAL_NUMBERS = { SIGHUP: 1, SIGINT: 2, SIGTERM: 15 } as const;

/** One of {@link SIGNAL_NUMBERS}. */
export type StopSignal = keyof typeof SIGNAL_NUMBERS;

const SIGNALS = Object.keys(SIGNAL_NUMBERS) as StopSignal[];

/**
 * A test hook, not a setting: the milliseconds to hold the import just
 * before its last check and rename, after saying so on stderr, so that a
 * test can signal it there.
 */
export const PAUSE_ENV = "CLUBDIR_TEST_PAUSE_BEFORE_RENAME_MS";

/** The worker: each stop signal sets the shared flag to its index + 1 (the first one wins). */
const WORKER_CODE = `self.onmessage = (e) => {
  const { flag, signals } = e.data;
  signals.forEach((signal, i) => {
    try {
      Deno.addSignalListener(signal, () => Atomics.compareExchange(flag, 0, 0, i + 1));
    } catch { /* not a signal on this OS */ }
  });
  self.postMessage("ready");
};`;

/** Stop signals being listened for. */
export interface StopWatch {
  /** The first stop signal the process received, as the worker saw it (null: none). */
  received(): StopSignal | null;
  /**
   * Called by the import immediately before its rename: true when a stop
   * signal came (the import then stops and the old database stays).
   */
  beforeRename(): boolean;
  /** Stops listening. */
  close(): void;
}

function pauseForTest(): void {
  let ms = 0;
  try {
    ms = Number(Deno.env.get(PAUSE_ENV) ?? 0);
  } catch { /* no access to the environment: no hook */ }
  if (!(ms > 0)) return;
  Deno.stderr.writeSync(new TextEncoder().encode(`${PAUSE_ENV}: pausing before the rename\n`));
  // Blocks this thread as an fsync does: signals reach only the worker meanwhile.
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Calls `stop` on SIGINT, SIGTERM or SIGHUP instead of dying, so the import
 * removes its temporary file, and flags the signal for
 * {@link StopWatch.beforeRename} from another thread.
 */
export function watchStopSignals(stop: (signal: StopSignal) => void): StopWatch {
  const flag = new Int32Array(new SharedArrayBuffer(4));
  const listeners: [StopSignal, () => void][] = [];
  for (const signal of SIGNALS) {
    const listener = () => {
      Atomics.compareExchange(flag, 0, 0, SIGNALS.indexOf(signal) + 1);
      stop(signal);
    };
    try {
      Deno.addSignalListener(signal, listener);
      listeners.push([signal, listener]);
    } catch { /* not a signal on this OS (Windows has SIGINT only) */ }
  }
  let worker: Worker | null = null;
  try {
    const url = URL.createObjectURL(new Blob([WORKER_CODE], { type: "text/javascript" }));
    worker = new Worker(url, { type: "module" });
    // A worker that cannot start must not take the import down with it.
    worker.onerror = (e) => e.preventDefault();
    URL.revokeObjectURL(url);
    worker.postMessage({ flag, signals: SIGNALS });
  } catch { /* no worker: this thread's listeners set the flag alone */ }
  const received = () => SIGNALS[Atomics.load(flag, 0) - 1] ?? null;
  return {
    received,
    beforeRename() {
      pauseForTest();
      return received() !== null;
    },
    close() {
      worker?.terminate();
      for (const [signal, listener] of listeners) Deno.removeSignalListener(signal, listener);
    },
  };
}
