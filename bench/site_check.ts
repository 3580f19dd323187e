/**
 * `deno task site-check`: the website's quality figures on the bundled
 * 40,000-club snapshot, served by `main.ts serve` on a loopback port.
 *
 * 1. Lighthouse 12.8 (npm, run by the system Node through `npx`) with
 *    Debian's Chromium on the home page, a results page, a profile page and
 *    What's new (`/changes`; give `--db` a database imported twice to fill it),
 *    as a phone (its default mobile emulation) and as a desktop
 *    (`--preset=desktop`): performance, accessibility, best practices and
 *    SEO, each against the target of 95 (issue 29).
 * 2. axe-core in the same Chromium (puppeteer-core) on the same pages.
 * 3. With `--screenshots DIR`, the same pages at phone and desktop widths,
 *    as PNGs for the README.
 *
 * Prints one Markdown table and writes it to `bench/results/site.md`; exits
 * non-zero when a target is missed. The club photos of the snapshot point
 * at a host that does not exist, so every page shows the placeholder and
 * the browser logs the failed photo request (Lighthouse counts it under
 * best practices); nothing is stubbed.
 *
 * @example
 * ```sh
 * deno task site-check
 * deno task site-check --screenshots docs/screenshots --db /tmp/clubs.db
 * ```
 * @module
 */
import { parseArgs } from "node:util";
import { fileURLToPath } from "node:url";
import { BUNDLED_SNAPSHOT } from "../core/import/mod.ts";
import { axeViolations, CHROME_FLAGS, CHROMIUM, hasChromium, launchBrowser } from "./browser.ts";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const MAIN = `${ROOT}main.ts`;
const RESULTS = `${ROOT}bench/results/site.md`;
const LIGHTHOUSE = "lighthouse@12.8.2";

/** Lighthouse category targets (issue 29: every category ≥ 0.95, phone and desktop). */
const TARGETS: Record<string, number> = {
  performance: 95,
  accessibility: 95,
  "best-practices": 95,
  seo: 95,
};

/** Lighthouse's form factors: its default mobile emulation, and its desktop preset. */
const FORM_FACTORS = ["phone", "desktop"] as const;
type FormFactor = typeof FORM_FACTORS[number];
const CATEGORIES = Object.keys(TARGETS);

const log = (line: string) => console.error(`site-check: ${line}`);

function freePort(): number {
  const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (l.addr as Deno.NetAddr).port;
  l.close();
  return port;
}

async function run(cmd: string, args: string[], env?: Record<string, string>) {
  const out = await new Deno.Command(cmd, {
    args,
    cwd: ROOT,
    env,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
    signal: AbortSignal.timeout(300_000),
  }).output();
  const dec = new TextDecoder();
  return { code: out.code, stdout: dec.decode(out.stdout), stderr: dec.decode(out.stderr) };
}

async function waitReady(url: string, proc: Deno.ChildProcess): Promise<void> {
  let exited = false;
  proc.status.then(() => exited = true);
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline && !exited) {
    try {
      const res = await fetch(url);
      await res.body?.cancel();
      if (res.ok) return;
    } catch { /* not listening yet */ }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`serve did not answer at ${url}`);
}

interface Audit {
  page: string;
  form: FormFactor;
  scores: Record<string, number>;
  failing: string[];
}

