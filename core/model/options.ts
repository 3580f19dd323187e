/**
 * The shape of a command's option table: each option written once, with its
 * flag, value placeholder, environment variable, default, parser and help
 * line (as meilisearch's `option.rs` and Datasette's `SETTINGS` do, and as
 * `SEARCH_PARAMS` does for the search parameters). Types only: the
 * tables live with what they configure (`server/options.ts` for `serve`,
 * each `cli/<command>.ts` for its own), and `cli/options.ts` derives the
 * parser's flags, the variables read, the defaults and the `--help` lines
 * from them. Nothing here reads the environment: a variable is only named.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { OptionTable, SettingsOf } from "./options.ts";
 * const table = {
 *   port: {
 *     flag: "port",
 *     placeholder: "N",
 *     env: "APP_PORT",
 *     default: 8000,
 *     shown: "8000",
 *     parse: (raw: string) => ({ ok: true as const, value: Number(raw) }),
 *     help: "port to bind",
 *   },
 * } satisfies OptionTable;
 * const settings: SettingsOf<typeof table> = { port: 8080 };
 * assert.equal(settings.port, 8080);
 * ```
 * @module
 */
/** A parsed setting, or why it was refused (a phrase to follow the setting's name). */
export type Parsed<T> = { ok: true; value: T } | { ok: false; reason: string };

/** What every option has, whatever its kind. */
interface OptionBase<T> {
  /** The long flag without its dashes (`base-url`). */
  flag: string;
  /** The environment variable read when the flag is absent; none when omitted. */
  env?: string;
  /** The value when neither the flag nor the variable is given. */
  default: T;
  /**
   * The default as `--help` shows it after "default " (`8000`, `the request's
   * own origin`); omitted: no default is shown (a switch's is "off").
   */
  shown?: string;
  /** The help line's text, without the variable or the default (those are added). */
  help: string;
}

/** An option that takes a value: `--port 8080`, `--port=8080`, or its variable. */
export interface ValueOption<T> extends OptionBase<T> {
  /** The value's name in `--help` (`N`, `PATH`, `N/S|off`). */
  placeholder: string;
  /** Reads the flag's or the variable's text. */
  parse: (raw: string) => Parsed<T>;
  /**
   * The flag may stand alone: it then means `value`, and the next argument
   * is its value only when it matches `takes` (`--trust-proxy`, `--trust-proxy 2`).
   */
  bare?: { value: string; takes: RegExp };
  /** Not a switch (tells the two kinds apart). */
  switch?: never;
}

/**
 * A switch: `--quiet`, or its variable set to 1/true/yes/on (0/false/no/off
 * for the default). It takes no value on the command line.
 */
export interface SwitchOption<T> extends OptionBase<T> {
  switch: true;
  /** The setting when the switch is on (`--lean` → `holdJson: false`). */
  on: T;
}

/** One option of a table. */
export type OptionSpec<T = unknown> = ValueOption<T> | SwitchOption<T>;

/** A command's options by the name of the setting each one fills. */
// deno-lint-ignore no-explicit-any
export type OptionTable = Record<string, OptionSpec<any>>;

/** The value type of one option. */
export type SettingOf<O> = O extends SwitchOption<infer T> ? T
  : O extends { parse: (raw: string) => Parsed<infer P>; default: infer D } ? P | D
  : never;

/** The settings a table resolves to: one field per option, typed by its parser and default. */
export type SettingsOf<T extends OptionTable> = { -readonly [K in keyof T]: SettingOf<T[K]> };
