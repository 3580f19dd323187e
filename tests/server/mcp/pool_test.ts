import { assert, assertEquals } from "../../_assert.ts";
import { ServerPool } from "../../../server/mcp/pool.ts";
import { McpServer } from "../../../server/mcp/sdk.ts";
import { InMemoryTransport } from "./_helpers.ts";

function pool(size?: number) {
  let built = 0;
  const p = new ServerPool(() => {
    built++;
    return new McpServer({ name: "t", version: "0" });
  }, size);
  return { p, built: () => built };
}

Deno.test("ServerPool lends an instance to one request at a time and reuses it after", () => {
  const { p, built } = pool();
  const a = p.take("modern");
  const b = p.take("modern");
  assert(a !== b);
  p.release(a);
  assert(p.take("modern") === a);
  assertEquals(built(), 2);
  assertEquals(p.sizes, { legacy: 0, modern: 2 });
});

Deno.test("ServerPool keeps the eras apart", () => {
  const { p } = pool();
  const modern = p.take("modern");
  p.release(modern);
  const legacy = p.take("legacy");
  assert(legacy !== modern);
  assertEquals(p.sizes, { legacy: 1, modern: 1 });
});

Deno.test("ServerPool skips an instance that is still connected after its lease ends", async () => {
  const { p } = pool();
  const a = p.take("legacy");
  const [serverSide] = InMemoryTransport.createLinkedPair();
  await a.connect(serverSide);
  p.release(a);
  const b = p.take("legacy");
  assert(b !== a);
  p.release(b);
  await a.close();
  // Both are free now: the first free one is handed out.
  assert(p.take("legacy") === a);
});

Deno.test("ServerPool holds at most its size; beyond it instances are used once", () => {
  const { p, built } = pool(2);
  const lent = [p.take("modern"), p.take("modern"), p.take("modern")];
  assertEquals(p.sizes.modern, 2);
  for (const s of lent) p.release(s);
  // The third was never pooled: only the first two come back.
  const again = [p.take("modern"), p.take("modern")];
  assertEquals(new Set(again), new Set(lent.slice(0, 2)));
  assertEquals(built(), 3);
});

Deno.test("ServerPool.fresh() builds an instance the pool never lends", () => {
  const { p } = pool();
  const f = p.fresh();
  p.release(f); // ignored
  assert(p.take("legacy") !== f);
  assertEquals(p.sizes, { legacy: 1, modern: 0 });
});
