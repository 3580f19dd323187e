/**
 * The version of the database layout, apart from the DDL (ddl.ts, which
 * loads the zod schemas) so that opening a snapshot stays light.
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
