/**
 * What `main.ts serve` checks before it opens anything, each failing early
 * with one line that says what to do (and a non-zero exit) instead of a
 * server that starts and then cannot serve:
 *
 * - the Deno release ({@link denoVersionProblem}): the accept loop uses
 *   Deno's internal per-connection server, built and tested on one release;
 * - the port ({@link portInUse}): one that another process holds, named
 *   with its address and `--port`, also when a worker isolate's bind is the
 *   one refused;
 * - the database ({@link needsBuild}): any missing path is built from the
 *   bundled snapshot, the default one as well as a `--db` path; an existing
 *   `--db` file is served as it is, never rebuilt or replaced.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { portInUseMessage } from "./serve_startup.ts";
 * assert.deepStrictEqual(
 *   portInUseMessage("127.0.0.1", 8000),
 *   "127.0.0.1:8000 is already in use: stop the other server or choose another --port (or CLUBDIR_PORT)",
 * );
 * ```
 * @module
 */
import { REQUIRED_DENO } from "../server/runtime/connections.ts";

/**
 * Why this Deno cannot run `serve`, or null when it is the release serving
 * is built and tested on ({@link REQUIRED_DENO}).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { denoVersionProblem } from "./serve_startup.ts";
 * import { REQUIRED_DENO } from "../server/runtime/connections.ts";
 * assert.deepStrictEqual(denoVersionProblem(REQUIRED_DENO), null);
 * assert.match(denoVersionProblem("9.0.0")!, /this is Deno 9\.0\.0/);
 * ```
 */
export function denoVersionProblem(version: string = Deno.version.deno): string | null {
  if (version === REQUIRED_DENO) return null;
  return `serve needs Deno ${REQUIRED_DENO} and this is Deno ${version}: its accept loop uses ` +
    `Deno's internal per-connection server, which is only tested on that release. Install it ` +
    `(deno upgrade --version ${REQUIRED_DENO}) or run the compiled binary; see ` +
    `docs/deploy.md#the-deno-release`;
}

/**
 * The start-up error of a port another process holds.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { portInUseMessage } from "./serve_startup.ts";
 * assert.ok(portInUseMessage("::1", 8080).startsWith("[::1]:8080 is already in use"));
 * ```
 */
export function portInUseMessage(hostname: string, port: number): string {
  const host = hostname.includes(":") ? `[${hostname}]` : hostname;
  return `${host}:${port} is already in use: stop the other server or choose another --port ` +
    `(or CLUBDIR_PORT)`;
}

/**
 * Whether an error is a bind refused because the address is in use: Deno's
 * `AddrInUse` in this isolate, or its message relayed by a worker isolate.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isAddrInUse } from "./serve_startup.ts";
 * assert.ok(isAddrInUse(new Error("Address already in use (os error 98)")));
 * ```
 */
export function isAddrInUse(e: unknown): boolean {
  return e instanceof Deno.errors.AddrInUse ||
    /Address already in use|os error 98\b/.test(String((e as Error | null)?.message));
}

/**
 * Whether another process holds `hostname:port` (port 0 never is). A plain
 * bind, closed at once: it also fails where other processes share the port
 * through SO_REUSEPORT (another `serve --workers N`), which `serve`'s own
 * workers would join without a word. Any other bind error is left to the
 * real bind to report.
 *
 * @example
 * ```ts ignore
 * if (portInUse("127.0.0.1", 8000)) console.error(portInUseMessage("127.0.0.1", 8000));
 * ```
 */
export function portInUse(hostname: string, port: number): boolean {
  if (port === 0) return false;
  try {
    Deno.listen({ hostname, port }).close();
    return false;
  } catch (e) {
    return isAddrInUse(e);
  }
}

/**
 * Whether `serve` (or `mcp`) must build the database before it starts: the
 * default path is checked (and rebuilt when of an older layout) by
 * `ensureDatabase`; an explicit `--db` path only when no file is there.
 *
 * @example
 * ```ts ignore
 * if (needsBuild(settings.db, explicitDb)) await ensureDatabase(settings.db, log);
 * ```
 */
export function needsBuild(path: string, explicit: boolean): boolean {
  if (!explicit) return true;
  try {
    Deno.statSync(path);
    return false;
  } catch (e) {
    // Unreadable for another reason (permissions): served as given, so the error says why.
    return e instanceof Deno.errors.NotFound;
  }
}
