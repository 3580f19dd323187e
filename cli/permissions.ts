/**
 * Refusing at start what Deno's permissions would refuse later. The tasks in
 * deno.json grant each command only `data/`; a `--db` elsewhere would fail
 * on every request (`serve` answering 500 forever) or halfway through, with
 * advice ("run again with --allow-read") a task cannot take. Checked before
 * anything runs, the error names the path and gives the command line that
 * works.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { accessProblem } from "./permissions.ts";
 * // Under `deno test -A` everything is granted:
 * assert.deepStrictEqual(accessProblem("query", { read: ["/srv/clubs.db"] }, ["--db", "/srv/clubs.db"]), null);
 * ```
 * @module
 */
import { dirname, resolve } from "node:path";

/** What a command must be allowed to do before it starts. */
export interface Access {
  /** Paths read (files, or folders read as a whole). */
  read?: string[];
  /** Folders written (new files and temporary files are made there). */
  write?: string[];
  /** Whether the command needs the network (serve, a redis:// store). */
  net?: boolean;
}

function granted(desc: Deno.PermissionDescriptor): boolean {
  return Deno.permissions.querySync(desc).state === "granted";
}

/**
 * The error to print when this process lacks any of `access`, naming the
 * first path refused and the `deno run` line that grants what is needed;
 * null when everything is granted.
 */
export function accessProblem(command: string, access: Access, args: string[]): string | null {
  const read = (access.read ?? []).map((p) => resolve(p));
  const write = (access.write ?? []).map((p) => resolve(p));
  const refusedRead = read.find((path) => !granted({ name: "read", path }));
  const refusedWrite = write.find((path) => !granted({ name: "write", path }));
  if (refusedRead === undefined && refusedWrite === undefined) return null;
  const what = refusedRead !== undefined ? `read ${refusedRead}` : `write in ${refusedWrite}`;
  const folders = (paths: string[]) =>
    [...new Set(paths.map((p) => write.includes(p) ? p : dirname(p)))].join(",");
  const flags = [
    access.net ? "--allow-net" : "",
    "--allow-env=CLUBDIR_*",
    read.length > 0 ? `--allow-read=${folders([...read, ...write])}` : "",
    write.length > 0 ? `--allow-write=${folders(write)}` : "",
  ].filter((f) => f !== "").join(" ");
  return `main.ts ${command} may not ${what}: this run was not given that permission ` +
    `(the deno tasks allow only data/). Run it as: deno run ${flags} main.ts ${command} ${
      args.join(" ")
    }`.trimEnd();
}

/**
 * Throws {@link accessProblem}'s message as an `Error` when access is missing
 * (the command then exits 1 with it).
 */
export function requireAccess(command: string, access: Access, args: string[]): void {
  const problem = accessProblem(command, access, args);
  if (problem !== null) throw new Error(problem);
}
