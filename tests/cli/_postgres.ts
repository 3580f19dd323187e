/**
 * Test helper: PostgreSQL as an outside reader and writer of TSV. A
 * throwaway cluster (initdb) in a test's folder, driven in single-user mode
 * (`postgres --single`: no server, no socket, no port), whose `COPY … FROM`
 * and `COPY … TO` files are the reference for the text format's escapes.
 * As root it runs as the `postgres` user (PostgreSQL refuses root). Tests
 * skip, saying why, when PostgreSQL is not installed (`.ci/run` installs
 * Debian's `postgresql`).
 *
 * @example
 * ```ts ignore
 * const pg = await postgres(dir);
 * await pg.sql([`CREATE TABLE t (a text)`, `COPY t FROM '${dir}/t.tsv'`]);
 * ```
 * @module
 */

const LIB = "/usr/lib/postgresql";

/** The newest installed PostgreSQL's bin folder, or null. */
function binFolder(): string | null {
  try {
    const versions = [...Deno.readDirSync(LIB)].map((e) => e.name).filter((n) => /^\d+$/.test(n))
      .sort((a, b) => Number(b) - Number(a));
    for (const v of versions) {
      const bin = `${LIB}/${v}/bin`;
      try {
        Deno.statSync(`${bin}/postgres`);
        Deno.statSync(`${bin}/initdb`);
        return bin;
      } catch { /* a client-only version folder */ }
    }
  } catch { /* not installed */ }
  return null;
}

const BIN = binFolder();
const ROOT = Deno.uid() === 0;

/** Why PostgreSQL cannot run here, or null when it can. */
export function postgresMissing(): string | null {
  if (BIN === null) return `PostgreSQL is not installed (apt-get install -y postgresql)`;
  if (ROOT) {
    try {
      new Deno.Command("runuser", { args: ["--help"] }).outputSync();
    } catch {
      return "running as root without runuser (PostgreSQL refuses to run as root)";
    }
  }
  return null;
}

/** A cluster in a test's folder. */
export interface TestPostgres {
  /** Runs statements, one per line (no line breaks inside one); throws on an ERROR. */
  sql(statements: string[]): Promise<void>;
}

async function run(program: string, args: string[], stdin = ""): Promise<string> {
  const [command, all] = ROOT
    ? ["runuser", ["-u", "postgres", "--", `${BIN}/${program}`, ...args]]
    : [`${BIN}/${program}`, args];
  const child = new Deno.Command(command, {
    args: all,
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
    env: { LC_ALL: "C.UTF-8" },
  }).spawn();
  const writer = child.stdin.getWriter();
  await writer.write(new TextEncoder().encode(stdin));
  await writer.close();
  const out = await child.output();
  const text = new TextDecoder().decode(out.stdout) + new TextDecoder().decode(out.stderr);
  if (!out.success || /\bERROR:/.test(text)) {
    throw new Error(`${program} ${args.join(" ")} failed:\n${text}`);
  }
  return text;
}

/**
 * Makes a cluster in `dir`/pgdata. `dir` is handed to the `postgres` user
 * when running as root: the files COPY reads and writes are put there.
 */
export async function postgres(dir: string): Promise<TestPostgres> {
  if (ROOT) {
    const id = await new Deno.Command("id", { args: ["-u", "postgres"] }).output();
    const uid = Number(new TextDecoder().decode(id.stdout).trim());
    await Deno.chown(dir, uid, null);
    await Deno.chmod(dir, 0o755);
  }
  const data = `${dir}/pgdata`;
  await run("initdb", [
    "-D",
    data,
    "--no-sync",
    "--auth=trust",
    "--username=postgres",
    "--encoding=UTF8",
    "--locale=C.UTF-8",
    "--no-instructions",
  ]);
  return {
    async sql(statements) {
      for (const s of statements) if (s.includes("\n")) throw new Error(`one line each: ${s}`);
      await run(
        "postgres",
        ["--single", "-D", data, "-c", "fsync=off", "postgres"],
        statements.map((s) => s + "\n").join(""),
      );
    },
  };
}
