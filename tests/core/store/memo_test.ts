import { approxBytes, Memo, Memos, TYPED_ARRAY_BYTES } from "../../../core/store/memo.ts";
import { sharedFixture } from "../../_fixture.ts";
import { assert, assertEquals, assertThrows } from "../../_assert.ts";

const { store } = await sharedFixture();

Deno.test("Memo keeps values within its byte budget, evicting the least recently used", () => {
  const memo = new Memo<string, string>(500, { weigh: (v) => v.length });
  memo.set("a", "x".repeat(150));
  memo.set("b", "y".repeat(150));
  memo.get("a");
  memo.set("c", "z".repeat(150));
  assertEquals([memo.get("a")?.length, memo.get("b"), memo.get("c")?.length], [
    150,
    undefined,
    150,
  ]);
  assert(memo.bytes <= 500, String(memo.bytes));
});

Deno.test("Memo.use() computes a value once and does not keep one heavier than the budget", () => {
  const memo = new Memo<string, string>(100);
  let made = 0;
  const make = () => (made++, "v");
  memo.use("k", make);
  memo.use("k", make);
  assertEquals(made, 1);
  assertEquals(memo.use("big", () => "x".repeat(1000)).length, 1000);
  assertEquals(memo.get("big"), undefined);
});

Deno.test('Memo with admit "second" keeps a value only when its key comes back, within its budget', () => {
  const memo = new Memo<string, string>(64 * 1024, { admit: "second" });
  let made = 0;
  const make = () => (made++, "v".repeat(100));
  memo.use("once", make);
  assertEquals(memo.get("once"), undefined);
  memo.use("once", make);
  assertEquals(memo.get("once")?.length, 100);
  memo.use("once", make);
  assertEquals(made, 2);
  for (let i = 0; i < 5000; i++) memo.use(`${i}:${"k".repeat(40)}`, make);
  assert(memo.bytes <= 64 * 1024, String(memo.bytes));
  assertEquals(memo.get("once")?.length, 100, "one-off keys did not evict a kept value");
});

Deno.test("Memo.use() keeps the form keep() gives and returns a value not kept as made", () => {
  const memo = new Memo<string, { body: string }>(64 * 1024, { admit: "second" });
  const keep = (made: { body: string }) => ({ body: made.body.toUpperCase() });
  assertEquals(memo.use("k", () => ({ body: "made" }), keep), { body: "made" });
  assertEquals(memo.use("k", () => ({ body: "made" }), keep), { body: "MADE" });
  assertEquals(memo.get("k"), { body: "MADE" });
  assertEquals(memo.use("k", () => ({ body: "again" }), keep), { body: "MADE" }, "kept: not made");
});

Deno.test("Memo weighs keys too, so long keys cannot grow it past its budget", () => {
  const memo = new Memo<string, number>(10_000);
  for (let i = 0; i < 1000; i++) memo.set(`${i}:${"q".repeat(500)}`, i);
  assert(memo.bytes <= 10_000, String(memo.bytes));
  assert(memo.size < 10, String(memo.size));
});

Deno.test("Memos gives one memo per name and refuses budgets past the total", () => {
  const memos = new Memos(1000);
  const a = memos.memo<string, number>("a", 600);
  assert(memos.memo("a", 600) === a);
  assertThrows(() => memos.memo("a", 500), /declared with 600 and 500 bytes/);
  assertThrows(() => memos.memo("b", 500), /past 1000 bytes/);
  memos.memo("b", 400);
  assertEquals(Object.keys(memos.stats()), ["a", "b"]);
});

Deno.test("Memos.clear() empties results and keeps structures warm", () => {
  const memos = new Memos(1000);
  const results = memos.memo<string, number>("r", 500);
  const structure = memos.memo<string, number>("s", 500, { kind: "structure" });
  results.set("x", 1);
  structure.set("x", 2);
  memos.clear();
  assertEquals([results.get("x"), structure.get("x")], [undefined, 2]);
});

