/**
 * The cluster test's nginx: `deploy/nginx/clubdir.conf` rendered for
 * loopback (its replica lines and `listen` replaced, everything else as
 * shipped), inside a main configuration whose pid, logs and temp files live
 * in a scratch directory, so nginx runs unprivileged ports without touching
 * /etc or /var.
 *
 * @example
 * ```ts ignore
 * import { renderSite } from "./nginx.ts";
 * const site = renderSite(await Deno.readTextFile("deploy/nginx/clubdir.conf"), {
 *   listenPort: 18080,
 *   replicas: [18001, 18002, 18003],
 * });
 * ```
 * @module
 */
import type { LoadResult } from "../wrk.ts";

/**
 * Where the shipped site configuration is.
 *
 * @example
 * ```ts ignore
 * const shipped = await Deno.readTextFile(SITE_CONF);
 * ```
 */
export const SITE_CONF = new URL("../../deploy/nginx/clubdir.conf", import.meta.url);

/**
 * What {@link renderSite} changes.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { renderSite, SITE_CONF, type SiteOptions } from "./nginx.ts";
 * const o: SiteOptions = { listenPort: 18080, replicas: [18001, 18002, 18003] };
 * const site = renderSite(await Deno.readTextFile(SITE_CONF), o);
 * assert.ok(o.replicas.every((port) => site.includes(`127.0.0.1:${port}`)));
 * ```
 */
export interface SiteOptions {
  /** Loopback port nginx listens on. */
  listenPort: number;
  /** Loopback ports of the replicas, in upstream order. */
  replicas: number[];
}

const UPSTREAM_SERVER = /^(\s*)server\s+[^\s;]+:\d+(\s[^;]*)?;\s*$/;
const LISTEN = /^(\s*)listen\s+[^;]+;\s*$/;

/**
 * The shipped site with its upstream `server` lines replaced by one per
 * replica (keeping the first line's parameters) and its `listen` lines by one
 * loopback port. Throws when the file no longer has those lines, so a change
 * to the shipped file that the test cannot follow fails loudly.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { renderSite } from "./nginx.ts";
 * const conf = "upstream u {\n    server 127.0.0.1:8001 max_fails=1;\n}\nserver {\n    listen 80;\n}\n";
 * assert.ok(renderSite(conf, { listenPort: 9000, replicas: [9001, 9002] }).includes("127.0.0.1:9002"));
 * ```
 */
export function renderSite(conf: string, options: SiteOptions): string {
  const out: string[] = [];
  let servers = 0;
  let listens = 0;
  for (const line of conf.split("\n")) {
    const server = UPSTREAM_SERVER.exec(line);
    if (server) {
      if (servers++ === 0) {
        for (const port of options.replicas) {
          out.push(`${server[1]}server 127.0.0.1:${port}${server[2] ?? ""};`);
        }
      }
      continue;
    }
    const listen = LISTEN.exec(line);
    if (listen) {
      if (listens++ === 0) out.push(`${listen[1]}listen 127.0.0.1:${options.listenPort};`);
      continue;
    }
    out.push(line);
  }
  if (servers === 0 || listens === 0) {
    throw new Error(
      "deploy/nginx/clubdir.conf has no upstream `server host:port …;` or no `listen …;` line",
    );
  }
  return out.join("\n");
}

/**
 * Format of the test's access log: client, status, the replica(s) tried
 * (`127.0.0.1:18001, 127.0.0.1:18002` after a failover) and their statuses.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { LOG_FORMAT } from "./nginx.ts";
 * assert.ok(LOG_FORMAT.includes("$upstream_addr"));
 * ```
 */
export const LOG_FORMAT =
  `'$remote_addr $status "$upstream_addr" "$upstream_status" $request_time "$request_uri"'`;

/**
 * The main-context settings the shipped site says it requires (its
 * `# Requires in /etc/nginx/nginx.conf` comment): the test runs nginx with
 * exactly those, so the file and its promise are tested together.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { requiredMain } from "./nginx.ts";
 * const conf = "# Requires in /etc/nginx/nginx.conf:\n#   worker_rlimit_nofile 16384;\n" +
 *   "#   events { worker_connections 8192; }\n";
 * assert.deepStrictEqual(requiredMain(conf), { workerConnections: 8192, rlimitNofile: 16384 });
 * ```
 */
