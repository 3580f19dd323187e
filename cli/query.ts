/**
 * `main.ts query`: the REST search from the terminal, through the same
 * search engine, as a table, JSON, CSV or NDJSON.
 *
 * @example
 * ```sh
 * deno task query --type golf --state FL --limit 5
 * ```
 * @module
 */
import { type Command, parseFlags } from "./args.ts";
import { commandInfo } from "./commands.ts";
import type { ClubRecord } from "../core/schema/mod.ts";
import { CLUB_FIELDS, FEE_FIGURE_FIELDS, PROBLEMS, WAITLIST_VALUES } from "../core/model/mod.ts";
import {
  clubJsonItems,
  clubListJson,
  DEFAULT_LIMIT,
  findPage,
  MAX_LIMIT,
  parseSearch,
  type RawSearch,
  type SearchQuery,
} from "../core/search/mod.ts";
import { type ClubStore, defaultDbPath, Directory, StoreError } from "../core/store/mod.ts";
import { ensureDatabase } from "../core/import/mod.ts";
import { formatClubTable } from "./output/club_table.ts";
import { cliHint } from "./output/hints.ts";
import { terminalColumns } from "./output/table.ts";
import { safeText } from "./output/text.ts";
import { writeOut as out } from "./output/stdout.ts";

const FORMATS = ["table", "json", "csv", "ndjson"] as const;
type Format = typeof FORMATS[number];

const USAGE =
  `Usage: main.ts query [filters] [--page N] [--limit N] [--all] [--format FORMAT] [--db PATH]

Searches the directory exactly as GET /api/v1/clubs does (same rules, same
errors), as an anonymous caller: fee figures are never shown.

Filters:
  --type TYPE         club type; golf, city, athletic, outdoor, dining are groups
  --state STATE       state or region, by name or code (FL = Florida); without
                      --country, only the United States and Canada
  --country COUNTRY   country by name or ISO code (GB, GBR, United Kingdom); all = every
  --q TEXT            part of the club name, any case, accents optional
  --waitlist LIST     comma list of ${WAITLIST_VALUES.join(", ")}

Paging and output:
  --page N            page number from 1 (default 1)
  --limit N           clubs per page, 1 to ${MAX_LIMIT} (default ${DEFAULT_LIMIT})
  --all               every page, streamed (ignores --page)
  --format FORMAT     table (default on a terminal), json (default otherwise:
                      the REST ClubList body), csv, ndjson
  --db PATH           database (default: $CLUBDIR_DB or data/clubs.db)
  -h, --help          show this help

Examples:
  main.ts query --type golf --state FL
  main.ts query --country GB --q royal --format json
  main.ts query --waitlist open,waitlist --all --format ndjson > open.ndjson`;

export const queryCommand: Command = {
  ...commandInfo("query"),
  usage: USAGE,
  async run(args) {
    const { values } = parseFlags(args, {
      type: { type: "string" },
      state: { type: "string" },
      country: { type: "string" },
      q: { type: "string" },
      waitlist: { type: "string" },
      page: { type: "string" },
      limit: { type: "string" },
      all: { type: "boolean" },
      format: { type: "string" },
      db: { type: "string" },
    });
    if (values.help) {
      console.log(USAGE);
      return 0;
    }
    const format = (values.format ??
      (Deno.stdout.isTerminal() ? "table" : "json")) as Format;
    if (!FORMATS.includes(format)) {
      console.error(
        `error: --format must be one of ${FORMATS.join(", ")}, got "${values.format}"`,
      );
      return 2;
    }
    const raw: RawSearch = { ...values };
    const parsed = parseSearch(
      values.all ? { ...raw, page: null, limit: raw.limit ?? String(MAX_LIMIT) } : raw,
    );
    if (!parsed.ok) {
      const p = PROBLEMS[parsed.error.code];
      console.error(
        `error: ${p.title.toLowerCase()} (--${parsed.error.param}): ${parsed.error.detail}`,
      );
      console.error(`hint: ${cliHint(p.hint, parsed.error.param)}`);
      return 2;
    }
    const dbPath = values.db ?? defaultDbPath();
    if (values.db === undefined) {
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
      await write(store, parsed.value, format, values.all ?? false);
      return 0;
    } finally {
      dir.close();
    }
  },
};

async function write(
  store: ClubStore,
  query: SearchQuery,
  format: Format,
  all: boolean,
): Promise<void> {
  const first = findPage(store, query);
  if (!all) {
    if (format === "json") {
      return out(clubListJson(store, first, "locked") + "\n");
    }
    if (format === "table") {
      const records = store.records(first.ranks);
      return out(await formatClubTable(records, first, terminalColumns()) + "\n");
    }
  }
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
    return out(`],"total":${first.total},"fee_access":"locked"}\n`);
  }
  if (format === "table") {
    const records: ClubRecord[] = [];
    for (const page of pages()) records.push(...store.records(page.ranks));
    const all = { ...first, page: 1, limit: Math.max(records.length, 1) };
    return out(await formatClubTable(records, all, terminalColumns()) + "\n");
  }
  // Loaded only for CSV output, to keep the other formats' start-up short.
  const { stringify } = format === "csv" ? await import("csv-stringify/sync") : { stringify: null };
  if (stringify) await out(stringify([CLUB_FIELDS as unknown as string[]]));
  // Fee figures are never shown (anonymous caller). CSV keeps the data exact for
  // files and pipes; on a terminal, control characters are shown, not obeyed.
  const hidden = new Set<string>(FEE_FIGURE_FIELDS);
  const cell = Deno.stdout.isTerminal() ? safeText : (text: string) => text;
  for (const page of pages()) {
    if (format === "ndjson") {
      const items = clubJsonItems(store, page.ranks, "locked");
      if (items.length) await out(items.join("\n") + "\n");
    } else {
      const rows = store.records(page.ranks).map((r) =>
        CLUB_FIELDS.map((f) => {
          const v = hidden.has(f) ? null : r[f];
          return v === null ? "" : cell(Array.isArray(v) ? JSON.stringify(v) : String(v));
        })
      );
      await out(stringify!(rows));
    }
  }
}
