/**
 * The MCP SDK as this project uses it: the official TypeScript SDK v2
 * (`@modelcontextprotocol/server`), which serves both protocol eras (2025
 * with `initialize`, 2026-07-28 with `server/discover` and a per-request
 * `_meta` envelope). Import the SDK through this module only, so one place
 * says which parts of it the server relies on.
 *
 * @example
 * ```ts ignore
 * import { createMcpHandler, McpServer } from "./sdk.ts";
 * const handler = createMcpHandler(() => new McpServer({ name: "x", version: "1" }));
 * ```
 * @module
 */

export {
  createMcpHandler,
  isInitializeRequest,
  isLegacyRequest,
  McpServer,
  preloadSchemas,
  readRequestBody,
  WebStandardStreamableHTTPServerTransport,
} from "@modelcontextprotocol/server";
export { serveStdio, StdioServerTransport } from "@modelcontextprotocol/server/stdio";
export type {
  CallToolResult,
  JSONRPCMessage,
  ListToolsResult,
  McpHttpHandler,
  McpRequestContext,
  ServerContext,
  StandardSchemaWithJSON,
  ToolAnnotations,
} from "@modelcontextprotocol/server";
