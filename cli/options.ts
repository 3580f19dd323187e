/**
 * The option tables of the commands (core/model/options.ts) put to work:
 * from one table come the flags given to the parser ({@link flagSpecs}),
 * the settings read from flags, else variables, else defaults
 * ({@link readOptions}), and the `--help` lines ({@link optionLines}). The
 * environment is read here, in the CLI, and only through the `env` function
 * a command passes in: `core/` and `server/` get paths and settings, never
 * variables.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseOptions } from "./options.ts";
 * const table = {
 *   port: {
 *     flag: "port",
 *     placeholder: "N",
 *     env: "APP_PORT",
 *     default: 8000,
 *     parse: (raw: string) => ({ ok: true as const, value: Number(raw) }),
 *     help: "port to bind",
 *   },
 * };
 * const r = parseOptions(table, ["--port=9"], () => undefined);
 * assert.deepStrictEqual(r.settings.port, 9);
 * assert.deepStrictEqual(r.from.port, "flag");
 * ```
 * @module
 */
import type {
  OptionSpec,
  OptionTable,
  Parsed,
  SettingsOf,
  SwitchOption,
} from "../core/model/mod.ts";
import { DEFAULT_DB_PATH } from "../core/store/mod.ts";
import { type FlagSpec, parseFlags, UsageError } from "./args.ts";

/** Reads one environment variable; `(name) => Deno.env.get(name)` in a command, a record in tests. */
export type Env = (name: string) => string | undefined;

/** Where a setting came from: its flag, its variable, or the table's default. */
export type Source = "flag" | "env" | "default";

/** The parser's flags of a table: a string flag per value option, a boolean per switch. */
export function flagSpecs(table: OptionTable): Record<string, FlagSpec> {
  return Object.fromEntries(
    Object.values(table).map((o) => [o.flag, { type: o.switch ? "boolean" : "string" }]),
  );
}

/**
 * Gives a flag that may stand alone (`bare`) its value, so the strict
 * parser sees `--flag=value` either way: `--trust-proxy` becomes
 * `--trust-proxy=1`, `--trust-proxy 2` becomes `--trust-proxy=2`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { withBareValues } from "./options.ts";
 * const table = {
 *   hops: {
 *     flag: "trust-proxy",
 *     placeholder: "[N]",
 *     default: 0,
 *     bare: { value: "1", takes: /^\d+$/ },
 *     parse: (raw: string) => ({ ok: true as const, value: Number(raw) }),
 *     help: "proxies in front",
 *   },
 * };
 * assert.deepStrictEqual(withBareValues(["--trust-proxy", "--quiet"], table), ["--trust-proxy=1", "--quiet"]);
 * assert.deepStrictEqual(withBareValues(["--trust-proxy", "2"], table), ["--trust-proxy=2"]);
 * ```
 */
export function withBareValues(args: string[], table: OptionTable): string[] {
  const bare = new Map(
    Object.values(table).flatMap((o) => !o.switch && o.bare ? [[`--${o.flag}`, o.bare]] : []),
  );
  if (bare.size === 0) return args;
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === "--") {
      out.push(...args.slice(i));
      break;
    }
    const b = bare.get(arg);
    if (b === undefined) out.push(arg);
    else if (b.takes.test(args[i + 1] ?? "")) out.push(`${arg}=${args[++i]}`);
    else out.push(`${arg}=${b.value}`);
  }
  return out;
}

const ON = ["1", "true", "yes", "on"];
const OFF = ["0", "false", "no", "off"];

/**
 * The settings of a table from the parsed flag values, else the variables,
 * else the defaults, with where each came from. An empty variable counts as
 * unset. A bad value throws a {@link UsageError} naming the flag or the
 * variable it came from.
 */
export function readOptions<T extends OptionTable>(
  table: T,
  values: Readonly<Record<string, string | boolean | undefined>>,
  env: Env,
): { settings: SettingsOf<T>; from: Record<keyof T, Source> } {
  const settings: Record<string, unknown> = {};
  const from: Record<string, Source> = {};
  for (const [key, o] of Object.entries(table)) {
    const flag = values[o.flag];
    // A variable is read only when its flag is absent: `mcp --db PATH` needs
    // no permission to read CLUBDIR_DB.
    const variable = o.env === undefined || flag !== undefined ? undefined : env(o.env);
    if (flag !== undefined) from[key] = "flag";
    else from[key] = variable === undefined || variable === "" ? "default" : "env";
    if (o.switch) {
      settings[key] = switchValue(o, flag === true, from[key] === "env" ? variable! : null);
      continue;
    }
    const raw = from[key] === "flag" ? flag as string : from[key] === "env" ? variable! : null;
    if (raw === null) {
      settings[key] = o.default;
      continue;
    }
    const r = o.parse(raw);
    if (!r.ok) throw new UsageError(`${from[key] === "flag" ? `--${o.flag}` : o.env} ${r.reason}`);
    settings[key] = r.value;
  }
  return { settings: settings as SettingsOf<T>, from: from as Record<keyof T, Source> };
}

function switchValue(
  o: SwitchOption<unknown>,
  flag: boolean,
  variable: string | null,
): unknown {
  if (flag) return o.on;
  if (variable === null) return o.default;
  const t = variable.trim().toLowerCase();
  if (ON.includes(t)) return o.on;
  if (OFF.includes(t)) return o.default;
  throw new UsageError(`${o.env} must be 1 or 0 (true/false, yes/no), got "${variable}"`);
}

