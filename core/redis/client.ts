/**
 * How every Redis client of the service is set up: calls fail fast instead
 * of queueing while Redis is away (node-redis queues them by default and
 * replays them when it returns, which would hang requests meanwhile), the
 * client reconnects on its own with a capped back-off, and connection
 * changes are reported once each, not once per retry.
 *
 * Type-only imports: node-redis itself (about 0.5 s to load) is loaded by
 * the store modules that need it, and only when a `redis://` URL is given.
 *
 * @example
 * ```ts ignore
 * import { createClient } from "redis";
 * import { failFastOptions, watchConnection } from "./client.ts";
 * const client = createClient(failFastOptions("redis://127.0.0.1:6379", {}));
 * watchConnection(client, "rate-limit store", console.error);
 * ```
 * @module
 */
import { redactRedisUrl } from "./url.ts";

/** Longest pause between reconnection attempts (ms). */
const MAX_RECONNECT_MS = 500;

/** How long closing waits for pending replies before it drops the connection (ms). */
const CLOSE_WAIT_MS = 1_000;

/**
 * Options of {@link failFastOptions}.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { type FailFastSettings, failFastOptions } from "./client.ts";
 * const cli: FailFastSettings = { reconnect: false, connectTimeoutMs: 500 };
 * const options = failFastOptions("redis://127.0.0.1:6379", cli);
 * assert.equal(options.socket.reconnectStrategy, false); // one-shot: no reconnecting
 * assert.equal(options.socket.connectTimeout, 500);
 * ```
 */
export interface FailFastSettings {
  /** Reconnect after a lost connection (servers); false for one-shot commands (CLI). */
  reconnect?: boolean;
  /** Longest wait for a connection (ms; default 2000). */
  connectTimeoutMs?: number;
}

/**
 * `createClient` options for a client that never waits on an absent Redis.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { failFastOptions } from "./client.ts";
 * assert.deepStrictEqual(failFastOptions("redis://127.0.0.1:6379", {}).disableOfflineQueue, true);
 * ```
 */
export function failFastOptions(url: string, settings: FailFastSettings) {
  return {
    url: url.trim(),
    disableOfflineQueue: true,
    socket: {
      connectTimeout: settings.connectTimeoutMs ?? 2_000,
      reconnectStrategy: settings.reconnect === false
        ? false as const
        : (retries: number) => Math.min(50 * (retries + 1), MAX_RECONNECT_MS),
    },
  };
}

/**
 * Raised by {@link withTimeout} when Redis takes too long to answer.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { RedisTimeoutError } from "./client.ts";
 * assert.deepStrictEqual(new RedisTimeoutError(250).message, "no answer within 250 ms");
 * ```
 */
export class RedisTimeoutError extends Error {
  /** @param ms The time waited. */
  constructor(ms: number) {
    super(`no answer within ${ms} ms`);
    this.name = "RedisTimeoutError";
  }
}

/** Redis errors in this isolate: connection errors and replies that timed out (see {@link redisErrors}). */
let errors = 0;

/**
 * A command's reply, or a {@link RedisTimeoutError} after `ms`. node-redis's
 * own command timeout only covers the time before a command is written, not
 * the wait for its reply, so a Redis that stops answering (paused, swapping,
 * a network partition without resets) would hang the caller without this.
 *
 * @example
 * ```ts ignore
 * const value = await withTimeout(client.get("key"), 250);
 * ```
 */
export function withTimeout<T>(reply: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      errors++;
      reject(new RedisTimeoutError(ms));
    }, ms);
  });
  return Promise.race([reply, late]).finally(() => clearTimeout(timer));
}

/**
 * The part of a node-redis client that {@link watchConnection} and
 * {@link connectWithin} use.
 *
 * @example
 * ```ts ignore
 * import type { ConnectingClient } from "./client.ts";
 * const c: ConnectingClient = createClient(failFastOptions(url, {}));
 * ```
 */
export interface ConnectingClient {
  on(event: "error", listener: (error: Error) => void): unknown;
  on(event: "ready", listener: () => void): unknown;
  connect(): Promise<unknown>;
  readonly isReady: boolean;
  readonly isOpen: boolean;
  close(): Promise<void>;
  destroy(): void;
}

/**
 * Reports the connection going down and coming back, once per change (a
 * client retrying every 500 ms would otherwise log twice a second).
 * Without it node-redis would throw its `error` events.
 *
 * @example
 * ```ts ignore
 * watchConnection(client, "session store redis://cache:6379", console.error);
 * ```
 */
/**
 * Redis errors in this isolate so far: every `error` event of a watched
 * connection and every reply {@link withTimeout} gave up on (`serve
 * --metrics` reports it).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { redisErrors } from "./client.ts";
 * assert.equal(redisErrors(), 0); // in a process that never reached for Redis
 * ```
 */
export function redisErrors(): number {
  return errors;
}

export function watchConnection(
  client: ConnectingClient,
  what: string,
  log: (line: string) => void,
): void {
  let down = false;
  client.on("error", (error) => {
    errors++;
    if (down) return;
    down = true;
    log(`${what}: Redis unreachable (${error.message})`);
  });
  client.on("ready", () => {
    if (!down) return;
    down = false;
    log(`${what}: Redis reachable again`);
  });
}

/**
 * Starts connecting (retries go on in the background) and resolves true once
 * ready, or false after `waitMs` if Redis has not answered by then.
 *
 * @example
 * ```ts ignore
 * if (!await connectWithin(client, 2_000)) console.error("Redis not there yet; retrying");
 * ```
 */
export async function connectWithin(client: ConnectingClient, waitMs: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const connected = client.connect().then(() => true, () => false);
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), waitMs);
  });
  try {
    return await Promise.race([connected, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Connects a one-shot client (no reconnection); throws an error naming the
 * URL (password masked) when Redis cannot be reached.
 *
 * @example
 * ```ts ignore
 * await connectOnce(client, "redis://127.0.0.1:6379");
 * ```
 */
export async function connectOnce(client: ConnectingClient, url: string): Promise<void> {
  // A one-shot client reports the failure through connect() itself.
  client.on("error", () => {});
  try {
    await client.connect();
  } catch (e) {
    throw new Error(`Cannot reach Redis at ${redactRedisUrl(url)}: ${(e as Error).message}`, {
      cause: e,
    });
  }
}

/**
 * Closes a client: politely when connected (pending replies arrive first,
 * for at most a second), at once when not, so shutdown never waits on an
 * absent or silent Redis.
 *
 * @example
 * ```ts ignore
 * await closeClient(client);
 * ```
 */
export async function closeClient(client: ConnectingClient): Promise<void> {
  if (client.isReady) {
    try {
      await withTimeout(client.close(), CLOSE_WAIT_MS);
      return;
    } catch {
      // Fall through: drop the socket.
    }
  }
  if (client.isOpen) client.destroy();
}

/**
 * What a store that depends on Redis tells the readiness probe (`GET
 * /readyz`, server/routes/health.ts): whether Redis answers now, and what
 * the store serves meanwhile under the fail-open rules (docs/deploy.md).
 * Redis being down never makes a replica unready: the store says how it
 * carries on.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { RedisHealth } from "./client.ts";
 * const h: RedisHealth = { ok: false, detail: "Redis unreachable: counting limits per replica" };
 * assert.ok(h.ok || h.detail.startsWith("Redis unreachable")); // a failed health says why
 * ```
 */
export interface RedisHealth {
  /** The store works as configured: Redis answers and the store uses it. */
  ok: boolean;
  /** What the store serves now, in words; never a URL, host or password. */
  detail: string;
}
