/**
 * The MCP section of `deno task bench`: `POST /api/mcp` under wrk against
 * `main.ts serve`, next to two references measured in the same run:
 *
 * - the SDK floor: the same endpoint code serving one trivial tool
 *   (bench/mcp_floor.ts), i.e. what the SDK setup costs per request;
 * - REST: `GET /api/v1/clubs` for the same 10 clubs.
 *
 * Both protocol eras are measured: 2025 (`tools/call` without envelope) and
 * 2026-07-28 (`_meta` envelope, `Mcp-Method`/`Mcp-Name` headers). Targets
 * (issue 14): `search_clubs` (10 golf clubs in FL) at ≥ 70% of the floor of
 * its era and ≥ 0.15 of REST. It also reports the sizes an agent pays for:
 * a default `search_clubs` answer and `tools/list`, in bytes and estimated
 * tokens (4 characters a token).
 *
 * @example
 * ```ts ignore
 * import { mcpBench } from "./mcp.ts";
 * const { markdown } = await mcpBench({ tool, dbPath, seconds: 10, scratch: tmp, procs });
 * ```
 * @module
 */
import { fileURLToPath } from "node:url";
import { FLOOR_TOOL } from "./mcp_floor.ts";
import type { ProveMetrics } from "./metrics_http.ts";
import { combine, type LoadResult, type LoadTool, runLoad } from "./wrk.ts";

const FLOOR = fileURLToPath(new URL("./mcp_floor.ts", import.meta.url));

/** The 2026-07-28 protocol revision. */
const MODERN = "2026-07-28";

/** Slices each row's load is run in, alternating with the other rows. */
const ROUNDS = 3;

/** The targets of issue 14. */
export const MCP_TARGETS = { floorShare: 0.7, restShare: 0.15 };

/** The process helpers of bench/run.ts that this section uses. */
export interface Procs<C> {
  spawn(cmd: string, args: string[]): C;
  stop(child: C): Promise<void>;
  waitReady(url: string, child: C): Promise<void>;
  freePort(): number;
  serveArgs(dbPath: string, port: number, workers: number, cpuProf: string | null): string[];
}

/** What the section needs. */
export interface McpPlan<C> {
  tool: LoadTool;
  dbPath: string;
  seconds: number;
  /** A directory for the wrk scripts. */
  scratch: string;
  procs: Procs<C>;
  log: (line: string) => void;
  /** With `deno task bench --metrics` (procs.serveArgs adds the flag): checks serve before it stops. */
  proveMetrics?: ProveMetrics;
}

/** One POST the load generator repeats. */
interface Call {
  message: Record<string, unknown>;
  headers: Record<string, string>;
}

const ENVELOPE = {
  "io.modelcontextprotocol/protocolVersion": MODERN,
  "io.modelcontextprotocol/clientCapabilities": {},
  "io.modelcontextprotocol/clientInfo": { name: "bench", version: "1" },
};

/** A JSON-RPC request in the given era: 2025 bare, 2026-07-28 with envelope and headers. */
function call(era: "2025" | "2026", method: string, params: Record<string, unknown> = {}): Call {
  if (era === "2025") {
    return { message: { jsonrpc: "2.0", id: 1, method, params }, headers: {} };
  }
  const headers: Record<string, string> = { "mcp-protocol-version": MODERN, "mcp-method": method };
  if (typeof params.name === "string") headers["mcp-name"] = params.name;
  return {
    message: { jsonrpc: "2.0", id: 1, method, params: { ...params, _meta: ENVELOPE } },
    headers,
  };
}

const tool = (era: "2025" | "2026", name: string, args: Record<string, unknown> = {}) =>
  call(era, "tools/call", { name, arguments: args });

const GOLF_FL = { type: "golf", state: "FL" };
const REST_GOLF_FL = "/api/v1/clubs?type=golf&state=FL&limit=10";

/** The wrk script that sends `c` on every request. */
function luaScript(c: Call): string {
  const headers = {
    "content-type": "application/json",
    accept: "application/json, text/event-stream",
    ...c.headers,
  };
  return [
    'wrk.method = "POST"',
    ...Object.entries(headers).map(([k, v]) => `wrk.headers["${k}"] = "${v}"`),
    `wrk.body = [==[${JSON.stringify(c.message)}]==]`,
  ].join("\n") + "\n";
}

