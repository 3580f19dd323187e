/**
 * The one owner of how responses are built. Routes answer with
 * {@link send} (any body, every header at construction), {@link sendCached}
 * (a cached body in the coding the request accepts, its compressed forms
 * kept with it: the API's club lists, the website's pages, the OpenAPI
 * document; with an `etag`, answering 304 to a request that holds it)
 * and classify read failures with {@link problemOf}. Validators: {@link tagOf},
 * {@link weakTag} and {@link notModified} for a route that sends its body
 * otherwise (see validators.ts). The header
 * and compress middlewares call {@link collectHeaders},
 * {@link addCollectedHeaders} and {@link isNegotiated}; nothing outside
 * this folder builds the collected headers into a response or marks its
 * coding as chosen (the private `_headers.ts` and `_negotiated.ts`).
 *
 * @example
 * ```ts ignore
 * import { problemOf, send, sendCached } from "../respond/mod.ts";
 * app.get("/page", (c) => sendCached(c, page, { headers: [["Content-Type", "text/html"]] }));
 * app.get("/hello", (c) => send(c, "hi", { headers: [["Content-Type", "text/plain"]] }));
 * ```
 * @module
 */
export { send, type SendInit } from "./send.ts";
export { type CachedBody, type CachedInit, sendCached } from "./cached.ts";
export { type FailureProblem, problemOf } from "./classify.ts";
export * from "./problem.ts";
export { ifNoneMatchHolds, notModified, strongTag, tagOf, weakTag } from "./validators.ts";
export { addCollectedHeaders, addResponseHeader, collectHeaders } from "./collect.ts";
export { isNegotiated } from "./_negotiated.ts";
