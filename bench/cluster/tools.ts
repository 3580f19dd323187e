/**
 * The cluster test's outside programs, installed from Debian when missing
 * (`apt-get install -y`, after `apt-get update` if the first try fails).
 *
 * @example
 * ```ts ignore
 * import { ensureTool } from "./tools.ts";
 * const nginx = await ensureTool("nginx", "nginx", console.error); // "/usr/sbin/nginx"
 * ```
 * @module
 */

/** Where Debian puts programs that may not be on a user's PATH. */
const SBIN = ["/usr/sbin", "/sbin", "/usr/local/sbin"];

async function runs(cmd: string, args: string[]): Promise<boolean> {
  try {
    await new Deno.Command(cmd, { args, stdin: "null", stdout: "null", stderr: "null" }).output();
    return true;
  } catch {
    return false;
  }
}

async function find(cmd: string, versionArgs: string[]): Promise<string | null> {
  if (await runs(cmd, versionArgs)) return cmd;
  for (const dir of SBIN) {
    if (await runs(`${dir}/${cmd}`, versionArgs)) return `${dir}/${cmd}`;
  }
  return null;
}

async function apt(args: string[]): Promise<{ ok: boolean; err: string }> {
  const out = await new Deno.Command("apt-get", {
    args,
    env: { DEBIAN_FRONTEND: "noninteractive" },
    stdin: "null",
    stdout: "null",
    stderr: "piped",
    signal: AbortSignal.timeout(300_000),
  }).output();
  return { ok: out.success, err: new TextDecoder().decode(out.stderr).trim() };
}

/**
 * The path of `cmd`, installing Debian package `pkg` when it is missing.
 * Throws, saying how to install it, when that fails.
 *
 * @example
 * ```ts ignore
 * const redis = await ensureTool("redis-server", "redis-server", console.error, ["--version"]);
 * ```
 */
export async function ensureTool(
  cmd: string,
  pkg: string,
  log: (line: string) => void,
  versionArgs: string[] = ["-v"],
): Promise<string> {
  const found = await find(cmd, versionArgs);
  if (found) return found;
  log(`${cmd} not found: apt-get install -y ${pkg}…`);
  try {
    let r = await apt(["install", "-y", "-qq", pkg]);
    if (!r.ok) {
      await apt(["update", "-qq"]);
      r = await apt(["install", "-y", "-qq", pkg]);
    }
    const installed = await find(cmd, versionArgs);
    if (installed) return installed;
    throw new Error(r.err.split("\n").at(-1) ?? "no output");
  } catch (e) {
    throw new Error(
      `Cannot install ${pkg} (${(e as Error).message}); install it with: apt-get install -y ${pkg}`,
    );
  }
}
