/**
 * Watching a running child process through Linux's /proc: the files it
 * holds open (to tell an import's phases apart from outside) and its peak
 * resident memory. Tests that need it are skipped where /proc is missing.
 *
 * @example
 * ```ts ignore
 * import { peakRss } from "./_child.ts";
 * const peak = peakRss(child.pid); // samples until stop()
 * await child.status;
 * peak.stop(); // MB
 * ```
 * @module
 */

/** Whether /proc shows processes (Linux). */
export const hasProc: boolean = (() => {
  try {
    return Deno.statSync(`/proc/${Deno.pid}/status`).isFile;
  } catch {
    return false;
  }
})();

/** A file a process holds open: its descriptor and path. */
export interface OpenFile {
  fd: number;
  path: string;
}

/** The files a process holds open, or null once it is gone. */
export function openFiles(pid: number): OpenFile[] | null {
  try {
    return [...Deno.readDirSync(`/proc/${pid}/fd`)].map((e) => {
      try {
        return { fd: Number(e.name), path: Deno.readLinkSync(`/proc/${pid}/fd/${e.name}`) };
      } catch {
        return { fd: Number(e.name), path: "" }; // closed while listed
      }
    });
  } catch {
    return null;
  }
}

/** How far a process has read (or written) through one of its open files; 0 once closed. */
export function filePosition(pid: number, fd: number): number {
  try {
    return Number(
      /^pos:\s+(\d+)/m.exec(Deno.readTextFileSync(`/proc/${pid}/fdinfo/${fd}`))?.[1] ?? 0,
    );
  } catch {
    return 0;
  }
}

/** A field of /proc/<pid>/status in MB (its values are in kB), or null once the process is gone. */
function statusMb(pid: number, field: "VmHWM" | "VmRSS"): number | null {
  try {
    const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(
      Deno.readTextFileSync(`/proc/${pid}/status`),
    );
    return m ? Number(m[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/**
 * Samples a process's peak resident memory (VmHWM, in MB) every 20 ms
 * until `stop`, which returns the highest seen. A process past `killAboveMb`
 * is killed (SIGKILL) so a regression cannot exhaust a shared machine.
 *
 * @example
 * ```ts ignore
 * const peak = peakRss(child.pid);
 * await child.status;
 * const mb = peak.stop();
 * ```
 */
export function peakRss(pid: number, killAboveMb = 1500): { stop(): number } {
  let peak = 0;
  const timer = setInterval(() => {
    const hwm = statusMb(pid, "VmHWM");
    if (hwm === null) return;
    peak = Math.max(peak, hwm);
    if (hwm > killAboveMb) {
      try {
        Deno.kill(pid, "SIGKILL");
      } catch { /* already gone */ }
    }
  }, 20);
  return {
    stop() {
      clearInterval(timer);
      return Math.round(peak);
    },
  };
}

/** Ends a child that outlived `ms` (SIGKILL); returns the timer to clear. */
export function killAfter(
  child: Deno.ChildProcess,
  ms: number,
): ReturnType<typeof setTimeout> {
  return setTimeout(() => {
    try {
      child.kill("SIGKILL");
    } catch { /* already gone */ }
  }, ms);
}

/** The SHA-256 of a file, in hex. */
export async function sha256(path: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", await Deno.readFile(path));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The names in `dir` other than the database and its lock file: temporary files left behind. */
export function leftovers(dir: string, db = "c.db"): string[] {
  return [...Deno.readDirSync(dir)].map((e) => e.name)
    .filter((n) => n !== db && n !== `${db}.import-lock` && n.startsWith(db));
}