export function requiredMain(conf: string): { workerConnections: number; rlimitNofile: number } {
  const connections = /^#\s+events \{ worker_connections (\d+); \}$/m.exec(conf);
  const nofile = /^#\s+worker_rlimit_nofile (\d+);$/m.exec(conf);
  if (!connections || !nofile) {
    throw new Error(
      "deploy/nginx/clubdir.conf no longer states the worker_connections and worker_rlimit_nofile it requires",
    );
  }
  return { workerConnections: Number(connections[1]), rlimitNofile: Number(nofile[1]) };
}

/**
 * The main configuration around a rendered site: foreground-free paths in
 * `dir` (pid, logs, temp files), two worker processes, and the worker
 * connections and descriptors the shipped site requires ({@link requiredMain}).
 *
 * @example
 * ```ts ignore
 * const main = requiredMain(shipped);
 * await Deno.writeTextFile(`${dir}/nginx.conf`, mainConf(dir, `${dir}/site.conf`, main));
 * ```
 */
export function mainConf(
  dir: string,
  sitePath: string,
  main: { workerConnections: number; rlimitNofile: number },
): string {
  return `# Written by bench/cluster.ts for one test run.
worker_processes 2;
worker_rlimit_nofile ${main.rlimitNofile};
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events {
    worker_connections ${main.workerConnections};
}
http {
    log_format cluster ${LOG_FORMAT};
    access_log ${dir}/access.log cluster buffer=64k flush=100ms;
    client_body_temp_path ${dir}/tmp/body;
    proxy_temp_path ${dir}/tmp/proxy;
    fastcgi_temp_path ${dir}/tmp/fastcgi;
    uwsgi_temp_path ${dir}/tmp/uwsgi;
    scgi_temp_path ${dir}/tmp/scgi;
    include ${sitePath};
}
`;
}

/**
 * One access-log line, parsed.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseLogLine } from "./nginx.ts";
 * assert.equal(parseLogLine('127.0.0.2 429 "127.0.0.1:18002" "429" 0.001 "/api/v1/clubs"')?.status, 429);
 * ```
 */
export function parseLogLine(
  line: string,
): {
  client: string;
  status: number;
  upstreams: string[];
  upstreamStatus: string;
  seconds: number;
  uri: string;
} | null {
  const m = /^(\S+) (\d{3}) "([^"]*)" "([^"]*)" (\S+) "([^"]*)"$/.exec(line.trim());
  if (!m) return null;
  return {
    client: m[1]!,
    status: Number(m[2]),
    // Tries are separated by ", " (and " : " across internal redirects).
    upstreams: m[3] === "-" ? [] : m[3]!.split(/\s*,\s*|\s+:\s+/).filter((s) => s !== ""),
    upstreamStatus: m[4]!,
    seconds: Number(m[5]),
    uri: m[6]!,
  };
}

/**
 * Whether an nginx error line is a response from the replica on `port` that
 * broke off after nginx had begun to forward it ("while reading upstream",
 * as opposed to "while reading response header from upstream", which nginx
 * retries on another replica).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { cutMidResponse } from "./nginx.ts";
 * const line = '2026/11/26 18:40:01 [error] 812#812: *5120 upstream prematurely closed connection ' +
 *   'while reading upstream, client: 127.0.0.1, upstream: "http://127.0.0.1:8002/api/v1/clubs"';
 * assert.ok(cutMidResponse(line, 8002));
 * ```
 */
export function cutMidResponse(line: string, port: number): boolean {
  return /\] (?:\d+#\d+: \*\d+ )?(?:upstream prematurely closed connection|recv\(\) failed \(104: Connection reset by peer\)) while reading upstream,/
    .test(line) && line.includes(`upstream: "http://127.0.0.1:${port}/`);
}

/**
 * The failed requests of a load run through nginx, less the responses a
 * killed replica had begun to send (`cutByKill`, from {@link cutMidResponse}):
 * wrk sees each of those as a read error, and they are the crash's own loss,
 * not the deployment's. Every other failure (non-2xx answers, timeouts, read
 * errors beyond the cut responses) still counts.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { failedRequests } from "./nginx.ts";
 * assert.deepStrictEqual(failedRequests({ non2xx: 0, errors: 1, errorKinds: { read: 1 } }, 1), { failed: 0, cut: 1 });
 * ```
 */
export function failedRequests(
  load: Pick<LoadResult, "non2xx" | "errors" | "errorKinds">,
  cutByKill: number,
): { failed: number; cut: number } {
  const cut = Math.min(cutByKill, load.errorKinds.read ?? 0);
  return { failed: load.non2xx + load.errors - cut, cut };
}
