/**
 * `main.ts serve`: the REST API (and whatever else the app mounts) over
 * HTTP. Every flag can also come from a `CLUBDIR_*` environment variable;
 * a flag beats its variable. SIGINT and SIGTERM stop accepting, let
 * in-flight requests finish, and exit 0.
 *
 * With `--workers N` (N > 1) the main isolate only supervises: N worker
 * isolates serve the same port through SO_REUSEPORT and share one
 * rate-limit table in a `SharedArrayBuffer`, so a client's limit holds
 * across workers. SO_REUSEPORT is an unstable Deno API (`--unstable-net`).
 *
 * @example
 * ```sh
 * deno run -A main.ts serve --port 8080 --base-url https://clubs.example
 * ```
 * @module
 */
import { type Command, parseFlags, UsageError, usageMessage } from "./args.ts";
import { commandInfo } from "./commands.ts";
import { ensureDatabase } from "../core/import/mod.ts";
import { defaultDbPath } from "../core/store/mod.ts";
import {
  ADVERTISED_RATE_LIMIT as RATE,
  DEFAULT_NAME,
  DEFAULT_SUPPORT_EMAIL,
  parseAllowedHosts,
  parseBaseUrl,
  type Parsed,
  parseEmail,
  parseName,
  parseRateLimit,
} from "../server/config.ts";
import {
  DEFAULT_SETTINGS,
  describeSnapshot,
  listen,
  listenUrl,
  type ServeSettings,
} from "../server/listen.ts";
import { stderrLine } from "../server/middleware/access_log.ts";
import { RateTable } from "../server/http/rate_table.ts";
import type { FromWorker, ToWorker } from "../server/worker.ts";

const USAGE = `Usage: main.ts serve [options]

Serves the directory over HTTP: GET /api/v1/clubs, /problems and the rest
of the app. Logs one line per request to stderr. Stops cleanly on Ctrl-C
or SIGTERM (in-flight requests finish). An import into the same database
is picked up without a restart.

Options (each also read from the environment variable shown):
  --db PATH             database (CLUBDIR_DB; default data/clubs.db, built
                        from the bundled snapshot when missing)
  --port N              port, 0 for any free one (CLUBDIR_PORT; default 8000)
  --hostname HOST       address to bind (CLUBDIR_HOSTNAME; default 127.0.0.1;
                        0.0.0.0 for every interface)
  --base-url URL        public address used in links and problem types
                        (CLUBDIR_BASE_URL; default: the request's own origin)
  --rate-limit N/S|off  requests per client per S seconds, or off
                        (CLUBDIR_RATE_LIMIT; default ${RATE.limit}/${RATE.windowSeconds})
  --name NAME           display name sent as X-Data-Source (CLUBDIR_NAME;
                        default "${DEFAULT_NAME}")
  --trust-proxy         count clients by the left-most X-Forwarded-For; only
                        behind a proxy that sets it (CLUBDIR_TRUST_PROXY=1)
  --quiet               no access log (CLUBDIR_QUIET=1)
  --workers N           worker isolates sharing the port and the rate limit
                        (CLUBDIR_WORKERS; default 1; N > 1 needs Linux and
                        --unstable-net, which the project's deno.json enables)
  --support-email ADDR  contact named in error hints (CLUBDIR_SUPPORT_EMAIL;
                        default ${DEFAULT_SUPPORT_EMAIL})
  --sessions PATH       session store (CLUBDIR_SESSIONS; default beside the
                        database: data/clubs.db -> data/clubs.sessions.db)
  --allowed-hosts LIST  Host values the MCP endpoint answers, comma-separated
                        host[:port], or off (CLUBDIR_ALLOWED_HOSTS; default the
                        bound address, localhost forms and the --base-url host)
  -h, --help            show this help

Examples:
  main.ts serve
  main.ts serve --db data/clubs.db --port 8080 --base-url https://clubs.example
  CLUBDIR_RATE_LIMIT=off main.ts serve --quiet
  main.ts serve --hostname 0.0.0.0 --workers 2 --trust-proxy
  curl -i 'http://127.0.0.1:8000/api/v1/clubs?type=golf&state=FL&limit=5'`;

const FLAGS = {
  db: { type: "string" },
  port: { type: "string" },
  hostname: { type: "string" },
  "base-url": { type: "string" },
  "rate-limit": { type: "string" },
  name: { type: "string" },
  "trust-proxy": { type: "boolean" },
  quiet: { type: "boolean" },
  workers: { type: "string" },
  "support-email": { type: "string" },
  sessions: { type: "string" },
  "allowed-hosts": { type: "string" },
} as const;

type Flag = keyof typeof FLAGS;

/** Environment variable of each flag. */
export const SERVE_ENV: Readonly<Record<Flag, string>> = {
  db: "CLUBDIR_DB",
  port: "CLUBDIR_PORT",
  hostname: "CLUBDIR_HOSTNAME",
  "base-url": "CLUBDIR_BASE_URL",
  "rate-limit": "CLUBDIR_RATE_LIMIT",
  name: "CLUBDIR_NAME",
  "trust-proxy": "CLUBDIR_TRUST_PROXY",
  quiet: "CLUBDIR_QUIET",
  workers: "CLUBDIR_WORKERS",
  "support-email": "CLUBDIR_SUPPORT_EMAIL",
  sessions: "CLUBDIR_SESSIONS",
  "allowed-hosts": "CLUBDIR_ALLOWED_HOSTS",
};

