/**
 * `deno task cluster`: the multi-replica deployment of `deploy/`, run for
 * real on loopback. It starts Redis (with `deploy/redis/clubdir.conf`), three
 * replicas (`main.ts serve --trust-proxy --sessions redis://…
 * --rate-limit-store redis://…`, with the permissions of the systemd unit)
 * and nginx with `deploy/nginx/clubdir.conf` rendered for loopback, then:
 *
 * 1. a client limited to 5 requests per 60 s sends 12 through nginx: exactly
 *    5 answers, whichever replica serves each (replica 1 runs two worker
 *    isolates, which must count in the same store); the full run also shows
 *    the in-process store for contrast (each replica counts alone);
 * 2. req/s through nginx with 1 replica and with 3 (mixed distinct queries,
 *    wrk);
 * 3. 30 s of mixed load through nginx during which sessions are created and
 *    revoked (the time until all replicas agree is measured), a new snapshot
 *    is rolled out replica by replica (built once, copied, renamed into
 *    place), and one replica is killed with SIGKILL and restarted: req/s, p99
 *    and failed requests (the goal is 0: nginx retries elsewhere; a response
 *    the killed replica had begun to send is the crash's own loss, counted
 *    apart: nginx has passed its headers on and cannot retry it);
 * 4. load through nginx while replica 3's database is removed, then replaced
 *    by a corrupt file, then put back: its `/readyz` says 503 and why, then
 *    200, and no request fails (nginx sends what it answers 500 elsewhere);
 * 5. a rolling restart: keep-alive clients send requests back to back
 *    through nginx and straight to replica 2 while it gets SIGTERM, drains,
 *    exits and is started again; no request may fail (a client told
 *    `Connection: close` opens a new connection; ./cluster/keepalive.ts);
 * 6. one address (127.0.0.2) holds 1,600 slow connections to nginx, each a
 *    partial request head and one more line every 5 s, replacing each that
 *    nginx closes, while probes from 127.0.0.1 must all be answered.
 *
 * Everything it starts is stopped at the end, and nginx and redis-server are
 * installed from Debian when missing. `--short` runs a few seconds of load
 * (CI runs it); the full run writes `bench/results/cluster.md`. Exits 1 when
 * a check fails: a failed request, a limit not exact, a session slower than
 * a second to reach every replica, a snapshot not rolled out.
 *
 * @example
 * ```sh
 * deno task cluster            # about 3 minutes
 * deno task cluster --short    # about a minute
 * ```
 * @module
 */
import { fileURLToPath } from "node:url";
import { mixedPaths, wrkScript } from "./mixed.ts";
import { type LoadResult, loadTool, runLoad } from "./wrk.ts";
import {
  cutMidResponse,
  failedRequests,
  mainConf,
  parseLogLine,
  renderSite,
  requiredMain,
  SITE_CONF,
} from "./cluster/nginx.ts";
import { freePort, type Proc, Procs, waitForPort } from "./cluster/procs.ts";
import { ensureTool } from "./cluster/tools.ts";
import { breakReplica } from "./cluster/readiness.ts";
import { slowloris } from "./cluster/slowloris.ts";
import { keepAliveClients, type KeepAliveResult } from "./cluster/keepalive.ts";
import { openSessionAdmin } from "../core/sessions/mod.ts";
import { ClubStore } from "../core/store/mod.ts";
import { setTimeout as sleep } from "node:timers/promises";
import { SERVE_ENV, SERVE_V8_FLAGS } from "./serve_flags.ts";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const MAIN = `${ROOT}main.ts`;
const REDIS_CONF = `${ROOT}deploy/redis/clubdir.conf`;
const RESULTS = `${ROOT}bench/results/cluster.md`;
const FIXTURE_CSV = `${ROOT}tests/fixtures/clubs.csv`;
const BUNDLED_CSV = `${ROOT}data/clubs.csv.gz`;

/** The whole run is killed after this long, whatever happens (ms). */
const RUN_DEADLINE_MS = 15 * 60_000;
/** A session must reach every replica within this (ms). */
const PROPAGATION_GOAL_MS = 1_000;
/** The limited client's budget and how many requests it sends. */
const LIMIT = { requests: 5, windowSeconds: 60, sent: 12 };
/**
 * The slow client's connections: the 1,600 that took Debian's default nginx
 * down, or as many as this process's descriptor limit leaves room for.
 */
const SLOW_CONNECTIONS = Math.min(1_600, openFilesLimit() - 400);
/** Where the slow client connects from; the probes come from 127.0.0.1. */
const SLOW_CLIENT = "127.0.0.2";

/** This process's soft limit on open files (Linux /proc), or 1,024 when unknown. */
function openFilesLimit(): number {
  try {
    const m = /^Max open files\s+(\d+)/m.exec(Deno.readTextFileSync("/proc/self/limits"));
    return m ? Number(m[1]) : 1_024;
  } catch {
    return 1_024;
  }
}

/** How long each step lasts. */
interface Plan {
  short: boolean;
  /** Snapshot the replicas serve. */
  csv: string;
  /** Seconds of each 1-vs-3 comparison run. */
  compareSeconds: number;
  /** Seconds of the main run. */
  mainSeconds: number;
  /** When, into the main run, sessions are created and revoked (s). */
  sessionsAt: number;
  /** When the roll-out starts (s). */
  rolloutAt: number;
  /** When a replica is killed (s). */
  killAt: number;
  /** When Redis is stopped (s), and for how long (s). */
  redisDownAt: number;
  redisDownFor: number;
  /** Create/revoke rounds. */
  sessionRounds: number;
  /** wrk connections. */
  connections: number;
  /** Seconds of load while one replica's database is removed, corrupt, then back. */
  brokenSeconds: number;
  /** Seconds of the slow-client attack, and its connections (fewer where descriptors are short). */
  slowSeconds: number;
  slowConnections: number;
  /** Seconds of keep-alive traffic before the SIGTERM and after the restart. */
  restartLead: number;
}

