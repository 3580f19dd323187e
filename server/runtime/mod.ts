/**
 * The door of `server/runtime/`: starting `main.ts serve`, in one isolate
 * or N, with everything it opens (see `./start.ts`). The accept loop
 * (`./connections.ts`) and the worker entry (`./worker.ts`) are files of
 * their own; `_isolate.ts` and `_supervisor.ts` are private to this folder.
 *
 * @example
 * ```ts ignore
 * import { startServer } from "./mod.ts";
 * await using server = await startServer({ settings });
 * ```
 * @module
 */
export { type Server, type StartOptions, startServer } from "./start.ts";
export type { SupervisorOptions } from "./_supervisor.ts";
export { listenUrl } from "./_isolate.ts";
