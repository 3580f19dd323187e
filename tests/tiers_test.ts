import { testFiles, tierOf } from "./tiers.ts";
import { assertEquals, assertThrows } from "./_assert.ts";

Deno.test("tierOf() reads the first line's marker, and unit without one", () => {
  assertEquals(tierOf("a_test.ts", "// Test tier: e2e (Redis)\nimport x;"), "e2e");
  assertEquals(tierOf("a_test.ts", "import x;\n// Test tier: e2e"), "unit");
  assertThrows(() => tierOf("a_test.ts", "// Test tier: slow\n"), /a_test\.ts: "Test tier: slow"/);
});

Deno.test("the tiers split the test files: each file in exactly one", async () => {
  const unit = await testFiles("unit");
  const integration = await testFiles("integration");
  const e2e = await testFiles("e2e");
  const all = [...unit, ...integration, ...e2e];
  assertEquals(new Set(all).size, all.length);
  assertEquals(all.some((f) => f.endsWith("tests/tiers_test.ts")), true);
});
