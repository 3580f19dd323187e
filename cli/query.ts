/**
 * `main.ts query`: the REST search from the terminal, through the same
 * search engine, as a table, JSON, CSV, TSV or NDJSON; with `--changed-since`,
 * what changed for those filters (query_changes.ts).
 *
 * @example
 * ```sh
 * deno task query --type golf --state FL --limit 5
 * ```
 * @module
 */
import { type Command, parseFlags, UsageError } from "./args.ts";
import {
  choice,
  dbOption,
  flagSpecs,
  helpFlagLine,
  helpLine,
  optionLines,
  readOptions,
} from "./options.ts";
import type { OptionTable } from "../core/model/mod.ts";
import { commandInfo } from "./command_info.ts";
import type { ClubRecord } from "../core/schema/mod.ts";
import {
  clubJsonItems,
  clubListJson,
  findPage,
  MAX_LIMIT,
  parseSearch,
  type RawSearch,
  SEARCH_PARAM_NAMES,
  SEARCH_PARAMS,
  type SearchPage,
  type SearchParam,
  type SearchQuery,
  suggest,
  type Suggestion,
} from "../core/search/mod.ts";
import { type ClubStore, Directory, StoreError } from "../core/store/mod.ts";
import { writeOut as out } from "./output/stdout.ts";
import { formatCount } from "./output/text.ts";
import { requireAccess } from "./permissions.ts";

// A cold `query --format json` must start in about twice an empty script's time
// (issue #13), so what only some runs need is evaluated when they need it: the
// model's door (problem registry, field lists: errors, --all, CSV), the
// importer's door (no --db), the table (table format) and the CLI hints
// (errors). The imports stay statically analysable: Deno then loads these
// modules without read permission on the code (`deno task query` reads only
// data/). Each loads before the first write, so nothing Deno prints on a
// terminal while loading can land inside the output.

const FORMATS = ["table", "json", "csv", "tsv", "ndjson"] as const;
type Format = typeof FORMATS[number];

/** The usage lines of search parameters, from the one parameter table. */
function searchFlags(names: readonly SearchParam[]): string {
  return names.map((n) =>
    helpLine(`--${n} ${SEARCH_PARAMS[n].cli.placeholder}`, SEARCH_PARAMS[n].cli.help, HELP_COLUMN)
  ).join("\n");
}

const PAGING: readonly SearchParam[] = ["page", "limit"];

/** Where the help text of each flag starts. */
const HELP_COLUMN = 22;

/** The options of `query` besides the search parameters (those come from SEARCH_PARAMS). */
export const QUERY_OPTIONS = {
  /** Null: the clubs; a date: the changes since (checked by query_changes.ts, loaded then). */
  changedSince: {
    flag: "changed-since",
    placeholder: "DATE",
    default: null,
    parse: (raw: string) => ({ ok: true as const, value: raw }),
    help: "the changes since DATE (YYYY-MM-DD) instead of the clubs (see above)",
  },
  all: {
    flag: "all",
    switch: true,
    default: false,
    on: true,
    help: "every page, streamed (ignores --page)",
  },
  /** null: table on a terminal, json otherwise. */
  format: {
    flag: "format",
    placeholder: "FORMAT",
    default: null,
    parse: choice(FORMATS),
    help:
      "table (default on a terminal), json (default otherwise: the REST ClubList body), csv, tsv (as export writes them, fees left empty), ndjson",
  },
  db: dbOption("database"),
  formulaGuard: {
    flag: "no-formula-guard",
    switch: true,
    default: true,
    on: false,
    help: "csv, tsv: no ' before cells starting with = + - @ (as export)",
  },
} satisfies OptionTable;

