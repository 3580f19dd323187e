/**
 * Site sessions (docs/api.md#fee-visibility), the door to core/sessions/:
 *
 * - `session.ts`: what a session is: tiers and the fee access they grant,
 *   expiry and revocation, the checks on a new session;
 * - `token.ts`: tokens: made, hashed (SHA-256, the only form stored) and compared;
 * - `backend.ts`: the two interfaces the server and the `session` command
 *   use, and opening the store a setting names;
 * - `sqlite.ts` (+ `sqlite_file.ts`): the default store, a SQLite file
 *   beside the club database;
 * - `redis.ts` (+ `redis_schema.ts`, `redis_mirror.ts`, `on_demand.ts`):
 *   the store several replicas share, loaded only for a `redis://` setting
 *   (through `backend.ts`), so it is not exported here.
 *
 * @example
 * ```ts ignore
 * import { openSessionAdmin } from "./mod.ts";
 * await using admin = await openSessionAdmin("data/clubs.sessions.db", "write");
 * const { token } = await admin.create({ tier: "member", ttlMs: 86_400_000 });
 * ```
 * @module
 */
export * from "./session.ts";
export * from "./token.ts";
export * from "./sqlite.ts";
export * from "./backend.ts";
