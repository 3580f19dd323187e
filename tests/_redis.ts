/**
 * Test helper: a throwaway `redis-server` on a free loopback port, without
 * persistence, that a test can stop and start again on the same port (to
 * test a Redis outage and a restart). Tests skip, saying why, when
 * `redis-server` is not installed (`.ci/run` installs it).
 *
 * @module
 */
import { freePort, waitForPort } from "../bench/cluster/procs.ts";

/**
 * Why redis-server cannot run here, or null when it can.
 *
 * @example
 * ```ts ignore
 * const missing = await redisMissing();
 * Deno.test({ name: "…", ignore: missing !== null, fn: async () => {} });
 * ```
 */
export async function redisMissing(): Promise<string | null> {
  try {
    const out = await new Deno.Command("redis-server", { args: ["--version"], stdout: "null" })
      .output();
    return out.success ? null : "redis-server --version failed";
  } catch {
    return "redis-server is not installed (apt-get install -y redis-server)";
  }
}

/**
 * A running test Redis.
 *
 * @example
 * ```ts ignore
 * await using redis = await startRedis();
 * await redis.stop(); // an outage
 * await redis.start(); // back, empty
 * ```
 */
export interface TestRedis extends AsyncDisposable {
  port: number;
  /** `redis://127.0.0.1:<port>/0`. */
  url: string;
  /** Stops the server (SIGTERM) and waits for it to exit. */
  stop(): Promise<void>;
  /** Starts it again on the same port (empty: no persistence). */
  start(): Promise<void>;
  /** Freezes (SIGSTOP) or thaws (SIGCONT) the server: connected but silent. */
  freeze(frozen: boolean): void;
}

/**
 * Starts a redis-server for one test module.
 *
 * @example
 * ```ts ignore
 * await using redis = await startRedis();
 * const client = createClient({ url: redis.url });
 * ```
 */
export async function startRedis(): Promise<TestRedis> {
  const port = freePort();
  let child: Deno.ChildProcess | null = null;
  const redis: TestRedis = {
    port,
    url: `redis://127.0.0.1:${port}/0`,
    async start() {
      child = new Deno.Command("redis-server", {
        args: ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
        stdin: "null",
        stdout: "null",
        stderr: "null",
      }).spawn();
      await waitForPort(port, 5_000, "redis-server");
    },
    async stop() {
      if (!child) return;
      const c = child;
      child = null;
      c.kill("SIGTERM");
      await c.status;
    },
    freeze(frozen) {
      child?.kill(frozen ? "SIGSTOP" : "SIGCONT");
    },
    async [Symbol.asyncDispose]() {
      if (child) child.kill("SIGCONT");
      await redis.stop();
    },
  };
  await redis.start();
  return redis;
}
