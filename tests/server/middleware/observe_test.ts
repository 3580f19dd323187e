import { bodyBytes } from "../../../server/middleware/observe.ts";
import { assertStrictEquals } from "../../_assert.ts";

Deno.test("bodyBytes reads a body's size without turning it into a stream", async () => {
  const cases: [BodyInit | null, number | null, boolean][] = [
    // body, its size, whether Deno keeps it static (not a stream)
    ["héllo", 5, true],
    [new Uint8Array(1100), 1100, true],
    [new Uint8Array(8).buffer, 8, true],
    [new Blob(["abc"]), 3, false],
    [null, 0, true],
    [new ReadableStream(), null, false],
  ];
  for (const [body, size, isStatic] of cases) {
    const res = new Response(body);
    assertStrictEquals(bodyBytes(res), size, label(body));
    if (!isStatic) continue;
    // A static body stays static: a clone copies it instead of teeing a
    // stream, so cancelling the original alone settles (a tee's branch
    // waits for its twin, and the caller hangs).
    const copy = res.clone();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const settled = await Promise.race([
      (res.body?.cancel() ?? Promise.resolve()).then(() => true),
      new Promise<false>((r) => timer = setTimeout(() => r(false), 1_000)),
    ]);
    clearTimeout(timer);
    assertStrictEquals(settled, true, `${label(body)}: cancel settles`);
    await copy.body?.cancel();
  }
});

const label = (body: BodyInit | null) => body === null ? "null" : body.constructor.name;