const MAX_WORKERS = 256;

/** Resolved `serve` settings, and whether the database path was chosen explicitly. */
export interface ResolvedServe {
  settings: ServeSettings;
  /** False without --db: the default path is then built if missing. */
  explicitDb: boolean;
}

/**
 * Resolves flags and environment into settings; throws {@link UsageError}
 * naming the flag (or variable) whose value is wrong. Returns "help" for
 * `--help`.
 *
 * @example
 * ```ts
 * import { resolveServe } from "./serve.ts";
 * const r = resolveServe(["--port", "0", "--rate-limit", "off"], () => undefined);
 * if (r !== "help") r.settings.port; // 0
 * ```
 */
export function resolveServe(
  args: string[],
  env: (name: string) => string | undefined,
): ResolvedServe | "help" {
  const { values } = parseFlags(args, FLAGS);
  if (values.help) return "help";

  /** The flag's value, else its variable's; with the name to blame. */
  function text(flag: Flag): { value: string; source: string } | null {
    const v = values[flag];
    if (typeof v === "string") return { value: v, source: `--${flag}` };
    const e = env(SERVE_ENV[flag]);
    return e === undefined || e === "" ? null : { value: e, source: SERVE_ENV[flag] };
  }
  function check<T>(flag: Flag, parse: (raw: string) => Parsed<T>, fallback: T): T {
    const t = text(flag);
    if (t === null) return fallback;
    const r = parse(t.value);
    if (!r.ok) throw new UsageError(`${t.source} ${r.reason}`);
    return r.value;
  }
  function bool(flag: Flag): boolean {
    if (values[flag] === true) return true;
    const e = env(SERVE_ENV[flag]);
    if (e === undefined || e === "") return false;
    const t = e.trim().toLowerCase();
    if (["1", "true", "yes", "on"].includes(t)) return true;
    if (["0", "false", "no", "off"].includes(t)) return false;
    throw new UsageError(`${SERVE_ENV[flag]} must be 1 or 0 (true/false, yes/no), got "${e}"`);
  }
  const whole = (min: number, max: number) => (raw: string): Parsed<number> => {
    const t = raw.trim();
    const n = Number(t);
    return /^\d{1,6}$/.test(t) && n >= min && n <= max
      ? { ok: true, value: n }
      : { ok: false, reason: `must be a whole number from ${min} to ${max}, got "${raw}"` };
  };
  const host = (raw: string): Parsed<string> => {
    const t = raw.trim();
    return /^[\w.:\-\[\]%]{1,253}$/.test(t) ? { ok: true, value: t.replace(/^\[(.*)\]$/, "$1") } : {
      ok: false,
      reason: `must be a host name or IP address, got "${raw}"`,
    };
  };
  const path = (raw: string): Parsed<string> => ({ ok: true, value: raw });

  // Like `query`: only an explicit --db is served as is; the default path
  // ($CLUBDIR_DB or data/clubs.db) is built from the bundled snapshot if missing.
  const explicitDb = typeof values.db === "string";
  return {
    explicitDb,
    settings: {
      db: explicitDb ? check("db", path, "") : env("CLUBDIR_DB") || defaultDbPath(),
      port: check("port", whole(0, 65_535), DEFAULT_SETTINGS.port),
      hostname: check("hostname", host, DEFAULT_SETTINGS.hostname),
      baseUrl: check<string | null>("base-url", parseBaseUrl, null),
      rateLimit: check("rate-limit", parseRateLimit, DEFAULT_SETTINGS.rateLimit),
      name: check("name", parseName, DEFAULT_NAME),
      trustProxy: bool("trust-proxy"),
      quiet: bool("quiet"),
      workers: check("workers", whole(1, MAX_WORKERS), 1),
      supportEmail: check("support-email", parseEmail, DEFAULT_SUPPORT_EMAIL),
      sessions: check<string | null>("sessions", path, null),
      allowedHosts: check<string[] | "off" | null>("allowed-hosts", parseAllowedHosts, null),
    },
  };
}

/** What `serve` runs, however many isolates serve. */
interface Running {
  addr: Deno.NetAddr;
  snapshot: string;
  /** Resolves with a reason if serving failed (a worker died). */
  failed: Promise<string>;
  close(): Promise<void>;
}

/** How long in-flight requests get to finish after a signal (ms). */
const GRACE_MS = 10_000;

function serveHere(settings: ServeSettings): Running {
  const running = listen(settings);
  return {
    addr: running.server.addr,
    snapshot: describeSnapshot(running.directory),
    failed: new Promise(() => {}),
    close: () => running.close(),
  };
}

/**
 * Fails early, with the fix, when SO_REUSEPORT is not enabled: Deno exits
 * the whole process (code 70) on an unstable API used without its flag, so
 * it cannot be tried and caught. `--unstable-net` is what also defines
 * `Deno.listenDatagram`, so its presence tells.
 */
