// Test tier: integration (sockets or child processes; see tests/tiers.ts).
import { fileURLToPath } from "node:url";
import { UsageError } from "../../cli/args.ts";
import { mcpCommand } from "../../cli/mcp.ts";
import { StoreError } from "../../core/store/store.ts";
import { assert, assertEquals, assertRejects } from "../_assert.ts";
import { run } from "../_run.ts";

// main.ts registers the command; the entry runs it the same way without main.ts.
const ENTRY = fileURLToPath(new URL("../server/mcp/_stdio_entry.ts", import.meta.url));

function runEntry(args: string[]) {
  return run(["run", "--no-prompt", "--allow-read", ENTRY, ...args]);
}

Deno.test("mcp --help shows the flags, the permissions and a desktop configuration", async () => {
  const r = await runEntry(["--help"]);
  assertEquals(r.code, 0);
  assert(r.stdout.startsWith("Usage: main.ts mcp"), r.stdout);
  for (const s of ["--db PATH", "--base-url URL", "--name NAME", "Examples:", '"mcpServers"']) {
    assert(r.stdout.includes(s), s);
  }
  assert(r.stdout.includes("--allow-read=") && r.stdout.includes("--allow-env=CLUBDIR_DB"));
  // The configuration block is valid JSON.
  const json = r.stdout.slice(r.stdout.indexOf("{"), r.stdout.lastIndexOf("}") + 1);
  const config = JSON.parse(json);
  assertEquals(config.mcpServers.clubdir.command, "deno");
  assert(config.mcpServers.clubdir.args.includes("mcp"));
});

Deno.test("mcp rejects bad flag values, naming the flag", async () => {
  await assertRejects(() => mcpCommand.run(["--base-url", "ftp://x"]), (e: Error) => {
    assert(e instanceof UsageError);
    assert(e.message.startsWith("--base-url must be an absolute http(s) URL"), e.message);
    return true;
  });
  await assertRejects(() => mcpCommand.run(["--name", "\u0007"]), UsageError);
  await assertRejects(() => mcpCommand.run(["--support-email", "nobody"]), UsageError);
  await assertRejects(() => mcpCommand.run(["--port", "1"]), UsageError);
});

Deno.test("mcp fails at start, before any protocol, when --db cannot be read", async () => {
  await assertRejects(() => mcpCommand.run(["--db", "/nonexistent/clubs.db"]), StoreError);
});
