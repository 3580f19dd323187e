/**
 * The MCP SDK classes this project uses, with their types. Importing
 * `@modelcontextprotocol/sdk/<path>.js` directly runs, but `deno check` then
 * sees every SDK type as `any` (the package's `"./*"` export maps types to a
 * `.js.d.ts` file that does not exist); `@ts-types` points at the real
 * declarations. Import the SDK through this module only.
 *
 * @module
 */

// @ts-types="@modelcontextprotocol/sdk/server/mcp"
export { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
// @ts-types="@modelcontextprotocol/sdk/server/webStandardStreamableHttp"
export { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
// @ts-types="@modelcontextprotocol/sdk/server/requestBody"
export {
  readRequestBody,
  requestBodyTooLargeMessage,
} from "@modelcontextprotocol/sdk/server/requestBody.js";
// @ts-types="@modelcontextprotocol/sdk/server/stdio"
export { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
export { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
// @ts-types="@modelcontextprotocol/sdk/types"
export { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
export type {
  CallToolResult,
  ListToolsResult,
  ToolAnnotations,
} from "@modelcontextprotocol/sdk/types";