/** The help text, built when shown (it walks the parameter table). */
const usage = () =>
  `Usage: main.ts query [filters] [--changed-since DATE] [--page N] [--limit N] [--all]
                     [--format FORMAT] [--db PATH]

Searches the directory exactly as GET /api/v1/clubs does (same rules, same
errors), as an anonymous caller: fee figures are never shown. When nothing
matches, close searches that find clubs are suggested on stderr.

With --changed-since DATE it lists the changes since that day to the clubs
the filters find, as GET /api/v1/changes does: one line per club an import
added, removed or changed, newest import first, in words ("Opened for
applications", "New in Florida"). --sort does not apply to it.

Filters:
${searchFlags(SEARCH_PARAM_NAMES.filter((n) => !PAGING.includes(n)))}

Paging and output:
${searchFlags(PAGING)}
${optionLines(QUERY_OPTIONS, HELP_COLUMN)}
${helpFlagLine(HELP_COLUMN)}

Examples:
  main.ts query --type golf --state FL
  main.ts query --country GB --q royal --format json
  main.ts query --q "st andrews" --match words --sort relevance
  main.ts query --waitlist open,waitlist --all --format ndjson > open.ndjson
  main.ts query --type golf --state FL --changed-since 2025-03-01`;

/** Every search parameter is a string flag of the same name. */
const SEARCH_FLAG_SPECS = Object.fromEntries(
  SEARCH_PARAM_NAMES.map((n) => [n, { type: "string" }]),
) as Record<SearchParam, { type: "string" }>;

export const queryCommand: Command = {
  ...commandInfo("query"),
  get usage() {
    return usage();
  },
  async run(args) {
    const { values } = parseFlags(args, { ...SEARCH_FLAG_SPECS, ...flagSpecs(QUERY_OPTIONS) });
    if (values.help) {
      console.log(usage());
      return 0;
    }
    const { settings, from } = readOptions(QUERY_OPTIONS, values, (name) => Deno.env.get(name));
    const format = settings.format ?? (Deno.stdout.isTerminal() ? "table" : "json");
    const raw: RawSearch = Object.fromEntries(SEARCH_PARAM_NAMES.map((n) => [n, values[n]]));
    // Loaded only for the history (query's cold start); checked before the search.
    const changes = settings.changedSince === null ? null : await import("./query_changes.ts");
    const since = changes?.sinceDay(settings.changedSince!) ?? null;
    if (since !== null && raw.sort !== undefined) {
      throw new UsageError(
        `--sort does not apply to ${
          changes!.CHANGED_SINCE_FLAG
        }: changes come newest first, by name within an import`,
      );
    }
    const parsed = parseSearch(
      settings.all ? { ...raw, page: null, limit: raw.limit ?? String(MAX_LIMIT) } : raw,
    );
    if (!parsed.ok) {
      const [{ PROBLEMS }, { cliHint }] = await Promise.all([
        import("../core/model/mod.ts"),
        import("./output/hints.ts"),
      ]);
      const p = PROBLEMS[parsed.error.code];
      console.error(
        `error: ${p.title.toLowerCase()} (--${parsed.error.param}): ${parsed.error.detail}`,
      );
      console.error(`hint: ${cliHint(p.hint, parsed.error.param)}`);
      return 2;
    }
    const dbPath = settings.db;
    requireAccess("query", { read: [dbPath] }, args);
    if (from.db !== "flag") {
      const { ensureDatabase } = await import("../core/import/mod.ts");
      await ensureDatabase(dbPath, (l) => console.error(l));
    }
    const dir = new Directory(dbPath);
    try {
      let store: ClubStore;
      try {
        store = dir.current();
      } catch (e) {
        if (!(e instanceof StoreError)) throw e;
        console.error(`error: ${e.message}`);
        console.error(`hint: build it with "main.ts import <snapshot.csv> --db ${dbPath}"`);
        return 1;
      }
      if (changes !== null) {
        const output = {
          since: since!,
          format,
          all: settings.all,
          formulaGuard: settings.formulaGuard,
        };
        await changes.writeChanges(store, parsed.value, output);
      } else await write(store, parsed.value, format, settings.all, settings.formulaGuard);
      return 0;
    } finally {
      dir.close();
    }
  },
};

/** Writes the result, then (on stderr, after it) the suggestions of an empty one. */
async function write(
  store: ClubStore,
  query: SearchQuery,
  format: Format,
  all: boolean,
  formulaGuard: boolean,
): Promise<void> {
  const first = findPage(store, query);
  const suggestions = first.total === 0 ? suggest(store, query) : [];
  await writeResult(store, query, format, all, first, suggestions, formulaGuard);
  printSuggestions(suggestions);
}

