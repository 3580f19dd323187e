/**
 * `main.ts mcp`: the MCP tools of `/api/mcp` over stdio, for desktop
 * assistants that start a local server. stdout carries the protocol only;
 * every log line goes to stderr.
 *
 * @example
 * ```sh
 * deno run --allow-read=data --allow-write=data --allow-env=CLUBDIR_DB main.ts mcp
 * ```
 * @module
 */
import process from "node:process";
import { PassThrough } from "node:stream";
import type { Command } from "./args.ts";
import { commandInfo } from "./command_info.ts";
import { dbOption, type Env, helpFlagLine, optionLines, parseOptions } from "./options.ts";
import { requireAccess } from "./permissions.ts";
import { needsBuild } from "./serve_startup.ts";
import { dirname } from "node:path";
import { Directory } from "../core/store/mod.ts";
import { ensureDatabase } from "../core/import/mod.ts";
import type { OptionTable } from "../core/model/mod.ts";
import {
  DEFAULT_NAME,
  DEFAULT_SUPPORT_EMAIL,
  parseBaseUrl,
  parseEmail,
  parseName,
} from "../server/config.ts";
import { type JSONRPCMessage, serveStdio, StdioServerTransport } from "../server/mcp/sdk.ts";
import {
  buildServer,
  SERVER_VERSION,
  type ServerDeps,
  type ToolSet,
} from "../server/mcp/server.ts";
import { LineLimiter, MAX_LINE_BYTES, tooLongError } from "../server/mcp/stdio_lines.ts";

/** The variable read for the site's address when `--base-url` is not given. */
export const BASE_URL_ENV = "CLUBDIR_BASE_URL";

/** Where the help text of each option starts. */
const HELP_COLUMN = 27;

/** The options of `mcp`, by the setting each fills. */
export const MCP_OPTIONS = {
  db: dbOption("database, built from the bundled snapshot when missing"),
  /**
   * The site's address; null: answers carry no links (a guessed address
   * would be wrong for most users). Its variable is read only when this run
   * may read it (see {@link mcpEnv}).
   */
  baseUrl: {
    flag: "base-url",
    placeholder: "URL",
    env: BASE_URL_ENV,
    default: null,
    parse: parseBaseUrl,
    help:
      "the site's address, where the clubs' profile links point; without it answers carry no links, only each club's slug, which get_club takes; the variable is read only if --allow-env covers it",
  },
  name: {
    flag: "name",
    placeholder: "NAME",
    default: DEFAULT_NAME,
    shown: DEFAULT_NAME,
    parse: parseName,
    help: "the directory's display name, reported as the data source",
  },
  supportEmail: {
    flag: "support-email",
    placeholder: "ADDRESS",
    default: DEFAULT_SUPPORT_EMAIL,
    shown: DEFAULT_SUPPORT_EMAIL,
    parse: parseEmail,
    help: "contact named in error hints",
  },
  withChanges: {
    flag: "with-changes",
    switch: true,
    default: false,
    on: true,
    help: "also serve list_changes (what recent imports changed), as POST /api/mcp/changes does",
  },
} satisfies OptionTable;

/**
 * The environment as `mcp` reads it: `$CLUBDIR_BASE_URL` only when this run
 * may read it, checked first (a permission prompt would hold stdio up);
 * any other variable as Deno gives it.
 */
const mcpEnv: Env = (name) =>
  name !== BASE_URL_ENV ||
    Deno.permissions.querySync({ name: "env", variable: name }).state === "granted"
    ? Deno.env.get(name)
    : undefined;

const USAGE =
  `Usage: main.ts mcp [--db PATH] [--base-url URL] [--name NAME] [--support-email ADDRESS]
                   [--with-changes]

Serves the directory's MCP tools (search_clubs, get_club, list_club_types,
list_locations, get_directory_stats) over stdio, for a desktop assistant that
starts the server itself, in both protocol eras: 2025 (initialize) and
2026-07-28 (server/discover). The same tools answer at POST /api/mcp when the
HTTP server runs. With --with-changes, a sixth tool, list_changes, tells what
recent imports changed (clubs added, removed and changed, newest first) for
search_clubs's filters, as POST /api/mcp/changes does. No fees are ever
returned. Only the protocol is written to stdout; logs go to stderr. Builds
the database from the bundled snapshot when it is missing (the default one,
or a --db PATH where no file is); an existing --db file is read as it is.

Options:
${optionLines(MCP_OPTIONS, HELP_COLUMN)}
${helpFlagLine(HELP_COLUMN)}

Permissions (measured; /abs/clubdir is the project folder):
  first run, which builds data/clubs.db:
    deno run --allow-read=/abs/clubdir/data --allow-write=/abs/clubdir/data \\
      --allow-env=CLUBDIR_DB /abs/clubdir/main.ts mcp
  once data/clubs.db exists, reading it is enough:
    deno run --allow-read=/abs/clubdir/data/clubs.db --allow-env=CLUBDIR_DB \\
      /abs/clubdir/main.ts mcp
  with --db PATH of an existing database: --allow-read=PATH and nothing else;
  a missing PATH is built first, which also needs --allow-write for its
  folder and --allow-read of /abs/clubdir/data.

Desktop assistant configuration (e.g. claude_desktop_config.json). Run
"deno install" in the project once, so the first start downloads nothing.
Put your site's address after --base-url (http://127.0.0.1:8000 for a local
"main.ts serve"), or leave the two out for answers without links:
  {
    "mcpServers": {
      "clubdir": {
        "command": "deno",
        "args": ["run", "--allow-read=/abs/clubdir/data", "--allow-write=/abs/clubdir/data",
                 "--allow-env=CLUBDIR_DB", "/abs/clubdir/main.ts", "mcp",
                 "--base-url", "https://clubs.example"]
      }
    }
  }

Examples:
  main.ts mcp
  main.ts mcp --db /srv/clubs.db --base-url https://clubs.example
  main.ts mcp --with-changes
  deno run -A npm:@modelcontextprotocol/inspector@2.12.0 --cli --method tools/list -- \\
    deno run -A main.ts mcp`;

