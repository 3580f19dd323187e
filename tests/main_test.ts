import { assertEquals, ok } from "./_assert.ts";
import { runMain } from "./cli/_run.ts";

Deno.test("main.ts --help lists every command with examples", async () => {
  const r = await runMain(["--help"]);
  assertEquals(r.code, 0);
  for (const c of ["serve", "query", "import", "mcp", "session"]) {
    ok(r.stdout.includes(`  ${c}`), c);
  }
  ok(r.stdout.includes("Examples:"));
});

Deno.test("main.ts rejects an unknown command with exit 2 and usage", async () => {
  const r = await runMain(["frobnicate"]);
  assertEquals(r.code, 2);
  ok(r.stderr.startsWith('error: unknown command "frobnicate"'));
  ok(r.stderr.includes("Commands:"));
});

Deno.test("main.ts <cmd> --help prints that command's usage", async () => {
  for (const c of ["serve", "query", "import", "mcp", "session"]) {
    const r = await runMain([c, "--help"]);
    assertEquals(r.code, 0);
    ok(r.stdout.startsWith(`Usage: main.ts ${c}`), r.stdout);
  }
});
