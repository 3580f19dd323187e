/**
 * Site sessions (docs/api.md#fee-visibility): tokens, tiers, expiry and revocation, kept in
 * their own store file.
 *
 * @example
 * ```ts ignore
 * import { SessionStore } from "./mod.ts";
 * using store = SessionStore.open("data/clubs.sessions.db");
 * store.create({ tier: "member" });
 * ```
 * @module
 */
export * from "./store.ts";
export * from "./backend.ts";
