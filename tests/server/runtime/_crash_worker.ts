/**
 * A worker isolate for supervisor tests: the real worker (server/runtime/worker.ts)
 * with two extra routes, `/test/crash` (an uncaught error ends the isolate)
 * and `/test/hang` (a synchronous loop that never ends).
 *
 * @module
 */
import { serveInWorker } from "../../../server/runtime/worker.ts";

serveInWorker({
  configure(app) {
    app.get("/test/crash", (c) => {
      setTimeout(() => {
        throw new Error("test crash");
      }, 0);
      return c.text("crashing");
    });
    app.get("/test/hang", () => {
      for (;;) {
        // Stuck on purpose: only exiting the process ends this.
      }
    });
  },
});