function checkReusePort(): void {
  if (!("listenDatagram" in Deno)) {
    throw new Error(
      `--workers needs SO_REUSEPORT, an unstable Deno API: run "deno run --unstable-net …" (or add "unstable": ["net"] to deno.json), or use --workers 1`,
    );
  }
}

/** The next message of a worker that `accept` takes (an error message rejects). */
function nextMessage<T extends FromWorker>(
  worker: Worker,
  accept: (m: FromWorker) => m is T,
): Promise<T> {
  return new Promise((resolve, reject) => {
    worker.onmessage = (e: MessageEvent<FromWorker>) => {
      if (accept(e.data)) resolve(e.data);
      else if (e.data.type === "error") reject(new Error(e.data.message));
    };
    worker.onerror = (e) => {
      e.preventDefault();
      reject(new Error(e.message));
    };
  });
}

const isListening = (m: FromWorker): m is Extract<FromWorker, { type: "listening" }> =>
  m.type === "listening";
const isStopped = (m: FromWorker): m is Extract<FromWorker, { type: "stopped" }> =>
  m.type === "stopped";

async function serveWorkers(settings: ServeSettings): Promise<Running> {
  checkReusePort();
  const table = settings.rateLimit === "off" ? null : RateTable.create();
  const workers: Worker[] = [];
  const start = (index: number, port: number) => {
    const worker = new Worker(new URL("../server/worker.ts", import.meta.url), {
      type: "module",
    });
    workers.push(worker);
    const listening = nextMessage(worker, isListening);
    const msg: ToWorker = {
      type: "start",
      settings: { ...settings, port },
      table: table?.buffer ?? null,
      index,
    };
    worker.postMessage(msg);
    return listening;
  };
  try {
    // The first worker binds (port 0 picks a free port); the rest join its port.
    const first = await start(1, settings.port);
    const rest = [];
    for (let i = 2; i <= settings.workers; i++) rest.push(start(i, first.port));
    await Promise.all(rest);
    // From now on a worker dying is fatal: a supervisor restarts the whole
    // server instead of it limping on with fewer workers.
    const failed = Promise.withResolvers<string>();
    workers.forEach((w, i) => {
      w.onerror = (e) => {
        e.preventDefault();
        failed.resolve(`worker ${i + 1} failed: ${e.message}`);
      };
    });
    return {
      addr: { transport: "tcp", hostname: first.hostname, port: first.port },
      snapshot: `${first.snapshot}, ${settings.workers} workers`,
      failed: failed.promise,
      async close() {
        await Promise.allSettled(workers.map((w) => {
          const stopped = nextMessage(w, isStopped);
          w.postMessage({ type: "stop" } satisfies ToWorker);
          return stopped;
        }));
        for (const w of workers) w.terminate();
      },
    };
  } catch (e) {
    for (const w of workers) w.terminate();
    throw e;
  }
}

/** Resolves on the first SIGINT or SIGTERM, with its name. */
function nextSignal(): Promise<Deno.Signal> {
  return new Promise((resolve) => {
    const signals: Deno.Signal[] = ["SIGINT", "SIGTERM"];
    const handlers = signals.map((signal) => {
      const handler = () => {
        handlers.forEach(([s, h]) => Deno.removeSignalListener(s, h));
        resolve(signal);
      };
      Deno.addSignalListener(signal, handler);
      return [signal, handler] as const;
    });
  });
}

/** The `serve` command. */
export const serveCommand: Command = {
  ...commandInfo("serve"),
  usage: USAGE,
  async run(args) {
    let resolved: ResolvedServe | "help";
    try {
      resolved = resolveServe(args, (name) => Deno.env.get(name));
    } catch (e) {
      if (!(e instanceof UsageError)) throw e;
      console.error(`error: ${await usageMessage(e)} (see "main.ts serve --help")`);
      return 2;
    }
    if (resolved === "help") {
      console.log(USAGE);
      return 0;
    }
    const { settings, explicitDb } = resolved;
    if (!explicitDb) await ensureDatabase(settings.db, stderrLine);

    // Listen for signals first: one that arrives during start-up still stops cleanly.
    const stop = nextSignal();
    const running = settings.workers > 1 ? await serveWorkers(settings) : serveHere(settings);
    stderrLine(`Listening on ${listenUrl(running.addr)} (${running.snapshot})`);
    const why = await Promise.race([stop, running.failed.then((reason) => ({ reason }))]);
    if (typeof why !== "string") {
      stderrLine(`error: ${why.reason}; stopping`);
      await running.close();
      return 1;
    }
    if (!settings.quiet) stderrLine(`${why}: finishing in-flight requests…`);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const graceOver = new Promise<"timeout">((resolve) => {
      timer = setTimeout(() => resolve("timeout"), GRACE_MS);
    });
    const closed = await Promise.race([running.close(), graceOver]);
    clearTimeout(timer);
    if (closed === "timeout") {
      stderrLine(`error: requests still running after ${GRACE_MS / 1000} s; exiting anyway`);
      return 1;
    }
    return 0;
  },
};
