/**
 * How the accept loop (connections.ts) ends connections: aborting one
 * outright, telling a shortage of descriptors from a failure of one
 * connection, and marking an answer sent while draining so that its
 * keep-alive client opens a new connection for its next request instead of
 * sending it on one about to close.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { lastOnConnection } from "./_closing.ts";
 * const res = lastOnConnection(new Response("ok"));
 * assert.deepStrictEqual(res.headers.get("connection"), "close");
 * ```
 * @module
 */

/**
 * Aborts a connection's signal. Deno's abort listener cancels the
 * connection's server resource, which is already gone when the client left
 * while a handler was still running; it then throws BadResource, and an
 * exception in an event listener is reported as an uncaught error (fatal).
 * That one error is expected and harmless here, so it is caught.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { abortConnection } from "./_closing.ts";
 * const abort = new AbortController();
 * abortConnection(abort);
 * assert.deepStrictEqual(abort.signal.aborted, true);
 * ```
 */
export function abortConnection(abort: AbortController): void {
  const expected = (e: ErrorEvent) => {
    if (e.error instanceof Deno.errors.BadResource) e.preventDefault();
  };
  globalThis.addEventListener("error", expected);
  try {
    abort.abort();
  } finally {
    globalThis.removeEventListener("error", expected);
  }
}

/**
 * Whether an `accept` failed for lack of file descriptors (EMFILE, ENFILE).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isFdExhaustion } from "./_closing.ts";
 * assert.deepStrictEqual(isFdExhaustion(new Error("Too many open files (os error 24)")), true);
 * assert.deepStrictEqual(isFdExhaustion(new Error("Connection reset (os error 104)")), false);
 * ```
 */
export function isFdExhaustion(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  return code === "EMFILE" || code === "ENFILE" || /os error (23|24)\b/.test(String(e));
}

/**
 * The response with `Connection: close`: the last answer on its connection
 * (sent while the server drains). hyper then closes the connection once the
 * response is written, and the client, told so, sends its next request on a
 * new connection (to another replica or worker) rather than on this one,
 * where it would be lost. Headers of a response built as immutable (e.g.
 * `Response.redirect`) are copied into a new response.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { lastOnConnection } from "./_closing.ts";
 * const moved = lastOnConnection(Response.redirect("http://127.0.0.1/x", 301));
 * assert.deepStrictEqual([moved.status, moved.headers.get("connection")], [301, "close"]);
 * ```
 */
export function lastOnConnection(res: Response): Response {
  try {
    res.headers.set("Connection", "close");
    return res;
  } catch {
    const headers = new Headers(res.headers);
    headers.set("Connection", "close");
    return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
  }
}
