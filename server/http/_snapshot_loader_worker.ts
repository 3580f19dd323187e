/**
 * The worker of ./snapshot_loader.ts: opens the database it is sent, reads
 * its club JSON into shared memory, posts it back, and closes the file.
 *
 * @example
 * ```ts ignore
 * new Worker(new URL("./_snapshot_loader_worker.ts", import.meta.url), { type: "module" })
 *   .postMessage({ path: "data/clubs.db" });
 * ```
 * @module
 */
import { ClubStore } from "../../core/store/mod.ts";
import type { LoaderReply } from "./snapshot_loader.ts";

const scope = self as unknown as {
  onmessage: ((e: MessageEvent<{ path: string }>) => void) | null;
  postMessage(message: LoaderReply): void;
};

scope.onmessage = (e) => {
  let store: ClubStore | null = null;
  let reply: LoaderReply;
  try {
    store = ClubStore.open(e.data.path, { holdJson: true, shareJson: true });
    reply = { ok: true, json: store.sharedJson() };
  } catch (err) {
    reply = { ok: false, message: (err as Error).message };
  } finally {
    store?.close();
  }
  scope.postMessage(reply);
};
