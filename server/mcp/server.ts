/**
 * The MCP server: five read-only tools over the directory, the same for
 * Streamable HTTP (`/api/mcp`, one server per request) and stdio
 * (`main.ts mcp`).
 *
 * @example
 * ```ts ignore
 * import { buildServer } from "./server.ts";
 * const server = buildServer({
 *   directory, baseUrl: "https://clubs.example", name: "Clubs", version: "1.0.0",
 *   supportEmail: "help@clubs.example", errorLog: console.error,
 * });
 * await server.connect(transport);
 * ```
 * @module
 */
import { z } from "zod";
import {
  AjvJsonSchemaValidator,
  ListToolsRequestSchema,
  type ListToolsResult,
  McpServer,
} from "./sdk.ts";
import type { ToolContext } from "./tool.ts";
import { VERSION } from "../../core/model/mod.ts";
import { getClub } from "./tools/get_club.ts";
import { getDirectoryStats } from "./tools/get_directory_stats.ts";
import { listClubTypes } from "./tools/list_club_types.ts";
import { listLocations } from "./tools/list_locations.ts";
import { searchClubs } from "./tools/search_clubs.ts";

export type { ToolContext } from "./tool.ts";

/** The MCP server's version, reported in `initialize`: the product version of `deno.json`. */
export const SERVER_VERSION: string = VERSION;

/**
 * Shared by every server: the SDK otherwise builds a new Ajv instance (used
 * only for elicitation) per server, which triples the cost of a request.
 */
const VALIDATOR = new AjvJsonSchemaValidator();

const INSTRUCTIONS =
  "A read-only directory of private membership clubs worldwide (golf, country, city, athletic, " +
  "yacht, outdoor and more). search_clubs finds clubs by name, type, place and waitlist status, page " +
  "by page; get_club gives one club's profile by slug; list_club_types and list_locations give the " +
  "values the filters accept, with counts; get_directory_stats summarises the directory. Every club " +
  "carries url, the link to its profile page. No fees, dues or currencies are ever returned.";

const TOOLS = [searchClubs, getClub, listClubTypes, listLocations, getDirectoryStats];

let listing: ListToolsResult | undefined;

/**
 * The `tools/list` result, built once. The SDK converts every zod schema to
 * JSON Schema on each call, about 1.1 ms for these five tools, though they
 * never change. Built the way the SDK builds it (draft-07, input schemas as
 * input, output schemas as output); a test checks the two stay equal.
 */
export function toolListing(): ListToolsResult {
  return listing ??= {
    tools: TOOLS.map(({ name, config }) => ({
      name,
      title: config.title,
      description: config.description,
      inputSchema: z.toJSONSchema(config.inputSchema, { target: "draft-7", io: "input" }),
      annotations: config.annotations,
      execution: { taskSupport: "forbidden" },
      outputSchema: z.toJSONSchema(config.outputSchema, { target: "draft-7", io: "output" }),
    })) as ListToolsResult["tools"],
  };
}

/** A new server with every tool registered; cheap (about 10 µs), so build one per request. */
export function buildServer(ctx: ToolContext): McpServer {
  const server = new McpServer(
    { name: "clubdir", title: ctx.name, version: ctx.version },
    { jsonSchemaValidator: VALIDATOR, instructions: INSTRUCTIONS },
  );
  // One call per tool, so the SDK infers each handler's argument type.
  server.registerTool(searchClubs.name, searchClubs.config, (a) => searchClubs.handler(ctx, a));
  server.registerTool(getClub.name, getClub.config, (a) => getClub.handler(ctx, a));
  server.registerTool(
    listClubTypes.name,
    listClubTypes.config,
    (a) => listClubTypes.handler(ctx, a),
  );
  server.registerTool(
    listLocations.name,
    listLocations.config,
    (a) => listLocations.handler(ctx, a),
  );
  server.registerTool(
    getDirectoryStats.name,
    getDirectoryStats.config,
    (a) => getDirectoryStats.handler(ctx, a),
  );
  server.server.setRequestHandler(ListToolsRequestSchema, toolListing);
  return server;
}
