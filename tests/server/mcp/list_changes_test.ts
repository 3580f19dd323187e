// Test tier: integration (sockets or child processes; see tests/tiers.ts).
/**
 * `list_changes` (the snapshot history) on a database of two imports in a
 * row: served at `/api/mcp/changes` beside the spec's five tools, which
 * `/api/mcp` keeps listing alone; driven by the SDK client on a real server
 * in each way it picks a protocol era, compared with `GET /api/v1/changes`
 * from the same server, and over stdio with `mcp --with-changes`. No fee
 * figure, band or currency reaches an agent, even with a member's session.
 */
import { fileURLToPath } from "node:url";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { ChangeListSchema } from "../../../core/schema/mod.ts";
import { outputSchema } from "../../../server/mcp/tools/list_changes.ts";
import { historyApp } from "../_helpers.ts";
import { FIRST_DAY, SECOND_DAY } from "../../core/history/_two_imports.ts";
import {
  Client,
  FEE_KEY,
  keysDeep,
  type Mode,
  negotiation,
  StdioClientTransport,
} from "./_helpers.ts";
import { assert, assertEquals, assertMatch, assertRejects } from "../../_assert.ts";

const { h, app, tokens } = await historyApp();

const FIVE = [
  "search_clubs",
  "get_club",
  "list_club_types",
  "list_locations",
  "get_directory_stats",
];

/** The app on a real socket at 127.0.0.1, for `fn`. */
async function served(fn: (origin: string) => Promise<void>): Promise<void> {
  await using server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen: () => {} },
    (req, info) => app.fetch(req, { remoteAddr: info.remoteAddr }),
  );
  await fn(`http://127.0.0.1:${server.addr.port}`);
}

/** An SDK client of `mode` connected to `url`, sending `headers` with each request. */
async function connect(url: string, mode: Mode, headers: Record<string, string> = {}) {
  const client = new Client({ name: "clubdir-test", version: "1.0.0" }, negotiation(mode));
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }),
  );
  return Object.assign(client, { [Symbol.asyncDispose]: () => client.close() });
}

/** Fee changes read as anonymous callers read them: one `fees` field, "Fees updated". */
function assertNoFees(value: unknown) {
  assertEquals([...keysDeep(value)].filter((k) => FEE_KEY.test(k)), []);
  const { changes } = value as {
    changes: { club: { id: string }; fields: unknown; words: string[] }[];
  };
  for (const edited of [h.edits.verifiedFees, h.edits.estimateFees]) {
    const c = changes.find((c) => c.club.id === edited.id);
    if (!c) continue;
    assertEquals(c.words, ["Fees updated"]);
    assertEquals(c.fields, [{ field: "fees", old: null, new: null }]);
  }
}

for (const mode of ["legacy", "auto", "pinned"] as const) {
  Deno.test(`the SDK client (${mode}) finds list_changes at /api/mcp/changes only, answering as GET /api/v1/changes`, async () => {
    await served(async (origin) => {
      await using five = await connect(`${origin}/api/mcp`, mode);
      assertEquals((await five.listTools()).tools.map((t) => t.name), FIVE);
      await assertRejects(
        () => five.callTool({ name: "list_changes", arguments: {} }),
        /Tool list_changes not found/,
      );

      await using client = await connect(`${origin}/api/mcp/changes`, mode);
      assertEquals(client.getProtocolEra(), mode === "legacy" ? "legacy" : "modern");
      const { tools } = await client.listTools();
      assertEquals(tools.map((t) => t.name), [...FIVE, "list_changes"]);
      const listed = tools.find((t) => t.name === "list_changes")!;
      assertEquals(listed.annotations, { readOnlyHint: true, openWorldHint: false });
      assertEquals(
        Object.keys(listed.inputSchema.properties ?? {}),
        ["type", "state", "country", "city", "q", "match", "waitlist", "page", "limit", "since"],
      );
      assertMatch(client.getInstructions() ?? "", /list_changes/);

      // The client checks structuredContent against the listed outputSchema.
      const r = await client.callTool({ name: "list_changes", arguments: { since: FIRST_DAY } });
      assert(!r.isError, JSON.stringify(r.content));
      const value = outputSchema.parse(r.structuredContent);
      const rest = await (await fetch(`${origin}/api/v1/changes?since=${FIRST_DAY}&limit=10`))
        .json();
      const { fee_access: _, ...body } = ChangeListSchema.parse(rest);
      assertEquals(value, { ...body, has_more: false, next_page: null });
      assertEquals(value.total, 10);
      assertNoFees(value);
      const text = (r.content as { text: string }[])[0]!.text;
      assertMatch(text, /^10 changes since 2025-03-01; 1-10, newest first\.\n/);
      assertMatch(
        text,
        new RegExp(
          `- ${SECOND_DAY} ${h.edits.opened.name} \\(.*\\): Opened for applications\\. https://clubs\\.example/clubs/${h.edits.opened.slug}(\\n|$)`,
        ),
      );
    });
  });
}

