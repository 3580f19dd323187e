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
import { UsageError, usageMessage } from "./cli/args.ts";
import { COMMANDS } from "./cli/commands.ts";
import { OutputClosed } from "./cli/output/stdout.ts";

const USAGE = `clubdir: a read-only directory of private membership clubs.

Usage: main.ts <command> [options]

Commands:
${COMMANDS.map((c) => `  ${c.name.padEnd(8)} ${c.summary}`).join("\n")}

Run "main.ts <command> --help" for a command's options and examples,
"main.ts --version" for the version.

Examples:
  main.ts serve --port 8000
  main.ts query --type golf --state FL --limit 5
  main.ts import data/clubs.csv.gz --db data/clubs.db
  main.ts session create --tier member`;

/** Runs a command line; resolves to the exit code. */
export async function main(args: string[]): Promise<number> {
  const [name, ...rest] = args;
  if (wantsVersion(args)) {
    // Loaded here only: it reads deno.json, which no other command needs at start-up.
    const { VERSION } = await import("./core/model/mod.ts");
    console.log(`clubdir ${VERSION}`);
    return 0;
  }
  if (name === undefined || name === "--help" || name === "-h" || name === "help") {
    (name === undefined ? console.error : console.log)(USAGE);
    return name === undefined ? 2 : 0;
  }
  const entry = COMMANDS.find((c) => c.name === name);
  if (!entry) {
    const e = new UsageError(`unknown command "${name}"`, {
      given: name,
      known: COMMANDS.map((c) => c.name),
    });
    console.error(`error: ${await usageMessage(e)}\n${helpPointer()}`);
    return 2;
  }
  const command = await entry.load();
  try {
    return await command.run(rest);
  } catch (e) {
    if (e instanceof UsageError) {
      // One line to the help, not the whole usage: it would scroll the error away.
      console.error(`error: ${await usageMessage(e)}\n${helpPointer(command.name)}`);
      return 2;
    }
    // The reader of stdout stopped early (`| head`): what it read is the answer.
    if (e instanceof OutputClosed) return 0;
    console.error(`error: ${(e as Error).message}`);
    return 1;
  }
}

/**
 * The line after a usage error: where the options (or the commands) are.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { helpPointer } from "./main.ts";
 * assert.deepStrictEqual(helpPointer("query"), 'Run "main.ts query --help" for the options.');
 * ```
 */
export function helpPointer(command?: string): string {
  return command === undefined
    ? `Run "main.ts --help" for the commands.`
    : `Run "main.ts ${command} --help" for the options.`;
}

/**
 * `--version` anywhere among the flags, on `main.ts` or any
 * command. Every flag value is its own argument only when it does not start
 * with "--" (args.ts), so a `--version` before `--` is always the flag.
 */
function wantsVersion(args: string[]): boolean {
  const end = args.indexOf("--");
  const flags = end < 0 ? args : args.slice(0, end);
  return flags.includes("--version");
}

if (import.meta.main) Deno.exit(await main(Deno.args));