function plan(args: string[]): Plan {
  const short = args.includes("--short");
  const unknown = args.filter((a) => a !== "--short" && a !== "--keep");
  if (unknown.length) {
    throw new Error(`unknown option ${unknown[0]} (options: --short, --keep)`);
  }
  return short
    ? {
      short,
      csv: FIXTURE_CSV,
      compareSeconds: 2,
      mainSeconds: 10,
      sessionsAt: 0.5,
      rolloutAt: 1.5,
      killAt: 3,
      redisDownAt: 7,
      redisDownFor: 1.5,
      sessionRounds: 2,
      connections: 16,
      brokenSeconds: 6,
      slowSeconds: 15,
      slowConnections: SLOW_CONNECTIONS,
      restartLead: 1,
    }
    : {
      short,
      csv: BUNDLED_CSV,
      compareSeconds: 10,
      mainSeconds: 30,
      sessionsAt: 1,
      rolloutAt: 5,
      killAt: 14,
      redisDownAt: 23,
      redisDownFor: 3,
      sessionRounds: 5,
      connections: 32,
      brokenSeconds: 12,
      slowSeconds: 30,
      slowConnections: SLOW_CONNECTIONS,
      restartLead: 3,
    };
}

const log = (line: string) => console.error(line);

/** Runs a command to completion; throws with its output when it fails. */
async function run(cmd: string, args: string[], what: string): Promise<string> {
  const out = await new Deno.Command(cmd, {
    args,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1" },
    signal: AbortSignal.timeout(300_000),
  }).output();
  const text = new TextDecoder().decode(out.stdout) + new TextDecoder().decode(out.stderr);
  if (!out.success) throw new Error(`${what} failed:\n${text.trim()}`);
  return text;
}

/** One replica: its port, database and current process. */
interface Replica {
  index: number;
  port: number;
  dir: string;
  db: string;
  proc: Proc | null;
  args: string[];
}

/** The running cluster's moving parts. */
class Cluster {
  readonly procs: Procs;
  readonly dir: string;
  readonly redisPort = freePort();
  readonly replicas: Replica[];
  /** nginx in front of replica 1 only, and in front of all three. */
  readonly nginx1Port = freePort();
  readonly nginx3Port = freePort();
  nginxBin = "nginx";
  redisBin = "redis-server";

  constructor(procs: Procs, dir: string) {
    this.procs = procs;
    this.dir = dir;
    this.replicas = [1, 2, 3].map((index) => ({
      index,
      port: freePort(),
      dir: `${dir}/replica${index}`,
      db: `${dir}/replica${index}/clubs.db`,
      proc: null,
      args: [],
    }));
  }

  get redisUrl(): string {
    return `redis://127.0.0.1:${this.redisPort}/0`;
  }

  redis: Proc | null = null;

  async startRedis(): Promise<void> {
    await Deno.mkdir(`${this.dir}/redis`, { recursive: true });
    // The shipped settings (append-only file on), on this run's port and directory.
    const proc = this.redis = await this.procs.start("redis", this.redisBin, [
      REDIS_CONF,
      "--port",
      String(this.redisPort),
      "--dir",
      `${this.dir}/redis`,
      "--daemonize",
      "no",
    ]);
    await this.#until(proc, this.redisPort, 10_000, "redis-server");
  }

  /**
   * Starts (or restarts) a replica with the systemd unit's permissions:
   * network to its own port and Redis only, reads of the code and its
   * directory, writes to its directory only.
   */
  async startReplica(r: Replica, extra: string[] = r.args): Promise<void> {
    r.args = extra;
    const redis = `127.0.0.1:${this.redisPort}`;
    r.proc = await this.procs.start(`replica${r.index}`, Deno.execPath(), [
      "run",
      SERVE_V8_FLAGS,
      `--allow-net=127.0.0.1:${r.port},${redis}`,
      `--allow-read=${ROOT},${r.dir}`,
      `--allow-write=${r.dir}`,
      "--allow-env=CLUBDIR_*",
      MAIN,
      "serve",
      "--hostname",
      "127.0.0.1",
      "--port",
      String(r.port),
      "--db",
      r.db,
      "--trust-proxy",
      "--quiet",
      "--sessions",
      this.redisUrl,
      ...extra,
    ], SERVE_ENV);
    await this.#until(r.proc, r.port, 30_000, `replica ${r.index}`);
  }

  async stopReplicas(): Promise<void> {
    await Promise.all(this.replicas.map(async (r) => {
      if (r.proc) await this.procs.stop(r.proc);
      r.proc = null;
    }));
  }

  /** Two nginx instances: one in front of replica 1, one in front of all three. */
  async startNginx(): Promise<void> {
    const shipped = await Deno.readTextFile(SITE_CONF);
    for (
      const [name, port, replicas] of [
        ["nginx1", this.nginx1Port, [this.replicas[0]!.port]],
        ["nginx3", this.nginx3Port, this.replicas.map((r) => r.port)],
      ] as const
    ) {
      const dir = `${this.dir}/${name}`;
      await Deno.mkdir(`${dir}/tmp`, { recursive: true });
      // Workers run as nobody when nginx starts as root: let them use the temp dirs.
      await Deno.chmod(dir, 0o755);
      await Deno.chmod(`${dir}/tmp`, 0o777);
      await Deno.writeTextFile(
        `${dir}/site.conf`,
        renderSite(shipped, { listenPort: port, replicas: [...replicas] }),
      );
      await Deno.writeTextFile(
        `${dir}/nginx.conf`,
        mainConf(dir, `${dir}/site.conf`, requiredMain(shipped)),
      );
      await run(this.nginxBin, ["-t", "-q", "-p", dir, "-c", `${dir}/nginx.conf`], `nginx -t`);
      const proc = await this.procs.start(name, this.nginxBin, [
        "-p",
        dir,
        "-c",
        `${dir}/nginx.conf`,
        "-g",
        "daemon off;",
      ]);
      await this.#until(proc, port, 10_000, name);
    }
  }

