/**
 * Flag parsing shared by every command, with errors that name the flag and
 * `--help` (`-h`) on every command. It follows `node:util` `parseArgs`
 * strict mode (`--flag value`, `--flag=value`, booleans, `--` ends flags)
 * in a few lines, because loading `node:util` alone costs about 4 ms and a
 * cold `query` must start in about twice an empty script's time.
 *
 * @example
 * ```ts
 * import { parseFlags } from "./args.ts";
 * const { values } = parseFlags(["--limit", "5"], { limit: { type: "string" } });
 * values.limit; // "5"
 * ```
 * @module
 */

/** A mistake in how a command was called: exit code 2, usage shown. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UsageError";
  }
}

/** Declares one flag: a string value or a boolean switch. */
export interface FlagSpec {
  type: "string" | "boolean";
  short?: string;
}

type Values<O extends Record<string, FlagSpec>> =
  & { [K in keyof O]?: O[K]["type"] extends "boolean" ? boolean : string }
  & { help?: boolean };

/** Parses flags strictly; unknown flags and missing values throw {@link UsageError}. */
export function parseFlags<O extends Record<string, FlagSpec>>(
  args: string[],
  options: O,
  positionals = false,
): { values: Values<O>; positionals: string[] } {
  const specs: Record<string, FlagSpec> = { ...options, help: { type: "boolean", short: "h" } };
  const shorts = new Map(Object.entries(specs).flatMap(([k, v]) => v.short ? [[v.short, k]] : []));
  const values: Record<string, string | boolean> = {};
  const rest: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === "--") {
      rest.push(...args.slice(i + 1));
      break;
    }
    if (arg.length < 2 || !arg.startsWith("-") || arg === "-") {
      rest.push(arg);
      continue;
    }
    const eq = arg.indexOf("=");
    const flag = arg.startsWith("--")
      ? arg.slice(2, eq < 0 ? undefined : eq)
      : shorts.get(arg.slice(1));
    const spec = flag === undefined ? undefined : specs[flag];
    if (!flag || !spec || !Object.hasOwn(specs, flag)) {
      throw new UsageError(`unknown flag '${arg.split("=")[0]}'`);
    }
    if (spec.type === "boolean") {
      if (eq >= 0) throw new UsageError(`flag '--${flag}' does not take a value`);
      values[flag] = true;
      continue;
    }
    const value = eq >= 0 ? arg.slice(eq + 1) : args[++i];
    if (value === undefined || (eq < 0 && value.startsWith("--"))) {
      throw new UsageError(`flag '--${flag}' needs a value`);
    }
    values[flag] = value;
  }
  if (rest.length && !positionals) throw new UsageError(`unexpected argument '${rest[0]}'`);
  return { values: values as Values<O>, positionals: rest };
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

/** Milliseconds per duration unit. */
export const DURATION_UNITS = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** A duration unit: ms, s, m, h or d. */
export type DurationUnit = keyof typeof DURATION_UNITS;

/**
 * Reads a duration written as a whole number and a unit (`90m`, `12h`,
 * `30d`, `10s`, `1500ms`) into milliseconds: the one duration parser of the
 * CLI (`session --expires-in`) and the bench (`--duration`, in seconds:
 * divide by 1,000). Null when the text is not a whole number followed by one
 * of `units` (or a bare number when `bare` names its unit).
 *
 * @example
 * ```ts
 * import { durationMs } from "./args.ts";
 * durationMs("12h", { units: ["m", "h", "d"] }); // 43200000
 * durationMs("3", { units: ["ms", "s", "m"], bare: "s" }); // 3000
 * durationMs("1y", { units: ["m", "h", "d"] }); // null
 * ```
 */
export function durationMs(
  raw: string,
  options: { units: readonly DurationUnit[]; bare?: DurationUnit },
): number | null {
  const m = /^([0-9]{1,15})([a-z]*)$/.exec(raw.trim());
  const unit = m?.[2] === "" ? options.bare : m?.[2] as DurationUnit | undefined;
  if (!m || unit === undefined || !options.units.includes(unit)) return null;
  return Number(m[1]) * DURATION_UNITS[unit];
}
