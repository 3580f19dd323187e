/**
 * The import's parse worker: {@link parseRows} (CSV parsing and row
 * validation, the half of an import that needs no database) on its own
 * core. It reads the file itself when given a path, else asks the main
 * thread for input a chunk at a time, and sends rows back in batches,
 * holding at most {@link MAX_IN_FLIGHT} unacknowledged ones, so memory stays
 * flat whatever the file size.
 *
 * Started by rows.ts; the protocol is in protocol.ts.
 *
 * @example
 * ```ts ignore
 * new Worker(new URL("./worker.ts", import.meta.url), { type: "module" });
 * ```
 * @module
 */
/// <reference lib="deno.worker" />
import { parseRows, ReadFailure } from "./parse.ts";
import type { ParseOptions } from "./protocol.ts";
import { gunzipIfNeeded } from "./source.ts";
import type { FromWorker, ToWorker } from "./protocol.ts";

/** Batches sent but not yet handled by the main thread. */
export const MAX_IN_FLIGHT = 16;

let credit = MAX_IN_FLIGHT;
let onCredit: (() => void) | null = null;
let onChunk: ((bytes: Uint8Array | null) => void) | null = null;

const post = (m: FromWorker) => self.postMessage(m);

self.onmessage = (e: MessageEvent<ToWorker>) => {
  const m = e.data;
  if (m.t === "ack") {
    credit++;
    onCredit?.();
  } else if (m.t === "chunk") {
    onChunk?.(m.bytes);
  } else {
    void run(m.path, m.options);
  }
};

/** Input pulled from the main thread; a few chunks ahead, so parsing never waits on a busy main thread. */
const fed = () =>
  new ReadableStream<Uint8Array>({
    pull: async (c) => {
      const bytes = await new Promise<Uint8Array | null>((resolve) => {
        onChunk = resolve;
        post({ t: "pull" });
      });
      onChunk = null;
      if (bytes === null) c.close();
      else c.enqueue(bytes);
    },
  }, { highWaterMark: 4 });

async function run(path: string | null, options: ParseOptions): Promise<void> {
  try {
    // Reading the file here keeps input flowing while the main thread inserts.
    const input = path === null ? fed() : gunzipIfNeeded(Deno.openSync(path).readable);
    for await (const m of parseRows(input, options)) {
      if (m.t === "rows") {
        while (credit === 0) await new Promise<void>((r) => onCredit = r);
        onCredit = null;
        credit--;
      }
      post(m);
    }
  } catch (e) {
    post({
      t: "error",
      message: e instanceof Error ? e.message : String(e),
      ...(e instanceof ReadFailure ? { read: true } : {}),
    });
  }
}
