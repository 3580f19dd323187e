/**
 * Deno's per-connection HTTP server, `serveHttpOnConnection`: the
 * per-connection form of `Deno.serve`, internal to Deno
 * (`Deno[Deno.internal]`). The accept loop (connections.ts) hands each
 * connection to it; a Deno without it is a start-up error.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { checkPerConnectionServing } from "./_serve_on_connection.ts";
 * assert.doesNotThrow(checkPerConnectionServing); // on Deno 2.9.6
 * ```
 * @module
 */
/** A request handler, as `Deno.serve` takes it. */
export type ServeHandler = (
  req: Request,
  info: Deno.ServeHandlerInfo<Deno.NetAddr>,
) => Response | Promise<Response>;

/** The part of Deno's per-connection server that is used here. */
export interface ConnectionHttp {
  finished: Promise<void>;
  shutdown(): Promise<void>;
}

export type ServeOnConnection = (
  conn: Deno.Conn,
  signal: AbortSignal,
  handler: ServeHandler,
  onError: (error: unknown) => Response,
  onListen: () => void,
) => ConnectionHttp;

/** Deno's internal per-connection server, if this Deno has it. */
function internalServeOnConnection(): ServeOnConnection | null {
  const deno = Deno as unknown as Record<symbol | string, unknown>;
  const key = deno.internal;
  const internals = typeof key === "symbol" ? deno[key] as Record<string, unknown> : undefined;
  const fn = internals?.serveHttpOnConnection;
  return typeof fn === "function" ? fn as ServeOnConnection : null;
}

export const serveOnConnection = internalServeOnConnection();

/** The Deno release serving is built and tested on (its internal API is not stable). */
export const REQUIRED_DENO = "2.9.6";

/**
 * Throws the start-up error of a Deno without `serveHttpOnConnection`:
 * serving without it would lose the timeouts, the cap and EMFILE survival,
 * so `serve` refuses to start instead of falling back to `Deno.serve`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { checkPerConnectionServing } from "./_serve_on_connection.ts";
 * assert.doesNotThrow(checkPerConnectionServing); // on Deno 2.9.6; throws where the API is gone
 * ```
 */
export function checkPerConnectionServing(): void {
  if (serveOnConnection === null) throw missingApi();
}

/** The start-up error of a Deno without the per-connection server, naming the Deno it needs. */
export function missingApi(): Error {
  return new Error(
    `this Deno (${Deno.version.deno}) lacks Deno[Deno.internal].serveHttpOnConnection, ` +
      `which serve needs to accept connections itself: run it with Deno ${REQUIRED_DENO}`,
  );
}