  /** The lines of nginx3's access log (or error log) from byte `from` on. */
  async nginxLog(
    from = 0,
    log: "access" | "error" = "access",
  ): Promise<{ lines: string[]; size: number }> {
    const text = await Deno.readTextFile(`${this.dir}/nginx3/${log}.log`).catch(() => "");
    const bytes = new TextEncoder().encode(text);
    const tail = new TextDecoder().decode(bytes.subarray(from));
    return { lines: tail.split("\n").filter((l) => l !== ""), size: bytes.length };
  }

  async #until(proc: Proc, port: number, ms: number, what: string): Promise<void> {
    const exited = proc.status.then((s) => {
      throw new Error(`${what} exited (code ${s.code}) before listening`);
    });
    try {
      await Promise.race([waitForPort(port, ms, what), exited]);
    } catch (e) {
      throw new Error(`${(e as Error).message}\n${await this.procs.tail(proc)}`);
    } finally {
      exited.catch(() => {});
    }
  }
}

/** The `imported_at` a database file holds, read with the store's own reader. */
function servedFile(path: string): string {
  try {
    const store = ClubStore.open(path);
    try {
      return store.meta.imported_at ?? "no imported_at";
    } finally {
      store.close();
    }
  } catch (e) {
    return `unreadable (${(e as Error).message})`;
  }
}

/** The snapshot a replica serves (its import time), from GET /. */
async function servedSnapshot(port: number): Promise<string | null> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/`, {
      headers: { accept: "application/json" },
      signal: AbortSignal.timeout(2_000),
    });
    const body = await res.json() as { snapshot?: { imported_at?: string | null } | null };
    return body.snapshot?.imported_at ?? null;
  } catch {
    return null;
  }
}

/** The fee access a replica grants a token. */
async function feeAccess(port: number, token: string): Promise<string | null> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/clubs?limit=1`, {
      headers: { authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(2_000),
    });
    const body = await res.json() as { fee_access?: string };
    return body.fee_access ?? null;
  } catch {
    return null;
  }
}

/** Milliseconds until every replica grants `want` to `token` (Infinity past 5 s). */
async function untilAll(ports: number[], token: string, want: string): Promise<number> {
  const start = performance.now();
  const pending = new Set(ports);
  while (pending.size && performance.now() - start < 5_000) {
    await Promise.all([...pending].map(async (port) => {
      if (await feeAccess(port, token) === want) pending.delete(port);
    }));
    if (pending.size) await sleep(5);
  }
  return pending.size ? Infinity : performance.now() - start;
}

/** Results of the limit check. */
interface LimitResult {
  answered: number;
  limited: number;
  other: number;
  /** Replicas (ports) that answered 200 and 429. */
  replicas: number;
}

/**
 * Sends the limited client's requests through nginx from its own loopback
 * address (127.0.0.x), so nginx appends that address and the replicas count
 * it apart from everything else.
 */
async function limitCheck(cluster: Cluster, address: string): Promise<LimitResult> {
  const before = await cluster.nginxLog();
  const client = Deno.createHttpClient({ localAddress: address });
  const result: LimitResult = { answered: 0, limited: 0, other: 0, replicas: 0 };
  try {
    for (let i = 0; i < LIMIT.sent; i++) {
      const res = await fetch(`http://127.0.0.1:${cluster.nginx3Port}/api/v1/clubs?limit=1`, {
        client,
        signal: AbortSignal.timeout(5_000),
      });
      await res.body?.cancel();
      if (res.status === 200) result.answered++;
      else if (res.status === 429) result.limited++;
      else result.other++;
    }
  } finally {
    client.close();
  }
  await sleep(300); // the access log is flushed every 100 ms
  const after = await cluster.nginxLog(before.size);
  const upstreams = new Set(
    after.lines.map(parseLogLine).filter((l) => l?.client === address).flatMap((l) => l!.upstreams),
  );
  result.replicas = upstreams.size;
  return result;
}

/** What the main run saw besides wrk's figures. */
interface MainEvents {
  sessions: { created: number[]; revoked: number[] };
  rollout: { replica: number; ms: number }[];
  kill: { replica: number; downMs: number } | null;
  /** Whether a session created before the Redis outage still counts everywhere after it. */
  sessionSurvived: boolean | null;
  /** Replicas that said they counted on their own while Redis was down, and back. */
  fellBack: number;
  cameBack: number;
  /** Requests nginx sent to a second replica after a failure. */
  retried: number;
  /** Requests that reached the client as 5xx according to nginx. */
  failedAtNginx: number;
  /**
   * Requests nginx logged with a status other than 2xx or 3xx (499: the
   * client gave up), by status and what the replicas answered: so a failed
   * request says where it failed.
   */
  unusual: Record<string, number>;
  /** The longest request nginx logged, in seconds. */
  slowestS: number;
  /** nginx's error log during the run: each message (without time, ids and addresses), counted. */
  nginxErrors: Record<string, number>;
  /**
   * Responses the killed replica had begun to send when SIGKILL came: nginx
   * had passed their headers on, so it could not retry them elsewhere and
   * closed the client's connection (wrk counts a read error). No proxy can
   * retry a response it has started to forward; every other failure counts.
   */
  cutByKill: number;
}

