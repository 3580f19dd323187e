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
import { DEFAULT_SETTINGS, type ServeSettings } from "../server/listen.ts";
import { stderrLine } from "../server/middleware/access_log.ts";
import { isRedisUrl, redisUrlProblem } from "../core/redis/mod.ts";
import { serveUntilSignal } from "../server/workers.ts";
import { sessionStorePath } from "../core/sessions/mod.ts";
import { requireAccess } from "./permissions.ts";
import { dirname } from "node:path";
import { DEFAULT_CONNECTION_LIMITS as CONN } from "../server/http/connections.ts";
import { MAX_TRUSTED_HOPS } from "../server/http/client_address.ts";

const IDLE_S = CONN.idleTimeoutMs / 1000;
const REQUEST_S = CONN.requestTimeoutMs / 1000;

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
  --trust-proxy [N]     behind N proxies (default 1) that append the address
                        they were connected from to X-Forwarded-For: count
                        clients by the N-th entry from the right, the one the
                        outermost proxy wrote (CLUBDIR_TRUST_PROXY=N); never
                        without such a proxy: clients could pick any address
  --quiet               no access log (CLUBDIR_QUIET=1)
  --lean                keep club JSON on disk, not in memory (CLUBDIR_LEAN=1):
                        about 50 MB less RSS for the bundled directory, pages
                        not in the cache about 1.7x the CPU
  --workers N           worker isolates sharing the port and the rate limit
                        (CLUBDIR_WORKERS; default 1; N > 1 needs Linux and
                        --unstable-net, which the project's deno.json enables)
  --support-email ADDR  contact named in error hints (CLUBDIR_SUPPORT_EMAIL;
                        default ${DEFAULT_SUPPORT_EMAIL})
  --sessions STORE      session store (CLUBDIR_SESSIONS): a file (default beside
                        the database: data/clubs.db -> data/clubs.sessions.db)
                        or redis://host:port/db, shared by replicas
  --rate-limit-store URL  count rate limits in Redis, shared by replicas
                        (CLUBDIR_RATE_LIMIT_STORE; redis://host:port/db;
                        default: in this process); while Redis is down each
                        replica counts on its own
  --allowed-hosts LIST  Host values the MCP endpoint answers, comma-separated
                        host[:port], or off (CLUBDIR_ALLOWED_HOSTS; default the
                        bound address, localhost forms and the --base-url host)
  --max-connections N   connections open at once, all workers together
                        (CLUBDIR_MAX_CONNECTIONS; default ${CONN.maxConnections}, or less to fit
                        the file-descriptor limit); past it the longest-idle
                        connection is closed. Idle connections close after
                        ${IDLE_S} s (a request's head must arrive within it); a
                        request unanswered after ${REQUEST_S} s closes its connection
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
  // "--trust-proxy" alone means one hop: see withTrustProxyValue.
  "trust-proxy": { type: "string" },
  quiet: { type: "boolean" },
  lean: { type: "boolean" },
  workers: { type: "string" },
  "support-email": { type: "string" },
  sessions: { type: "string" },
  "rate-limit-store": { type: "string" },
  "allowed-hosts": { type: "string" },
  "max-connections": { type: "string" },
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
  lean: "CLUBDIR_LEAN",
  workers: "CLUBDIR_WORKERS",
  "support-email": "CLUBDIR_SUPPORT_EMAIL",
  sessions: "CLUBDIR_SESSIONS",
  "rate-limit-store": "CLUBDIR_RATE_LIMIT_STORE",
  "allowed-hosts": "CLUBDIR_ALLOWED_HOSTS",
  "max-connections": "CLUBDIR_MAX_CONNECTIONS",
};

const MAX_WORKERS = 256;
const MAX_CONNECTIONS = 100_000;

/** Resolved `serve` settings, and whether the database path was chosen explicitly. */
export interface ResolvedServe {
  settings: ServeSettings;
  /** False without --db: the default path is then built if missing. */
  explicitDb: boolean;
}

/**
 * `--trust-proxy` takes an optional hop count: gives the bare flag its
 * value, 1, and joins a following count to it, so the strict flag parser
 * sees `--trust-proxy=N` either way.
 *
 * @example
 * ```ts
 * import { withTrustProxyValue } from "./serve.ts";
 * withTrustProxyValue(["--trust-proxy", "--quiet"]); // ["--trust-proxy=1", "--quiet"]
 * withTrustProxyValue(["--trust-proxy", "2"]); // ["--trust-proxy=2"]
 * ```
 */
export function withTrustProxyValue(args: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === "--") {
      out.push(...args.slice(i));
      break;
    }
    if (arg !== "--trust-proxy") out.push(arg);
    else if (/^\d+$/.test(args[i + 1] ?? "")) out.push(`--trust-proxy=${args[++i]}`);
    else out.push("--trust-proxy=1");
  }
  return out;
}

/**
 * Reads a hop count: a whole number from 0 to {@link MAX_TRUSTED_HOPS}, or
 * a yes/no word (yes is one hop), as `CLUBDIR_TRUST_PROXY` may say.
 */
function parseHops(raw: string): Parsed<number> {
  const t = raw.trim().toLowerCase();
  if (["true", "yes", "on"].includes(t)) return { ok: true, value: 1 };
  if (["false", "no", "off"].includes(t)) return { ok: true, value: 0 };
  const n = Number(t);
  return /^\d{1,2}$/.test(t) && n <= MAX_TRUSTED_HOPS ? { ok: true, value: n } : {
    ok: false,
    reason:
      `must be a number of proxy hops from 0 to ${MAX_TRUSTED_HOPS} (or yes/no), got "${raw}"`,
  };
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
  const { values } = parseFlags(withTrustProxyValue(args), FLAGS);
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
  const redisUrl = (raw: string): Parsed<string> => {
    const problem = redisUrlProblem(raw);
    return problem === null ? { ok: true, value: raw.trim() } : { ok: false, reason: problem };
  };
  const sessionsWhere = (raw: string) => isRedisUrl(raw) ? redisUrl(raw) : path(raw);

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
      trustProxy: check("trust-proxy", parseHops, 0),
      quiet: bool("quiet"),
      holdJson: !bool("lean"),
      workers: check("workers", whole(1, MAX_WORKERS), 1),
      supportEmail: check("support-email", parseEmail, DEFAULT_SUPPORT_EMAIL),
      sessions: check<string | null>("sessions", sessionsWhere, null),
      rateLimitStore: check<string | null>("rate-limit-store", redisUrl, null),
      allowedHosts: check<string[] | "off" | null>("allowed-hosts", parseAllowedHosts, null),
      maxConnections: check<number | null>("max-connections", whole(1, MAX_CONNECTIONS), null),
    },
  };
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
    const sessions = settings.sessions ?? sessionStorePath(settings.db);
    requireAccess("serve", {
      read: [settings.db, ...(isRedisUrl(sessions) ? [] : [sessions])],
      write: explicitDb ? [] : [dirname(settings.db)],
      net: true,
    }, args);
    if (!explicitDb) await ensureDatabase(settings.db, stderrLine);

    return await serveUntilSignal(settings);
  },
};
