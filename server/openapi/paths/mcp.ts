/**
 * The OpenAPI path items of the MCP server, `/api/mcp` and
 * `/api/mcp/changes` (the same server with `list_changes`): POST and the
 * CORS preflight, its JSON-RPC errors beside the problems every path answers.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { mcpPath } from "./mcp.ts";
 * assert.equal((mcpPath().post as { operationId: string }).operationId, "mcp");
 * ```
 * @module
 */
import { refusedMethods } from "../_path_items.ts";
import { problemResponses } from "../_problem_responses.ts";
import { success } from "../_responses.ts";
import { type Json, ref } from "../schemas.ts";

/** A JSON-RPC error answer of the MCP endpoint. */
function rpcError(description: string, code: number, message: string, headers: string[] = []) {
  return success(description, {
    "application/json": {
      schema: ref("JsonRpcResponse"),
      example: { jsonrpc: "2.0", error: { code, message }, id: null },
    },
  }, headers);
}

/** What the MCP endpoint answers besides the JSON-RPC response itself. */
function mcpErrors(): Json {
  return {
    "400": rpcError(
      "The body is not JSON (-32700), not a JSON-RPC message (-32600), or a batch of more than 10 messages (-32600).",
      -32700,
      "Parse error: Invalid JSON",
    ),
    "403": rpcError(
      "The Host header is not one this server answers (protection against DNS rebinding; see `--allowed-hosts`).",
      -32000,
      "Invalid Host header: evil.example",
    ),
    "413": rpcError(
      "The body is over 1 MiB.",
      -32000,
      "Payload Too Large: Request body must not exceed 1048576 bytes",
    ),
    "415": rpcError(
      "The body is not sent as `application/json`.",
      -32000,
      "Unsupported Media Type: Content-Type must be application/json",
    ),
  };
}

/**
 * Two sets of responses of one operation; where both document a status
 * (MCP's JSON-RPC 400 and the Host check's problem 400), both bodies are.
 */
function withBoth(a: Json, b: Json): Json {
  const out: Json = { ...a };
  for (const [status, res] of Object.entries(b) as [string, Json][]) {
    const mine = out[status] as Json | undefined;
    if (!mine) {
      out[status] = res;
      continue;
    }
    const headers: Json = { ...mine.headers as Json, ...res.headers as Json };
    // A header only one of the two bodies carries is not always there.
    for (const [name, header] of Object.entries(headers) as [string, Json][]) {
      const both = name in (mine.headers as Json) && name in (res.headers as Json);
      if (!both && header.required === true) headers[name] = { ...header, required: false };
    }
    out[status] = {
      description: `${mine.description}\n\n${res.description}`,
      headers,
      content: { ...mine.content as Json, ...res.content as Json },
    };
  }
  return out;
}

/** What differs between the two MCP paths. */
const VARIANTS = {
  five: {
    path: "/api/mcp",
    operationId: "mcp",
    summary: "MCP server (Streamable HTTP)",
    tools: "`search_clubs` searches clubs and answers with a profile link for each.",
  },
  changes: {
    path: "/api/mcp/changes",
    operationId: "mcpChanges",
    summary: "MCP server with list_changes (Streamable HTTP)",
    tools:
      'The same server as `/api/mcp` with one tool more, `list_changes`: what recent imports changed (clubs added, removed and changed, newest first, as `GET /api/v1/changes` lists them) for `search_clubs`\'s filters and `since`; a fee change reads "Fees updated". `/api/mcp` keeps listing its five tools.',
  },
} as const;

/**
 * `/api/mcp` (or with `"changes"`, `/api/mcp/changes`): an anonymous,
 * stateless MCP server over POST, and its CORS preflight; every other
 * method is refused with a JSON-RPC error.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { mcpPath } from "./mcp.ts";
 * assert.equal("get" in mcpPath(), false);
 * ```
 */
export function mcpPath(variant: keyof typeof VARIANTS = "five"): Json {
  const { path, operationId, summary, tools } = VARIANTS[variant];
  return {
    description:
      "Answered with POST and the CORS preflight (OPTIONS). Any other method (`GET` included: this stateless server opens no event stream, and has no session to delete) answers 405 with `Allow: POST, OPTIONS` and a JSON-RPC error body (see `x-refused-methods`).",
    "x-refused-methods": refusedMethods("POST, OPTIONS", {
      "405": rpcError(
        "Method not allowed, as a JSON-RPC error.",
        -32000,
        "Method not allowed: send JSON-RPC messages with POST. This server is stateless: " +
          "it opens no event stream and has no session to delete.",
      ),
      ...problemResponses([], { instance: path }),
    }),
    post: {
      operationId,
      tags: ["mcp"],
      summary,
      description:
        "An anonymous, stateless MCP server: JSON-RPC 2.0 over POST, no session and no `initialize` step needed. Send `content-type: application/json` and `accept: application/json, text/event-stream`. `tools/list` lists the tools and their input schemas; `tools/call` runs one (`params.name`, `params.arguments`). " +
        tools + " It returns no fees, and it allows any origin (CORS).",
      requestBody: {
        required: true,
        content: {
          "application/json": {
            schema: ref("JsonRpcRequest"),
            example: { jsonrpc: "2.0", id: 1, method: "tools/list", params: {} },
          },
        },
      },
      responses: {
        "200": success("The JSON-RPC response.", {
          "application/json": { schema: ref("JsonRpcResponse") },
          "text/event-stream": {
            schema: { type: "string", description: "The response as one SSE message." },
          },
        }),
        "202": success("A notification (a request without `id`) was accepted.", null),
        ...withBoth(mcpErrors(), problemResponses([], { instance: path })),
      },
    },
    options: {
      operationId: `${operationId}Options`,
      tags: ["mcp"],
      summary: "CORS preflight",
      description: "Any origin may call the endpoint: the preflight allows POST.",
      responses: {
        "204": success("The preflight answer.", null, [
          "Access-Control-Allow-Origin",
          "Access-Control-Allow-Methods",
        ]),
        ...problemResponses([], { instance: path }),
      },
    },
  };
}
