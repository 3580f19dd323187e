/**
 * Runs `main.ts` with its arguments on a Deno whose internal
 * `serveHttpOnConnection` is gone, as a future Deno may be: removed before
 * `main.ts` (and so `server/runtime/connections.ts`) is loaded.
 *
 * @example
 * ```sh
 * deno run -A tests/server/runtime/_without_serve_on_connection.ts serve --port 0
 * ```
 * @module
 */
const deno = Deno as unknown as Record<symbol | string, unknown>;
const internals = deno[deno.internal as symbol] as Record<string, unknown>;
delete internals.serveHttpOnConnection;
const { main } = await import("../../../main.ts");
Deno.exit(await main(Deno.args));