async function mainRun(
  cluster: Cluster,
  p: Plan,
  snapshotB: string,
  load: () => Promise<LoadResult>,
): Promise<{ load: LoadResult; events: MainEvents }> {
  const before = await cluster.nginxLog();
  const errorsBefore = await cluster.nginxLog(0, "error");
  const events: MainEvents = emptyEvents();
  const started = performance.now();
  const at = (s: number) => sleep(Math.max(0, s * 1000 - (performance.now() - started)));
  const loading = load();
  const ports = cluster.replicas.map((r) => r.port);

  // A session that lives through everything below, the Redis restart included.
  let kept: { token: string; id: string } | null = null;

  const script = (async () => {
    await at(p.sessionsAt);
    await using admin = await openSessionAdmin(cluster.redisUrl, "write");
    const made = await admin.create({ tier: "free", ttlMs: 3_600_000, label: "kept" });
    kept = { token: made.token, id: made.session.id };
    for (let i = 0; i < p.sessionRounds; i++) {
      const { token, session } = await admin.create({
        tier: "member",
        ttlMs: 3_600_000,
        label: "cluster test",
      });
      events.sessions.created.push(await untilAll(ports, token, "exact"));
      await admin.revoke(session.id);
      events.sessions.revoked.push(await untilAll(ports, token, "locked"));
    }

    await at(p.rolloutAt);
    // Done when each replica serves the new snapshot: an error is not done.
    const expected = servedFile(snapshotB);
    for (const r of cluster.replicas) {
      const old = await servedSnapshot(r.port);
      const t0 = performance.now();
      // Copy next to the live file, then rename over it: atomic on one filesystem.
      await Deno.copyFile(snapshotB, `${r.db}.incoming`);
      await Deno.rename(`${r.db}.incoming`, r.db);
      let now = old;
      let polls = 0;
      while (now !== expected && performance.now() - t0 < 10_000) {
        await sleep(20);
        now = await servedSnapshot(r.port);
        polls++;
      }
      if (now !== expected) {
        // What the replica had to go on, so a failure here can be explained.
        const st = await Deno.stat(r.db);
        const log = await Deno.readTextFile(r.proc!.logPath).catch(() => "");
        throw new Error(
          `replica ${r.index} serves ${
            now ?? "an error"
          } after 10 s, not the new snapshot ${expected} (before: ${old}; ${polls} polls; its file: inode ${st.ino}, ${st.size} bytes, modified ${st.mtime?.toISOString()}, holding ${
            servedFile(r.db)
          }; its log ends: ${JSON.stringify(log.slice(-600))})`,
        );
      }
      events.rollout.push({ replica: r.index, ms: performance.now() - t0 });
    }

    await at(p.killAt);
    const victim = cluster.replicas[1]!;
    const t0 = performance.now();
    const errorsAtKill = (await cluster.nginxLog(0, "error")).size;
    await cluster.procs.kill(victim.proc!);
    // As systemd's Restart=on-failure would, a moment later.
    await sleep(500);
    await cluster.startReplica(victim);
    events.kill = { replica: victim.index, downMs: performance.now() - t0 };
    // nginx logs a cut response as it happens: only the lines from the kill
    // to the restart, and only about the victim, are the crash's.
    events.cutByKill = (await cluster.nginxLog(errorsAtKill, "error")).lines
      .filter((line) => cutMidResponse(line, victim.port)).length;

    // Redis goes away under load: replicas count limits on their own and
    // keep their copy of the sessions; then it restarts from its append-only file.
    await at(p.redisDownAt);
    await cluster.procs.stop(cluster.redis!);
    await sleep(p.redisDownFor * 1000);
    await cluster.startRedis();
    // Redis itself still has it (from its append-only file: it answers LOADING
    // until that is read), and once every replica has polled the restarted
    // Redis, they all still grant it.
    await using after = await openSessionAdmin(cluster.redisUrl, "read");
    let listed: { id: string; revokedAt: number | null }[] | null = null;
    for (const until = Date.now() + 30_000; listed === null;) {
      try {
        listed = await after.list();
      } catch (e) {
        if (!/LOADING/.test((e as Error).message) || Date.now() > until) throw e;
        await sleep(100);
      }
    }
    const inRedis = listed.some((s) => s.id === kept!.id && s.revokedAt === null);
    await sleep(500);
    events.sessionSurvived = inRedis && await untilAll(ports, kept!.token, "band") < Infinity;
  })();

  const [loadResult] = await Promise.all([loading, script]);
  await sleep(300);
  for (const r of cluster.replicas) {
    const text = await Deno.readTextFile(r.proc!.logPath);
    const tail = text.slice(text.lastIndexOf("Listening on"));
    // The lines of server/http/redis_rate_store.ts and core/redis/client.ts.
    if (/rate-limit store [^\n]*(Redis unreachable|counting per replica)/.test(tail)) {
      events.fellBack++;
    }
    if (/rate-limit store [^\n]*(Redis reachable again|counting in Redis again)/.test(tail)) {
      events.cameBack++;
    }
  }
  const after = await cluster.nginxLog(before.size);
  for (const line of after.lines) {
    const l = parseLogLine(line);
    if (!l) continue;
    if (l.upstreams.length > 1) events.retried++;
    if (l.status >= 500) events.failedAtNginx++;
    if (l.status >= 400 || l.status < 200) {
      const key = `${l.status} (replicas: ${l.upstreamStatus})`;
      events.unusual[key] = (events.unusual[key] ?? 0) + 1;
    }
    events.slowestS = Math.max(events.slowestS, l.seconds);
  }
  for (const line of (await cluster.nginxLog(errorsBefore.size, "error")).lines) {
    const message = line.replace(/^\S+ \S+ /, "").replace(/\d+#\d+: \*\d+ /, "").replace(
      /, client:.*$/,
      "",
    );
    events.nginxErrors[message] = (events.nginxErrors[message] ?? 0) + 1;
  }
  return { load: loadResult, events };
}

