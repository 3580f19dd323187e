/**
 * `main.ts serve`: the REST API (and whatever else the app mounts) over
 * HTTP. Every flag can also come from a `CLUBDIR_*` environment variable;
 * a flag beats its variable. Flags, variables, defaults and the usage text
 * all come from the one option table, `SERVE_OPTIONS` (server/options.ts).
 * This file resolves the settings, checks the Deno release, permissions and
 * the port, builds the database if missing (./serve_startup.ts), and hands
 * the settings to `startServer()` (server/runtime/), which opens everything
 * in order and serves from one isolate or `--workers N`. What stays here is
 * the process's business: the `Listening on` line, and SIGINT, SIGTERM and
 * SIGHUP, which stop accepting, let in-flight requests finish, and exit 0
 * (a daemon with nothing to reload takes SIGHUP as a stop: see docs/deploy.md).
 *
 * @example
 * ```sh
 * deno run -A main.ts serve --port 8080 --base-url https://clubs.example
 * ```
 * @module
 */
import { type Command, UsageError, usageMessage } from "./args.ts";
import { commandInfo } from "./command_info.ts";
import { ensureDatabase } from "../core/import/mod.ts";
import { SERVE_OPTIONS, type ServeSettings } from "../server/options.ts";
import { stderrLine } from "../server/middleware/access_log.ts";
import { eventLog } from "../server/middleware/log_format.ts";
import { isRedisUrl } from "../core/redis/mod.ts";
import { type StartOptions, startServer } from "../server/runtime/mod.ts";
import { sessionStorePath } from "../core/sessions/mod.ts";
import { requireAccess } from "./permissions.ts";
import { type Env, helpFlagLine, optionLines, parseOptions } from "./options.ts";
import { dirname } from "node:path";
import {
  denoVersionProblem,
  isAddrInUse,
  needsBuild,
  portInUse,
  portInUseMessage,
} from "./serve_startup.ts";

/** Where the help text of each option starts. */
const HELP_COLUMN = 24;

const USAGE = `Usage: main.ts serve [options]

Serves the directory over HTTP: GET /api/v1/clubs, /problems and the rest
of the app. Logs one line per request to stderr. Stops cleanly on Ctrl-C,
SIGTERM or SIGHUP (in-flight requests finish). An import into the same
database is picked up without a restart.

Options (each also read from the environment variable shown):
${optionLines(SERVE_OPTIONS, HELP_COLUMN)}
${helpFlagLine(HELP_COLUMN)}

Examples:
  main.ts serve
  main.ts serve --db data/clubs.db --port 8080 --base-url https://clubs.example
  CLUBDIR_RATE_LIMIT=off main.ts serve --quiet
  main.ts serve --hostname 0.0.0.0 --workers 2 --trust-proxy
  curl -i 'http://127.0.0.1:8000/api/v1/clubs?type=golf&state=FL&limit=5'`;

/**
 * Resolved `serve` settings, and whether the database path was chosen explicitly.
 *
 * @example
 * ```ts ignore
 * const r: ResolvedServe = { settings, explicitDb: false };
 * ```
 */
export interface ResolvedServe {
  settings: ServeSettings;
  /** False without --db: the default path is then also rebuilt when of an older layout. */
  explicitDb: boolean;
}

/**
 * Resolves flags and environment into settings through {@link SERVE_OPTIONS};
 * throws {@link UsageError} naming the flag (or variable) whose value is
 * wrong. Returns "help" for `--help`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { resolveServe } from "./serve.ts";
 * const r = resolveServe(["--port", "0", "--rate-limit", "off"], () => undefined);
 * assert.ok(r !== "help");
 * assert.equal(r.settings.port, 0);
 * ```
 */
