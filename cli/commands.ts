/**
 * The command registry: each command's name and one-line summary, written
 * once. `main.ts` lists them and loads a command's module only when it runs
 * (so `query` does not pay for `serve`); each module takes its own summary
 * from here, so `main.ts --help` and the command can never disagree.
 *
 * The imports are string literals on purpose. Deno builds the graph of every
 * statically analysable `import()` before the first line runs (about 17 ms of
 * a cold start for all six commands, issue #13), and that is what lets a
 * command load its own modules under `--allow-read=data` alone (`deno task
 * query`, `mcp`, `session`): a computed specifier, or deno.json's
 * `lazy-dynamic-imports`, would ask for read permission on the code.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { commandInfo, COMMANDS } from "./commands.ts";
 * assert.deepStrictEqual(COMMANDS.map((c) => c.name), ["serve", "query", "import", "export", "mcp", "session"]);
 * assert.deepStrictEqual(commandInfo("query").summary, "search the directory from the terminal");
 * ```
 * @module
 */
import type { Command } from "./args.ts";

/** One registered command: what `main.ts --help` says and how to load it. */
export interface CommandEntry {
  name: string;
  summary: string;
  /** Loads the command's module (dynamic import: only the command that runs is loaded). */
  load(): Promise<Command>;
}

/** Every command, in the order `main.ts --help` lists them. */
export const COMMANDS = [
  {
    name: "serve",
    summary: "serve the REST API, problem pages and MCP over HTTP",
    load: async () => (await import("./serve.ts")).serveCommand,
  },
  {
    name: "query",
    summary: "search the directory from the terminal",
    load: async () => (await import("./query.ts")).queryCommand,
  },
  {
    name: "import",
    summary: "rebuild the database from a snapshot (CSV, TSV, NDJSON, JSON)",
    load: async () => (await import("./import.ts")).importCommand,
  },
  {
    name: "export",
    summary: "write every club, every field, as CSV, TSV, NDJSON or JSON",
    load: async () => (await import("./export.ts")).exportCommand,
  },
  {
    name: "mcp",
    summary: "serve the MCP tools over stdio, for desktop assistants",
    load: async () => (await import("./mcp.ts")).mcpCommand,
  },
  {
    name: "session",
    summary: "create, list and revoke site sessions (fee visibility)",
    load: async () => (await import("./session.ts")).sessionCommand,
  },
] as const satisfies readonly CommandEntry[];

/** A registered command name. */
export type CommandName = typeof COMMANDS[number]["name"];

/**
 * The name and summary of a command, for its module's {@link Command} object.
 *
 * @example
 * ```ts
 * import { commandInfo } from "./commands.ts";
 * const { name, summary } = commandInfo("session");
 * ```
 */
export function commandInfo(name: CommandName): { name: CommandName; summary: string } {
  const entry = COMMANDS.find((c) => c.name === name)!;
  return { name: entry.name, summary: entry.summary };
}
