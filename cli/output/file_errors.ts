/**
 * An operating system's refusal to write a file, in words about the user's
 * path and what to do. The raw error names the file the call failed on,
 * which is often a temporary or lock file beside the user's target
 * (`open 'x.csv.exporting-18817-…'`): this names the target instead.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { writeProblem } from "./file_errors.ts";
 * const e = Object.assign(
 *   new Deno.errors.PermissionDenied("Permission denied (os error 13): open 'x.csv.exporting-1-2'"),
 *   { code: "EACCES" },
 * );
 * assert.equal(
 *   writeProblem(e, "x.csv"),
 *   "cannot write x.csv: permission denied — choose another path, or check the permissions of its folder (.)",
 * );
 * ```
 * @module
 */
import { dirname } from "node:path";

/** The errno names whose words and advice are ours, by Deno's `code`. */
const BY_CODE: Readonly<Record<string, (folder: string) => string>> = {
  EACCES: (f) =>
    `permission denied — choose another path, or check the permissions of its folder (${f})`,
  EPERM: (f) =>
    `permission denied — choose another path, or check the permissions of its folder (${f})`,
  ENOENT: (f) => `the folder ${f} does not exist — create it, or choose another path`,
  ENOTDIR: (f) => `${f} is not a folder — choose another path`,
  EISDIR: () => `it is a folder — name a file in it, or choose another path`,
  ENOSPC: (f) => `the disk of ${f} is full — free some space, or choose another disk`,
  EDQUOT: (f) => `the disk quota of ${f} is used up — free some space, or choose another disk`,
  EROFS: (f) => `${f} is on a read-only file system — choose another path`,
  EIO: (f) =>
    `the disk of ${f} failed to read or write (I/O error) — check it, or choose another path`,
};

/** Deno's error classes of those errors, for an error without a `code`. */
const BY_CLASS = new Map([
  ["PermissionDenied", "EACCES"],
  ["NotFound", "ENOENT"],
  ["NotADirectory", "ENOTDIR"],
  ["IsADirectory", "EISDIR"],
]);

/** SQLite's words for the same refusals (node:sqlite names the file it opened, often a temporary one). */
const SQLITE: readonly [RegExp, string][] = [
  [/unable to open database file/, "EACCES"],
  [/database or disk is full/, "ENOSPC"],
  [/attempt to write a readonly database/, "EROFS"],
  [/disk I\/O error/, "EIO"],
];

/**
 * "cannot write PATH: reason — what to do" for an operating system (or
 * SQLite) error `e` met while writing `path` (or a file beside it); null
 * when `e` is not one (a bug, or an error with its own message).
 */
export function writeProblem(e: unknown, path: string): string | null {
  if (!(e instanceof Error)) return null;
  const sqlite = (e as { code?: unknown }).code === "ERR_SQLITE_ERROR"
    ? SQLITE.find(([words]) => words.test(e.message))?.[1]
    : undefined;
  const code = sqlite ?? (e as { code?: unknown }).code ?? BY_CLASS.get(e.name);
  if (typeof code !== "string" || !/^E[A-Z]+$/.test(code)) return null;
  const folder = dirname(path);
  const words = BY_CODE[code]?.(folder) ??
    // The system's words without the call and its file (os error n): open '…'.
    e.message.replace(/ \(os error \d+\).*$/s, "").toLowerCase();
  return `cannot write ${path}: ${words}`;
}

/**
 * {@link writeProblem} for a database written at `dbPath` (its lock,
 * temporary and journal files beside it): only for SQLite's errors and
 * errors that name one of those files, so that an error about another file
 * keeps its own words.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { databaseWriteProblem } from "./file_errors.ts";
 * const e = Object.assign(new Error("unable to open database file: /srv/c.db.importing-1-2"), {
 *   code: "ERR_SQLITE_ERROR",
 * });
 * assert.match(databaseWriteProblem(e, "/srv/c.db")!, /^cannot write \/srv\/c\.db: permission denied/);
 * ```
 */
export function databaseWriteProblem(e: unknown, dbPath: string): string | null {
  if (!(e instanceof Error)) return null;
  const about = (e as { code?: unknown }).code === "ERR_SQLITE_ERROR" || e.message.includes(dbPath);
  return about ? writeProblem(e, dbPath) : null;
}
