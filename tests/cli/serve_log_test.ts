// Test tier: integration (sockets or child processes; see tests/tiers.ts).
/**
 * `serve`'s log as an operator's tools read it: with `--log-format json`
 * every line of stderr is one JSON object that the real `jq` parses (access
 * lines with the client address as `--trust-proxy` reads it, the route
 * template, status, duration, bytes and user agent, never the query; event
 * lines with a time and a level, drains included); in the text form every
 * line starts with its time, and access lines carry the client, bytes and
 * user agent.
 */
import { assert, assertEquals, assertMatch, assertStrictEquals } from "../_assert.ts";
import { serveChild } from "../server/runtime/_serve_child.ts";

/** Runs `serve` with `args`, sends `requests`, stops it with SIGTERM; every stderr line and the exit code. */
async function serveAndStop(
  args: string[],
  requests: (base: string) => Promise<void>,
): Promise<{ lines: string[]; code: number }> {
  const served = await serveChild(args, { accessLog: true });
  let code: number;
  try {
    await requests(`http://127.0.0.1:${served.port}`);
  } finally {
    code = await served.stop();
  }
  return { lines: served.lines, code };
}

/** Runs the real `jq -c` with `filter` over `input`; its stdout, or throws with what it said. */
async function jq(filter: string, input: string): Promise<string> {
  const child = new Deno.Command("jq", {
    args: ["-c", filter],
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const writer = child.stdin.getWriter();
  await writer.write(new TextEncoder().encode(input));
  await writer.close();
  const out = await child.output();
  const dec = new TextDecoder();
  if (!out.success) throw new Error(`jq ${filter} failed: ${dec.decode(out.stderr)}\n${input}`);
  return dec.decode(out.stdout);
}

const jqMissing = await new Deno.Command("jq", { args: ["--version"], stdout: "null" }).output()
  .then(
    (o) => o.success ? null : "jq --version failed",
    () => "jq is not installed (apt-get install -y jq)",
  );
if (jqMissing) console.error(`skipping the jq test: ${jqMissing}`);

/** Two requests through a pretend proxy: one API page with a query, one unknown profile. */
async function traffic(base: string): Promise<void> {
  const headers = {
    "user-agent": 'probe/1.0 "quoted"',
    "x-forwarded-for": "198.51.100.23",
    "x-request-id": "log-json-1",
  };
  const a = await fetch(`${base}/api/v1/clubs?q=secret&limit=2`, { headers });
  await a.body?.cancel();
  const b = await fetch(`${base}/clubs/nobody-here`, {
    headers: { ...headers, "x-request-id": "log-json-2" },
  });
  await b.body?.cancel();
}

Deno.test({
  name:
    "serve --log-format json writes one JSON object a line, which jq reads: requests and events",
  ignore: jqMissing !== null,
  fn: async () => {
    const { lines, code } = await serveAndStop(["--log-format", "json", "--trust-proxy"], traffic);
    assertStrictEquals(code, 0, lines.join("\n"));
    const input = lines.join("\n") + "\n";
    // Every line is an object with a time and a level (jq -e fails otherwise).
    const all = await jq(
      'if (type == "object") and (.time | test("^\\\\d{4}-\\\\d\\\\d-\\\\d\\\\dT")) and (.level | IN("info","warn","error")) then 1 else error("bad line") end',
      input,
    );
    assertStrictEquals(all.trim().split("\n").length, lines.length);
    const requests = (await jq(
      'select(.event == "request") | [.request_id, .client, .method, .route, .path, .status, (.bytes | type), .user_agent, (.duration_ms | type)]',
      input,
    )).trim().split("\n").map((l) => JSON.parse(l));
    assertEquals(requests, [
      [
        "log-json-1",
        "198.51.100.23",
        "GET",
        "/api/v1/clubs",
        "/api/v1/clubs",
        200,
        "number",
        "probe/1.0 \\x22quoted\\x22",
        "number",
      ],
      [
        "log-json-2",
        "198.51.100.23",
        "GET",
        "/clubs/:slug",
        "/clubs/nobody-here",
        404,
        "number",
        "probe/1.0 \\x22quoted\\x22",
        "number",
      ],
    ]);
    // What people search for stays out of the log.
    assert(!input.includes("secret"), input);
    const events = (await jq('select(.event != "request") | [.level, .msg, .event]', input))
      .trim().split("\n").map((l) => JSON.parse(l));
    assertMatch(events[0][1], /^Listening on http:\/\/127\.0\.0\.1:\d+\/ \(30 clubs, /);
    assert(events.some((e) => e[1] === "SIGTERM: finishing in-flight requests…"), input);
    assert(events.some((e) => e[2] === "drain"), input);
    assert(events.some((e) => e[2] === "drained"), input);
  },
});

Deno.test("In the text form every line starts with its time; access lines carry client, bytes and user agent", async () => {
  const { lines, code } = await serveAndStop(["--trust-proxy"], traffic);
  assertStrictEquals(code, 0, lines.join("\n"));
  for (const line of lines) assertMatch(line, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z \S/);
  const access = lines.filter((l) => l.endsWith(" log-json-1") || l.endsWith(" log-json-2"));
  assertEquals(access.length, 2, lines.join("\n"));
  assertMatch(
    access[0]!,
    /^\S+ 198\.51\.100\.23 GET \/api\/v1\/clubs 200 \d+\.\dms \d+B "probe\/1\.0 \\x22quoted\\x22" log-json-1$/,
  );
  assertMatch(access[1]!, / 198\.51\.100\.23 GET \/clubs\/nobody-here 404 \d+\.\dms \d+B "/);
  assert(lines.some((l) => / draining: \d+ connections open/.test(l)), lines.join("\n"));
});
