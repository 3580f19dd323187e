import { abFigures, abSlices, abTable, requestsCounted } from "../../bench/metrics_http.ts";
import type { LoadResult } from "../../bench/wrk.ts";
import { IsolateMetrics } from "../../server/metrics/mod.ts";
import { assert, assertEquals } from "../_assert.ts";

Deno.test("requestsCounted adds the request counter over routes and codes, and nothing else", () => {
  const metrics = new IsolateMetrics();
  try {
    // What serve's own exposition writes: the latency histogram and the
    // bytes counter share the route label and must not be added in.
    for (let i = 0; i < 7; i++) metrics.recorder.request("/api/v1/clubs", 200, 0.0003, 5000);
    metrics.recorder.request("/api/v1/clubs", 400, 0.0002, 300);
    metrics.recorder.request("/", 304, 0.0001, 0);
    const text = metrics.scrape();
    assert(text.includes("clubdir_http_request_duration_seconds_count"), text);
    assertEquals(requestsCounted(text), 9);
  } finally {
    metrics.close();
  }
  const idle = new IsolateMetrics();
  assertEquals(requestsCounted(idle.scrape()), 0);
  idle.close();
  assertEquals(requestsCounted("clubdir_http_requests_total 4\nclubdir_http_requests_totals 9"), 4);
});

Deno.test("abSlices cuts a row's seconds into an even count of 2 s slices (1 s below 4 s)", () => {
  assertEquals(abSlices(10), { slice: 2, count: 6 });
  assertEquals(abSlices(20), { slice: 2, count: 10 });
  assertEquals(abSlices(4), { slice: 2, count: 2 });
  assertEquals(abSlices(3), { slice: 1, count: 4 });
  assertEquals(abSlices(1), { slice: 1, count: 2 });
});

const slice = (requests: number, seconds = 2): LoadResult => ({
  requests,
  rps: requests / seconds,
  p50Ms: 1,
  p99Ms: 4,
  non2xx: 0,
  errors: 0,
  errorKinds: {},
});

Deno.test("abFigures and abTable give the on/off ratio and the spread of the slice pairs", () => {
  const row = {
    name: "first page",
    workers: 2,
    off: [slice(20_000), slice(22_000)],
    on: [slice(19_000), slice(22_000)],
  };
  const f = abFigures(row);
  assertEquals(f.off.rps, 10_500);
  assertEquals(f.on.rps, 10_250);
  assertEquals(f.ratio, 10_250 / 10_500);
  assertEquals(f.pairs, [0.95, 1]);
  const table = abTable([row]).split("\n");
  assertEquals(table.length, 3);
  assertEquals(
    table[2],
    "| HTTP first page (2 workers) | 10,500 | 10,250 | 0.976 | 0.95–1.00 (2 pairs) | 1.00 / 4.00 | 1.00 / 4.00 |",
  );
});
