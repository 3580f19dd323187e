// Test tier: unit (no sockets, no child processes; see tests/tiers.ts).
import { assertEquals } from "../../_assert.ts";
import { databaseWriteProblem, writeProblem } from "../../../cli/output/file_errors.ts";

const osError = (code: string, message: string) => Object.assign(new Error(message), { code });

Deno.test("writeProblem() names the user's path, why, and what to do, for each refusal", () => {
  const tmp = "'/srv/out/x.csv.exporting-7-0123456789abcdef'";
  const cases: [Error, string][] = [
    [
      osError("EACCES", `Permission denied (os error 13): open ${tmp}`),
      "permission denied — choose another path, or check the permissions of its folder (/srv/out)",
    ],
    [
      osError("ENOENT", `No such file or directory (os error 2): open ${tmp}`),
      "the folder /srv/out does not exist — create it, or choose another path",
    ],
    [
      osError("ENOSPC", `No space left on device (os error 28): write ${tmp}`),
      "the disk of /srv/out is full — free some space, or choose another disk",
    ],
    [
      osError("EROFS", `Read-only file system (os error 30): open ${tmp}`),
      "/srv/out is on a read-only file system — choose another path",
    ],
    [osError("EMLINK", `Too many links (os error 31): open ${tmp}`), "too many links"],
  ];
  for (const [e, words] of cases) {
    assertEquals(writeProblem(e, "/srv/out/x.csv"), `cannot write /srv/out/x.csv: ${words}`);
  }
  // Not an error of the system: its own message stands.
  assertEquals(writeProblem(new TypeError("x is undefined"), "/srv/out/x.csv"), null);
});

Deno.test("databaseWriteProblem() reads SQLite's refusals, and leaves errors about other files alone", () => {
  const sqlite = (m: string) => osError("ERR_SQLITE_ERROR", m);
  assertEquals(
    databaseWriteProblem(sqlite("database or disk is full"), "/srv/c.db"),
    "cannot write /srv/c.db: the disk of /srv is full — free some space, or choose another disk",
  );
  assertEquals(
    databaseWriteProblem(sqlite("attempt to write a readonly database"), "/srv/c.db"),
    "cannot write /srv/c.db: /srv is on a read-only file system — choose another path",
  );
  const other = osError("EACCES", "Permission denied (os error 13): open '/srv/rates.csv'");
  assertEquals(databaseWriteProblem(other, "/srv/c.db"), null);
});
