/**
 * Reads a V8 `.cpuprofile` (from `deno run --cpu-prof`) and lists the
 * functions with the most self time: where the CPU actually went.
 *
 * @example
 * ```sh
 * deno run -A bench/profile.ts CPU.123.cpuprofile 25
 * ```
 * @module
 */

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

function where(url: string, line: number): string {
  if (!url) return "";
  const short = url.replace(/^file:\/\/.*?\/(db|server|cli|bench|node_modules)\//, "$1/")
    .replace(/^.*\/node_modules\/\.deno\//, "npm:").replace(/^ext:/, "ext:");
  return ` ${short}:${line + 1}`;
}

function label(node: ProfileNode): string {
  const f = node.callFrame;
  return `${f.functionName || "(anonymous)"}${where(f.url, f.lineNumber)}`;
}

/**
 * The `top` functions by self time, one per line, with ms and share. A
 * native function (no source, such as SQLite's `all`) is split by its
 * caller, since "all" alone does not say which query ran.
 */
export function topSelfTime(profileJson: string, top = 20): string {
  const p = JSON.parse(profileJson) as CpuProfile;
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, ProfileNode>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n);
  const self = new Map<string, number>();
  let total = 0;
  p.samples.forEach((id, i) => {
    const node = byId.get(id);
    const dt = p.timeDeltas[i] ?? 0;
    if (!node) return;
    const f = node.callFrame;
    const caller = parent.get(node.id);
    const native = !f.url && !f.functionName.startsWith("(") && caller;
    const key = native ? `${label(node)} ← ${label(caller)}` : label(node);
    self.set(key, (self.get(key) ?? 0) + dt);
    total += dt;
  });
  return [...self].sort((a, b) => b[1] - a[1]).slice(0, top)
    .map(([k, us]) =>
      `${(us / 1000).toFixed(0).padStart(7)} ms ${(100 * us / total).toFixed(1).padStart(5)}%  ${k}`
    ).join("\n");
}

if (import.meta.main) {
  const [file, n] = Deno.args;
  if (!file) {
    console.error("Usage: deno run -A bench/profile.ts FILE.cpuprofile [TOP]");
    Deno.exit(2);
  }
  console.log(topSelfTime(await Deno.readTextFile(file), Number(n ?? 20)));
}
