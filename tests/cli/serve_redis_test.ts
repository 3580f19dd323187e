import { UsageError } from "../../cli/args.ts";
import { resolveServe } from "../../cli/serve.ts";
import { assertEquals, assertThrows } from "../_assert.ts";

function resolve(args: string[], env: Record<string, string> = {}) {
  const r = resolveServe(["--db", "x.db", ...args], (n) => env[n]);
  if (r === "help") throw new Error("unexpected help");
  return r.settings;
}

Deno.test("serve --sessions and --rate-limit-store take redis:// URLs (flags or variables)", () => {
  const url = "redis://10.0.0.5:6379/2";
  const s = resolve(["--sessions", url, "--rate-limit-store", url]);
  assertEquals([s.sessions, s.rateLimitStore], [url, url]);
  const e = resolve([], { CLUBDIR_SESSIONS: url, CLUBDIR_RATE_LIMIT_STORE: url });
  assertEquals([e.sessions, e.rateLimitStore], [url, url]);
  // The defaults stay local: the session file beside the database, the in-process table.
  const d = resolve([]);
  assertEquals([d.sessions, d.rateLimitStore], [null, null]);
  assertEquals(resolve(["--sessions", "/srv/x.sessions.db"]).sessions, "/srv/x.sessions.db");
});

Deno.test("serve refuses a malformed Redis URL, naming the flag or variable", () => {
  assertThrows(
    () => resolve(["--rate-limit-store", "http://10.0.0.5:6379"]),
    (e: Error) =>
      e instanceof UsageError && /^--rate-limit-store must be redis:\/\//.test(e.message),
  );
  assertThrows(
    () => resolve(["--sessions", "redis://10.0.0.5:6379/db"]),
    (e: Error) =>
      e instanceof UsageError && /^--sessions must end with a database number/.test(e.message),
  );
  assertThrows(
    () => resolve([], { CLUBDIR_RATE_LIMIT_STORE: "redis://:pw@/0" }),
    (e: Error) =>
      e instanceof UsageError && /^CLUBDIR_RATE_LIMIT_STORE must be/.test(e.message) &&
      !e.message.includes("pw"),
  );
});