export const mcpCommand: Command = {
  ...commandInfo("mcp"),
  usage: USAGE,
  async run(args) {
    const { help, settings, from } = parseOptions(MCP_OPTIONS, args, mcpEnv);
    if (help) {
      console.log(USAGE);
      return 0;
    }
    const { db: dbPath, baseUrl, name, supportEmail, withChanges } = settings;
    // A missing file is built (write access needed); the default path is
    // also rebuilt when of an older layout, an existing --db file never.
    const missing = needsBuild(dbPath, true);
    requireAccess("mcp", { read: [dbPath], write: missing ? [dirname(dbPath)] : [] }, args);
    if (missing || from.db !== "flag") await ensureDatabase(dbPath, (l) => console.error(l));
    const directory = new Directory(dbPath);
    try {
      directory.current(); // fail now, with the reason, rather than on every call
      await serve({
        directory,
        baseUrl: baseUrl === null ? null : () => baseUrl,
        name,
        version: SERVER_VERSION,
        supportEmail,
        errorLog: (line) => console.error(line),
      }, { changes: withChanges });
      return 0;
    } finally {
      directory.close();
    }
  },
};

/**
 * Serves the tools on stdin/stdout with the SDK's `serveStdio` (either era:
 * `initialize` or `server/discover`) until stdin ends and every request read
 * so far has been answered (so `echo '…' | main.ts mcp` gets its answer).
 * The SDK's transport stops at the end of its input, so it reads a copy of
 * stdin that ends only once nothing is left to answer. That copy holds whole
 * lines of at most {@link MAX_LINE_BYTES}: a longer one is answered with a
 * JSON-RPC error and dropped as it arrives (see server/mcp/stdio_lines.ts),
 * where the SDK alone would stop serving.
 */
async function serve(deps: ServerDeps, tools: ToolSet): Promise<void> {
  const input = new PassThrough();
  // Lines reach the SDK whole and within the limit; its own bound stays as
  // a backstop well above them.
  const transport = new StdioServerTransport(input, process.stdout, {
    maxBufferSize: 2 * MAX_LINE_BYTES,
  });
  const handle = serveStdio(() => buildServer(deps, tools), { transport });

  let pending = 0;
  let ended = false;
  const settle = () => {
    if (ended && pending === 0) input.end();
  };
  const closed = Promise.withResolvers<void>();
  // serveStdio has set its handlers; count around them. A subscription
  // stream is answered only when the connection closes, so it never holds
  // the exit up.
  const receive = transport.onmessage;
  transport.onmessage = (message) => {
    if ("id" in message && "method" in message && message.method !== "subscriptions/listen") {
      pending++;
    }
    receive?.(message);
  };
  const send = transport.send.bind(transport);
  transport.send = async (message) => {
    await send(message);
    if (!("method" in message) && "id" in message) {
      pending = Math.max(0, pending - 1);
      settle();
    }
  };
  readLines(input, () => {
    // Counted like a request, so the end of input waits for this answer too.
    pending++;
    // `id: null` as JSON-RPC 2.0 has it for a request whose id could not be
    // read (the SDK's HTTP side answers so too); the SDK's type knows only
    // an absent id.
    const error = tooLongError(MAX_LINE_BYTES) as unknown as JSONRPCMessage;
    send(error).catch(() => {}).finally(() => {
      pending = Math.max(0, pending - 1);
      settle();
    });
  });
  const onclose = transport.onclose;
  transport.onclose = () => {
    onclose?.();
    closed.resolve();
  };
  process.stdin.once("end", () => {
    ended = true;
    settle();
  });
  await closed.promise;
  await handle.close();
}

/**
 * Copies stdin to `input` line by line through a {@link LineLimiter}, with
 * backpressure; `tooLong` is called for each line over the limit.
 */
function readLines(input: PassThrough, tooLong: () => void): void {
  const limiter = new LineLimiter(MAX_LINE_BYTES, {
    line(bytes) {
      if (!input.write(bytes)) {
        process.stdin.pause();
        input.once("drain", () => process.stdin.resume());
      }
    },
    tooLong,
  });
  process.stdin.on("data", (chunk: Uint8Array) => limiter.push(chunk));
}
