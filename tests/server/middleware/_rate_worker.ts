/** Test worker: hammers one key of a shared rate table, then reports. */
import { RateTable } from "../../../server/http/rate_table.ts";

const scope = self as unknown as {
  onmessage: ((e: MessageEvent<{ buffer: SharedArrayBuffer; hits: number }>) => void) | null;
  postMessage(m: unknown): void;
};
scope.onmessage = (e) => {
  const table = new RateTable(e.data.buffer);
  for (let i = 0; i < e.data.hits; i++) {
    table.hit("shared-client", 1_000, 3_600);
    table.hit(`other-${i % 64}`, 1_000, 3_600);
  }
  scope.postMessage("done");
};