async function post(url: string, c: Call): Promise<{ status: number; text: string }> {
  const res = await fetch(url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      ...c.headers,
    },
    body: JSON.stringify(c.message),
  });
  return { status: res.status, text: await res.text() };
}

/** Bytes and estimated tokens of a text. */
function size(text: string): string {
  const bytes = new TextEncoder().encode(text).length;
  return `${fmt(bytes)} B (~${fmt(Math.round(text.length / 4))} tokens)`;
}

const fmt = (n: number, digits = 0) =>
  n.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });
const pct = (x: number) => `${Math.round(x * 100)}%`;

/** One measured row. */
interface Row {
  name: string;
  load: LoadResult;
  /** The floor of the same era, for tool rows. */
  floor?: string;
  /** Whether the search targets apply. */
  searchTarget?: boolean;
  note: string;
}

/** Runs the section; returns its Markdown (a table and notes). */
export async function mcpBench<C>(plan: McpPlan<C>): Promise<{ markdown: string }> {
  const { procs, log } = plan;
  if (plan.tool.kind !== "wrk") {
    return {
      markdown: "MCP: skipped (the autocannon fallback sends only GET; install wrk).",
    };
  }
  const port = procs.freePort();
  const origin = `http://127.0.0.1:${port}`;
  const fport = procs.freePort();
  const serve = procs.spawn(Deno.execPath(), procs.serveArgs(plan.dbPath, port, 1, null));
  const floor = procs.spawn(Deno.execPath(), ["run", "-A", FLOOR, "--port", String(fport)]);
  const rows: Row[] = [];
  const notes: string[] = [];
  try {
    await procs.waitReady(`${origin}/api/v1/clubs?limit=1`, serve);
    const mcp = `${origin}/api/mcp`;
    const floorUrl = `http://127.0.0.1:${fport}/api/mcp`;
    await procs.waitReady(`http://127.0.0.1:${fport}/`, floor);

    // Same 10 clubs on both surfaces, or the comparison means nothing.
    const rest = await fetch(origin + REST_GOLF_FL);
    const restNames = (await rest.json()).clubs.map((c: { name: string }) => c.name);
    const answer = await post(mcp, tool("2025", "search_clubs", GOLF_FL));
    const result = JSON.parse(answer.text).result;
    const mcpNames = result.structuredContent.clubs.map((c: { name: string }) => c.name);
    if (JSON.stringify(mcpNames) !== JSON.stringify(restNames) || mcpNames.length !== 10) {
      throw new Error(`search_clubs and REST disagree on golf in FL:\n${answer.text}`);
    }
    const list = await post(mcp, call("2025", "tools/list"));
    const modernAnswer = await post(mcp, tool("2026", "search_clubs", GOLF_FL));
    notes.push(
      `Sizes: a default search_clubs answer (10 golf clubs in FL, compact rows) is ${
        size(answer.text)
      } on the wire in the 2025 era (${size(modernAnswer.text)} in 2026-07-28): text ${
        size(result.content[0].text)
      }, structuredContent ${size(JSON.stringify(result.structuredContent))}; ` +
        `tools/list is ${size(list.text)}.`,
    );

    const plans: [string, string, Call, Partial<Row>][] = [];
    for (const era of ["2026", "2025"] as const) {
      const label = era === "2026" ? MODERN : "2025";
      const floorName = `SDK floor (${label})`;
      plans.push(
        [floorName, floorUrl, tool(era, FLOOR_TOOL), { note: "trivial tool, 10 small objects" }],
        [`search_clubs golf FL (${label})`, mcp, tool(era, "search_clubs", GOLF_FL), {
          floor: floorName,
          searchTarget: true,
          note: "10 compact rows",
        }],
        [`tools/list (${label})`, mcp, call(era, "tools/list"), {
          floor: floorName,
          note: "cached listing",
        }],
        [`get_club (${label})`, mcp, tool(era, "get_club", { slug: urlSlug(result) }), {
          floor: floorName,
          note: "one full profile",
        }],
      );
    }
    log("MCP: warming up…");
    for (const [, url, c] of plans) await load(plan, url, c, 1);
    // The ratios compare rows of one run; on a shared machine the load drifts,
    // so every row runs in ROUNDS slices, taken in turn.
    const restCall = { url: origin + REST_GOLF_FL, seconds: 0, threads: 2, connections: 32 };
    const slices: LoadResult[][] = [...plans.map(() => []), []];
    const slice = Math.max(1, Math.round(plan.seconds / ROUNDS));
    for (let round = 1; round <= ROUNDS; round++) {
      log(`  MCP round ${round} of ${ROUNDS} (${plans.length + 1} rows, ${slice} s each)…`);
      for (const [i, [, url, c]] of plans.entries()) {
        slices[i]!.push(await load(plan, url, c, slice));
      }
      slices[plans.length]!.push(await runLoad(plan.tool, { ...restCall, seconds: slice }));
    }
    for (const [i, [name, , , extra]] of plans.entries()) {
      rows.push({ name, load: combine(slices[i]!), note: "", ...extra });
    }
    rows.push({
      name: "REST GET golf FL, limit=10",
      load: combine(slices[plans.length]!),
      note: "the same 10 clubs, full rows",
    });
    // Serve's rows: all but the floors.
    const served = slices.filter((_, i) => plans[i]?.[1] !== floorUrl).flat();
    await plan.proveMetrics?.(origin, served.reduce((n, r) => n + r.requests, 0), "MCP");
  } finally {
    await procs.stop(serve);
    await procs.stop(floor);
  }
  return { markdown: table(rows, notes) };
}

