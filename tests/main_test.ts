// Test tier: integration (sockets or child processes; see tests/tiers.ts).
import { runMain } from "./_run.ts";
import { COMMANDS } from "../cli/commands.ts";
import config from "../deno.json" with { type: "json" };
import { assert, assertEquals } from "./_assert.ts";

Deno.test("main.ts --help lists every command with examples", async () => {
  const r = await runMain(["--help"]);
  assertEquals(r.code, 0);
  for (const c of ["serve", "query", "import", "mcp", "session"]) {
    assert(r.stdout.includes(`  ${c}`), c);
  }
  assert(r.stdout.includes("Examples:"));
});

Deno.test("main.ts rejects an unknown command with exit 2 and usage", async () => {
  const r = await runMain(["frobnicate"]);
  assertEquals(r.code, 2);
  assert(r.stderr.startsWith('error: unknown command "frobnicate"'));
  assert(r.stderr.includes("Commands:"));
});

Deno.test("main.ts <cmd> --help prints that command's usage", async () => {
  for (const c of ["serve", "query", "import", "mcp", "session"]) {
    const r = await runMain([c, "--help"]);
    assertEquals(r.code, 0);
    assert(r.stdout.startsWith(`Usage: main.ts ${c}`), r.stdout);
  }
});

Deno.test("main.ts --help and each command show the registry's one summary", async () => {
  const r = await runMain(["--help"]);
  for (const entry of COMMANDS) {
    const command = await entry.load();
    assertEquals(command.name, entry.name);
    assertEquals(command.summary, entry.summary);
    assert(r.stdout.includes(`  ${entry.name.padEnd(8)} ${entry.summary}\n`), entry.name);
  }
});

Deno.test("--version prints deno.json's version, on main.ts and on a command", async () => {
  for (const args of [["--version"], ["query", "--version"], ["session", "list", "--version"]]) {
    const r = await runMain(args);
    assertEquals(r.code, 0, args.join(" "));
    assertEquals(r.stdout, `clubdir ${config.version}\n`);
  }
});
