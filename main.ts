/**
 * clubdir: a read-only directory of private membership clubs, served from
 * one embedded SQLite file. This entrypoint dispatches the subcommands.
 *
 * @example
 * ```sh
 * deno run -A main.ts query --type golf --state FL
 * ```
 * @module
 */
import { type Command, UsageError } from "./cli/args.ts";

/** Each command's module is loaded only when it runs: `query` starts fast. */
const COMMANDS: { name: string; summary: string; load: () => Promise<Command> }[] = [
  {
    name: "serve",
    summary: "serve the REST API, problem pages and MCP over HTTP",
    load: async () => (await import("./cli/serve.ts")).serveCommand,
  },
  {
    name: "query",
    summary: "search the directory from the terminal",
    load: async () => (await import("./cli/query.ts")).queryCommand,
  },
  {
    name: "import",
    summary: "rebuild the database from a CSV snapshot",
    load: async () => (await import("./cli/import.ts")).importCommand,
  },
  {
    name: "mcp",
    summary: "serve the MCP tools over stdio, for local agents",
    load: async () => (await import("./cli/mcp.ts")).mcpCommand,
  },
  {
    name: "session",
    summary: "create, list and revoke site sessions (fee visibility)",
    load: async () => (await import("./cli/session.ts")).sessionCommand,
  },
];

const USAGE = `clubdir: a read-only directory of private membership clubs.

Usage: main.ts <command> [options]

Commands:
${COMMANDS.map((c) => `  ${c.name.padEnd(8)} ${c.summary}`).join("\n")}

Run "main.ts <command> --help" for a command's options and examples.

Examples:
  main.ts serve --port 8000
  main.ts query --type golf --state FL --limit 5
  main.ts import data/clubs.csv.gz --db data/clubs.db
  main.ts session create --tier member`;

/** Runs a command line; resolves to the exit code. */
export async function main(args: string[]): Promise<number> {
  const [name, ...rest] = args;
  if (name === undefined || name === "--help" || name === "-h" || name === "help") {
    (name === undefined ? console.error : console.log)(USAGE);
    return name === undefined ? 2 : 0;
  }
  const entry = COMMANDS.find((c) => c.name === name);
  if (!entry) {
    console.error(`error: unknown command "${name}"\n\n${USAGE}`);
    return 2;
  }
  const command = await entry.load();
  try {
    return await command.run(rest);
  } catch (e) {
    if (e instanceof UsageError) {
      console.error(`error: ${e.message}\n\n${command.usage}`);
      return 2;
    }
    console.error(`error: ${(e as Error).message}`);
    return 1;
  }
}

if (import.meta.main) Deno.exit(await main(Deno.args));
