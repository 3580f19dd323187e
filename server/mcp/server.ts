/**
 * The MCP server: five read-only tools over the directory, the same for
 * Streamable HTTP (`/api/mcp`) and stdio (`main.ts mcp`), in both protocol
 * eras; with `changes`, a sixth, `list_changes` (the snapshot history), as
 * served at `/api/mcp/changes` and by `main.ts mcp --with-changes`: the
 * spec's endpoint keeps listing five. An instance depends on nothing per request (the profile links' site
 * root is read from each call's HTTP request), so instances can be pooled.
 *
 * @example
 * ```ts ignore
 * import { buildServer } from "./server.ts";
 * const server = buildServer({
 *   directory, baseUrl: () => "https://clubs.example", name: "Clubs", version: "1.0.0",
 *   supportEmail: "help@clubs.example", errorLog: console.error,
 * });
 * ```
 * @module
 */
import type { z } from "zod";
import { McpServer, type ServerContext } from "./sdk.ts";
import type { Tool, ToolContext } from "./tool.ts";
import { checkedOnce } from "./checked.ts";
import type { WarmCall } from "./warm.ts";
import { VERSION } from "../../core/model/mod.ts";
import { type ListedTool, toolListing } from "./listing.ts";
import { getClub } from "./tools/get_club.ts";
import { getDirectoryStats } from "./tools/get_directory_stats.ts";
import { listClubTypes } from "./tools/list_club_types.ts";
import { listLocations } from "./tools/list_locations.ts";
import { listChangesTool } from "./tools/list_changes.ts";
import { searchClubs } from "./tools/search_clubs.ts";

export type { ToolContext } from "./tool.ts";

/** The MCP server's version, reported in `initialize`: the product version of `deno.json`. */
export const SERVER_VERSION: string = VERSION;

const ABOUT =
  "A read-only directory of private membership clubs worldwide (golf, country, city, athletic, " +
  "yacht, outdoor and more). search_clubs finds clubs by name, type, place and waitlist status, " +
  "page by page, as compact rows; get_club gives one club's full profile; list_club_types and " +
  "list_locations give the values the filters accept, with counts; get_directory_stats " +
  "summarises the directory.";
const CHANGES = " list_changes tells what recent imports changed (clubs added, removed, " +
  "changed) for the same filters, newest first.";
const FEES = " No fees, dues or currencies are ever returned.";

/** What `initialize` tells a client: with links, or (stdio without a site address) without. */
function instructions(linked: boolean, changes: boolean): string {
  const about = changes ? ABOUT + CHANGES : ABOUT;
  return linked
    ? `${about} Every club carries url, its profile page.${FEES}`
    : `${about} Clubs carry slug (get_club takes it) and no url: this server was started ` +
      `without --base-url, so it does not know the site's address.${FEES}`;
}

/** Every tool, in the order `tools/list` shows them. */
export const TOOLS: readonly ListedTool[] = [
  searchClubs,
  getClub,
  listClubTypes,
  listLocations,
  getDirectoryStats,
];

/** The tools with the history's: `/api/mcp/changes` and `mcp --with-changes`. */
export const TOOLS_WITH_CHANGES: readonly ListedTool[] = [...TOOLS, listChangesTool];

/**
 * A tool's registration as the SDK is given it: its config, with the output
 * schema checked once per result object ({@link checkedOnce}).
 */
function registration<I extends z.ZodObject, O extends z.ZodType<Record<string, unknown>>>(
  tool: Tool<I, O>,
) {
  return { ...tool.config, outputSchema: checkedOnce(tool.config.outputSchema) };
}

// Made once: the instances of the pool share them.
const SEARCH_CLUBS = registration(searchClubs);
const GET_CLUB = registration(getClub);
const LIST_CLUB_TYPES = registration(listClubTypes);
const LIST_LOCATIONS = registration(listLocations);
const GET_DIRECTORY_STATS = registration(getDirectoryStats);
const LIST_CHANGES = registration(listChangesTool);

/**
 * Calls made once in each era as the HTTP endpoint starts ({@link warmUp}
 * in warm.ts): answered from the arguments alone (a page must be a whole
 * number from 1), so they read nothing and fail fast, as an over-long `q` does.
 */
export const WARM_CALLS: readonly WarmCall[] = [
  { name: searchClubs.name, arguments: { page: 0 } },
];

/** The same for the server with the history's tool. */
export const CHANGES_WARM_CALLS: readonly WarmCall[] = [
  ...WARM_CALLS,
  { name: listChangesTool.name, arguments: { page: 0 } },
];

/** What a server needs: the tool context, with the site root taken per call. */
export interface ServerDeps extends Omit<ToolContext, "baseUrl"> {
  /**
   * Site root for profile links; `req` is the call's HTTP request (none on
   * stdio). Null when the site's address is unknown: results carry no links.
   */
  baseUrl: ((req: Request | undefined) => string) | null;
}

/** Which tools a server has: the five, or with `changes` also `list_changes`. */
export interface ToolSet {
  changes?: boolean;
}

/**
 * A new server with every tool of its set registered. It advertises
 * `tools` without `listChanged` (a stateless server can never send the
 * notification) and answers `tools/list` from {@link toolListing}.
 */
export function buildServer(deps: ServerDeps, { changes = false }: ToolSet = {}): McpServer {
  const server = new McpServer(
    { name: "clubdir", title: deps.name, version: deps.version },
    {
      capabilities: { tools: { listChanged: false } },
      instructions: instructions(deps.baseUrl !== null, changes),
    },
  );
  const ctx = (extra: ServerContext): ToolContext => ({
    ...deps,
    baseUrl: deps.baseUrl?.(extra.http?.req) ?? null,
  });
  // One call per tool, so the SDK infers each handler's argument type.
  server.registerTool(searchClubs.name, SEARCH_CLUBS, (a, x) => searchClubs.handler(ctx(x), a));
  server.registerTool(getClub.name, GET_CLUB, (a, x) => getClub.handler(ctx(x), a));
  server.registerTool(
    listClubTypes.name,
    LIST_CLUB_TYPES,
    (a, x) => listClubTypes.handler(ctx(x), a),
  );
  server.registerTool(
    listLocations.name,
    LIST_LOCATIONS,
    (a, x) => listLocations.handler(ctx(x), a),
  );
  server.registerTool(
    getDirectoryStats.name,
    GET_DIRECTORY_STATS,
    (a, x) => getDirectoryStats.handler(ctx(x), a),
  );
  if (changes) {
    server.registerTool(
      listChangesTool.name,
      LIST_CHANGES,
      (a, x) => listChangesTool.handler(ctx(x), a),
    );
  }
  const listed = changes ? TOOLS_WITH_CHANGES : TOOLS;
  server.server.setRequestHandler("tools/list", () => toolListing(listed));
  return server;
}
