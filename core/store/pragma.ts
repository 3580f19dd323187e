/**
 * Setting SQLite pragmas so that a refused one is an error. SQLite ignores a
 * pragma it will not apply without a word: an unknown name, a page size once
 * the file has pages, `journal_mode=OFF` under node:sqlite's defensive mode
 * (which every import asked for, and never got, until it was read back).
 * The value read back is the only sign, so {@link setPragmas} reads it.
 *
 * @example
 * ```ts
 * import { DatabaseSync } from "node:sqlite";
 * import assert from "node:assert/strict";
 * import { setPragmas } from "./pragma.ts";
 * const db = new DatabaseSync(":memory:");
 * setPragmas(db, { cache_size: -4096, synchronous: "OFF" });
 * assert.deepStrictEqual({ ...db.prepare("PRAGMA cache_size").get() }, { cache_size: -4096 });
 * ```
 * @module
 */
import type { DatabaseSync } from "node:sqlite";

/** A pragma's value: a number, or a keyword such as `OFF` or `EXCLUSIVE`. */
export type PragmaValue = number | string;

/** Pragmas whose keywords SQLite reads back as numbers. */
const NUMBERED: Readonly<Record<string, Readonly<Record<string, number>>>> = {
  synchronous: { off: 0, normal: 1, full: 2, extra: 3 },
  temp_store: { default: 0, file: 1, memory: 2 },
  auto_vacuum: { none: 0, full: 1, incremental: 2 },
};

const NAME = /^[a-z_]+$/;
const KEYWORD = /^[A-Za-z_]+$/;

/** What `value` reads back as, when SQLite has taken it. */
function expected(name: string, value: PragmaValue): number | string {
  if (typeof value === "number") return value;
  return NUMBERED[name]?.[value.toLowerCase()] ?? value.toLowerCase();
}

/**
 * Sets each pragma, in order, and reads it back: throws an `Error` naming
 * the pragma and the value SQLite kept when one did not take effect. Names
 * and keywords are checked before they reach SQL; `schema` names the
 * database (`"temp"`, or an attached one) for per-database pragmas.
 *
 * @example
 * ```ts
 * import { DatabaseSync } from "node:sqlite";
 * import assert from "node:assert/strict";
 * import { setPragmas } from "./pragma.ts";
 * const db = new DatabaseSync(":memory:");
 * setPragmas(db, { page_size: 16384 }, "temp");
 * assert.throws(() => setPragmas(db, { journal_mode: "OFF" }), {
 *   message: 'SQLite did not take PRAGMA journal_mode=OFF: it reads "memory"',
 * });
 * ```
 */
export function setPragmas(
  db: DatabaseSync,
  pragmas: Readonly<Record<string, PragmaValue>>,
  schema?: string,
): void {
  const prefix = schema === undefined ? "" : `${schema}.`;
  if (schema !== undefined && !NAME.test(schema)) {
    throw new TypeError(`Not a database name: ${JSON.stringify(schema)}`);
  }
  for (const [name, value] of Object.entries(pragmas)) {
    const valid = NAME.test(name) &&
      (typeof value === "number" ? Number.isInteger(value) : KEYWORD.test(value));
    if (!valid) {
      throw new TypeError(`Not a pragma setting: ${name}=${JSON.stringify(value)}`);
    }
    const pragma = `PRAGMA ${prefix}${name}`;
    db.exec(`${pragma}=${value}`);
    const row = db.prepare(pragma).get() as Record<string, unknown> | undefined;
    if (row === undefined) throw new Error(`SQLite does not know ${pragma}`);
    const now = Object.values(row)[0];
    const kept = typeof now === "string" ? now.toLowerCase() : Number(now);
    if (kept !== expected(name, value)) {
      throw new Error(`SQLite did not take ${pragma}=${value}: it reads ${JSON.stringify(now)}`);
    }
  }
}
