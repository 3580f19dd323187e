/**
 * The metric families as written once (server/metrics/families.ts) against
 * the manual's table, and the exposition's rules: counters named `_total`,
 * label values escaped, histograms cumulative, workers added up.
 */
import { assert, assertEquals, assertMatch } from "../../_assert.ts";
import {
  exposition,
  FAMILIES,
  LATENCY_BUCKETS,
  Metrics,
  SharedMetrics,
} from "../../../server/metrics/mod.ts";
import { IsolateMetrics } from "../../../server/metrics/isolate.ts";

const deploy = await Deno.readTextFile(new URL("../../../docs/deploy.md", import.meta.url));

Deno.test("docs/deploy.md names every metric family, and only those", () => {
  const names = Object.values(FAMILIES).map((f) => f.name);
  for (const name of names) assert(deploy.includes(`\`${name}\``), `${name} is not in deploy.md`);
  const documented = [...deploy.matchAll(/`(clubdir_[a-z_]+)`/g)].map((m) => m[1]!);
  assertEquals(documented.filter((d) => !names.includes(d)), []);
});

Deno.test("Counters end in _total and label names are Prometheus names", () => {
  for (const f of Object.values(FAMILIES)) {
    if (f.type === "counter") assertMatch(f.name, /_total$/);
    else assert(!f.name.endsWith("_total"), f.name);
    for (const l of f.labels) assertMatch(l, /^[a-z_][a-z0-9_]*$/);
  }
});

Deno.test("The exposition writes cumulative buckets, escapes label values, and adds workers up", () => {
  const a = new Metrics();
  const b = new Metrics();
  a.request('/x"y\\z', 200, 0.0003, 10);
  a.request('/x"y\\z', 200, 2, 5);
  b.request('/x"y\\z', 503, 50, null);
  const text = exposition([a.snapshot(), b.snapshot()]);
  const route = 'route="/x\\"y\\\\z"';
  assertMatch(
    text,
    new RegExp(`^clubdir_http_requests_total\\{${escape(route)},code="200"\\} 2$`, "m"),
  );
  assertMatch(
    text,
    new RegExp(`^clubdir_http_requests_total\\{${escape(route)},code="503"\\} 1$`, "m"),
  );
  const buckets = [
    ...text.matchAll(/^clubdir_http_request_duration_seconds_bucket\{[^}]*le="([^"]+)"\} (\d+)$/gm),
  ]
    .map((m) => [m[1]!, Number(m[2])] as const);
  assertEquals(buckets.length, LATENCY_BUCKETS.length + 1);
  // 0.0003 s falls in le=0.0005 and above; 2 s in le=2.5 and above; 50 s only in +Inf.
  assertEquals(Object.fromEntries(buckets)["0.00025"], 0);
  assertEquals(Object.fromEntries(buckets)["0.0005"], 1);
  assertEquals(Object.fromEntries(buckets)["2.5"], 2);
  assertEquals(Object.fromEntries(buckets)["30"], 2);
  assertEquals(Object.fromEntries(buckets)["+Inf"], 3);
  assertMatch(text, /^clubdir_http_request_duration_seconds_count\{[^}]*\} 3$/m);
  assertMatch(text, /^clubdir_http_response_bytes_total\{[^}]*\} 15$/m);
  assertMatch(text, /^clubdir_workers 2$/m);
});

function escape(s: string): string {
  return s.replace(/[\\^$.*+?()[\]{}|]/g, "\\$&");
}

Deno.test("A restarted worker's counters go on from its region: the process's sums never go down", () => {
  const shared = SharedMetrics.create(2);
  const region = { buffer: shared.buffer, index: 1 };
  const first = new IsolateMetrics(region);
  for (let i = 0; i < 5; i++) first.recorder.request("/", 200, 0.001, 1);
  first.close(); // publishes
  // Its successor starts from what the region holds.
  const second = new IsolateMetrics(region);
  second.recorder.request("/", 200, 0.001, 1);
  assertMatch(second.scrape(), /^clubdir_http_requests_total\{route="\/",code="200"\} 6$/m);
  second.close();
});
