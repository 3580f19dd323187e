/**
 * How sessions are laid out in Redis, shared by the `session` command's
 * {@link RedisSessions} (./redis.ts) and the server's copy
 * (./redis_mirror.ts): the keys, the Lua scripts that change them, the
 * record format, and the client that runs the scripts.
 *
 * Redis holds what the SQLite store holds: per session its id, the SHA-256
 * of its token in hex (never the token), tier, label, dates and revocation.
 * Every change bumps a version number and records the session's id in a
 * change log, both inside one Lua script, so a change is all there or not
 * at all. Keys share the `{clubdir}` hash tag, so the scripts also run on a
 * Redis Cluster.
 *
 * @example
 * ```ts ignore
 * import { makeClient, SESSION_KEYS } from "./redis_schema.ts";
 * const client = makeClient("redis://127.0.0.1:6379/0", true);
 * await client.connect();
 * await client.findSession(redisTokenHash(token));
 * ```
 * @module
 */
import { createClient, defineScript } from "redis";
import { failFastOptions } from "../redis/mod.ts";
import { newSessionId, SESSION_TIERS, type SessionInfo, type SessionTier } from "./session.ts";
import { hashToken, hexOf } from "./token.ts";

/**
 * The Redis keys of the session store, in the order the scripts take them.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { SESSION_KEYS } from "./redis_schema.ts";
 * assert.equal(SESSION_KEYS.records, "{clubdir}:sessions");
 * ```
 */
export const SESSION_KEYS = {
  /** Hash: session id → record JSON (token hash, tier, label, dates). */
  records: "{clubdir}:sessions",
  /** Hash: token hash (hex) → session id. */
  byHash: "{clubdir}:sessions:by-hash",
  /** Hash: session id → revocation time (ms since the epoch). */
  revoked: "{clubdir}:sessions:revoked",
  /** Counter bumped by every change. */
  version: "{clubdir}:sessions:version",
  /** Sorted set: session id scored by the version of its latest change. */
  changes: "{clubdir}:sessions:changes",
  /** The highest version trimmed off the change log (a copy older than it reloads). */
  floor: "{clubdir}:sessions:floor",
  /**
   * A random value set with the first change: when Redis loses its data, the
   * version starts again from 0 under a new epoch, so copies reload.
   */
  epoch: "{clubdir}:sessions:epoch",
} as const;

const KEYS = Object.values(SESSION_KEYS);

/** Change-log entries kept; a copy further behind reloads everything. */
const CHANGE_LOG_LENGTH = 10_000;

/** What the scripts' `parseCommand` is given. */
interface Parser {
  pushKey(key: string): void;
  push(...args: string[]): void;
}

// Shared by the scripts: bump the version, log the id, trim the log.
const BUMP = `local function bump(id)
  redis.call('SETNX', KEYS[7], ARGV[2])
  local v = redis.call('INCR', KEYS[4])
  redis.call('ZADD', KEYS[5], v, id)
  local over = redis.call('ZCARD', KEYS[5]) - tonumber(ARGV[1])
  if over > 0 then
    local last = redis.call('ZRANGE', KEYS[5], over - 1, over - 1, 'WITHSCORES')
    redis.call('SET', KEYS[6], last[2])
    redis.call('ZREMRANGEBYRANK', KEYS[5], 0, over - 1)
  end
  return v
end
`;

/** Every key, then the log length and a fresh epoch, then the script's own arguments. */
function pushChange(parser: Parser, ...args: string[]): void {
  for (const key of KEYS) parser.pushKey(key);
  parser.push(String(CHANGE_LOG_LENGTH), newSessionId() + newSessionId(), ...args);
}

// node-redis sends EVALSHA and falls back to EVAL on NOSCRIPT (a restarted Redis).
const CREATE = defineScript({
  SCRIPT: BUMP + `if redis.call('HEXISTS', KEYS[1], ARGV[3]) == 1 then return 0 end
if redis.call('HSETNX', KEYS[2], ARGV[4], ARGV[3]) == 0 then return -1 end
redis.call('HSET', KEYS[1], ARGV[3], ARGV[5])
return bump(ARGV[3])`,
  NUMBER_OF_KEYS: KEYS.length,
  parseCommand(parser: Parser, id: string, hash: string, record: string) {
    pushChange(parser, id, hash, record);
  },
  transformReply: undefined as unknown as () => number,
});

const REVOKE = defineScript({
  SCRIPT: BUMP + `local id = ARGV[4]
if ARGV[3] == 'hash' then
  id = redis.call('HGET', KEYS[2], ARGV[4])
  if not id then return false end
end
local record = redis.call('HGET', KEYS[1], id)
if not record then return false end
local at = redis.call('HGET', KEYS[3], id)
if not at then
  at = ARGV[5]
  redis.call('HSET', KEYS[3], id, at)
  bump(id)
end
return {id, record, at}`,
  NUMBER_OF_KEYS: KEYS.length,
  parseCommand(parser: Parser, by: "id" | "hash", key: string, now: number) {
    pushChange(parser, by, key, String(now));
  },
  transformReply: undefined as unknown as () => [string, string, string] | null,
});