/** What {@link parseOptions} returns. */
export interface ParsedOptions<T extends OptionTable> {
  /** `--help` (`-h`) was given: nothing else was read. */
  help: boolean;
  settings: SettingsOf<T>;
  from: Record<keyof T, Source>;
  /** The words that are not flags (only when the command takes them). */
  positionals: string[];
}

/**
 * Parses a command line against a table: the flags, then the settings (see
 * {@link readOptions}). `positionals`: whether the command takes words
 * besides its flags (`session create`).
 */
export function parseOptions<T extends OptionTable>(
  table: T,
  args: string[],
  env: Env,
  positionals = false,
): ParsedOptions<T> {
  const parsed = parseFlags(withBareValues(args, table), flagSpecs(table), positionals);
  const values = parsed.values as Record<string, string | boolean | undefined>;
  if (values.help) {
    return { help: true, settings: {} as SettingsOf<T>, from: {} as never, positionals: [] };
  }
  return { help: false, ...readOptions(table, values, env), positionals: parsed.positionals };
}

/** The names of the variables a table reads, in its order. */
export function envNames(table: OptionTable): string[] {
  return Object.values(table).flatMap((o) => o.env === undefined ? [] : [o.env]);
}

/** `--flag PLACEHOLDER`, as `--help` shows an option. */
export function flagLabel(o: OptionSpec): string {
  return o.switch ? `--${o.flag}` : `--${o.flag} ${o.placeholder}`;
}

/**
 * An option's help text as `--help` shows it: the text, then its variable
 * and default in brackets (`port to bind (APP_PORT; default 8000)`; a switch:
 * `(APP_QUIET=1)`).
 */
export function optionHelp(o: OptionSpec): string {
  const notes = [
    o.env === undefined ? null : o.switch ? `${o.env}=1` : o.env,
    o.shown === undefined ? null : `default ${o.shown}`,
  ].filter((n) => n !== null);
  return notes.length ? `${o.help} (${notes.join("; ")})` : o.help;
}

/**
 * `  --flag VALUE   help`, the help wrapped at `width` columns under itself
 * from `column`; a label too long for its column is followed by two spaces.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { helpLine } from "./options.ts";
 * assert.deepStrictEqual(helpLine("--port N", "port to bind", 16), "  --port N      port to bind");
 * ```
 */
export function helpLine(label: string, help: string, column: number, width = 80): string {
  const lines: string[] = [];
  let line = `  ${label}`;
  line += line.length <= column - 2 ? " ".repeat(column - line.length) : "  ";
  let fresh = true;
  for (const word of help.split(" ")) {
    if (!fresh && line.length + 1 + word.length > width) {
      lines.push(line);
      line = " ".repeat(column);
      fresh = true;
    }
    line += fresh ? word : ` ${word}`;
    fresh = false;
  }
  return [...lines, line].join("\n");
}

/** The `--help` lines of every option of a table, in its order, help text from `column`. */
export function optionLines(table: OptionTable, column: number): string {
  return Object.values(table).map((o) => helpLine(flagLabel(o), optionHelp(o), column)).join("\n");
}

/** The `--help` line of `-h, --help`, aligned with the others. */
export function helpFlagLine(column: number): string {
  return helpLine("-h, --help", "show this help", column);
}

/**
 * A parser that takes one of `allowed` as written; the refusal lists them
 * (`must be one of csv, tsv, got "xml"`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { choice } from "./options.ts";
 * assert.deepStrictEqual(choice(["csv", "tsv"] as const)("tsv"), { ok: true, value: "tsv" });
 * assert.equal(choice(["csv", "tsv"] as const)("xml").ok, false);
 * ```
 */
export function choice<T extends string>(allowed: readonly T[]): (raw: string) => Parsed<T> {
  return (raw) =>
    (allowed as readonly string[]).includes(raw)
      ? { ok: true, value: raw as T }
      : { ok: false, reason: `must be one of ${allowed.join(", ")}, got "${raw}"` };
}

/** The variable every command reads the database path from when `--db` is not given. */
export const DB_ENV = "CLUBDIR_DB";

/**
 * The `--db` option of every command but `serve`: `$CLUBDIR_DB`, else
 * `data/clubs.db`. (`serve`'s own, in server/options.ts, reads the same
 * variable with the same default; a test holds them together.)
 */
export function dbOption(help: string): OptionSpec<string> {
  return {
    flag: "db",
    placeholder: "PATH",
    env: DB_ENV,
    default: DEFAULT_DB_PATH,
    shown: "data/clubs.db",
    parse: (raw) => ({ ok: true, value: raw }),
    help,
  };
}

/**
 * The database a command uses without `--db`: `$CLUBDIR_DB`, else
 * `data/clubs.db` in the project. For the commands without an option table
 * yet (`bench/soak.ts`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { defaultDb } from "./options.ts";
 * assert.deepStrictEqual(defaultDb(() => "/srv/clubs.db"), "/srv/clubs.db");
 * ```
 */
export function defaultDb(env: Env): string {
  return env(DB_ENV) || DEFAULT_DB_PATH;
}