Deno.test("Memos keep their results memos together within the shared budget, for hostile input", () => {
  const memos = new Memos(64 * 1024 * 1024, 256 * 1024);
  const names = ["pages", "totals", "matches", "rows"];
  const results = names.map((name) => memos.memo<string, Int32Array>(name, 1024 * 1024));
  const structure = memos.memo<string, Int32Array>("index", 1024 * 1024, { kind: "structure" });
  structure.set("index", new Int32Array(64 * 1024));
  // Distinct long keys (a 60 KB q each time) and values of every size, as fuzzed traffic sends.
  for (let i = 0; i < 2000; i++) {
    const key = `${i}:${"q".repeat(i % 7 === 0 ? 30_000 : 40)}`;
    results[i % names.length]!.use(key, () => new Int32Array((i * 37) % 4096));
    assert(memos.resultsBytes <= 256 * 1024, `${i}: ${memos.resultsBytes}`);
  }
  const held = results.reduce((n, m) => n + m.bytes, 0);
  assertEquals(held, memos.resultsBytes);
  assert(held > 128 * 1024, `the budget is used: ${held}`);
  assertEquals(
    structure.get("index")?.length,
    64 * 1024,
    "a structure is outside the shared budget",
  );
  const [first, ...others] = results;
  first!.set("recent", new Int32Array(1));
  for (const m of others) m.clear();
  assertEquals(first!.get("recent")?.length, 1);
  assertEquals(memos.resultsBytes, first!.bytes);
});

Deno.test("approxBytes() counts strings, typed arrays and nested plain values", () => {
  assertEquals(approxBytes("abc"), 22);
  assertEquals(approxBytes(new Int32Array(10)), TYPED_ARRAY_BYTES + 40, "elements and overhead");
  assert(approxBytes([{ key: "golf", count: 9 }]) > approxBytes("golf") + approxBytes("count"));
});

Deno.test("Every cache of a snapshot is a memo within the one budget", async () => {
  const { search } = await import("../../../core/search/search.ts");
  const { typeCounts } = await import("../../../core/stats/stats.ts");
  search(store, { q: "riverside", type: "golf", country: "US", state: "FL", waitlist: "open" });
  // A whole name is in few clubs: its list of matches is walked, and the total kept.
  search(store, { q: store.records([1])[0]!.name });
  typeCounts(store);
  const stats = store.memoStats();
  for (
    const name of [
      "search.key_index",
      "search.totals",
      "search.name_matches",
      "search.bits",
      "search.type_masks",
      "places.resolved",
      "stats",
    ]
  ) assert(stats[name], name);
  for (const [name, s] of Object.entries(stats)) assert(s.bytes <= s.budget, name);
});

Deno.test("A memo counts its hits, misses and evictions (its own budget and the shared one), and Memos.stats() reports them", () => {
  const memos = new Memos(10_000, 300);
  const a = memos.memo<string, string>("a", 1_000, { weigh: (v) => v.length });
  const b = memos.memo<string, string>("b", 1_000, { weigh: (v) => v.length });
  a.use("k1", () => "x".repeat(100)); // miss
  a.use("k1", () => "never made"); // hit
  a.get("nope"); // miss
  // Entries weigh 64 bytes more each (164): two are past the shared 300.
  a.set("k2", "y".repeat(100)); // evicts k1
  b.use("k3", () => "z".repeat(100)); // miss, evicts a's k2
  assertEquals(a.get("k1"), undefined); // miss
  const stats = memos.stats();
  assertEquals([stats.a!.hits, stats.a!.misses, stats.a!.evictions], [1, 3, 2]);
  assertEquals([stats.b!.hits, stats.b!.misses, stats.b!.evictions], [0, 1, 0]);
  const own = new Memo<string, string>(200, { weigh: (v) => v.length });
  own.set("p", "p".repeat(100));
  own.set("q", "q".repeat(100));
  own.set("q", "r".repeat(100)); // a replacement is no eviction
  assertEquals(own.evictions, 1);
});
