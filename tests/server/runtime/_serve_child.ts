/**
 * A `main.ts serve` child process over the shared fixture database, for
 * tests that need the real process: signals, several workers, its exit code.
 *
 * @example
 * ```ts ignore
 * import { serveChild } from "./_serve_child.ts";
 * const s = await serveChild(["--workers", "2"]);
 * await fetch(`http://127.0.0.1:${s.port}/api/v1/clubs`);
 * await s.stop(); // 0
 * ```
 * @module
 */
import { sharedFixture } from "../../_fixture.ts";
import { MAIN, spawn } from "../../_run.ts";

/** A running `serve`. */
export interface ServeChild {
  child: Deno.ChildProcess;
  port: number;
  /** Every stderr line so far (keeps filling while it runs). */
  lines: string[];
  /**
   * Sends `signal` (default SIGTERM; null: none, it was sent already),
   * resolves to the exit code; SIGKILL after `ms`.
   */
  stop(signal?: Deno.Signal | null, ms?: number): Promise<number>;
}

/** How {@link serveChild} starts `serve`, besides its arguments. */
export interface ServeChildOptions {
  /** Variables added to its environment. */
  env?: Record<string, string>;
  /** Keep the access log (no `--quiet`): its lines land in {@link ServeChild.lines}. */
  accessLog?: boolean;
}

/**
 * Starts `main.ts serve --port 0 --rate-limit off --quiet` with `args` on
 * the fixture database (`args` come last: a flag given again there wins);
 * resolves once it listens (at most 15 s).
 *
 * @example
 * ```ts ignore
 * const s = await serveChild([]);
 * ```
 */
export async function serveChild(
  args: string[],
  options: ServeChildOptions = {},
): Promise<ServeChild> {
  const fx = await sharedFixture();
  const child = spawn(
    [
      "run",
      "-A",
      MAIN,
      "serve",
      "--db",
      fx.path,
      "--port",
      "0",
      "--rate-limit",
      "off",
      ...(options.accessLog ? [] : ["--quiet"]),
      ...args,
    ],
    { stdout: "null", env: options.env },
  );
  const lines: string[] = [];
  const listening = Promise.withResolvers<number>();
  const drained = (async () => {
    let buffered = "";
    for await (const chunk of child.stderr.pipeThrough(new TextDecoderStream())) {
      buffered += chunk;
      const parts = buffered.split("\n");
      buffered = parts.pop()!;
      for (const line of parts) {
        lines.push(line);
        // In either log format (a JSON line carries the same text).
        const m = /Listening on http:\/\/[^/]+:(\d+)\//.exec(line);
        if (m) listening.resolve(Number(m[1]));
      }
    }
    listening.reject(new Error(`serve exited before listening:\n${lines.join("\n")}`));
  })();
  const timer = setTimeout(() => listening.reject(new Error("no Listening line in 15 s")), 15_000);
  let port: number;
  try {
    port = await listening.promise;
  } catch (e) {
    try {
      child.kill("SIGKILL");
    } catch { /* already gone */ }
    await Promise.all([child.status, drained]);
    throw e;
  } finally {
    clearTimeout(timer);
  }
  return {
    child,
    port,
    lines,
    async stop(signal: Deno.Signal | null = "SIGTERM", ms = 15_000) {
      try {
        if (signal) child.kill(signal);
      } catch { /* already gone */ }
      const killer = setTimeout(() => child.kill("SIGKILL"), ms);
      const status = await child.status;
      clearTimeout(killer);
      await drained;
      return status.code;
    },
  };
}
