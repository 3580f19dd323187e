/**
 * `main.ts session`: create, list and revoke site sessions (docs/api.md#fee-visibility).
 *
 * @example
 * ```sh
 * TOKEN=$(deno task session create --tier member --expires-in 30d | tail -n 1)
 * curl -H "Authorization: Bearer $TOKEN" http://localhost:8000/api/v1/clubs?limit=1
 * ```
 * @module
 */
import { type Command, DURATION_UNITS, durationMs, UsageError } from "./args.ts";
import { choice, dbOption, helpFlagLine, optionLines, parseOptions } from "./options.ts";
import { commandInfo } from "./command_info.ts";
import { type ColumnSpec, renderTable, terminalColumns } from "./output/table.ts";
import { requireAccess } from "./permissions.ts";
import { writeOut } from "./output/stdout.ts";
import { dirname } from "node:path";
import { type OptionTable, type Parsed, SESSION_COOKIE } from "../core/model/mod.ts";
import {
  openSessionAdmin,
  SESSION_TIERS,
  type SessionInfo,
  sessionState,
  sessionStorePath,
  type SessionTier,
  TIER_ACCESS,
} from "../core/sessions/mod.ts";
import { isRedisUrl, redisUrlProblem } from "../core/redis/mod.ts";

const TTL_UNITS = ["m", "h", "d"] as const;
const MAX_TTL_MS = 3650 * DURATION_UNITS.d;

/** Why a `--expires-in` value is refused, or its milliseconds. */
function readDuration(raw: string): Parsed<number> {
  const ms = durationMs(raw, { units: TTL_UNITS });
  return ms !== null && ms > 0 && ms <= MAX_TTL_MS ? { ok: true, value: ms } : {
    ok: false,
    reason: `must be a number from 1 and a unit ${
      TTL_UNITS.join(", ").replace(/, (?=[^,]*$)/, " or ")
    } (such as 30d, 12h, 90m; at most ${MAX_TTL_MS / DURATION_UNITS.d}d), got "${raw}"`,
  };
}

/** Where the help text of each option starts. */
const HELP_COLUMN = 22;

const LIST_FORMATS = ["table", "json"] as const;
type ListFormat = typeof LIST_FORMATS[number];

/** The options of `session`, by the setting each fills (tier, lifetime and label: `create` only; format: `list` only). */
export const SESSION_OPTIONS = {
  tier: {
    flag: "tier",
    placeholder: "TIER",
    default: null,
    parse: (raw: string): Parsed<SessionTier> =>
      (SESSION_TIERS as readonly string[]).includes(raw)
        ? { ok: true, value: raw as SessionTier }
        : { ok: false, reason: `must be ${SESSION_TIERS.join(" or ")}, got "${raw}"` },
    help: "create: free (fee bands) or member (exact fees); required",
  },
  ttlMs: {
    flag: "expires-in",
    placeholder: "TIME",
    default: 30 * DURATION_UNITS.d,
    shown: "30d",
    parse: readDuration,
    help: `create: lifetime as a number and unit m, h or d, such as 90m, 12h, 30d; at most ${
      MAX_TTL_MS / DURATION_UNITS.d
    }d`,
  },
  label: {
    flag: "label",
    placeholder: "TEXT",
    default: null,
    parse: (raw: string): Parsed<string | null> => {
      const label = raw.trim() || null;
      // deno-lint-ignore no-control-regex
      return label !== null && (label.length > 200 || /[\u0000-\u001f\u007f]/.test(label))
        ? { ok: false, reason: "must be at most 200 characters, without control characters" }
        : { ok: true, value: label };
    },
    help: "create: a note shown by list, such as who it is for",
  },
  format: {
    flag: "format",
    placeholder: "FORMAT",
    default: "table" as ListFormat,
    shown: "table",
    parse: choice(LIST_FORMATS),
    help: "list: table, or json: an array of the sessions, never their tokens",
  },
  db: dbOption("club database whose session store to use, as for serve"),
  /** null: the file beside the database. */
  sessions: {
    flag: "sessions",
    placeholder: "STORE",
    default: null,
    shown: "beside --db, .db -> .sessions.db",
    parse: (raw: string): Parsed<string> => {
      const problem = isRedisUrl(raw) ? redisUrlProblem(raw) : null;
      return problem === null ? { ok: true, value: raw } : { ok: false, reason: problem };
    },
    help:
      "session store: a file or redis://host:port/db, as given to serve; Redis needs --allow-net=host:port",
  },
} satisfies OptionTable;

