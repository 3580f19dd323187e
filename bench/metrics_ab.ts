/**
 * What `--metrics` costs a request with the access log off (`--quiet`):
 * two apps over one snapshot, alike but for the metrics, answer the same
 * requests in interleaved blocks (the order alternates per block); the
 * figure is each app's median time per request over the blocks, and their
 * ratio. In process: the app's own work, without the socket.
 *
 * @example
 * ```sh
 * deno run -A bench/metrics_ab.ts data/clubs.db [--blocks 301] [--per-block 200] [--aa]
 * ```
 * @module
 */
import { Directory } from "../core/store/mod.ts";
import { warmSearch } from "../core/search/mod.ts";
import { createApp } from "../server/app.ts";
import { IsolateMetrics } from "../server/metrics/mod.ts";

async function main(args: string[]): Promise<void> {
  const db = args.find((a) => !a.startsWith("--")) ?? "data/clubs.db";
  const option = (name: string, fallback: number) => {
    const i = args.indexOf(name);
    return i >= 0 ? Number(args[i + 1]) : fallback;
  };
  // Short blocks, finely interleaved: both apps see the same load from the rest of the machine.
  const blocks = option("--blocks", 301);
  const perBlock = option("--per-block", 200);

  const directory = new Directory(db, { holdJson: true, warm: warmSearch, checkEveryMs: 250 });
  const base = {
    directory,
    name: "Club Directory",
    baseUrl: null,
    rateLimit: { limit: 1_000_000_000, windowSeconds: 60 },
    trustProxy: 0,
    supportEmail: "help@clubs.example",
  } as const;
  const metrics = new IsolateMetrics();
  const apps = {
    off: createApp({ ...base }),
    // --aa: both without metrics, to see the noise of the method.
    on: createApp(args.includes("--aa") ? { ...base } : { ...base, metrics }),
  };
  // The hot path: pages answered from the results memo, a profile, the JSON home.
  const paths = [
    ...Array.from({ length: 20 }, (_, i) => `/api/v1/clubs?limit=10&page=${i + 1}`),
    "/api/v1/clubs?type=golf&state=FL",
    "/api/v1/clubs?q=oak",
  ];
  const info = { remoteAddr: { transport: "tcp", hostname: "127.0.0.1", port: 40000 } };

  async function block(app: (typeof apps)["on"]): Promise<number> {
    const t0 = performance.now();
    for (let i = 0; i < perBlock; i++) {
      const req = new Request(`http://127.0.0.1:8000${paths[i % paths.length]}`, {
        headers: { host: "127.0.0.1:8000" },
      });
      const res = await app.fetch(req, info);
      if (res.status !== 200) throw new Error(`${req.url}: ${res.status}`);
      await res.arrayBuffer();
    }
    return ((performance.now() - t0) * 1000) / perBlock;
  }

  const median = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
  };

  // Warm both: caches filled, code optimized.
  for (let i = 0; i < 3; i++) {
    await block(apps.off);
    await block(apps.on);
  }
  const times: Record<"on" | "off", number[]> = { on: [], off: [] };
  for (let b = 0; b < blocks; b++) {
    const order = b % 2 ? (["on", "off"] as const) : (["off", "on"] as const);
    for (const k of order) times[k].push(await block(apps[k]));
  }
  const off = median(times.off);
  const on = median(times.on);
  console.log(
    `per request (median of ${blocks} blocks of ${perBlock}): metrics off ${
      off.toFixed(2)
    } µs, on ${on.toFixed(2)} µs, on/off ${(on / off).toFixed(3)} (+${(on - off).toFixed(2)} µs)`,
  );
  metrics.close();
  directory.close();
}

if (import.meta.main) await main(Deno.args);
