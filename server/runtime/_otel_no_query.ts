/**
 * Query strings kept out of OpenTelemetry spans. With `OTEL_DENO=true`,
 * Deno makes a span for every request it serves and gives it `url.full`
 * (the whole request URL) and `url.query`; the access log leaves query
 * strings out on purpose (they carry what people search for, and tokens
 * some clients put there), so spans must too. Deno has no setting for it,
 * so each serving isolate (the main one, every `--workers N` worker)
 * wraps `setAttribute` and `setAttributes` of Deno's span class once,
 * before it serves: `url.query` is dropped, `url.full` is cut at its `?`
 * (or `#`). Setting an attribute again afterwards would not help: both
 * values are exported.
 *
 * The span class is reached through Deno's internal telemetry
 * (`Deno[Deno.internal].__telemetry`), which exists only while
 * OpenTelemetry is on: without it nothing is done and nothing costs. Like
 * the per-connection server (`./_serve_on_connection.ts`) this depends on
 * the Deno release serving is pinned to; where tracing is on but the
 * internals are not shaped as on that release, serving refuses to start
 * rather than export query strings.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { keepQueriesOutOfSpans } from "./_otel_no_query.ts";
 * assert.equal(keepQueriesOutOfSpans(), false); // no OTEL_DENO=true here: no spans, nothing wrapped
 * ```
 * @module
 */

/** The part of Deno's internal telemetry used here (Deno 2.9.6). */
interface Telemetry {
  TRACING_ENABLED?: unknown;
  builtinTracer?: unknown;
}

type SetAttribute = (this: object, key: string, value: unknown) => unknown;
type SetAttributes = (this: object, attributes: Record<string, unknown>) => unknown;

/** Span prototypes already wrapped (a test may start several servers in one isolate). */
const wrapped = new WeakSet<object>();

/**
 * A URL without its query and fragment: what `url.full` keeps.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { withoutQuery } from "./_otel_no_query.ts";
 * assert.equal(withoutQuery("http://127.0.0.1:8000/api/v1/clubs?q=golf&page=2"), "http://127.0.0.1:8000/api/v1/clubs");
 * assert.equal(withoutQuery("http://127.0.0.1:8000/about#team"), "http://127.0.0.1:8000/about");
 * assert.equal(withoutQuery("http://127.0.0.1:8000/"), "http://127.0.0.1:8000/");
 * ```
 */
export function withoutQuery(url: string): string {
  const q = url.indexOf("?");
  const h = url.indexOf("#");
  const cut = q < 0 ? h : h < 0 ? q : Math.min(q, h);
  return cut < 0 ? url : url.slice(0, cut);
}

/** `url.query` is dropped (undefined), `url.full` cut; every other attribute passes as it is. */
function scrub(key: string, value: unknown): unknown {
  if (key === "url.query") return undefined;
  if (key === "url.full" && typeof value === "string") return withoutQuery(value);
  return value;
}

/** Deno's internal telemetry object, present only while OpenTelemetry is on. */
function internalTelemetry(): Telemetry | undefined {
  const deno = Deno as unknown as Record<symbol | string, unknown>;
  const key = deno.internal;
  const internals = typeof key === "symbol" ? deno[key] as Record<string, unknown> : undefined;
  return internals?.__telemetry as Telemetry | undefined;
}

function unexpected(what: string): Error {
  return new Error(
    `OpenTelemetry tracing is on (OTEL_DENO=true) but this Deno (${Deno.version.deno}) ${what}, ` +
      `so serve cannot keep query strings out of its spans: run it with the Deno release it is ` +
      `pinned to, or without OTEL_DENO=true`,
  );
}

/**
 * Makes every span this isolate exports leave query strings out; returns
 * whether tracing is on (false: nothing to do). Throws when tracing is on
 * and Deno's span class is not what this wraps. Once per isolate is enough;
 * a second call changes nothing.
 *
 * Deno's tracer offers no span that is not exported once ended, so the
 * span class is read from a span that is started and never ended: Deno
 * exports a span only when it ends.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { keepQueriesOutOfSpans } from "./_otel_no_query.ts";
 * assert.equal(keepQueriesOutOfSpans({ TRACING_ENABLED: false }), false); // tracing off: untouched
 * assert.throws(() => keepQueriesOutOfSpans({ TRACING_ENABLED: true }), /has no builtinTracer/);
 * ```
 */
export function keepQueriesOutOfSpans(
  telemetry: Telemetry | undefined = internalTelemetry(),
): boolean {
  if (telemetry === undefined || telemetry.TRACING_ENABLED === false) return false;
  if (telemetry.TRACING_ENABLED !== true) throw unexpected("has no TRACING_ENABLED flag");
  if (typeof telemetry.builtinTracer !== "function") throw unexpected("has no builtinTracer()");
  const tracer = telemetry.builtinTracer() as { startSpan?: unknown } | null;
  if (typeof tracer?.startSpan !== "function") throw unexpected("has no tracer.startSpan()");
  const span: unknown = tracer.startSpan("clubdir span class (never ended, never exported)");
  const proto = typeof span === "object" && span !== null ? Object.getPrototypeOf(span) : null;
  if (proto === null) throw unexpected("starts spans that are not objects");
  if (wrapped.has(proto)) return true;
  const setAttribute = proto.setAttribute as SetAttribute | undefined;
  const setAttributes = proto.setAttributes as SetAttributes | undefined;
  if (typeof setAttribute !== "function" || typeof setAttributes !== "function") {
    throw unexpected("has spans without setAttribute() and setAttributes()");
  }
  try {
    Object.defineProperties(proto, {
      setAttribute: {
        value: function (this: object, key: string, value: unknown) {
          const kept = scrub(key, value);
          return kept === undefined ? this : setAttribute.call(this, key, kept);
        },
      },
      setAttributes: {
        value: function (this: object, attributes: Record<string, unknown>) {
          if (
            attributes !== null && typeof attributes === "object" &&
            (Object.hasOwn(attributes, "url.query") || Object.hasOwn(attributes, "url.full"))
          ) {
            const kept: Record<string, unknown> = {};
            for (const [key, value] of Object.entries(attributes)) {
              const v = scrub(key, value);
              if (v !== undefined) kept[key] = v;
            }
            attributes = kept;
          }
          return setAttributes.call(this, attributes);
        },
      },
    });
  } catch (e) {
    throw unexpected(`has spans whose methods cannot be wrapped (${(e as Error).message})`);
  }
  wrapped.add(proto);
  return true;
}