/** What /readyz must say after each change to the broken replica's file. */
const BROKEN_STATES: [string, number, RegExp][] = [
  ["missing", 503, /^database: the database file is missing$/],
  ["corrupt", 503, /^database: the database file cannot be read/],
  ["restored", 200, /^$/],
];

/** No events yet: the main run's start, and what {@link failureDetail} needs from another run. */
function emptyEvents(): MainEvents {
  return {
    sessions: { created: [], revoked: [] },
    rollout: [],
    kill: null,
    sessionSurvived: null,
    fellBack: 0,
    cameBack: 0,
    retried: 0,
    failedAtNginx: 0,
    unusual: {},
    slowestS: 0,
    nginxErrors: {},
    cutByKill: 0,
  };
}

/**
 * Load through nginx while replica 3's database is removed, replaced by a
 * corrupt file, then put back (./cluster/readiness.ts): what the clients
 * got, what nginx logged, and what /readyz said.
 */
async function brokenReplicaPhase(
  cluster: Cluster,
  p: Plan,
  load: () => Promise<LoadResult>,
) {
  const victim = cluster.replicas[2]!;
  log(
    `readiness: ${p.brokenSeconds} s of load through nginx; replica ${victim.index}'s database removed, then corrupt, then back…`,
  );
  const before = await cluster.nginxLog();
  const { load: result, states } = await breakReplica({
    db: victim.db,
    port: victim.port,
    seconds: p.brokenSeconds,
    load,
  });
  await sleep(300); // the access log is flushed every 100 ms
  const lines = (await cluster.nginxLog(before.size)).lines.map(parseLogLine)
    .filter((l) => l !== null);
  const unusual: Record<string, number> = {};
  let failedAtNginx = 0;
  let retried = 0;
  for (const l of lines) {
    if (l.status >= 500) failedAtNginx++;
    if (l.status >= 400 || l.status < 200) {
      const key = `${l.status} (replicas: ${l.upstreamStatus})`;
      unusual[key] = (unusual[key] ?? 0) + 1;
    }
    if (l.upstreams.length > 1 && /\b500\b/.test(l.upstreamStatus)) retried++;
  }
  return {
    load: result,
    states,
    failed: failedRequests(result, 0).failed,
    failedAtNginx,
    retried,
    unusual,
  };
}

/** Keep-alive clients: through nginx, and straight to the replica restarted. */
const KEEP_ALIVE = { nginx: 6, direct: 4 };

/**
 * A rolling restart under keep-alive clients (./cluster/keepalive.ts):
 * replica 2 gets SIGTERM, drains and exits, and is started again, as
 * `systemctl restart` does, while clients send requests through nginx and
 * straight to it.
 */
async function rollingRestartPhase(cluster: Cluster, p: Plan) {
  const victim = cluster.replicas[1]!;
  const before = await cluster.nginxLog();
  const stop = new AbortController();
  const running = keepAliveClients({
    targets: [
      { name: "nginx", port: cluster.nginx3Port, clients: KEEP_ALIVE.nginx },
      { name: "direct", port: victim.port, clients: KEEP_ALIVE.direct },
    ],
    stop: stop.signal,
  });
  let clients: Record<string, KeepAliveResult>;
  let code: number;
  let drainMs: number;
  let downMs: number;
  let logFrom = 0;
  try {
    await sleep(p.restartLead * 1000);
    logFrom = (await Deno.readTextFile(victim.proc!.logPath)).length;
    const t0 = performance.now();
    // Past the drain's own bounds, SIGKILL: the exit code then says so.
    code = (await cluster.procs.stop(victim.proc!, 15_000)).code;
    drainMs = performance.now() - t0;
    await cluster.startReplica(victim);
    downMs = performance.now() - t0;
    await sleep(p.restartLead * 1000);
  } finally {
    stop.abort();
    clients = await running;
  }
  await sleep(300); // the access log is flushed every 100 ms
  const lines = (await cluster.nginxLog(before.size)).lines.map(parseLogLine)
    .filter((l) => l !== null);
  const replica = (await Deno.readTextFile(victim.proc!.logPath)).slice(logFrom);
  return {
    victim: victim.index,
    nginx: clients.nginx!,
    direct: clients.direct!,
    code,
    drainMs,
    downMs,
    drained: /drained: every connection closed/.test(replica),
    failedAtNginx: lines.filter((l) => l.status >= 500).length,
    retried: lines.filter((l) => l.upstreams.length > 1).length,
  };
}

/** What the load tool and nginx's log say about the failed requests of a run. */
function failureDetail(load: LoadResult, events: MainEvents): string {
  const counts = (o: Record<string, number>) =>
    Object.entries(o).map(([k, n]) => `${k} × ${n}`).join(", ") || "none";
  return `non-2xx answers ${load.non2xx}; errors by kind: ${counts(load.errorKinds)}; ` +
    `nginx logged ${counts(events.unusual)}; slowest request ${fmt(events.slowestS, 3)} s; ` +
    `responses cut by the SIGKILL ${events.cutByKill}; nginx's errors: ${
      counts(events.nginxErrors)
    }`;
}

/** The 1-minute load average, or "?" where /proc is not there. */
function loadAverage(): string {
  try {
    return Deno.readTextFileSync("/proc/loadavg").split(" ")[0] ?? "?";
  } catch {
    return "?";
  }
}

function fmt(n: number, digits = 0): string {
  return n.toLocaleString("en-US", {
    maximumFractionDigits: digits,
    minimumFractionDigits: digits,
  });
}

