// Test tier: integration (sockets or child processes; see tests/tiers.ts).
import fc from "fast-check";
import {
  escapeLogText,
  loggedPath,
  MAX_LOGGED_PATH,
} from "../../../server/middleware/access_log.ts";
import { testApp } from "../_helpers.ts";
import { sharedFixture } from "../../_fixture.ts";
import { assert, assertMatch, assertStrictEquals } from "../../_assert.ts";
import { run } from "../../_run.ts";

const fx = await sharedFixture();
const binary = fc.string({ unit: "binary", maxLength: 200 });
// Control characters are what the log must not carry.
// deno-lint-ignore no-control-regex
const UNSAFE = /[\x00-\x1f\x7f-\x9f\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

Deno.test("escapeLogText() leaves no control, separator or bidi character, and is one-to-one", () => {
  fc.assert(
    fc.property(binary, binary, (a, b) => {
      const x = escapeLogText(a);
      assert(!UNSAFE.test(x), JSON.stringify(x));
      if (a !== b) assert(x !== escapeLogText(b));
    }),
  );
  assertStrictEquals(escapeLogText("/clubs/café-ōsaka"), "/clubs/café-ōsaka");
  assertStrictEquals(escapeLogText("a\\x0a\n"), "a\\\\x0a\\x0a");
  assertStrictEquals(escapeLogText("\u202eevil"), "\\u{202e}evil");
});

Deno.test("loggedPath() cuts a long path and says how much is left out", () => {
  const long = `/${"a".repeat(5_000)}`;
  const out = loggedPath(long);
  assertStrictEquals(out.length, MAX_LOGGED_PATH + "…(+3977 chars)".length);
  assert(out.endsWith("…(+3977 chars)"));
});

Deno.test("The access log writes a path with %0a and %1b on one line, escaped", async () => {
  const lines: string[] = [];
  const app = testApp(fx.directory, { log: (l) => lines.push(l) });
  const res = await app.request(
    "http://127.0.0.1/x%0a2026-01-01T00:00:00.000Z%20GET%20/forged%1b%5b2J",
  );
  await res.body?.cancel();
  assertStrictEquals(lines.length, 1);
  const line = lines[0]!;
  assert(!UNSAFE.test(line), JSON.stringify(line));
  assertMatch(line, / GET \/x\\x0a2026-01-01T00:00:00\.000Z GET \/forged\\x1b\[2J 404 /);
});

Deno.test("stderrLine() keeps every log line on one line of stderr", async () => {
  const module = new URL("../../../server/middleware/access_log.ts", import.meta.url).href;
  const out = await run([
    "eval",
    `import { stderrLine } from "${module}"; stderrLine("a\\nb\\x1b[2J\\\\x0a"); stderrLine("ok");`,
  ]);
  assertStrictEquals(out.stderr, "a\\x0ab\\x1b[2J\\x0a\nok\n");
});
