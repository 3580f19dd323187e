import { UsageError } from "../../cli/args.ts";
import { COMMANDS } from "../../cli/commands.ts";
import {
  dbOption,
  envNames,
  flagLabel,
  optionHelp,
  parseOptions,
  readOptions,
  withBareValues,
} from "../../cli/options.ts";
import { resolveServe } from "../../cli/serve.ts";
import { EXPORT_OPTIONS } from "../../cli/export.ts";
import { IMPORT_OPTIONS } from "../../cli/import.ts";
import { MCP_OPTIONS } from "../../cli/mcp.ts";
import { QUERY_OPTIONS } from "../../cli/query.ts";
import { SESSION_OPTIONS } from "../../cli/session.ts";
import { DEFAULT_DB_PATH } from "../../core/store/mod.ts";
import type { OptionTable } from "../../core/model/mod.ts";
import { DEFAULT_SETTINGS, SERVE_OPTIONS } from "../../server/options.ts";
import { assert, assertEquals, assertStrictEquals, assertThrows } from "../_assert.ts";

const serveUsage = async () => (await COMMANDS.find((c) => c.name === "serve")!.load()).usage;

/** The usage text with its wrapped lines joined, so a phrase split over two lines still matches. */
const unwrapped = (usage: string) => usage.replace(/\n {10,}/g, " ");

Deno.test("every serve option has a flag, a variable, a default and a help line, and the usage lists them all", async () => {
  const usage = unwrapped(await serveUsage());
  for (const [key, o] of Object.entries(SERVE_OPTIONS as OptionTable)) {
    assert(/^[a-z][a-z-]*$/.test(o.flag), `${key}: flag ${o.flag}`);
    assert(o.env !== undefined && /^CLUBDIR_[A-Z_]+$/.test(o.env), `${key}: variable ${o.env}`);
    assert("default" in o, `${key}: no default`);
    assert(o.switch || (o.shown ?? "") !== "", `${key}: the usage shows no default`);
    assert(o.help.length > 0, `${key}: no help`);
    assert(usage.includes(`  ${flagLabel(o)} `), `${key}: ${flagLabel(o)} not in the usage`);
    assert(usage.includes(optionHelp(o)), `${key}: its help line is not in the usage`);
  }
  // And nothing else: every flag the usage names is in the table (or is --help).
  const listed = [...usage.matchAll(/^ {2}(?:-h, )?--([a-z-]+)/gm)].map((m) => m[1]);
  assertEquals(listed, [...Object.values(SERVE_OPTIONS).map((o) => o.flag), "help"]);
});

Deno.test("serve's flags and variables are each used once", () => {
  const flags = Object.values(SERVE_OPTIONS).map((o) => o.flag);
  const vars = envNames(SERVE_OPTIONS);
  assertEquals(new Set(flags).size, flags.length);
  assertEquals(new Set(vars).size, vars.length);
  assertEquals(vars.length, flags.length);
});

Deno.test("serve's defaults are the table's: with no flag and no variable, resolveServe() gives DEFAULT_SETTINGS", () => {
  const r = resolveServe([], () => undefined);
  assert(r !== "help");
  assertEquals(r.settings, { ...DEFAULT_SETTINGS, db: DEFAULT_DB_PATH });
  assertStrictEquals(r.explicitDb, false);
});

Deno.test("every serve variable is read: each one set alone changes its setting", () => {
  const samples: Record<string, string> = {
    db: "/tmp/env.db",
    port: "9001",
    hostname: "0.0.0.0",
    baseUrl: "https://clubs.example",
    rateLimit: "off",
    name: "Env Clubs",
    trustProxy: "2",
    quiet: "1",
    holdJson: "yes",
    workers: "3",
    supportEmail: "help@clubs.example",
    sessions: "/tmp/env.sessions.db",
    rateLimitStore: "redis://127.0.0.1:6379/0",
    allowedHosts: "clubs.example",
    maxConnections: "50",
    logFormat: "json",
    metrics: "1",
  };
  assertEquals(Object.keys(samples).sort(), Object.keys(SERVE_OPTIONS).sort());
  for (const [key, o] of Object.entries(SERVE_OPTIONS)) {
    const r = resolveServe([], (n) => n === o.env ? samples[key] : undefined);
    assert(r !== "help");
    const settings = r.settings as unknown as Record<string, unknown>;
    assert(
      JSON.stringify(settings[key]) !==
        JSON.stringify((DEFAULT_SETTINGS as Record<string, unknown>)[key] ?? DEFAULT_DB_PATH),
      `${o.env} was not read`,
    );
  }
});