async function main(args: string[]): Promise<number> {
  const p = plan(args);
  const loadBefore = loadAverage();
  const keep = args.includes("--keep");
  const dir = await Deno.makeTempDir({ prefix: "clubdir-cluster-" });
  await Deno.chmod(dir, 0o755);
  const deadline = setTimeout(() => {
    log(`error: the cluster test ran past ${RUN_DEADLINE_MS / 60_000} minutes; stopping`);
    Deno.exit(1);
  }, RUN_DEADLINE_MS);
  const failures: string[] = [];
  const check = (ok: boolean, what: string) => {
    if (!ok) failures.push(what);
  };
  try {
    await using procs = new Procs(dir);
    const cluster = new Cluster(procs, dir);
    cluster.nginxBin = await ensureTool("nginx", "nginx", log);
    cluster.redisBin = await ensureTool("redis-server", "redis-server", log, ["--version"]);
    const tool = await loadTool(log, dir);

    log(`building two snapshots of ${p.csv.slice(ROOT.length)} (import once each)…`);
    await Deno.mkdir(`${dir}/build`);
    const a = `${dir}/build/a.db`;
    const b = `${dir}/build/b.db`;
    await run(Deno.execPath(), ["run", "-A", MAIN, "import", p.csv, "--db", a], "import");
    await run(Deno.execPath(), ["run", "-A", MAIN, "import", p.csv, "--db", b], "import");
    for (const r of cluster.replicas) {
      await Deno.mkdir(r.dir);
      await Deno.copyFile(a, r.db);
    }

    const paths = mixedPaths({ count: 20_000, seed: 7 });
    const pathsFile = `${dir}/paths.txt`;
    await Deno.writeTextFile(pathsFile, paths.join("\n") + "\n");
    const luaFile = `${dir}/mixed.lua`;
    await Deno.writeTextFile(luaFile, wrkScript(pathsFile, 1));
    const load = (port: number, seconds: number) => () =>
      runLoad(tool, {
        url: `http://127.0.0.1:${port}`,
        seconds,
        threads: 1,
        connections: p.connections,
        pathsFile,
        luaFile,
      });

    await cluster.startRedis();
    const limit = `${LIMIT.requests}/${LIMIT.windowSeconds}`;
    const shared = ["--rate-limit", limit, "--rate-limit-store", cluster.redisUrl];
    log(`limits: 3 replicas at ${limit} counting in Redis (replica 1 with 2 workers)…`);
    await Promise.all(
      cluster.replicas.map((r) =>
        cluster.startReplica(r, r.index === 1 ? [...shared, "--workers", "2"] : shared)
      ),
    );
    await cluster.startNginx();
    const limited = await limitCheck(cluster, "127.0.0.2");
    check(
      limited.answered === LIMIT.requests && limited.limited === LIMIT.sent - LIMIT.requests,
      `limit through nginx: ${limited.answered} answered, ${limited.limited} limited, ${limited.other} other (want ${LIMIT.requests} and ${
        LIMIT.sent - LIMIT.requests
      })`,
    );
    check(limited.replicas === 3, `the limited client reached ${limited.replicas} replicas, not 3`);

    let local: LimitResult | null = null;
    if (!p.short) {
      log("limits: the same with each replica's in-process store, for contrast…");
      await cluster.stopReplicas();
      await Promise.all(
        cluster.replicas.map((r) => cluster.startReplica(r, ["--rate-limit", limit])),
      );
      local = await limitCheck(cluster, "127.0.0.3");
    }

    log("load: replicas with a limit no client reaches, still counted in Redis…");
    await cluster.stopReplicas();
    const high = ["--rate-limit", "999999999/60", "--rate-limit-store", cluster.redisUrl];
    await Promise.all(cluster.replicas.map((r) => cluster.startReplica(r, high)));
    // Warm both paths a little so the first run does not pay for cold caches alone.
    await load(cluster.nginx3Port, 1)();
    log(`load: ${p.compareSeconds} s through nginx with 1 replica, then with 3 (then direct)…`);
    const one = await load(cluster.nginx1Port, p.compareSeconds)();
    const three = await load(cluster.nginx3Port, p.compareSeconds)();
    // What nginx costs: the same load straight at replica 1 (full run only).
    const direct = p.short ? null : await load(cluster.replicas[0]!.port, p.compareSeconds)();

    // The price of counting in Redis (full run only): a fourth replica serving one
    // cached page, so the count is a large part of each request's work.
    let cost: { local: LoadResult; redis: LoadResult } | null = null;
    if (!p.short) {
      log("load: one cached page on a fourth replica, in-process limiter, then Redis…");
      const probe: Replica = {
        index: 4,
        port: freePort(),
        dir: `${dir}/replica4`,
        db: `${dir}/replica4/clubs.db`,
        proc: null,
        args: [],
      };
      await Deno.mkdir(probe.dir);
      await Deno.copyFile(a, probe.db);
      const page = () =>
        runLoad(tool, {
          url: `http://127.0.0.1:${probe.port}/api/v1/clubs`,
          seconds: 5,
          threads: 1,
          connections: p.connections,
        });
      await cluster.startReplica(probe, ["--rate-limit", "999999999/60"]);
      const local = await page();
      await cluster.procs.stop(probe.proc!);
      await cluster.startReplica(probe, high);
      const redis = await page();
      await cluster.procs.stop(probe.proc!);
      cost = { local, redis };
    }

    const snapshotB = b;
    log(
      `load: ${p.mainSeconds} s through nginx: sessions at ${p.sessionsAt} s, roll-out at ${p.rolloutAt} s, SIGKILL at ${p.killAt} s, Redis down at ${p.redisDownAt} s for ${p.redisDownFor} s…`,
    );
    const { load: mainLoad, events } = await mainRun(
      cluster,
      p,
      snapshotB,
      load(cluster.nginx3Port, p.mainSeconds),
    );
    const { failed, cut } = failedRequests(mainLoad, events.cutByKill);
    check(
      failed === 0,
      `${failed} failed requests during the main run (${failureDetail(mainLoad, events)})`,
    );
    check(events.failedAtNginx === 0, `nginx answered ${events.failedAtNginx} requests with 5xx`);
    const maxCreated = Math.max(...events.sessions.created);
    const maxRevoked = Math.max(...events.sessions.revoked);
    check(maxCreated < PROPAGATION_GOAL_MS, `a new session took ${fmt(maxCreated)} ms`);
    check(maxRevoked < PROPAGATION_GOAL_MS, `a revocation took ${fmt(maxRevoked)} ms`);
    check(events.rollout.length === 3, "the snapshot did not reach every replica");
    check(events.sessionSurvived === true, "a session did not survive the Redis restart");
    check(
      events.fellBack === 3 && events.cameBack === 3,
      `while Redis was down ${events.fellBack} of 3 replicas counted on their own, ${events.cameBack} returned to Redis`,
    );

    const broken = await brokenReplicaPhase(cluster, p, load(cluster.nginx3Port, p.brokenSeconds));
    check(
      broken.failed === 0 && broken.failedAtNginx === 0,
      `${broken.failed} failed requests (nginx answered ${broken.failedAtNginx} with 5xx) while replica 3's database was broken (${
        failureDetail(broken.load, { ...emptyEvents(), unusual: broken.unusual })
      })`,
    );
    for (const [what, status, reason] of BROKEN_STATES) {
      const seen = broken.states.find((st) => st.what === what);
      check(
        seen?.status === status && reason.test(seen.reason),
        `/readyz with the database ${what}: ${seen?.status} "${seen?.reason}" (want ${status})`,
      );
    }

    log(
      `rolling restart: ${KEEP_ALIVE.nginx} keep-alive clients through nginx, ${KEEP_ALIVE.direct} straight to replica 2, which gets SIGTERM and is started again…`,
    );
    const restart = await rollingRestartPhase(cluster, p);
    const keepAliveDetail = JSON.stringify({ nginx: restart.nginx, direct: restart.direct });
    check(
      restart.nginx.failed === 0 && restart.direct.failed === 0 && restart.failedAtNginx === 0,
      `rolling restart: ${restart.nginx.failed} failed through nginx (nginx answered ${restart.failedAtNginx} with 5xx), ${restart.direct.failed} failed straight to the replica: ${keepAliveDetail}`,
    );
    check(restart.code === 0, `rolling restart: the replica exited with code ${restart.code}`);
    check(
      restart.direct.toldToClose >= KEEP_ALIVE.direct &&
        restart.direct.connections > KEEP_ALIVE.direct && restart.drained,
      `rolling restart: the direct clients were not each told to close and served again after the restart (${keepAliveDetail}; drain logged: ${restart.drained})`,
    );
    check(
      restart.nginx.reused > 0 && restart.direct.reused > 0,
      `rolling restart: no request was sent on a kept-alive connection (${keepAliveDetail})`,
    );

    log(
      `slow clients: ${p.slowConnections} connections from ${SLOW_CLIENT}, each a partial head and a line every 5 s, for ${p.slowSeconds} s; probes from 127.0.0.1…`,
    );
    if (p.slowConnections < 1_000) {
      log(`warning: this process may open only ${openFilesLimit()} files: the attack is smaller`);
    }
    const errorsBeforeSlow = (await cluster.nginxLog(0, "error")).size;
    const slow = await slowloris({
      port: cluster.nginx3Port,
      from: SLOW_CLIENT,
      connections: p.slowConnections,
      seconds: p.slowSeconds,
      probeUrl: `http://127.0.0.1:${cluster.nginx3Port}/api/v1/clubs?limit=1`,
    });
    const starved = (await cluster.nginxLog(errorsBeforeSlow, "error")).lines
      .filter((l) => /worker_connections are not enough/.test(l)).length;
    check(
      slow.probes.failed === 0 && slow.probes.answered >= 10,
      `slow clients: ${slow.probes.answered} of ${slow.probes.sent} probes answered (${
        JSON.stringify(slow.probes.failures)
      })`,
    );
    check(
      slow.attack.peakOpen >= p.slowConnections * 0.95,
      `the slow client held only ${slow.attack.peakOpen} of ${p.slowConnections} connections`,
    );
    check(
      slow.attack.closedByServer >= slow.attack.peakOpen * 0.9,
      `nginx closed ${slow.attack.closedByServer} of ${slow.attack.peakOpen} slow connections (its 10 s head timeout)`,
    );
    check(starved === 0, `nginx logged "worker_connections are not enough" ${starved} times`);

    const rows: [string, string][] = [
      ...(direct
        ? [[
          "req/s straight to 1 replica (no nginx)",
          `${fmt(direct.rps)} (p99 ${fmt(direct.p99Ms, 1)} ms, ${
            direct.non2xx + direct.errors
          } failed)`,
        ] as [string, string]]
        : []),
      ...(cost
        ? [[
          "one cached page (`/api/v1/clubs`), 1 replica: in-process limiter vs Redis",
          `${fmt(cost.local.rps)} vs ${fmt(cost.redis.rps)} req/s (p99 ${
            fmt(cost.local.p99Ms, 1)
          } vs ${fmt(cost.redis.p99Ms, 1)} ms)`,
        ] as [string, string]]
        : []),
      [
        "req/s through nginx, 1 replica",
        `${fmt(one.rps)} (p99 ${fmt(one.p99Ms, 1)} ms, ${one.non2xx + one.errors} failed)`,
      ],
      [
        "req/s through nginx, 3 replicas",
        `${fmt(three.rps)} (p99 ${fmt(three.p99Ms, 1)} ms, ${three.non2xx + three.errors} failed)`,
      ],
      [
        `${p.mainSeconds} s with roll-out, SIGKILL and a Redis restart`,
        `${fmt(mainLoad.rps)} req/s, p99 ${fmt(mainLoad.p99Ms, 1)} ms, ${
          fmt(mainLoad.requests)
        } requests, **${failed} failed**${
          cut ? ` (and ${cut} cut by the SIGKILL mid-response, which no proxy can retry)` : ""
        }`,
      ],
      [
        "roll-out (copy + rename → served)",
        events.rollout.map((r) => `replica ${r.replica} ${fmt(r.ms)} ms`).join(", "),
      ],
      [
        "SIGKILL and restart",
        events.kill
          ? `replica ${events.kill.replica} back in ${
            fmt(events.kill.downMs)
          } ms; nginx retried ${events.retried} requests on another replica`
          : "not done",
      ],
      [
        `Redis stopped for ${p.redisDownFor} s, restarted`,
        `${events.fellBack} of 3 replicas counted limits on their own meanwhile, ${events.cameBack} back on Redis after; a session created before it ${
          events.sessionSurvived ? "still counted on every replica" : "was lost"
        }`,
      ],
      [
        `client limited to ${limit} through nginx (Redis store)`,
        `${limited.answered} of ${LIMIT.sent} answered, ${limited.limited} × 429, over ${limited.replicas} replicas`,
      ],
      ...(local
        ? [[
          `the same, in-process store (contrast)`,
          `${local.answered} of ${LIMIT.sent} answered, ${local.limited} × 429, over ${local.replicas} replicas`,
        ] as [string, string]]
        : []),
      [
        `replica 3's database removed, then corrupt, then back, under ${p.brokenSeconds} s of load`,
        `${fmt(broken.load.rps)} req/s, ${
          fmt(broken.load.requests)
        } requests, **${broken.failed} failed**; /readyz ${
          broken.states.map((st) => `${st.status} ${fmt(st.ms)} ms after ${st.what}`).join(", ")
        }; nginx sent ${broken.retried} requests the broken replica answered 500 on to another`,
      ],
      [
        "rolling restart: replica 2 gets SIGTERM and is started again under keep-alive clients",
        `**${restart.nginx.failed + restart.direct.failed} failed** of ${
          fmt(restart.nginx.sent)
        } requests through nginx (${KEEP_ALIVE.nginx} clients; nginx retried ${restart.retried} on another replica) and ${
          fmt(restart.direct.sent)
        } straight to the replica (${KEEP_ALIVE.direct} clients, ${restart.direct.toldToClose} answers with \`Connection: close\`, ${
          fmt(restart.direct.refused)
        } connections refused while it was down); drained and exited (code ${restart.code}) in ${
          fmt(restart.drainMs)
        } ms, back in ${fmt(restart.downMs)} ms`,
      ],
      [
        `slow client: ${
          fmt(p.slowConnections)
        } connections from one address for ${p.slowSeconds} s`,
        `**${slow.probes.answered} of ${slow.probes.sent} probes answered** from another address (slowest ${
          fmt(slow.probes.slowestMs)
        } ms); ${fmt(slow.attack.opened)} connections opened, ${
          fmt(slow.attack.closedByServer)
        } closed by nginx's 10 s head timeout; "worker_connections are not enough" × ${starved}`,
      ],
      [
        "session created → all 3 replicas grant it",
        `max ${fmt(maxCreated)} ms (${events.sessions.created.map((n) => fmt(n)).join(", ")})`,
      ],
      [
        "session revoked → all 3 replicas refuse it",
        `max ${fmt(maxRevoked)} ms (${events.sessions.revoked.map((n) => fmt(n)).join(", ")})`,
      ],
    ];
    const nginxVersion = (await run(cluster.nginxBin, ["-v"], "nginx -v")).trim();
    const redisVersion = (await run(cluster.redisBin, ["--version"], "redis-server --version"))
      .match(/v=(\S+)/)?.[1];
    const table = [
      `${p.short ? "Short run" : "Run"} of \`deno task cluster${p.short ? " --short" : ""}\` on ${
        new Date().toISOString().slice(0, 10)
      }: ${
        nginxVersion.replace("nginx version: ", "")
      }, 3 replicas, Redis ${redisVersion}, wrk (1 thread, ${p.connections} connections), all on one ${navigator.hardwareConcurrency}-core machine; ${
        p.short ? "fixture snapshot (30 clubs)" : "bundled snapshot (40,000 clubs)"
      }, 20,000 distinct mixed queries. Load average (1 min) before the run ${loadBefore}, after it ${loadAverage()} (other jobs on the machine make every figure lower).`,
      "",
      "| Measure | Result |",
      "| --- | --- |",
      ...rows.map(([k, v]) => `| ${k} | ${v} |`),
    ].join("\n");
    console.log(table);
    if (!p.short) {
      await Deno.mkdir(new URL(".", `file://${RESULTS}`), { recursive: true });
      await Deno.writeTextFile(RESULTS, table + "\n");
    }
  } finally {
    clearTimeout(deadline);
    if (keep) log(`kept ${dir}`);
    else await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
  if (failures.length) {
    for (const f of failures) log(`FAILED: ${f}`);
    return 1;
  }
  log("cluster: every check passed");
  return 0;
}

if (import.meta.main) {
  try {
    Deno.exit(await main(Deno.args));
  } catch (e) {
    log(`error: ${(e as Error).message}`);
    Deno.exit(1);
  }
}
