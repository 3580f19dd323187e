// Test tier: integration (sockets or child processes; see tests/tiers.ts).
/**
 * A Host header that is not `host[:port]` cannot change the routed or
 * logged path: it is answered 400 `invalid_host`, under the path as sent.
 * Over a real socket (fetch sets Host itself), with raw HTTP/1.1.
 */
import { startServer } from "../../../server/runtime/mod.ts";
import { isValidHost } from "../../../server/http/host.ts";
import { assert, assertMatch, assertStrictEquals } from "../../_assert.ts";
import { sharedFixture } from "../../_fixture.ts";
import { readToEnd, serveSettings } from "../_helpers.ts";

const fx = await sharedFixture();
const encoder = new TextEncoder();

/** Sends one raw request with `host` (null: no Host line); resolves to status, headers and body (at most 5 s). */
async function rawGet(
  port: number,
  target: string,
  host: string | null,
): Promise<{ status: number; head: string; body: string }> {
  const conn = await Deno.connect({ hostname: "127.0.0.1", port });
  const hostLine = host === null ? "" : `Host: ${host}\r\n`;
  await conn.write(
    encoder.encode(`GET ${target} HTTP/1.1\r\n${hostLine}Connection: close\r\n\r\n`),
  );
  const text = await readToEnd(conn, 5_000);
  const [head = "", body = ""] = text.split("\r\n\r\n", 2);
  return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]), head, body };
}

async function start() {
  const lines: string[] = [];
  const running = await startServer({
    settings: serveSettings(fx.path, { rateLimit: "off" }),
    log: (l) => lines.push(l),
  });
  return { running, lines, port: running.addr.port };
}

const BAD_HOSTS = [
  "clubs.example/admin?",
  "clubs.example/problems#",
  "a#b",
  "x?y",
  "x/",
  "127.0.0.1:8000/openapi.json?",
  "user@clubs.example",
  "clubs example",
  "[::1]/x",
  "clubs.example:80x",
];

Deno.test("A Host holding / ? # (or anything not host[:port]) is answered 400 invalid_host under the path as sent", async () => {
  const { running, lines, port } = await start();
  try {
    for (const host of BAD_HOSTS) {
      const before = lines.length;
      const r = await rawGet(port, "/api/v1/clubs?limit=1", host);
      assertStrictEquals(r.status, 400, `${host}: ${r.head}`);
      assertMatch(r.head, /\r\ncontent-type: application\/problem\+json\r\n/i);
      assertMatch(r.head, /\r\nx-request-id: /i);
      const problem = JSON.parse(r.body);
      assertStrictEquals(problem.code, "invalid_host", host);
      assertStrictEquals(problem.status, 400);
      assertStrictEquals(problem.instance, "/api/v1/clubs", host);
      assertStrictEquals(problem.detail, `Host "${host}" is not host[:port]`);
      // Logged once, under the path the client asked for.
      assertStrictEquals(lines.length, before + 1);
      assertMatch(lines.at(-1)!, / GET \/api\/v1\/clubs 400 /, host);
    }
  } finally {
    await running.stop();
  }
});

Deno.test("A Host that is host[:port], or none, is served as usual", async () => {
  const { running, port } = await start();
  try {
    for (
      const host of [
        `127.0.0.1:${port}`,
        "127.0.0.1",
        `localhost:${port}`,
        "Clubs.Example",
        `[::1]:${port}`,
        "xn--clb-ioa.example:443",
        "",
        null,
      ]
    ) {
      const r = await rawGet(port, "/api/v1/clubs?limit=1", host);
      assertStrictEquals(r.status, 200, `${host}: ${r.head}`);
      assertMatch(r.body, /"total":30/);
    }
  } finally {
    await running.stop();
  }
});

Deno.test("isValidHost() takes host[:port] only", () => {
  for (const host of BAD_HOSTS) assert(!isValidHost(host), host);
  for (const host of ["a", "a.b:1", "10.0.0.1:65535", "[2001:db8::1]", "[::1]:80", "a_b-c~d"]) {
    assert(isValidHost(host), host);
  }
});
