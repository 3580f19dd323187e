import fc from "fast-check";
import { LineLimiter, MAX_LINE_BYTES, tooLongError } from "../../../server/mcp/stdio_lines.ts";
import { assert, assertEquals, assertStrictEquals } from "../../_assert.ts";

const enc = new TextEncoder();
const dec = new TextDecoder();

/** Feeds `input` in chunks cut at `cuts`; what came out, in order. */
function split(limit: number, input: Uint8Array, cuts: number[]): string[] {
  const out: string[] = [];
  const limiter = new LineLimiter(limit, {
    line: (bytes) => out.push(dec.decode(bytes)),
    tooLong: () => out.push("<too long>"),
  });
  let at = 0;
  for (const cut of cuts.map((c) => c % (input.length + 1)).sort((a, b) => a - b)) {
    limiter.push(input.subarray(at, Math.max(at, cut)));
    at = Math.max(at, cut);
  }
  limiter.push(input.subarray(at));
  return out;
}

Deno.test("LineLimiter passes lines within the limit and reports each longer one once, however the input is cut", () => {
  const limit = 8;
  fc.assert(
    fc.property(
      fc.array(fc.string({ unit: fc.constantFrom("a", "b", "é", "\r"), maxLength: 14 }), {
        maxLength: 12,
      }),
      fc.array(fc.nat(), { maxLength: 10 }),
      fc.boolean(),
      (lines, cuts, unterminated) => {
        const text = lines.map((l) => `${l}\n`).join("") + (unterminated ? "tail" : "");
        const want = lines.map((l) => enc.encode(l).length > limit ? "<too long>" : `${l}\n`);
        assertEquals(split(limit, enc.encode(text), cuts), want);
      },
    ),
  );
});

Deno.test("LineLimiter drops a long line as it arrives instead of holding it", () => {
  let lines = 0;
  let tooLong = 0;
  const limiter = new LineLimiter(1024, { line: () => lines++, tooLong: () => tooLong++ });
  const chunk = new Uint8Array(64 * 1024).fill(0x78);
  const before = Deno.memoryUsage().rss;
  for (let i = 0; i < 2_000; i++) limiter.push(chunk); // 125 MiB of one line
  const grown = Deno.memoryUsage().rss - before;
  assertStrictEquals(tooLong, 1);
  limiter.push(enc.encode("\n{}\n"));
  assertEquals([lines, tooLong], [1, 1]);
  assert(grown < 64 * 1024 * 1024, `${grown} bytes kept`);
});

Deno.test("the answer to a long line is a JSON-RPC error that names the limit", () => {
  const e = tooLongError(MAX_LINE_BYTES);
  assertEquals(e.jsonrpc, "2.0");
  assertStrictEquals(e.id, null);
  assertStrictEquals(e.error.code, -32600);
  assert(e.error.message.includes("10 MiB (10485760 bytes)"), e.error.message);
});