Deno.test("a bad value names the flag or the variable it came from", () => {
  assertThrows(
    () => resolveServe(["--port", "70000"], () => undefined),
    UsageError,
    "--port must be",
  );
  assertThrows(
    () => resolveServe([], (n) => n === "CLUBDIR_PORT" ? "x" : undefined),
    UsageError,
    "CLUBDIR_PORT must be",
  );
  assertThrows(
    () => resolveServe([], (n) => n === "CLUBDIR_QUIET" ? "maybe" : undefined),
    UsageError,
    'CLUBDIR_QUIET must be 1 or 0 (true/false, yes/no), got "maybe"',
  );
  // An empty variable counts as unset.
  const r = resolveServe([], (n) => n === "CLUBDIR_PORT" ? "" : undefined);
  assert(r !== "help" && r.settings.port === 8000);
});

Deno.test("query, session and serve read the database from the same variable, with the same default", () => {
  const db = dbOption("database");
  assertEquals([db.flag, db.env, db.default], [
    SERVE_OPTIONS.db.flag,
    SERVE_OPTIONS.db.env,
    SERVE_OPTIONS.db.default,
  ]);
  assertStrictEquals(DEFAULT_DB_PATH.endsWith("/data/clubs.db"), true);
});

Deno.test("the usage of every command but serve shows the database's variable and default", async () => {
  for (const name of ["query", "session", "import", "export", "mcp"]) {
    const usage = unwrapped((await COMMANDS.find((c) => c.name === name)!.load()).usage);
    assert(usage.includes("(CLUBDIR_DB; default data/clubs.db)"), name);
  }
});

/** Each command's own option table (serve's is SERVE_OPTIONS, tested above). */
const TABLES: Record<string, OptionTable> = {
  query: QUERY_OPTIONS,
  import: IMPORT_OPTIONS,
  export: EXPORT_OPTIONS,
  mcp: MCP_OPTIONS,
  session: SESSION_OPTIONS,
};

Deno.test("each command's usage lists its table's options, and (but for query's search flags) no other", async () => {
  for (const [name, table] of Object.entries(TABLES)) {
    const usage = unwrapped((await COMMANDS.find((c) => c.name === name)!.load()).usage);
    for (const [key, o] of Object.entries(table)) {
      assert(usage.includes(`  ${flagLabel(o)} `), `${name} ${key}: ${flagLabel(o)} not listed`);
      assert(usage.includes(optionHelp(o)), `${name} ${key}: its help line is not in the usage`);
    }
    if (name === "query") continue;
    const listed = [...usage.matchAll(/^ {2}(?:-h, )?--([a-z-]+)/gm)].map((m) => m[1]);
    assertEquals(listed, [...Object.values(table).map((o) => o.flag), "help"], name);
  }
});

Deno.test("import, export and mcp take the database from --db, else CLUBDIR_DB, else data/clubs.db", () => {
  for (const table of [IMPORT_OPTIONS, EXPORT_OPTIONS, MCP_OPTIONS]) {
    const env = (n: string) => n === "CLUBDIR_DB" ? "/srv/env.db" : undefined;
    assertEquals(parseOptions(table, ["--db", "/srv/flag.db"], env).settings.db, "/srv/flag.db");
    assertEquals(parseOptions(table, [], env).settings.db, "/srv/env.db");
    assertEquals(parseOptions(table, [], () => undefined).settings.db, DEFAULT_DB_PATH);
  }
});

