/**
 * One import at a time per database, and no leftovers from the ones that
 * died. The lock is an OS lock (`flock`) on `<db>.import-lock`, so the kernel
 * releases it when its holder exits in any way, SIGKILL included; the file
 * itself stays (deleting a lock file that someone may be waiting on would
 * let two imports hold "the" lock at once). Temporary databases are named
 * `<db>.importing-<pid>-<random>`, so those of processes that no longer run
 * can be told apart from those still being written.
 *
 * @example
 * ```ts ignore
 * import { lockImport, removeStaleTemps } from "./lock.ts";
 * const lock = await lockImport("data/clubs.db");
 * try {
 *   removeStaleTemps("data/clubs.db");
 * } finally {
 *   lock.release();
 * }
 * ```
 * @module
 */

/** Thrown when another import holds the lock and waiting was not asked for. */
export class ImportBusy extends Error {
  constructor(readonly dbPath: string, readonly pid: number | null) {
    super(
      `another import into ${dbPath} is in progress (pid ${pid ?? "unknown"})`,
    );
    this.name = "ImportBusy";
  }
}

/**
 * The lock file of a database.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { lockPathFor } from "./lock.ts";
 * assert.equal(lockPathFor("data/clubs.db"), "data/clubs.db.import-lock");
 * ```
 */
export function lockPathFor(dbPath: string): string {
  return `${dbPath}.import-lock`;
}

/**
 * A new temporary database path beside the target, naming this process.
 *
 * @example
 * ```ts ignore
 * import { tempPathFor } from "./lock.ts";
 * tempPathFor("data/clubs.db"); // "data/clubs.db.importing-4242-3141592653"
 * ```
 */
export function tempPathFor(dbPath: string): string {
  const rand = crypto.getRandomValues(new Uint32Array(1))[0];
  return `${dbPath}.importing-${Deno.pid}-${rand}`;
}

/** A held import lock. */
export interface ImportLock {
  /** Releases the lock; the file stays for the next import. */
  release(): void;
}

/** Options of {@link lockImport}. */
export interface LockOptions {
  /** Wait for the other import to finish instead of failing. */
  wait?: boolean;
  /** Called once, before waiting, with the holder's pid. */
  onWait?: (pid: number | null) => void;
}

function holderPid(path: string): number | null {
  try {
    const pid = Number.parseInt(Deno.readTextFileSync(path), 10);
    return Number.isSafeInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/**
 * Takes the import lock of `dbPath`. When another import holds it, throws
 * {@link ImportBusy} naming that import's pid, or with `wait` waits for it
 * (calling `onWait` first, so the caller can say so).
 *
 * @example
 * ```ts ignore
 * import { lockImport } from "./lock.ts";
 * const lock = await lockImport("/tmp/c.db", { wait: true, onWait: (pid) => console.error(pid) });
 * lock.release();
 * ```
 */
export async function lockImport(dbPath: string, options: LockOptions = {}): Promise<ImportLock> {
  const path = lockPathFor(dbPath);
  const file = Deno.openSync(path, { read: true, write: true, create: true });
  try {
    if (!file.tryLockSync(true)) {
      const pid = holderPid(path);
      if (!options.wait) throw new ImportBusy(dbPath, pid);
      options.onWait?.(pid);
      await file.lock(true);
    }
    // Written only while locked: a waiting import reads who it waits for.
    file.truncateSync(0);
    file.writeSync(new TextEncoder().encode(`${Deno.pid}\n`));
  } catch (e) {
    file.close();
    throw e;
  }
  let held = true;
  return {
    release() {
      if (!held) return;
      held = false;
      try {
        file.truncateSync(0);
      } finally {
        file.close(); // closing the last handle releases the flock
      }
    },
  };
}

/**
 * Whether a process with this pid exists. On Linux `/proc` tells without any
 * permission; elsewhere signal 0 probes without sending. When in doubt
 * (no permission to ask), it counts as running: its files stay.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { processAlive } from "./lock.ts";
 * assert.ok(processAlive(Deno.pid));
 * ```
 */
export function processAlive(pid: number): boolean {
  if (pid === Deno.pid) return true;
  if (Deno.build.os === "linux") {
    try {
      Deno.statSync(`/proc/${pid}`);
      return true;
    } catch (e) {
      if (e instanceof Deno.errors.NotFound) return false;
    }
  }
  // Elsewhere there is no cheap probe without node:process, whose loading
  // would cost `query` and `serve` start-up: count the process as alive, so
  // its files stay (never removing a live import's file matters more).
  return true;
}

/** The folder part of a path and its last part (`node:path` costs start-up time). */
function splitPath(path: string): [string, string] {
  const cut = path.lastIndexOf("/");
  if (cut < 0) return [".", path];
  return [cut === 0 ? "/" : path.slice(0, cut), path.slice(cut + 1)];
}

/**
 * Removes the temporary files that imports into `dbPath` left when they
 * were killed (their pid no longer runs). Files of running imports stay.
 * Returns what was removed.
 *
 * @example
 * ```ts ignore
 * import { removeStaleTemps } from "./lock.ts";
 * removeStaleTemps("data/clubs.db"); // { files: [], bytes: 0 }
 * ```
 */
export function removeStaleTemps(dbPath: string): { files: string[]; bytes: number } {
  const [dir, name] = splitPath(dbPath);
  const prefix = `${name}.importing-`;
  const removed = { files: [] as string[], bytes: 0 };
  let entries: Deno.DirEntry[];
  try {
    entries = [...Deno.readDirSync(dir)];
  } catch {
    return removed; // no directory yet: nothing left behind
  }
  for (const e of entries) {
    if (!e.isFile || !e.name.startsWith(prefix)) continue;
    const m = /^(\d+)-\d+(?:-journal|-wal|-shm)?$/.exec(e.name.slice(prefix.length));
    if (!m || processAlive(Number(m[1]))) continue;
    const path = `${dir}/${e.name}`;
    try {
      const size = Deno.statSync(path).size;
      Deno.removeSync(path);
      removed.files.push(path);
      removed.bytes += size;
    } catch { /* removed by another import meanwhile */ }
  }
  return removed;
}