Deno.test("list_changes takes search_clubs's filters and paging, with the search's own errors", async () => {
  await served(async (origin) => {
    await using client = await connect(`${origin}/api/mcp/changes`, "legacy");
    const call = async (args: Record<string, unknown>) =>
      await client.callTool({ name: "list_changes", arguments: args });
    const open = await call({ waitlist: ["open"] });
    const ids = (open.structuredContent as { changes: { club: { id: string } }[] }).changes
      .map((c) => c.club.id);
    assert(ids.includes(h.edits.opened.id) && !ids.includes(h.edits.closedWaitlist.id));
    // Pages of 4: 10 changes over 3 pages; limits over 50 count as 50.
    const second = (await call({ page: 2, limit: 4 })).structuredContent as Record<string, unknown>;
    assertEquals([second.page, second.limit, second.has_more, second.next_page], [2, 4, true, 3]);
    assertEquals(((await call({ limit: 500 })).structuredContent as { limit: number }).limit, 50);
    const none = await call({ since: "2025-03-04" });
    assertEquals((none.structuredContent as { total: number }).total, 0);
    assertMatch(
      (none.content as { text: string }[])[0]!.text,
      /^No change matches these arguments\. The history kept covers imports from 2025-03-01 to 2025-03-03\.$/,
    );
    for (
      const [args, words] of [
        [
          { since: "3 March" },
          /^Invalid since: since must be a day written YYYY-MM-DD.*; got "3 March"\. Send since as a day/,
        ],
        [{ page: 0 }, /^Invalid page: /],
        [
          { sort: "name" },
          /Unknown argument "sort"; the arguments are: type, state, country, city, q, match, waitlist, page, limit, since/,
        ],
      ] as const
    ) {
      const r = await call(args);
      assertEquals(r.isError, true, JSON.stringify(args));
      assertMatch((r.content as { text: string }[])[0]!.text, words);
    }
  });
});

Deno.test("list_changes shows no fee, even to a member whose REST call shows figures", async () => {
  await served(async (origin) => {
    const member = { authorization: `Bearer ${tokens.member}` };
    const rest = await (await fetch(`${origin}/api/v1/changes`, { headers: member })).json();
    assertEquals(rest.fee_access, "exact");
    assert(
      [...keysDeep(rest)].some((k) => FEE_KEY.test(k)),
      "the member's REST body has fee views",
    );
    for (const mode of ["legacy", "pinned"] as const) {
      await using client = await connect(`${origin}/api/mcp/changes`, mode, member);
      const r = await client.callTool({ name: "list_changes", arguments: { limit: 50 } });
      assertNoFees(r.structuredContent);
      // Neither club's figures, before or after, in the value or the text.
      const all = JSON.stringify(r);
      for (const c of [h.edits.verifiedFees, h.edits.estimateFees]) {
        for (const f of [c.initiation_fee!, c.initiation_fee! / 3]) {
          assert(!all.includes(String(f)), `${mode}: ${f}`);
        }
      }
    }
  });
});

Deno.test("/api/mcp/changes answers GET with 405 and allows any origin, as /api/mcp", async () => {
  const get = await app.request("http://127.0.0.1:8000/api/mcp/changes");
  assertEquals(get.status, 405);
  assertEquals(get.headers.get("allow"), "POST, OPTIONS");
  const pre = await app.request("http://127.0.0.1:8000/api/mcp/changes", {
    method: "OPTIONS",
    headers: { origin: "https://agent.example", "access-control-request-method": "POST" },
  });
  assertEquals(pre.status, 204);
  assertEquals(pre.headers.get("access-control-allow-origin"), "*");
  const res = await app.request("http://127.0.0.1:8000/api/mcp", {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} }),
  });
  assertEquals((await res.json()).result.tools.length, 5);
});

const ENTRY = fileURLToPath(new URL("./_stdio_entry.ts", import.meta.url));

for (const withChanges of [false, true]) {
  Deno.test(`mcp${withChanges ? " --with-changes" : ""} over stdio lists ${withChanges ? "six tools, list_changes last" : "the five tools"}`, async () => {
    const transport = new StdioClientTransport({
      command: Deno.execPath(),
      args: [
        "run",
        "--no-prompt",
        `--allow-read=${h.path}`,
        ENTRY,
        "--db",
        h.path,
        ...(withChanges ? ["--with-changes"] : []),
      ],
      stderr: "pipe",
    });
    const client = new Client({ name: "stdio-test", version: "1.0.0" }, negotiation("auto"));
    try {
      await client.connect(transport);
      const names = (await client.listTools()).tools.map((t) => t.name);
      assertEquals(names, withChanges ? [...FIVE, "list_changes"] : FIVE);
      if (!withChanges) return;
      const r = await client.callTool({ name: "list_changes", arguments: { since: SECOND_DAY } });
      const value = r.structuredContent as { total: number; changes: { club: { url: unknown } }[] };
      assertEquals(value.total, 10);
      // Without --base-url: no links, the slug instead.
      assert(value.changes.every((c) => c.club.url === null));
      assertMatch((r.content as { text: string }[])[0]!.text, /slug /);
      assertNoFees(value);
    } finally {
      await client.close();
    }
  });
}