/**
 * One token hash's session, read in one round trip with the epoch and
 * version it was read at (so a copy can tell whether the answer is newer
 * than what it holds): `[epoch, version]` when no session has that hash,
 * else `[epoch, version, id, record, revokedAt]` ('' for an absent value).
 */
const FIND = defineScript({
  SCRIPT: `local epoch = redis.call('GET', KEYS[7]) or ''
local v = redis.call('GET', KEYS[4]) or '0'
local id = redis.call('HGET', KEYS[2], ARGV[1])
if not id then return {epoch, v} end
return {epoch, v, id, redis.call('HGET', KEYS[1], id) or '', redis.call('HGET', KEYS[3], id) or ''}`,
  NUMBER_OF_KEYS: KEYS.length,
  parseCommand(parser: Parser, hash: string) {
    for (const key of KEYS) parser.pushKey(key);
    parser.push(hash);
  },
  transformReply: undefined as unknown as () => string[],
});

/**
 * A client with the session scripts, failing fast while Redis is away
 * (`reconnect`: keep trying in the background, for servers).
 *
 * @example
 * ```ts ignore
 * const client = makeClient("redis://127.0.0.1:6379/0", false);
 * ```
 */
export function makeClient(url: string, reconnect: boolean) {
  return createClient({
    ...failFastOptions(url, { reconnect }),
    scripts: { createSession: CREATE, revokeSession: REVOKE, findSession: FIND },
  });
}

/**
 * A client made by {@link makeClient}.
 *
 * @example
 * ```ts ignore
 * const client: SessionClient = makeClient(url, true);
 * ```
 */
export type SessionClient = ReturnType<typeof makeClient>;

/**
 * What one record holds besides its id and revocation.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { recordJson, type StoredRecord } from "./redis_schema.ts";
 * const r: StoredRecord = { hash: "ab", tier: "free", label: null, createdAt: 0, expiresAt: 1 };
 * const session = { id: "3f9a0c12be", tier: "free", label: null, createdAt: 0, expiresAt: 1, revokedAt: null } as const;
 * assert.deepStrictEqual(JSON.parse(recordJson("ab", session)), r);
 * ```
 */
export interface StoredRecord {
  /** SHA-256 of the token, hex. */
  hash: string;
  tier: SessionTier;
  label: string | null;
  createdAt: number;
  expiresAt: number;
}

/**
 * A token's hash as Redis keeps it: {@link hashToken} in hex.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { redisTokenHash } from "./redis_schema.ts";
 * assert.equal(redisTokenHash("cds_x").length, 64);
 * ```
 */
export function redisTokenHash(token: string): string {
  return hexOf(hashToken(token));
}

/**
 * The record of a session whose token hashes to `hash` (hex).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { recordJson } from "./redis_schema.ts";
 * const json = recordJson("ab", { id: "3f9a0c12be", tier: "free", label: null, createdAt: 0,
 *   expiresAt: 1, revokedAt: null });
 * assert.ok(json.startsWith('{"hash":"ab","tier":"free",'));
 * ```
 */
export function recordJson(hash: string, session: SessionInfo): string {
  const record: StoredRecord = {
    hash,
    tier: session.tier,
    label: session.label,
    createdAt: session.createdAt,
    expiresAt: session.expiresAt,
  };
  return JSON.stringify(record);
}

/**
 * Reads a stored record; null when it is not one (written by something else).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseRecord } from "./redis_schema.ts";
 * assert.equal(parseRecord("3f9a0c12be", "not json", null), null);
 * ```
 */
export function parseRecord(
  id: string,
  json: string | null | undefined,
  revoked: string | null | undefined,
): { hash: string; session: SessionInfo } | null {
  if (json === null || json === undefined) return null;
  let r: Partial<StoredRecord>;
  try {
    r = JSON.parse(json);
  } catch {
    return null;
  }
  if (
    typeof r !== "object" || r === null || typeof r.hash !== "string" ||
    !SESSION_TIERS.includes(r.tier as SessionTier) ||
    !Number.isSafeInteger(r.createdAt) || !Number.isSafeInteger(r.expiresAt) ||
    (r.label !== null && typeof r.label !== "string")
  ) return null;
  const revokedAt = revoked === null || revoked === undefined ? null : Number(revoked);
  return {
    hash: r.hash,
    session: {
      id,
      tier: r.tier!,
      label: r.label ?? null,
      createdAt: r.createdAt!,
      expiresAt: r.expiresAt!,
      revokedAt: Number.isFinite(revokedAt) ? revokedAt : null,
    },
  };
}
