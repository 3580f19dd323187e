// Test tier: integration (child processes of serve and an OTLP receiver on loopback)
/**
 * What `serve` exports with Deno's OpenTelemetry on (`OTEL_DENO=true`),
 * read as a collector would: the real `main.ts serve` exports over OTLP
 * (http/json) to a receiver started here on a free loopback port, and
 * every payload it sends (traces, metrics, logs) is searched for the query
 * strings of the requests made. Server spans keep `url.path` and a
 * `url.full` without the query; no `url.query`; from the one isolate and
 * from `--workers 2` worker isolates alike.
 */
import { assert, assertEquals, assertStrictEquals, assertThrows } from "../../_assert.ts";
import { serveChild } from "./_serve_child.ts";
import { keepQueriesOutOfSpans } from "../../../server/runtime/_otel_no_query.ts";

/** Appears only in the query strings of the requests made. */
const SECRET = "secretterm";
/** Paths asked for, each with a query carrying {@link SECRET}. */
const ASKED = [
  { path: "/api/v1/clubs", query: `q=${SECRET}&type=golf` },
  { path: "/", query: `q=${SECRET}` },
  { path: "/api/v1/clubs", query: `page=${SECRET}` }, // a 400 answer
  { path: "/no-such-page", query: `token=${SECRET}#frag` }, // a 404 answer
];

/** One OTLP export as it arrived. */
interface Export {
  path: string;
  contentType: string | null;
  text: string;
}

/** An OTLP/HTTP receiver on 127.0.0.1 that keeps every export it is sent. */
function otlpReceiver() {
  const exports: Export[] = [];
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (req) => {
    const text = await req.text();
    exports.push({
      path: new URL(req.url).pathname,
      contentType: req.headers.get("content-type"),
      text,
    });
    return Response.json({});
  });
  return { port: server.addr.port, exports, close: () => server.shutdown() };
}

/** An OTLP attribute, as the JSON encoding writes it. */
interface Attribute {
  key: string;
  value: Record<string, unknown>;
}

/** One exported span (the fields read here). */
interface Span {
  name: string;
  kind: number;
  attributes: Attribute[];
}

const SPAN_KIND_SERVER = 2;

function spansOf(exports: Export[]): Span[] {
  const spans: Span[] = [];
  for (const e of exports.filter((e) => e.path === "/v1/traces")) {
    const body = JSON.parse(e.text) as {
      resourceSpans: { scopeSpans: { spans: Span[] }[] }[];
    };
    for (const r of body.resourceSpans) for (const s of r.scopeSpans) spans.push(...s.spans);
  }
  return spans;
}

const attribute = (span: Span, key: string) =>
  span.attributes.find((a) => a.key === key)?.value.stringValue;

/** GET over a fresh connection (so SO_REUSEPORT can pick either worker). */
async function fetchFresh(url: string): Promise<number> {
  const client = Deno.createHttpClient({});
  try {
    const res = await fetch(url, { client, signal: AbortSignal.timeout(5_000) });
    await res.body?.cancel();
    return res.status;
  } finally {
    client.close();
  }
}

for (const workers of [1, 2]) {
  Deno.test(`serve --workers ${workers} exports server spans with url.path and url.full but no query string`, async () => {
    const receiver = otlpReceiver();
    try {
      const s = await serveChild(["--workers", String(workers)], {
        accessLog: true,
        env: {
          OTEL_DENO: "true",
          OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${receiver.port}`,
          OTEL_EXPORTER_OTLP_PROTOCOL: "http/json",
          OTEL_SERVICE_NAME: "clubdir-test",
        },
      });
      let asked = 0;
      let code: number;
      try {
        // With workers, rounds go on until both have answered (each round on fresh connections).
        const served = new Set<string>();
        for (let round = 0; round < 20 && (round === 0 || served.size < workers); round++) {
          for (const { path, query } of ASKED) {
            await fetchFresh(`http://127.0.0.1:${s.port}${path}?${query}`);
            asked++;
          }
          for (const line of s.lines) {
            const m = / \[(w\d+)\] \S+ GET \//.exec(line);
            if (m) served.add(m[1]!);
          }
        }
        if (workers > 1) assertEquals(served.size, workers, "both workers served requests");
      } finally {
        // A graceful stop flushes every isolate's spans and metrics before the process exits.
        code = await s.stop();
      }
      assertStrictEquals(code, 0, s.lines.join("\n"));

      const { exports } = receiver;
      for (const e of exports) {
        assertStrictEquals(e.contentType, "application/json", e.path);
        assert(!e.text.includes(SECRET), `${e.path} carries a query string:\n${e.text}`);
      }
      assert(exports.some((e) => e.path === "/v1/metrics"), "metrics were exported");

      const spans = spansOf(exports);
      // Every span is a request's server span: none from reading the span class.
      assertEquals(spans.map((sp) => sp.kind), spans.map(() => SPAN_KIND_SERVER));
      assertStrictEquals(spans.length, asked);
      for (const span of spans) {
        const keys = span.attributes.map((a) => a.key);
        assert(!keys.includes("url.query"), keys.join(", "));
        const path = attribute(span, "url.path");
        assert(ASKED.some((a) => a.path === path), `url.path ${path}`);
        assertStrictEquals(attribute(span, "url.full"), `http://127.0.0.1:${s.port}${path}`);
      }
      for (const { path } of ASKED) {
        assert(spans.some((sp) => attribute(sp, "url.path") === path), `a span of ${path}`);
      }
    } finally {
      await receiver.close();
    }
  });
}

Deno.test("a span class whose methods cannot be wrapped stops serving rather than exporting queries", () => {
  class FrozenSpan {
    setAttribute() {
      return this;
    }
    setAttributes() {
      return this;
    }
  }
  Object.freeze(FrozenSpan.prototype);
  const telemetry = {
    TRACING_ENABLED: true,
    builtinTracer: () => ({ startSpan: () => new FrozenSpan() }),
  };
  assertThrows(
    () => keepQueriesOutOfSpans(telemetry),
    /cannot keep query strings out of its spans/,
  );
  const shapeless = { TRACING_ENABLED: true, builtinTracer: () => ({ startSpan: () => ({}) }) };
  assertThrows(
    () => keepQueriesOutOfSpans(shapeless),
    /without setAttribute\(\) and setAttributes\(\)/,
  );
});