async function lighthouse(
  name: string,
  form: FormFactor,
  url: string,
  profile: string,
): Promise<Audit> {
  const flags = [...CHROME_FLAGS, `--user-data-dir=${profile}`].join(" ");
  const r = await run("npx", [
    "-y",
    LIGHTHOUSE,
    url,
    "--quiet",
    "--output=json",
    "--output-path=stdout",
    `--only-categories=${CATEGORIES.join(",")}`,
    ...(form === "desktop" ? ["--preset=desktop"] : []),
    `--chrome-flags=${flags}`,
  ], {
    CHROME_PATH: CHROMIUM,
    PATH: Deno.env.get("PATH") ?? "",
    HOME: Deno.env.get("HOME") ?? "/root",
  });
  if (r.code !== 0) throw new Error(`lighthouse failed on ${url}:\n${r.stderr.slice(-2000)}`);
  const report = JSON.parse(r.stdout) as {
    categories: Record<string, { score: number; auditRefs: { id: string; weight: number }[] }>;
    audits: Record<string, { score: number | null; title: string }>;
  };
  const scores: Record<string, number> = {};
  const failing: string[] = [];
  for (const c of CATEGORIES) {
    const cat = report.categories[c]!;
    scores[c] = Math.round(cat.score * 100);
    for (const ref of cat.auditRefs) {
      const a = report.audits[ref.id];
      if (ref.weight > 0 && a && a.score !== null && a.score < 0.9) {
        failing.push(`${c}: ${a.title}`);
      }
    }
  }
  return { page: name, form, scores, failing };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    args: Deno.args,
    options: {
      db: { type: "string" },
      screenshots: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) {
    console.log(`Usage: deno task site-check [--db FILE] [--screenshots DIR]

  --db FILE          database to serve (default: the bundled snapshot, imported into a temp dir)
  --screenshots DIR  also write phone and desktop screenshots of each page as PNGs`);
    return;
  }
  if (!hasChromium()) throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium`);
  const tmp = await Deno.makeTempDir({ prefix: "clubdir-site-check-" });
  let serve: Deno.ChildProcess | null = null;
  try {
    let db = values.db;
    if (!db) {
      db = `${tmp}/clubs.db`;
      log(`importing ${BUNDLED_SNAPSHOT}…`);
      const imp = await run(Deno.execPath(), [
        "run",
        "-A",
        MAIN,
        "import",
        BUNDLED_SNAPSHOT,
        "--db",
        db,
      ]);
      if (imp.code !== 0) throw new Error(`import failed:\n${imp.stderr}`);
    }
    const port = freePort();
    const origin = `http://127.0.0.1:${port}`;
    serve = new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        "-A",
        MAIN,
        "serve",
        "--db",
        db,
        "--port",
        String(port),
        "--quiet",
        "--rate-limit",
        "off",
      ],
      cwd: ROOT,
      stdin: "null",
      stdout: "null",
      stderr: "null",
    }).spawn();
    await waitReady(`${origin}/api/v1/clubs?limit=1`, serve);
    const first = await (await fetch(`${origin}/api/v1/clubs?type=golf&state=FL&limit=1`)).json();
    const pages: [string, string][] = [
      ["home", "/"],
      ["results", "/clubs?type=golf&state=Florida"],
      ["profile", `/clubs/${encodeURIComponent(first.clubs[0].slug)}`],
      ["whats-new", "/changes"],
    ];

    const audits: Audit[] = [];
    for (const [name, path] of pages) {
      for (const form of FORM_FACTORS) {
        log(`lighthouse ${name} ${form} (${path})…`);
        const profile = await Deno.makeTempDir({ dir: tmp, prefix: "lh-" });
        audits.push(await lighthouse(name, form, origin + path, profile));
      }
    }

    log("axe-core…");
    const axe: Record<string, string> = {};
    {
      await using launched = await launchBrowser();
      const page = await launched.browser.newPage();
      for (const [name, path] of pages) {
        for (const [width, height, mobile] of [[1280, 900, false], [390, 844, true]] as const) {
          await page.setViewport({ width, height, isMobile: mobile, hasTouch: mobile });
          // Settled: a photo that fails has failed, and shows its initials.
          await page.goto(origin + path, { waitUntil: "networkidle0", timeout: 60_000 });
          const v = await axeViolations(page);
          const key = name;
          axe[key] = [
            axe[key],
            v.length ? v.map((x) => `${x.id} (${x.targets.join(" ")})`).join("; ") : null,
          ]
            .filter(Boolean).join("; ") || "";
          if (values.screenshots) {
            await Deno.mkdir(values.screenshots, { recursive: true });
            const file = `${values.screenshots}/${name}-${mobile ? "phone" : "desktop"}.png`;
            await page.screenshot({ path: file as `${string}.png` });
            log(`wrote ${file}`);
          }
        }
      }
    }

    const misses: string[] = [];
    const rows = audits.map((a) => {
      const cells = CATEGORIES.map((c) => {
        const ok = a.scores[c]! >= TARGETS[c]!;
        if (!ok) misses.push(`${a.page} ${a.form} ${c} ${a.scores[c]}`);
        return `${a.scores[c]}${ok ? "" : " (target " + TARGETS[c] + ")"}`;
      });
      const violations = axe[a.page] || "none";
      if (violations !== "none" && a.form === "phone") misses.push(`${a.page} axe`);
      return `| ${a.page} (\`${pages.find((p) => p[0] === a.page)![1]}\`) | ${a.form} | ${
        cells.join(" | ")
      } | ${violations} | ${a.failing.join("; ") || "–"} |`;
    });
    const table = [
      "| Page | Form factor | Performance | Accessibility | Best practices | SEO | axe-core violations (desktop and phone) | Audits below 0.9 |",
      "| --- | --- | --- | --- | --- | --- | --- | --- |",
      ...rows,
    ].join("\n");
    const note =
      `Lighthouse ${
        LIGHTHOUSE.split("@")[1]
      } (phone: mobile emulation; desktop: --preset=desktop; simulated throttling) with ${CHROMIUM}, ` +
      `axe-core through puppeteer-core, against \`main.ts serve\` on the bundled snapshot; ` +
      `${navigator.hardwareConcurrency} CPUs, load average ${
        Deno.readTextFileSync("/proc/loadavg").split(" ")[0]
      } at the end.`;
    const report = `${table}\n\n${note}\n`;
    console.log(`\n${report}`);
    await Deno.mkdir(`${ROOT}bench/results`, { recursive: true });
    await Deno.writeTextFile(
      RESULTS,
      `<!-- deno task site-check, ${new Date().toISOString()} -->\n${report}`,
    );
    if (misses.length) {
      log(`targets missed: ${misses.join(", ")}`);
      Deno.exitCode = 1;
    }
  } finally {
    try {
      serve?.kill("SIGTERM");
      await serve?.status;
    } catch { /* gone */ }
    await Deno.remove(tmp, { recursive: true }).catch(() => {});
  }
}

if (import.meta.main) {
  try {
    await main();
  } catch (e) {
    console.error(`site-check: error: ${(e as Error).message}`);
    Deno.exit(1);
  }
}