export function resolveServe(args: string[], env: Env): ResolvedServe | "help" {
  const r = parseOptions(SERVE_OPTIONS, args, env);
  if (r.help) return "help";
  // Any missing path is built from the bundled snapshot; the default path
  // ($CLUBDIR_DB or data/clubs.db) is also rebuilt when of an older layout,
  // an explicit --db file never.
  return { settings: r.settings, explicitDb: r.from.db === "flag" };
}

/**
 * The `serve` command.
 *
 * @example
 * ```ts ignore
 * import { serveCommand } from "./serve.ts";
 * Deno.exit(await serveCommand.run(["--port", "8080"]));
 * ```
 */
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
    // Checked before anything is opened or built (cli/serve_startup.ts).
    const wrongDeno = denoVersionProblem();
    if (wrongDeno !== null) {
      console.error(`error: ${wrongDeno}`);
      return 1;
    }
    const sessions = settings.sessions ?? sessionStorePath(settings.db);
    const build = needsBuild(settings.db, explicitDb);
    requireAccess("serve", {
      read: [settings.db, ...(isRedisUrl(sessions) ? [] : [sessions])],
      write: build ? [dirname(settings.db)] : [],
      net: true,
    }, args);
    const busy = () => {
      console.error(`error: ${portInUseMessage(settings.hostname, settings.port)}`);
      return 1;
    };
    if (portInUse(settings.hostname, settings.port)) return busy();
    if (build) await ensureDatabase(settings.db, stderrLine);

    try {
      return await serveUntilSignal({ settings });
    } catch (e) {
      // Taken meanwhile, or refused to a worker isolate.
      if (isAddrInUse(e)) return busy();
      throw e;
    }
  },
};

/** How long in-flight requests get to finish after a signal (ms). */
const GRACE_MS = 10_000;

/**
 * Resolves on the first SIGINT, SIGTERM or SIGHUP, with its name. SIGHUP
 * stops gracefully too: `serve` has nothing to reload (settings are flags,
 * a new snapshot is picked up by itself, logs go to stderr), and by
 * default it would end the process at once, cutting requests.
 */
function nextSignal(): Promise<Deno.Signal> {
  return new Promise((resolve) => {
    const signals: Deno.Signal[] = ["SIGINT", "SIGTERM", "SIGHUP"];
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

/**
 * Serves until SIGINT, SIGTERM or SIGHUP (then lets in-flight requests finish, up to
 * {@link GRACE_MS}) or until serving fails for good; resolves to the exit
 * code: 0 after a clean stop, 1 otherwise. Start-up errors are thrown.
 *
 * @example
 * ```ts ignore
 * import { serveUntilSignal } from "./serve.ts";
 * Deno.exit(await serveUntilSignal({ settings: { ...DEFAULT_SETTINGS, db: "data/clubs.db" } }));
 * ```
 */
export async function serveUntilSignal(options: StartOptions): Promise<number> {
  // Its own lines in the form of the others (--log-format); the raw sink goes on to startServer.
  const log = eventLog(options.settings.logFormat, options.log ?? stderrLine);
  // Listen for signals first: one that arrives during start-up still stops cleanly.
  const stop = nextSignal();
  const server = await startServer(options);
  log(`Listening on ${server.url} (${server.snapshot})`);
  const why = await Promise.race([stop, server.failed.then((reason) => ({ reason }))]);
  const graceOver = Promise.withResolvers<"timeout">();
  const timer = setTimeout(() => graceOver.resolve("timeout"), GRACE_MS);
  try {
    if (typeof why !== "string") {
      log(`error: ${why.reason}; stopping`);
      // A stuck worker never answers "stop": give the others the grace period, then go.
      await Promise.race([server.stop(), graceOver.promise]);
      return 1;
    }
    if (!options.settings.quiet) log(`${why}: finishing in-flight requests…`);
    const closed = await Promise.race([server.stop(), graceOver.promise]);
    if (closed === "timeout") {
      log(`error: requests still running after ${GRACE_MS / 1000} s; exiting anyway`);
      return 1;
    }
    return 0;
  } finally {
    clearTimeout(timer);
  }
}
