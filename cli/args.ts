/**
 * Flag parsing shared by every command: `node:util` `parseArgs`, with
 * errors that name the flag, and `--help` on every command.
 *
 * @example
 * ```ts
 * import { parseFlags } from "./args.ts";
 * const { values } = parseFlags(["--limit", "5"], { limit: { type: "string" } });
 * values.limit; // "5"
 * ```
 * @module
 */
import { parseArgs, type ParseArgsConfig } from "node:util";

/** A mistake in how a command was called: exit code 2, usage shown. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UsageError";
  }
}

type Options = NonNullable<ParseArgsConfig["options"]>;

/** Parses flags strictly; unknown flags and missing values throw {@link UsageError}. */
export function parseFlags<O extends Options>(
  args: string[],
  options: O,
  positionals = false,
) {
  try {
    return parseArgs({
      args,
      options: { ...options, help: { type: "boolean", short: "h" } } as O & {
        help: { type: "boolean"; short: "h" };
      },
      allowPositionals: positionals,
      strict: true,
    });
  } catch (e) {
    const msg = (e as Error).message.replace(
      /\. To specify a positional argument.*$/s,
      "",
    );
    throw new UsageError(msg.replace(/^Unknown option/, "unknown flag"));
  }
}

/** A command of `main.ts`. */
export interface Command {
  name: string;
  summary: string;
  usage: string;
  /** Runs the command; resolves to the exit code. */
  run(args: string[]): Promise<number>;
}

/** Reads a whole-number flag, naming the flag when the value is wrong. */
export function intFlag(
  name: string,
  raw: string | undefined,
  fallback: number,
): number {
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw)) {
    throw new UsageError(`--${name} must be a whole number, got "${raw}"`);
  }
  return Number(raw);
}