Deno.test("a variable is read only when its flag is absent (mcp --db needs no --allow-env)", () => {
  const read: string[] = [];
  const env = (n: string) => {
    read.push(n);
    return undefined;
  };
  parseOptions(MCP_OPTIONS, ["--db", "/srv/c.db", "--base-url", "https://clubs.example"], env);
  assertEquals(read, []);
  parseOptions(MCP_OPTIONS, [], env);
  assertEquals(read, ["CLUBDIR_DB", "CLUBDIR_BASE_URL"]);
});

Deno.test("import's and export's settings come from their tables, with the old messages", () => {
  const none = () => undefined;
  const i = parseOptions(IMPORT_OPTIONS, ["x.csv", "--max-errors", "7", "--dry-run"], none, true);
  assertEquals(i.positionals, ["x.csv"]);
  assertEquals(
    [i.settings.maxErrors, i.settings.dryRun, i.settings.strict, i.settings.report],
    [7, true, false, false],
  );
  assertEquals(
    parseOptions(IMPORT_OPTIONS, ["--encoding", "UTF-8", "--delimiter", "tab"], none, true)
      .settings,
    {
      ...parseOptions(IMPORT_OPTIONS, [], none, true).settings,
      encoding: "utf-8",
      delimiter: "\t",
    },
  );
  for (
    const [args, message] of [
      [["--max-errors", "-1"], '--max-errors must be a whole number from 0 to 10,000, got "-1"'],
      [["--max-errors", "x"], "--max-errors must be a whole number"],
      [["--report", "xml"], '--report must be json, got "xml"'],
      [["--delimiter", "ab"], "--delimiter must be one character"],
      [["--encoding", "EBCDIC"], "--encoding must be one of utf-8, windows-1252"],
    ]
  ) {
    assertThrows(
      () => parseOptions(IMPORT_OPTIONS, args as string[], none, true),
      UsageError,
      message as string,
    );
  }
  assertThrows(
    () => parseOptions(EXPORT_OPTIONS, ["--format", "xml"], none),
    UsageError,
    '--format must be one of csv, tsv, ndjson, json, got "xml"',
  );
  assertEquals(parseOptions(EXPORT_OPTIONS, [], none).settings.format, null);
});

Deno.test("parseOptions() reads a flag, else its variable, else the default, and says which", () => {
  const table = {
    port: {
      flag: "port",
      placeholder: "N",
      env: "APP_PORT",
      default: 1,
      parse: (raw: string) => ({ ok: true as const, value: Number(raw) }),
      help: "port",
    },
    quiet: {
      flag: "quiet",
      switch: true as const,
      env: "APP_QUIET",
      default: false,
      on: true,
      help: "q",
    },
  };
  const env = (vars: Record<string, string>) => (n: string) => vars[n];
  const flag = parseOptions(table, ["--port", "2", "--quiet"], env({ APP_PORT: "3" }));
  assertEquals([flag.settings, flag.from], [{ port: 2, quiet: true }, {
    port: "flag",
    quiet: "flag",
  }]);
  const variable = parseOptions(table, [], env({ APP_PORT: "3", APP_QUIET: "off" }));
  assertEquals([variable.settings, variable.from], [{ port: 3, quiet: false }, {
    port: "env",
    quiet: "env",
  }]);
  const none = readOptions(table, {}, env({}));
  assertEquals([none.settings, none.from], [{ port: 1, quiet: false }, {
    port: "default",
    quiet: "default",
  }]);
  assertStrictEquals(parseOptions(table, ["-h", "--port", "x"], env({})).help, true);
});

Deno.test("a flag that may stand alone takes the next word only when it fits", () => {
  const table = { trustProxy: SERVE_OPTIONS.trustProxy };
  assertEquals(withBareValues(["--trust-proxy", "--quiet"], table), ["--trust-proxy=1", "--quiet"]);
  assertEquals(withBareValues(["--trust-proxy", "2"], table), ["--trust-proxy=2"]);
  assertEquals(withBareValues(["--trust-proxy"], table), ["--trust-proxy=1"]);
  assertEquals(withBareValues(["--", "--trust-proxy"], table), ["--", "--trust-proxy"]);
});
