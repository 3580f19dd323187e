/**
 * The stores several replicas share: sessions (`--sessions redis://…`) and
 * rate-limit counts (`--rate-limit-store redis://…`). They are opened before
 * an isolate serves (connecting takes a moment; the sessions are loaded
 * first, so a replica never serves with an empty copy while Redis is up;
 * a token the copy does not hold yet is looked up before the app reads it)
 * and closed after it stops. Every worker isolate of `--workers N` opens its
 * own connections to the same Redis, so all of them count and look up in
 * one place; while Redis is down they fall back to the process's shared
 * table. Without Redis settings nothing is opened here and `listen` uses
 * the SQLite session file and the in-process table.
 *
 * @example
 * ```ts ignore
 * import { listenShared } from "./shared_stores.ts";
 * const running = await listenShared({ ...settings, rateLimitStore: "redis://127.0.0.1:6379/0" });
 * await running.close(); // stops serving, then closes the Redis connections
 * ```
 * @module
 */
import { isRedisUrl } from "../core/redis/mod.ts";
import { openSessionLookup, type SessionLookup } from "../core/sessions/mod.ts";
import { openRateStore, type RateStore } from "./http/rate_store.ts";
import { lookingUpNewSessions } from "./http/sessions.ts";
import type { RateTable } from "./http/rate_table.ts";
import { listen, type Listening, type ListenOptions, type ServeSettings } from "./listen.ts";
import { stderrLine } from "./middleware/access_log.ts";

/**
 * The shared stores of one isolate; absent ones are the local defaults.
 *
 * @example
 * ```ts ignore
 * const stores = await openSharedStores(settings, { log: console.error });
 * await stores.close();
 * ```
 */
export interface SharedStores {
  /** The Redis sessions' local copy; undefined: the session file. */
  sessions?: SessionLookup;
  /** The Redis counter store; undefined: the in-process table. */
  rateStore?: RateStore;
  /** Closes the connections. */
  close(): Promise<void>;
}

/**
 * Opens the Redis stores the settings name.
 *
 * @example
 * ```ts ignore
 * const { sessions, rateStore } = await openSharedStores(settings, { table, log: console.error });
 * ```
 */
export async function openSharedStores(
  settings: Pick<ServeSettings, "sessions" | "rateLimit" | "rateLimitStore">,
  options: { table?: RateTable; log: (line: string) => void },
): Promise<SharedStores> {
  const sessions = settings.sessions !== null && isRedisUrl(settings.sessions)
    ? await openSessionLookup(settings.sessions, { log: options.log })
    : undefined;
  let rateStore: RateStore | undefined;
  try {
    rateStore = settings.rateLimit !== "off" && settings.rateLimitStore !== null
      ? await openRateStore(settings.rateLimitStore, { table: options.table, log: options.log })
      : undefined;
  } catch (e) {
    sessions?.close();
    throw e;
  }
  return {
    sessions,
    rateStore,
    async close() {
      sessions?.close();
      await rateStore?.close();
    },
  };
}

/**
 * {@link listen}, with the shared stores opened first and closed last.
 *
 * @example
 * ```ts ignore
 * const running = await listenShared(settings, { reusePort: true, table });
 * ```
 */
export async function listenShared(
  settings: ServeSettings,
  options: ListenOptions = {},
): Promise<Listening> {
  const sink = options.log ?? stderrLine;
  const prefix = options.logPrefix ?? "";
  const stores = await openSharedStores(settings, {
    table: options.table,
    log: (line) => sink(prefix + line),
  });
  let running: Listening;
  try {
    const sessions = stores.sessions;
    running = listen(settings, {
      ...options,
      sessions,
      rateStore: stores.rateStore,
      configure: (app) => {
        // A session created on another replica since the last poll counts on
        // the request that presents it: listen's handler calls app.fetch.
        if (sessions) app.fetch = lookingUpNewSessions(sessions, app.fetch);
        options.configure?.(app);
      },
    });
  } catch (e) {
    await stores.close();
    throw e;
  }
  return {
    ...running,
    async close() {
      await running.close();
      await stores.close();
    },
  };
}
