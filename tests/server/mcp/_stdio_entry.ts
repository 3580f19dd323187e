/**
 * Test entry: runs `main.ts mcp` without main.ts, so the stdio tests do not
 * depend on the command being registered there.
 *
 * @module
 */
import { mcpCommand } from "../../../cli/mcp.ts";

Deno.exit(await mcpCommand.run(Deno.args));
