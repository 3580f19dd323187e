/**
 * Child processes of the cluster test: started with their output in a log
 * file, waited for with a deadline, stopped with SIGTERM then SIGKILL, and
 * all stopped on the way out whatever happened.
 *
 * @example
 * ```ts ignore
 * import { Procs } from "./procs.ts";
 * await using procs = new Procs(dir);
 * const redis = procs.start("redis", "redis-server", ["--port", "16379"]);
 * await waitForPort(16379, 5_000);
 * ```
 * @module
 */

/**
 * A started child and where its output goes.
 *
 * @example
 * ```ts ignore
 * const proc: Proc = await procs.start("nginx", "nginx", ["-p", dir]);
 * (await proc.status).code;
 * ```
 */
export interface Proc {
  name: string;
  child: Deno.ChildProcess;
  logPath: string;
  /** Resolves with the exit status. */
  status: Promise<Deno.CommandStatus>;
}

/**
 * A free TCP port on 127.0.0.1 (free when asked: bind it soon).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { freePort } from "./procs.ts";
 * assert.ok(freePort() > 0);
 * ```
 */
export function freePort(): number {
  const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (l.addr as Deno.NetAddr).port;
  l.close();
  return port;
}

/**
 * Resolves once something accepts on 127.0.0.1:`port`; throws after `ms`.
 *
 * @example
 * ```ts ignore
 * await waitForPort(16379, 5_000, "redis-server");
 * ```
 */
export async function waitForPort(port: number, ms: number, what = `port ${port}`): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    try {
      (await Deno.connect({ hostname: "127.0.0.1", port })).close();
      return;
    } catch {
      if (Date.now() > until) throw new Error(`${what} did not accept connections within ${ms} ms`);
      await new Promise((r) => setTimeout(r, 25));
    }
  }
}

/**
 * Every child of one run; disposing stops those still running.
 *
 * @example
 * ```ts ignore
 * await using procs = new Procs(dir);
 * const p = await procs.start("sleep", "sleep", ["60"]);
 * await procs.stop(p); // SIGTERM, then SIGKILL after 5 s
 * ```
 */
export class Procs implements AsyncDisposable {
  readonly #dir: string;
  readonly #running = new Set<Proc>();

  /** Logs go to `<dir>/<name>.log`. */
  constructor(dir: string) {
    this.#dir = dir;
  }

  /** Starts a child; its stdout and stderr are appended to its log file. */
  async start(
    name: string,
    cmd: string,
    args: string[],
    env?: Record<string, string>,
  ): Promise<Proc> {
    const logPath = `${this.#dir}/${name}.log`;
    const log = await Deno.open(logPath, { create: true, append: true });
    const child = new Deno.Command(cmd, {
      args,
      env,
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    // Written straight to the file (not through its writable stream, which
    // holds chunks until closed), so the log can be read while the child runs.
    let writing = Promise.resolve();
    const pump = async (stream: ReadableStream<Uint8Array>) => {
      for await (const chunk of stream) {
        writing = writing.then(async () => {
          for (let done = 0; done < chunk.length;) done += await log.write(chunk.subarray(done));
        });
        await writing;
      }
    };
    const pumped = Promise.allSettled([pump(child.stdout), pump(child.stderr)]).then(() =>
      log.close()
    );
    const proc: Proc = {
      name,
      child,
      logPath,
      status: child.status.then(async (s) => {
        await pumped;
        this.#running.delete(proc);
        return s;
      }),
    };
    this.#running.add(proc);
    return proc;
  }

  /** SIGTERM, then SIGKILL after `graceMs`; resolves when it has exited. */
  async stop(proc: Proc, graceMs = 5_000): Promise<Deno.CommandStatus> {
    try {
      proc.child.kill("SIGTERM");
    } catch {
      // Already gone.
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<null>((r) => timer = setTimeout(() => r(null), graceMs));
    const status = await Promise.race([proc.status, late]);
    clearTimeout(timer);
    if (status) return status;
    try {
      proc.child.kill("SIGKILL");
    } catch {
      // Gone meanwhile.
    }
    return await proc.status;
  }

  /** SIGKILL at once (the crash the test simulates). */
  async kill(proc: Proc): Promise<void> {
    proc.child.kill("SIGKILL");
    await proc.status;
  }

  /** The last lines of a child's log, for error messages. */
  async tail(proc: Proc, lines = 15): Promise<string> {
    try {
      return (await Deno.readTextFile(proc.logPath)).trimEnd().split("\n").slice(-lines).join(
        "\n",
      );
    } catch {
      return "";
    }
  }

  /** Stops every child still running. */
  async [Symbol.asyncDispose](): Promise<void> {
    await Promise.all([...this.#running].map((p) => this.stop(p, 3_000)));
  }
}
