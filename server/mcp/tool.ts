/**
 * What every MCP tool shares: the context it runs in, its annotations, and
 * the two shapes of a result (structured JSON, or an error a model can act
 * on, worded like the REST problem).
 *
 * @example
 * ```ts ignore
 * import { problemText, result } from "./tool.ts";
 * result({ total: 3 }); // structuredContent plus the same JSON as text
 * result({ total: 3 }, "3 clubs match."); // … plus a summary instead
 * problemText(ctx, "invalid_page", 'Page "0" is not a whole number from 1');
 * ```
 * @module
 */
import type { z } from "zod";
import type { ClubStore, Directory } from "../../core/store/mod.ts";
import { type ProblemCode, PROBLEMS } from "../../core/model/mod.ts";
import { problemOf } from "../respond/mod.ts";
import type { CallToolResult, ToolAnnotations } from "./sdk.ts";

/** What a tool call may read: the directory, and how links and the source are named. */
export interface ToolContext {
  directory: Directory;
  /**
   * Site root the profile links point to, e.g. `https://clubs.example`;
   * null when the server does not know it (stdio without `--base-url`):
   * results then carry no links.
   */
  baseUrl: string | null;
  /** The service's display name, reported as the data source. */
  name: string;
  version: string;
  /** Fills `<SUPPORT_EMAIL>` in problem hints. */
  supportEmail: string;
  /** Where failures are reported; never stdout, the stdio protocol channel. */
  errorLog: (line: string) => void;
}

/**
 * Every tool only reads a closed directory. (`destructiveHint` and
 * `idempotentHint` mean something only when `readOnlyHint` is false.)
 */
export const READ_ONLY: ToolAnnotations = { readOnlyHint: true, openWorldHint: false };

/** One tool: its registration config and its handler. */
export interface Tool<I extends z.ZodObject, O extends z.ZodType<Record<string, unknown>>> {
  name: string;
  config: {
    title: string;
    description: string;
    inputSchema: I;
    outputSchema: O;
    annotations: ToolAnnotations;
  };
  /** A promise only where a tool loads something on first use (list_locations). */
  handler(ctx: ToolContext, args: z.output<I>): CallToolResult | Promise<CallToolResult>;
}

/**
 * A successful result: `structuredContent`, plus `text` for clients that read
 * only text content (by default the same JSON; a tool may send a shorter
 * summary when hosts would otherwise show the model its data twice).
 */
export function result(
  value: Record<string, unknown>,
  text: string = JSON.stringify(value),
): CallToolResult {
  return { content: [{ type: "text", text }], structuredContent: value };
}

/** A tool error: text only, so clients never validate it against the output schema. */
export function toolError(text: string): CallToolResult {
  return { isError: true, content: [{ type: "text", text }] };
}

/** The REST problem's wording as one line: title, this request's detail, hint. */
export function problemText(ctx: ToolContext, code: ProblemCode, detail: string): string {
  const p = PROBLEMS[code];
  return `${p.title}: ${detail}. ${p.hint.replaceAll("<SUPPORT_EMAIL>", ctx.supportEmail)}`;
}

/**
 * Runs `read` on the current snapshot (`Directory.read`, which tells storage
 * failures from bugs). A storage failure is a tool error worded like the
 * REST `clubs_unavailable` problem (the one classifier, `problemOf`); any
 * other failure is `internal_error`.
 * Both are logged to `ctx.errorLog`.
 */
export function withStore(
  ctx: ToolContext,
  read: (store: ClubStore) => CallToolResult,
): CallToolResult {
  try {
    return ctx.directory.read(read);
  } catch (e) {
    const failure = problemOf(e);
    if (failure !== null) {
      ctx.errorLog(`mcp: ${(e as Error).message}`);
      return toolError(problemText(ctx, failure.code, failure.detail));
    }
    ctx.errorLog(`mcp: a tool failed unexpectedly: ${(e as Error).stack ?? e}`);
    return toolError(problemText(ctx, "internal_error", "The tool failed unexpectedly"));
  }
}
