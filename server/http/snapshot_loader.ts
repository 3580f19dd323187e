/**
 * Loads a snapshot's club JSON in a worker thread, into shared memory, and
 * offers it to this isolate's next open of that snapshot
 * (core/store/club_json.ts, `offerClubJson`), which then adopts it instead
 * of reading it itself. Reading it is most of the time an open takes (about
 * 0.3–0.5 s for the bundled directory); done here, it keeps a new snapshot's
 * pick-up off the thread that answers requests (core/store/directory.ts,
 * `DirectoryOptions.background`).
 *
 * @example
 * ```ts ignore
 * import { preloadClubJson } from "./snapshot_loader.ts";
 * new Directory(db, { holdJson: true, background: { preload: preloadClubJson(log) } });
 * ```
 * @module
 */
import { offerClubJson, type SharedClubJson } from "../../core/store/mod.ts";

/** What the worker answers (./_snapshot_loader_worker.ts). */
export type LoaderReply = { ok: true; json: SharedClubJson | null } | {
  ok: false;
  message: string;
};

/** How long a load may take before the open reads the JSON itself (ms). */
const LOAD_TIMEOUT_MS = 60_000;

/**
 * The club JSON of the database at `path`, read in a worker into shared
 * memory; null when the file holds none to share. Rejects when the worker
 * cannot read it.
 *
 * @example
 * ```ts ignore
 * const shared = await loadClubJson("data/clubs.db");
 * ```
 */
export function loadClubJson(path: string): Promise<SharedClubJson | null> {
  const worker = new Worker(new URL("./_snapshot_loader_worker.ts", import.meta.url), {
    type: "module",
  });
  const { promise, resolve, reject } = Promise.withResolvers<SharedClubJson | null>();
  const timer = setTimeout(
    () => reject(new Error(`no answer in ${LOAD_TIMEOUT_MS / 1000} s`)),
    LOAD_TIMEOUT_MS,
  );
  worker.onmessage = (e: MessageEvent<LoaderReply>) =>
    e.data.ok ? resolve(e.data.json) : reject(new Error(e.data.message));
  worker.onerror = (e) => {
    e.preventDefault();
    reject(new Error(e.message));
  };
  worker.postMessage({ path });
  return promise.finally(() => {
    clearTimeout(timer);
    worker.terminate();
  });
}

/**
 * A `preload` for `DirectoryOptions.background`: loads the new snapshot's
 * club JSON in a worker and offers it. When that fails, the open reads the
 * JSON itself (as without a preload); the reason is logged.
 *
 * @example
 * ```ts ignore
 * const preload = preloadClubJson((line) => console.error(line));
 * await preload("data/clubs.db"); // the next ClubStore.open of it adopts the JSON
 * ```
 */
export function preloadClubJson(log: (line: string) => void): (path: string) => Promise<void> {
  return async (path) => {
    try {
      offerClubJson(await loadClubJson(path));
    } catch (e) {
      log(
        `warning: club JSON not loaded in the background (${(e as Error).message}); read on open`,
      );
    }
  };
}