const USAGE = `Usage: main.ts session <create | list | revoke> [options]

Manages site sessions: who sees fee bands (free) or exact club-verified fees
(member) through the REST API and the club profile pages. A session is
presented as the header "Authorization: Bearer <token>" or as the cookie
"${SESSION_COOKIE}=<token>". Expired, revoked and unknown tokens count as no session.

Sessions are kept in their own file beside the club database
(data/clubs.db -> data/clubs.sessions.db), so an import never loses them,
or in Redis (--sessions redis://…) when several replicas share them; a
running server sees new and revoked sessions without a restart.

Subcommands:
  create              create a session; prints its token as the last line
                      of stdout (the token is shown only this once)
  list                list sessions: id, tier, label, dates, state (never
                      tokens), as a table or --format json
  revoke <token|id>   revoke a session by its token or by its id from list

Options:
${optionLines(SESSION_OPTIONS, HELP_COLUMN)}
${helpFlagLine(HELP_COLUMN)}

Examples:
  main.ts session create --tier member --expires-in 30d --label alice
  TOKEN=$(main.ts session create --tier free | tail -n 1)
  curl -H "Authorization: Bearer $TOKEN" "http://localhost:8000/api/v1/clubs?limit=1"
  main.ts session list --db /srv/clubs.db
  main.ts session list --format json | jq -r '.[] | select(.state == "active") | .id'
  main.ts session revoke 3f9a0c12be
  main.ts session list --sessions redis://10.0.0.5:6379/0`;

const SUBCOMMANDS = ["create", "list", "revoke"] as const;

/**
 * Reads `--expires-in` (`30d`, `12h`, `90m`) into milliseconds, from 1m to
 * 3650d (the parser is {@link durationMs}, shared with the bench).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseDuration } from "./session.ts";
 * assert.deepStrictEqual(parseDuration("12h"), 43200000);
 * ```
 */
export function parseDuration(raw: string): number {
  const r = readDuration(raw);
  if (!r.ok) throw new UsageError(`--expires-in ${r.reason}`);
  return r.value;
}

function iso(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");
}

/**
 * The `session list` columns, fitted to the terminal: the label is cut
 * first; on a narrow terminal the creation date goes, then the access level
 * (the tier says it), then the label.
 */
const SESSION_COLUMNS: ColumnSpec[] = [
  { head: "ID" },
  { head: "TIER" },
  { head: "ACCESS", drop: 2 },
  { head: "CREATED", drop: 1 },
  { head: "EXPIRES" },
  { head: "STATE" },
  { head: "LABEL", min: 8, cut: 1, drop: 3 },
];

function describe(s: SessionInfo): string {
  return `${s.tier} session ${s.id}${s.label ? ` (${s.label})` : ""}`;
}

/**
 * The `session` command.
 *
 * @example
 * ```ts ignore
 * import { sessionCommand } from "./session.ts";
 * await sessionCommand.run(["create", "--tier", "free", "--db", "data/clubs.db"]);
 * ```
 */