/** The slug of the first club of a search_clubs result. */
function urlSlug(result: { structuredContent: { clubs: { url: string }[] } }): string {
  const url = result.structuredContent.clubs[0]!.url;
  return url.slice(url.lastIndexOf("/") + 1);
}

async function load(plan: McpPlan<unknown>, url: string, c: Call, seconds: number) {
  const luaFile = `${plan.scratch}/mcp-${crypto.randomUUID()}.lua`;
  await Deno.writeTextFile(luaFile, luaScript(c));
  const r = await runLoad(plan.tool, { url, seconds, threads: 2, connections: 32, luaFile });
  if (r.non2xx || r.errors) {
    throw new Error(`MCP load on ${url} had ${r.non2xx} non-2xx answers, ${r.errors} errors`);
  }
  return r;
}

function table(rows: Row[], notes: string[]): string {
  const rest = rows.find((r) => r.name.startsWith("REST"))!.load.rps;
  const lines = rows.map((r) => {
    const floor = r.floor ? rows.find((f) => f.name === r.floor)!.load.rps : null;
    const ofFloor = floor ? r.load.rps / floor : null;
    const ofRest = r.load.rps / rest;
    let target = "–";
    if (r.searchTarget) {
      const misses: string[] = [];
      if (ofFloor! < MCP_TARGETS.floorShare) {
        misses.push(`< ${pct(MCP_TARGETS.floorShare)} of floor`);
      }
      if (ofRest < MCP_TARGETS.restShare) misses.push(`< ${MCP_TARGETS.restShare} of REST`);
      target = `≥ ${pct(MCP_TARGETS.floorShare)} of floor, ≥ ${MCP_TARGETS.restShare} of REST: ${
        misses.length ? `**missed** (${misses.join("; ")})` : "met"
      }`;
    }
    return [
      `MCP ${r.name}`.replace("MCP REST", "REST"),
      fmt(r.load.rps),
      fmt(r.load.p50Ms, 2),
      fmt(r.load.p99Ms, 2),
      ofFloor === null ? "–" : pct(ofFloor),
      fmt(ofRest, 2),
      r.note,
      target,
    ];
  });
  const header = [
    "Measure",
    "req/s",
    "p50 ms",
    "p99 ms",
    "vs SDK floor",
    "vs REST",
    "result",
    "target",
  ];
  const line = (cells: string[]) => `| ${cells.join(" | ")} |`;
  return [
    line(header),
    line(header.map(() => "---")),
    ...lines.map(line),
    "",
    "MCP: `main.ts serve` (one worker) and the SDK floor (bench/mcp_floor.ts: the same " +
    "/api/mcp code with one trivial tool) under wrk, 2 threads, 32 connections, each row in " +
    `${ROUNDS} slices taken in turn with the others (the load of a shared machine drifts); ` +
    "2026-07-28 rows send the _meta envelope and Mcp-Method/Mcp-Name headers, 2025 rows a " +
    "bare tools/call.",
    ...notes,
  ].join("\n");
}