async function writeResult(
  store: ClubStore,
  query: SearchQuery,
  format: Format,
  all: boolean,
  first: SearchPage,
  suggestions: readonly Suggestion[],
  formulaGuard: boolean,
): Promise<void> {
  if (!all) {
    if (format === "json") {
      return out(clubListJson(store, first, "locked", suggestions) + "\n");
    }
    if (format === "table") {
      const records = store.records(first.ranks);
      return out(await table(records, first));
    }
  }
  const { asciiJson, FEE_FIGURE_FIELDS } = await import("../core/model/mod.ts");
  // Every remaining format streams page by page.
  const pages = function* () {
    yield first;
    if (!all) return;
    for (let page = 2; (page - 1) * query.limit < first.total; page++) {
      yield findPage(store, { ...query, page });
    }
  };
  if (format === "json") {
    await out(`{"clubs":[`);
    let sep = "";
    for (const page of pages()) {
      for (const item of clubJsonItems(store, page.ranks, "locked")) {
        await out(sep + item);
        sep = ",";
      }
    }
    const more = suggestions.length ? `,"suggestions":${asciiJson(suggestions)}` : "";
    return out(`],"total":${first.total},"fee_access":"locked"${more}}\n`);
  }
  if (format === "table") {
    const records: ClubRecord[] = [];
    for (const page of pages()) records.push(...store.records(page.ranks));
    const all = { ...first, page: 1, limit: Math.max(records.length, 1) };
    return out(await table(records, all));
  }
  if (format === "ndjson") {
    for (const page of pages()) {
      const items = clubJsonItems(store, page.ranks, "locked");
      if (items.length) await out(items.join("\n") + "\n");
    }
    return;
  }
  // CSV and TSV are export's writer (loaded only for them, to keep the other
  // formats' start-up short), with the fee figures left empty (anonymous
  // caller). They keep the data exact for files and pipes (a cell a
  // spreadsheet would run as a formula guarded, as export does); on a
  // terminal, control characters are shown, not obeyed.
  const { delimitedWriter } = await import("../core/import/mod.ts");
  const delimited = await delimitedWriter();
  const unfee = Object.fromEntries(FEE_FIGURE_FIELDS.map((f) => [f, null]));
  const show = Deno.stdout.isTerminal() ? (await import("./output/text.ts")).safeText : undefined;
  let header = true;
  for (const page of pages()) {
    const records = store.records(page.ranks).map((r) => ({ ...r, ...unfee }) as ClubRecord);
    await out(delimited(records, format, header, { show, formulaGuard }));
    header = false;
  }
}

/** The table of a page's records, fitted to the terminal, with its footer. */
async function table(records: ClubRecord[], page: SearchPage): Promise<string> {
  const [{ formatClubTable }, { terminalColumns }] = await Promise.all([
    import("./output/club_table.ts"),
    import("./output/table.ts"),
  ]);
  return await formatClubTable(records, page, terminalColumns()) + "\n";
}

/**
 * Suggestions as flags, on stderr (stdout keeps the data alone), e.g.
 * `  --q royal --match words   (618 clubs)` or `  without --state   (40,000 clubs)`
 * (counts with separators, as every CLI message writes them).
 */
function printSuggestions(suggestions: readonly Suggestion[]): void {
  if (!suggestions.length) return;
  console.error("Close searches that find clubs:");
  for (const { params, total } of suggestions) {
    const changes = Object.entries(params).map(([name, value]) =>
      value === null ? `without --${name}` : `--${name} ${shellWord(value)}`
    );
    console.error(`  ${changes.join(" ")}   (${formatCount(total)} club${total === 1 ? "" : "s"})`);
  }
}

/** A value as one shell word: quoted when it holds anything but safe characters. */
function shellWord(value: string): string {
  return /^[\p{L}\p{N}_.,:\/-]+$/u.test(value) ? value : `'${value.replaceAll("'", "'\\''")}'`;
}