export const sessionCommand: Command = {
  ...commandInfo("session"),
  usage: USAGE,
  run(args) {
    const { help, settings, from, positionals } = parseOptions(
      SESSION_OPTIONS,
      args,
      (name) => Deno.env.get(name),
      true,
    );
    if (help) {
      console.log(USAGE);
      return Promise.resolve(0);
    }
    const [sub, ...rest] = positionals;
    if (sub === undefined) throw new UsageError("missing the subcommand: create, list or revoke");
    if (!(SUBCOMMANDS as readonly string[]).includes(sub)) {
      throw new UsageError(
        `unknown subcommand "${sub}" (expected ${SUBCOMMANDS.join(", ")})`,
      );
    }
    for (const key of ["tier", "ttlMs", "label", "format"] as const) {
      const only = key === "format" ? "list" : "create";
      if (from[key] === "flag" && sub !== only) {
        throw new UsageError(`--${SESSION_OPTIONS[key].flag} applies to "session ${only}" only`);
      }
    }
    const path = settings.sessions ?? sessionStorePath(settings.db);
    if (!isRedisUrl(path)) {
      requireAccess(
        "session",
        { read: [path], write: sub === "list" ? [] : [dirname(path)] },
        args,
      );
    }
    if (sub === "create") {
      if (rest.length) throw new UsageError(`unexpected argument "${rest[0]}"`);
      return create(path, settings);
    }
    if (sub === "list") {
      if (rest.length) throw new UsageError(`unexpected argument "${rest[0]}"`);
      return list(path, settings.format);
    }
    if (rest.length !== 1) {
      throw new UsageError(
        rest.length ? "expected one token or id" : "missing the token or id to revoke",
      );
    }
    return revoke(path, rest[0]!);
  },
};

async function create(
  path: string,
  { tier, ttlMs, label }: { tier: SessionTier | null; ttlMs: number; label: string | null },
): Promise<number> {
  if (tier === null) {
    throw new UsageError(`--tier is required (${SESSION_TIERS.join(" or ")})`);
  }
  await using store = await openSessionAdmin(path, "write");
  const { token, session } = await store.create({ tier, ttlMs, label });
  // Only the token goes to stdout, so TOKEN=$(… | tail -n 1) captures it.
  console.error(
    `Created ${describe(session)} in ${store.where}, fee access "${TIER_ACCESS[tier]}", expires ${
      iso(session.expiresAt)
    }.`,
  );
  console.error(
    `Send it as "Authorization: Bearer <token>" or as the cookie "${SESSION_COOKIE}=<token>". It is shown only this once:`,
  );
  console.log(token);
  return 0;
}

async function list(path: string, format: ListFormat): Promise<number> {
  // A missing store has no sessions; listing must not create one.
  await using store = await openSessionAdmin(path, "read");
  const sessions = await store.list();
  const now = Date.now();
  if (format === "json") {
    await writeOut(JSON.stringify(sessions.map((s) => sessionJson(s, now))) + "\n");
    return 0;
  }
  if (!sessions.length) {
    console.log(`No sessions in ${store.where}.`);
    return 0;
  }
  const rows = sessions.map((s) => [
    s.id,
    s.tier,
    TIER_ACCESS[s.tier],
    iso(s.createdAt),
    iso(s.expiresAt),
    sessionState(s, now),
    s.label ?? "",
  ]);
  console.log(await renderTable(SESSION_COLUMNS, rows, terminalColumns()));
  return 0;
}

/**
 * One session as `session list --format json` shows it: what the table
 * shows, dates as ISO 8601 UTC, the revocation date or null; never the
 * token nor its hash.
 */
function sessionJson(s: SessionInfo, now: number) {
  return {
    id: s.id,
    tier: s.tier,
    access: TIER_ACCESS[s.tier],
    created_at: iso(s.createdAt),
    expires_at: iso(s.expiresAt),
    revoked_at: s.revokedAt === null ? null : iso(s.revokedAt),
    state: sessionState(s, now),
    label: s.label,
  };
}

async function revoke(path: string, tokenOrId: string): Promise<number> {
  if (!isRedisUrl(path)) {
    try {
      Deno.statSync(path);
    } catch {
      console.error(`error: Cannot revoke: no session store at ${path}`);
      return 1;
    }
  }
  await using store = await openSessionAdmin(path, "write");
  const now = Date.now();
  const session = await store.revoke(tokenOrId, now);
  if (!session) {
    console.error(`error: Cannot revoke: no session matches "${tokenOrId}" in ${store.where}`);
    return 1;
  }
  console.log(
    session.revokedAt === now
      ? `Revoked ${describe(session)}.`
      : `Already revoked: ${describe(session)} (since ${iso(session.revokedAt!)}).`,
  );
  return 0;
}
