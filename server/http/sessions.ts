/**
 * How a request presents a site session (spec §5), and the fee access it
 * gets.
 *
 * A session is a token created by `main.ts session create`, sent either as
 * `Authorization: Bearer <token>` (scripts, API clients) or as the cookie
 * `session=<token>` (browsers). When both are sent, the bearer token is the
 * one read. A free session sees fee bands (`band`), a member session sees
 * club-verified figures (`exact`). A missing, malformed, unknown, expired or
 * revoked token is no session at all (`locked`), never an error, so a stale
 * token degrades to the anonymous view instead of breaking a client.
 *
 * With sessions in Redis, {@link sessionPrefetch} is the hook run before the app,
 * so a session created on another replica a moment ago counts on the first
 * request that presents it (a bounded wait, only for a token this replica
 * does not hold yet); the access function itself never waits.
 *
 * @example
 * ```ts ignore
 * import { SessionStore, sessionStorePath } from "../../core/sessions/mod.ts";
 * import { sessionAccess } from "./sessions.ts";
 * const access = sessionAccess(SessionStore.reader(sessionStorePath("data/clubs.db")));
 * access(new Request("http://x/api/v1/clubs")); // "locked"
 * ```
 * @module
 */
import { SESSION_COOKIE } from "../../core/model/mod.ts";
import { type FeeAccess } from "../../core/club/mod.ts";
import { type SessionLookup, TIER_ACCESS } from "../../core/sessions/mod.ts";

/**
 * The token a request presents: the bearer token of `Authorization`, else
 * the `session` cookie; null when neither is there.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { requestToken } from "./sessions.ts";
 * assert.equal(requestToken(new Request("http://x/", { headers: { cookie: "a=1; session=cds_abc" } })), "cds_abc");
 * ```
 */
export function requestToken(req: Request): string | null {
  const auth = req.headers.get("authorization");
  if (auth !== null) {
    // The scheme name is case-insensitive (RFC 9110 §11.1).
    const m = /^\s*bearer\s+(\S+)\s*$/i.exec(auth);
    if (m) return m[1]!;
  }
  const cookie = req.headers.get("cookie");
  if (cookie === null) return null;
  for (const part of cookie.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0 || part.slice(0, eq).trim() !== SESSION_COOKIE) continue;
    let value = part.slice(eq + 1).trim();
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) {
      value = value.slice(1, -1);
    }
    return value === "" ? null : value;
  }
  return null;
}

/**
 * The access function the app takes as `config.access`: maps each request
 * to the fee access of the session it presents. With a null store, or when
 * the store cannot be read, every request is `locked`: a broken store must
 * never reveal fees.
 *
 * @param store The session store: `SessionStore.reader`, or the Redis copy (`openSessionLookup`).
 * @param now The clock, for tests (ms since the epoch).
 * @param onError Told about store failures (default: {@link sessionErrorLog} to stderr).
 *
 * @example
 * ```ts ignore
 * const access = sessionAccess(SessionStore.reader("data/clubs.sessions.db"));
 * access(new Request("http://x/", { headers: { authorization: `Bearer ${token}` } })); // "exact"
 * ```
 */
export function sessionAccess(
  store: SessionLookup | null,
  now: () => number = Date.now,
  onError: (error: Error) => void = sessionErrorLog((line) => console.error(line)),
): (req: Request) => FeeAccess {
  return (req) => {
    if (store === null) return "locked";
    const token = requestToken(req);
    if (token === null) return "locked";
    try {
      const session = store.lookup(token, now());
      return session ? TIER_ACCESS[session.tier] : "locked";
    } catch (e) {
      onError(e as Error);
      return "locked";
    }
  };
}

/**
 * An `onError` for {@link sessionAccess} that writes a store failure to
 * `log` once, then at most once per `windowMs` for as long as it repeats
 * (with how many were not written), so a broken or locked store costs the
 * log a line a minute, not a line per request. A request that meets a
 * locked store is answered at once as anonymous (the store never waits for
 * a lock): the line says so.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { sessionErrorLog } from "./sessions.ts";
 * const lines: string[] = [];
 * const onError = sessionErrorLog((l) => lines.push(l));
 * onError(new Error("Cannot read session store"));
 * onError(new Error("Cannot read session store"));
 * assert.deepStrictEqual(lines.length, 1);
 * ```
 */
export function sessionErrorLog(
  log: (line: string) => void,
  windowMs = 60_000,
  now: () => number = () => performance.now(),
): (error: Error) => void {
  const seen = new Map<string, { at: number; skipped: number }>();
  return (error) => {
    const t = now();
    const last = seen.get(error.message);
    if (last !== undefined && t - last.at < windowMs) {
      last.skipped++;
      return;
    }
    // Messages come from the store's state, not from requests: few and short.
    if (seen.size >= 100) seen.clear();
    seen.set(error.message, { at: t, skipped: 0 });
    const more = last?.skipped ? ` (${last.skipped} more like it since the last report)` : "";
    log(`warning: session store: ${error.message}; treating those requests as anonymous${more}`);
  };
}

/**
 * The pre-request hook of the start-up path (`server/runtime/`) for a
 * session store that looks tokens up on demand (the Redis copy): before
 * the app reads a request's session, a token the copy does not hold yet is
 * looked up once ({@link SessionLookup.prefetch}: bounded in time and in
 * lookups in flight). A request with no token, or a known one, is let
 * through at once (undefined, no promise). A store without `prefetch` (the
 * SQLite file) needs no hook: undefined.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { sessionPrefetch } from "./sessions.ts";
 * const file = { lookup: () => null, close() {} };
 * assert.deepStrictEqual(sessionPrefetch(file), undefined);
 * ```
 */
export function sessionPrefetch(
  store: SessionLookup,
): ((req: Request) => Promise<void> | undefined) | undefined {
  if (!store.prefetch) return undefined;
  return (req) => {
    const token = requestToken(req);
    return token === null ? undefined : store.prefetch!(token);
  };
}
