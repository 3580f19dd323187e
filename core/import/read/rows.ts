/**
 * Parsed, validated rows of a {@link Source}, produced by a worker
 * (worker.ts) while the caller inserts the previous batch. A source's file
 * is read by the worker itself; any other stream stays
 * with the caller, which reads a chunk whenever the worker asks. The worker
 * waits for each batch to be acknowledged before running more than a few
 * ahead, so neither side buffers the file.
 *
 * @example
 * ```ts ignore
 * import { importRows } from "./rows.ts";
 * import { openSource } from "./source.ts";
 * for await (const m of importRows(openSource("data/clubs.csv.gz"))) {
 *   if (m.t === "rows") console.log(m.lines.length);
 * }
 * ```
 * @module
 */
import { fileURLToPath } from "node:url";
import { DETECT, ParseFailure, parseRows, ReadFailure, type RowMessage } from "./parse.ts";
import type { Source } from "./source.ts";
import type { FromWorker, ParseOptions, ToWorker } from "./protocol.ts";

export { ParseFailure, ReadFailure, type RowMessage };

const WORKER = new URL("./worker.ts", import.meta.url);

/**
 * Whether the worker's module may be loaded: Deno checks read access to a
 * worker's file, and the narrow permissions of e.g. the MCP server's usage
 * text only cover the data. Without it the import parses in this thread.
 */
function workerAllowed(): boolean {
  if (WORKER.protocol !== "file:") return true;
  return Deno.permissions.querySync({ name: "read", path: fileURLToPath(WORKER) }).state ===
    "granted";
}

/**
 * Parsed, validated rows of `source` (see {@link parseRows}): from the
 * parse worker when it may run, else parsed in this thread.
 *
 * @example
 * ```ts ignore
 * import { importRows } from "./rows.ts";
 * import { streamSource } from "./source.ts";
 * for await (const m of importRows(streamSource(new Blob(["name\nA\n"]).stream()))) console.log(m.t);
 * ```
 */
export function importRows(
  source: Source,
  options: ParseOptions = DETECT,
  signal?: AbortSignal,
): AsyncGenerator<RowMessage, void, undefined> {
  return workerAllowed() ? workerRows(source, options, signal) : parseRows(source.stream, options);
}

/**
 * Streams `source` through the parse worker. Every batch must be handled
 * before the next is requested (the generator acknowledges it then). The
 * worker stops when the generator ends, normally or not.
 *
 * @example
 * ```ts ignore
 * import { workerRows } from "./rows.ts";
 * import { streamSource } from "./source.ts";
 * for await (const m of workerRows(streamSource(new Blob(["name\nA\n"]).stream()))) console.log(m.t);
 * ```
 */
export async function* workerRows(
  source: Source,
  options: ParseOptions = DETECT,
  signal?: AbortSignal,
): AsyncGenerator<RowMessage, void, undefined> {
  const worker = new Worker(WORKER, { type: "module" });
  const path = source.claimFile();
  const reader = path === null ? source.stream.getReader() : null;
  const queue: FromWorker[] = [];
  let failure: Error | null = null;
  let wake: (() => void) | null = null;
  const notify = () => {
    wake?.();
    wake = null;
  };
  const send = (m: ToWorker, transfer: Transferable[] = []) => worker.postMessage(m, transfer);
  const feed = async () => {
    try {
      const r = await reader!.read();
      if (r.done) return send({ t: "chunk", bytes: null });
      // Hand the bytes over without a copy when the chunk owns its buffer.
      const own = r.value.byteOffset === 0 && r.value.byteLength === r.value.buffer.byteLength;
      const bytes = own ? r.value : r.value.slice();
      send({ t: "chunk", bytes }, [bytes.buffer as ArrayBuffer]);
    } catch (e) {
      failure ??= new ReadFailure((e as Error).message);
      notify();
    }
  };
  worker.onmessage = (e: MessageEvent<FromWorker>) => {
    if (e.data.t === "pull") void feed();
    else {
      queue.push(e.data);
      notify();
    }
  };
  worker.onerror = (e: ErrorEvent) => {
    e.preventDefault();
    failure ??= new Error(`The import worker failed: ${e.message}`);
    notify();
  };
  // A stop must not wait for input that may never come (a pipe kept open).
  const onAbort = () => notify();
  signal?.addEventListener("abort", onAbort);
  send({ t: "start", path, options });
  try {
    while (true) {
      signal?.throwIfAborted();
      if (failure) throw failure;
      const m = queue.shift();
      if (m === undefined) {
        await new Promise<void>((r) => wake = r);
        continue;
      }
      if (m.t === "error") {
        throw m.read ? new ReadFailure(m.message) : new ParseFailure(m.message);
      }
      if (m.t === "pull") continue;
      yield m;
      if (m.t === "rows") send({ t: "ack" });
      if (m.t === "done" || m.t === "fatal") return;
    }
  } finally {
    signal?.removeEventListener("abort", onAbort);
    worker.terminate();
    reader?.cancel().catch(() => {});
  }
}
