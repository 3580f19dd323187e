/**
 * The version of the database layout and the search-key columns of `clubs`,
 * apart from the DDL (ddl.ts, which loads the zod schemas) so that opening
 * a snapshot stays light.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { SCHEMA_VERSION } from "./layout.ts";
 * assert.ok(SCHEMA_VERSION > 0);
 * ```
 * @module
 */

/** Bumped when the layout changes; an older file is rebuilt or refused. */
export const SCHEMA_VERSION = 14;

/**
 * The search keys each `clubs` row keeps beside its Club fields, computed
 * at import: the DDL declares them, the import fills them, the history
 * records them with each change.
 */
export const CLUB_KEY_COLUMNS = [
  "name_fold",
  "type_key",
  "country_key",
  "state_key",
  "waitlist_key",
  "city_key",
] as const;

/** One search-key column of `clubs`. */
export type ClubKeyColumn = typeof CLUB_KEY_COLUMNS[number];
