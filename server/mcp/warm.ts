/**
 * Readies the MCP endpoint before its first request. The SDK builds its
 * protocol schemas on first use, zod compiles each schema the first time it
 * parses, and the server pool starts empty, so the first call of a fresh
 * process took 55–220 ms, a small one or a 1 MiB one alike, and the next
 * ones 2–8 ms. At start-up the endpoint has the SDK build its schemas
 * (`preloadSchemas`, its documented warm-up), then answers a `tools/list`
 * and the given tool calls once in each protocol era, in-process, which
 * compiles the rest and leaves one pooled instance per era.
 *
 * @example
 * ```ts ignore
 * import { warmUp } from "./warm.ts";
 * await warmUp(serve, [{ name: "search_clubs", arguments: { page: 0 } }]);
 * ```
 * @module
 */
import { preloadSchemas } from "./sdk.ts";

/** A tool call made at start-up: one answered from its arguments alone (no store read). */
export interface WarmCall {
  name: string;
  arguments: Record<string, unknown>;
}

/** The 2026-07-28 protocol revision. */
const MODERN = "2026-07-28";

const ENVELOPE = {
  "io.modelcontextprotocol/protocolVersion": MODERN,
  "io.modelcontextprotocol/clientCapabilities": {},
  "io.modelcontextprotocol/clientInfo": { name: "warm-up", version: "1" },
};

/** A POST of one JSON-RPC request, as a client of `era` sends it. */
function request(era: "2025" | "modern", method: string, params: Record<string, unknown>) {
  const headers: Record<string, string> = {
    "content-type": "application/json",
    accept: "application/json, text/event-stream",
  };
  if (era === "modern") {
    headers["mcp-protocol-version"] = MODERN;
    headers["mcp-method"] = method;
    if (typeof params.name === "string") headers["mcp-name"] = params.name;
    params = { ...params, _meta: ENVELOPE };
  }
  return new Request("http://localhost/api/mcp", {
    method: "POST",
    headers,
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
}

/**
 * Builds the SDK's schemas now (synchronously), then sends `tools/list` and
 * each of `calls` through `serve` in both eras, one at a time. Resolves when
 * done; a failure is reported to `errorLog` and otherwise ignored (the
 * requests are served cold instead).
 */
export async function warmUp(
  serve: (req: Request) => Promise<Response>,
  calls: readonly WarmCall[],
  errorLog: (line: string) => void = console.error,
): Promise<void> {
  preloadSchemas();
  try {
    for (const era of ["2025", "modern"] as const) {
      const list = await serve(request(era, "tools/list", {}));
      await list.body?.cancel();
      for (const call of calls) {
        const res = await serve(request(era, "tools/call", { ...call }));
        await res.body?.cancel();
      }
    }
  } catch (e) {
    errorLog(`mcp: warm-up failed: ${(e as Error).stack ?? e}`);
  }
}
