/**
 * Flag parsing shared by every command, with errors that name the flag and
 * `--help` (`-h`) on every command, on top of `node:util` `parseArgs`
 * (`--flag value`, `--flag=value`, booleans, `--` ends flags). The option
 * tables of the commands (`cli/options.ts`) give it their flags.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseFlags } from "./args.ts";
 * const { values } = parseFlags(["--limit", "5"], { limit: { type: "string" } });
 * assert.deepStrictEqual(values.limit, "5");
 * ```
 * @module
 */
import { parseArgs } from "node:util";

/** A mistake in how a command was called: exit code 2, usage shown. */
export class UsageError extends Error {
  /** For an unknown word: what was given and what is known, to suggest the closest. */
  readonly unknown: { given: string; known: readonly string[] } | undefined;

  constructor(message: string, unknown?: { given: string; known: readonly string[] }) {
    super(message);
    this.name = "UsageError";
    this.unknown = unknown;
  }
}

/**
 * The known word closest to `given`: one it starts (`coun` → `country`),
 * else the nearest by edit distance, within 1 edit for words of up to 3
 * letters and 2 beyond (`tpye` → `type`). Null when nothing is that close.
 * The distance comes from `leven`, loaded only here, on the error path.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { closest } from "./args.ts";
 * assert.equal(await closest("tpye", ["type", "state", "country"]), "type");
 * assert.equal(await closest("zzz", ["type"]), null);
 * ```
 */
export async function closest(given: string, known: readonly string[]): Promise<string | null> {
  const starts = known.filter((k) => given.length >= 2 && k.startsWith(given));
  if (starts.length === 1) return starts[0]!;
  const { default: leven } = await import("leven");
  const limit = given.length <= 3 ? 1 : 2;
  let best: string | null = null;
  let bestDistance = limit + 1;
  for (const k of known) {
    const d = leven(given, k);
    if (d < bestDistance) [best, bestDistance] = [k, d];
  }
  return best;
}

/**
 * The message of a {@link UsageError}, with "did you mean …?" when it is
 * about an unknown flag or word that is close to a known one.
 *
 * @example
 * ```ts ignore
 * import { parseFlags, usageMessage } from "./args.ts";
 * try {
 *   parseFlags(["--tpye", "golf"], { type: { type: "string" } });
 * } catch (e) {
 *   await usageMessage(e as UsageError); // "unknown flag '--tpye' (did you mean --type?)"
 * }
 * ```
 */
export async function usageMessage(e: UsageError): Promise<string> {
  if (!e.unknown) return e.message;
  const dashes = /^-*/.exec(e.unknown.given)![0];
  const match = await closest(e.unknown.given.slice(dashes.length), e.unknown.known);
  return match === null ? e.message : `${e.message} (did you mean ${dashes}${match}?)`;
}

/** Declares one flag: a string value or a boolean switch. */
export interface FlagSpec {
  type: "string" | "boolean";
  short?: string;
}

type Values<O extends Record<string, FlagSpec>> =
  & { [K in keyof O]?: O[K]["type"] extends "boolean" ? boolean : string }
  & { help?: boolean };

/**
 * Parses flags strictly with `node:util` `parseArgs`: `--flag value`,
 * `--flag=value`, booleans, `-h`, and `--` to end the flags. `parseArgs`
 * reads the arguments into tokens leniently; the checks are ours, so that
 * each mistake throws a {@link UsageError} naming the flag (an unknown long
 * flag carries what is known, for "did you mean"). A value may start with
 * one dash (`--port -1` reaches the port's own check) but not two: `--db
 * --quiet` is a missing value, not a database named `--quiet`.
 */
export function parseFlags<O extends Record<string, FlagSpec>>(
  args: string[],
  options: O,
  positionals = false,
): { values: Values<O>; positionals: string[] } {
  const specs: Record<string, FlagSpec> = { ...options, help: { type: "boolean", short: "h" } };
  const { tokens } = parseArgs({
    args,
    options: specs,
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  const values: Record<string, string | boolean> = {};
  const rest: string[] = [];
  for (const token of tokens) {
    if (token.kind === "positional") rest.push(token.value);
    if (token.kind !== "option") continue;
    const spec = Object.hasOwn(specs, token.name) ? specs[token.name] : undefined;
    if (spec === undefined) {
      const given = token.rawName;
      // Only a long flag is worth a suggestion; one letter is too little to go on.
      throw new UsageError(
        `unknown flag '${given}'`,
        given.startsWith("--") ? { given, known: Object.keys(specs) } : undefined,
      );
    }
    if (spec.type === "boolean") {
      if (token.inlineValue) throw new UsageError(`flag '--${token.name}' does not take a value`);
      values[token.name] = true;
      continue;
    }
    const value = token.value;
    if (value === undefined || (!token.inlineValue && value.startsWith("--"))) {
      throw new UsageError(`flag '--${token.name}' needs a value`);
    }
    values[token.name] = value;
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
 * import assert from "node:assert/strict";
 * import { durationMs } from "./args.ts";
 * assert.deepStrictEqual(durationMs("12h", { units: ["m", "h", "d"] }), 43200000);
 * assert.deepStrictEqual(durationMs("3", { units: ["ms", "s", "m"], bare: "s" }), 3000);
 * assert.deepStrictEqual(durationMs("1y", { units: ["m", "h", "d"] }), null);
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
