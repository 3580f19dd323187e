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
import { importCommand } from "./cli/import.ts";
import { queryCommand } from "./cli/query.ts";
import { sessionCommand } from "./cli/session.ts";

const COMMANDS: Command[] = [queryCommand, importCommand, sessionCommand];

const USAGE = `clubdir: a read-only directory of private membership clubs.

Usage: main.ts <command> [options]

Commands:
${COMMANDS.map((c) => `  ${c.name.padEnd(8)} ${c.summary}`).join("\n")}

Run "main.ts <command> --help" for a command's options and examples.

Examples:
  main.ts query --type golf --state FL --limit 5
  main.ts import data/clubs.csv.gz --db data/clubs.db`;

/** Runs a command line; resolves to the exit code. */
export async function main(args: string[]): Promise<number> {
  const [name, ...rest] = args;
  if (
    name === undefined || name === "--help" || name === "-h" || name === "help"
  ) {
    console.log(USAGE);
    return name === undefined ? 2 : 0;
  }
  const command = COMMANDS.find((c) => c.name === name);
  if (!command) {
    console.error(`error: unknown command "${name}"\n\n${USAGE}`);
    return 2;
  }
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
