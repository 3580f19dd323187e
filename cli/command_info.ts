/**
 * Each command's name and one-line summary, written once. `main.ts --help`
 * lists them (through the registry, commands.ts) and each command's module
 * takes its own summary from here, so the two can never disagree. It imports
 * no command: the registry loads the commands, and the commands read this.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { COMMAND_INFO, commandInfo } from "./command_info.ts";
 * assert.deepStrictEqual(COMMAND_INFO.map((c) => c.name), ["serve", "query", "import", "export", "mcp", "session"]);
 * assert.deepStrictEqual(commandInfo("query").summary, "search the directory from the terminal");
 * ```
 * @module
 */

/** Every command, in the order `main.ts --help` lists them. */
export const COMMAND_INFO = [
  { name: "serve", summary: "serve the REST API, problem pages and MCP over HTTP" },
  { name: "query", summary: "search the directory from the terminal" },
  { name: "import", summary: "rebuild the database from a snapshot (CSV, TSV, NDJSON, JSON)" },
  { name: "export", summary: "write every club, every field, as CSV, TSV, NDJSON or JSON" },
  { name: "mcp", summary: "serve the MCP tools over stdio, for desktop assistants" },
  { name: "session", summary: "create, list and revoke site sessions (fee visibility)" },
] as const;

/** A registered command name. */
export type CommandName = typeof COMMAND_INFO[number]["name"];

/**
 * The name and summary of a command, for its module's `Command` object.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { commandInfo } from "./command_info.ts";
 * assert.deepStrictEqual(commandInfo("session").name, "session");
 * ```
 */
export function commandInfo(name: CommandName): { name: CommandName; summary: string } {
  const entry = COMMAND_INFO.find((c) => c.name === name)!;
  return { name: entry.name, summary: entry.summary };
}
