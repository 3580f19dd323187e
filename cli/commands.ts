/**
 * The command registry: each command's loader, beside its name and summary
 * (command_info.ts). `main.ts` lists the commands and loads a command's
 * module only when it runs (so `query` does not pay for `serve`).
 *
 * The imports are string literals on purpose. Deno builds the graph of every
 * statically analysable `import()` before the first line runs (about 17 ms of
 * a cold start for all six commands), and that is what lets a command load
 * its own modules under `--allow-read=data` alone (`deno task query`, `mcp`,
 * `session`): a computed specifier, or deno.json's `lazy-dynamic-imports`,
 * would ask for read permission on the code.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { COMMANDS } from "./commands.ts";
 * assert.deepStrictEqual(COMMANDS.map((c) => c.name), ["serve", "query", "import", "export", "mcp", "session"]);
 * ```
 * @module
 */
import type { Command } from "./args.ts";
import { COMMAND_INFO, type CommandName } from "./command_info.ts";

/** One registered command: what `main.ts --help` says and how to load it. */
export interface CommandEntry {
  name: CommandName;
  summary: string;
  /** Loads the command's module (dynamic import: only the command that runs is loaded). */
  load(): Promise<Command>;
}

/** Each command's loader: a command without one does not compile. */
const LOADERS: Record<CommandName, () => Promise<Command>> = {
  serve: async () => (await import("./serve.ts")).serveCommand,
  query: async () => (await import("./query.ts")).queryCommand,
  import: async () => (await import("./import.ts")).importCommand,
  export: async () => (await import("./export.ts")).exportCommand,
  mcp: async () => (await import("./mcp.ts")).mcpCommand,
  session: async () => (await import("./session.ts")).sessionCommand,
};

/** Every command, in the order `main.ts --help` lists them. */
export const COMMANDS: readonly CommandEntry[] = COMMAND_INFO.map((info) => ({
  ...info,
  load: LOADERS[info.name],
}));
