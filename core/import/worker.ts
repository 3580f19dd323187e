/**
 * The import's parse workers: {@link parseRows} (CSV parsing and row
 * validation, the half of an import that needs no database) off the main
 * thread. The reader reads the file itself when given a path, else asks the
 * main thread for input a chunk at a time, and sends rows back in batches,
 * holding at most {@link MAX_IN_FLIGHT} unacknowledged ones, so memory stays
 * flat whatever the file size. It hands pieces of a large CSV to a helper
 * (the same module, given pieces instead of a start), at most
 * {@link MAX_LENT} at a time, and reads the others itself, so parsing runs
 * on two cores.
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
import { type CsvPiece, parsePiece, parseRows, ReadFailure } from "./parse.ts";
import type { ParseOptions } from "./protocol.ts";
import { gunzipIfNeeded } from "./source.ts";
import type { FromWorker, ToWorker } from "./protocol.ts";

/** Batches sent but not yet handled by the main thread. */
export const MAX_IN_FLIGHT = 16;

/** Pieces lent to the helper and not yet read by it. */
export const MAX_LENT = 2;

let credit = MAX_IN_FLIGHT;
let lent = 0;
let onCredit: (() => void) | null = null;
let onChunk: ((bytes: Uint8Array | null) => void) | null = null;
// The piece being read (or next to be): an error belongs after the pieces before it.
let current = 0;

const post = (m: FromWorker, transfer: Transferable[] = []) => self.postMessage(m, transfer);

self.onmessage = (e: MessageEvent<ToWorker>) => {
  const m = e.data;
  if (m.t === "ack") {
    credit++;
    onCredit?.();
  } else if (m.t === "chunk") {
    onChunk?.(m.bytes);
  } else if (m.t === "piece_done") {
    lent--;
  } else if (m.t === "piece") {
    help(m);
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

/** Lends a piece to the helper, through the main thread, when it has room. */
function lend(piece: CsvPiece): boolean {
  if (lent >= MAX_LENT) return false;
  lent++;
  const d = piece.data;
  // Handed over without a copy when the piece owns its buffer.
  const data = d.byteOffset === 0 && d.byteLength === d.buffer.byteLength ? d : d.slice();
  post({ t: "piece", ...piece, data }, [data.buffer as ArrayBuffer]);
  current = piece.seq + 1;
  return true;
}

async function run(path: string | null, options: ParseOptions): Promise<void> {
  try {
    // Reading the file here keeps input flowing while the main thread inserts.
    const input = path === null ? fed() : gunzipIfNeeded(Deno.openSync(path).readable);
    for await (const m of parseRows(input, options, lend)) {
      if (m.t === "rows") {
        while (credit === 0) await new Promise<void>((r) => onCredit = r);
        onCredit = null;
        credit--;
      }
      if (m.t === "piece_end") current = m.seq + 1;
      post(m);
    }
  } catch (e) {
    fail(e, current);
  }
}

/** The helper's part: one lent piece, read alone. */
function help(piece: CsvPiece): void {
  try {
    for (const m of parsePiece(piece)) post(m);
  } catch (e) {
    fail(e, piece.seq);
  }
}

function fail(e: unknown, seq: number): void {
  post({
    t: "error",
    message: e instanceof Error ? e.message : String(e),
    seq,
    ...(e instanceof ReadFailure ? { read: true } : {}),
  });
}
