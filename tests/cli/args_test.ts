import { durationMs } from "../../cli/args.ts";
import { assertEquals } from "../_assert.ts";

Deno.test("durationMs() reads a whole number and one of the allowed units", () => {
  const units = ["ms", "s", "m", "h", "d"] as const;
  assertEquals(durationMs("1500ms", { units }), 1_500);
  assertEquals(durationMs("10s", { units }), 10_000);
  assertEquals(durationMs(" 90m ", { units }), 90 * 60_000);
  assertEquals(durationMs("12h", { units }), 12 * 3_600_000);
  assertEquals(durationMs("30d", { units }), 30 * 86_400_000);
  assertEquals(durationMs("3", { units, bare: "s" }), 3_000);
});

Deno.test("durationMs() refuses other units, bare numbers without a unit, and fractions", () => {
  const units = ["m", "h", "d"] as const;
  for (const bad of ["", "30", "1s", "1y", "1.5h", "-1d", "30 d", "30D", "d", "1e3m"]) {
    assertEquals(durationMs(bad, { units }), null, bad);
  }
});
