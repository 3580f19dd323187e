/**
 * RFC 9457 problem responses (docs/api.md#errors-in-the-contract), built from the one registry in
 * `core/model/problems.ts`, plus the app's `onError` and `notFound` handlers
 * that turn every failure into one: a {@link ProblemError} thrown anywhere,
 * a directory that cannot be read, an unknown path, or an unexpected bug
 * (logged with the request id, answered without any internals).
 *
 * @example
 * ```ts ignore
 * import { createProblems } from "./problem.ts";
 * const problems = createProblems({ baseUrl: null, supportEmail: "help@x.example" });
 * app.onError(problems.onError);
 * app.notFound(problems.notFound);
 * ```
 * @module
 */
import type { Context, ErrorHandler, NotFoundHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import { type ProblemCode, ProblemError, PROBLEMS } from "../../core/model/mod.ts";
import { baseUrlOf } from "../http/base_url.ts";
import type { AppEnv } from "../http/env.ts";
import { problemOf } from "./classify.ts";
import { send } from "./send.ts";

/** Media type of every error body. */
export const PROBLEM_TYPE = "application/problem+json";

/** The body of every error (docs/api.md#errors-in-the-contract), in the contract's field order. */
export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: string;
  hint: string;
  instance?: string;
}

/** Options of {@link createProblems}. */
export interface ProblemsOptions {
  /** `{base_url}`; null uses the request's origin. */
  baseUrl: string | null;
  /** Replaces `<SUPPORT_EMAIL>` in hints. */
  supportEmail: string;
  /** Where unexpected errors are reported; default stderr. */
  errorLog?: (line: string) => void;
}

/** Extra parts of one problem response. */
export interface ProblemExtras {
  /** Extra headers, e.g. `Allow` or `Retry-After`. */
  headers?: Readonly<Record<string, string>>;
  /** The `instance`; default the request path. */
  instance?: string;
}

/** The problem toolkit of one app. */
export interface Problems {
  /** The hint of a code, with the support address filled in. */
  hint(code: ProblemCode): string;
  /** The problem body for a code. */
  body(base: string, code: ProblemCode, detail: string, instance?: string): ProblemBody;
  /** An `application/problem+json` response for the current request. */
  respond(c: Context<AppEnv>, code: ProblemCode, detail: string, extras?: ProblemExtras): Response;
  /** For `app.onError`. */
  onError: ErrorHandler<AppEnv>;
  /** For `app.notFound`. */
  notFound: NotFoundHandler<AppEnv>;
}

/** Every unknown path under the API version reports this instance (docs/api.md#other-paths-under-apiv1). */
const API_ROOT = "/api/v1";

/** Reports the detail of an unknown path. */
function notFoundDetail(path: string): string {
  return `There is no resource at "${path}"`;
}

/**
 * Builds the problem toolkit of an app.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { createProblems } from "./problem.ts";
 * const p = createProblems({ baseUrl: "https://x.example", supportEmail: "help@x.example" });
 * const body = p.body("https://x.example", "invalid_page", 'Page "0" is not a whole number from 1', "/api/v1/clubs");
 * assert.equal(body.type, "https://x.example/problems/invalid_page");
 * ```
 */
export function createProblems(options: ProblemsOptions): Problems {
  // Hints never change per request: fill the address in once.
  const hints = new Map<ProblemCode, string>();
  for (const code of Object.keys(PROBLEMS) as ProblemCode[]) {
    hints.set(code, PROBLEMS[code].hint.replaceAll("<SUPPORT_EMAIL>", options.supportEmail));
  }
  const errorLog = options.errorLog ?? ((line: string) => console.error(line));

  const hint = (code: ProblemCode): string => hints.get(code)!;

  function body(base: string, code: ProblemCode, detail: string, instance?: string): ProblemBody {
    const info = PROBLEMS[code];
    const out: ProblemBody = {
      type: `${base}/problems/${code}`,
      title: info.title,
      status: info.status,
      detail,
      code,
      hint: hint(code),
    };
    if (instance !== undefined) out.instance = instance;
    return out;
  }

  function respond(
    c: Context<AppEnv>,
    code: ProblemCode,
    detail: string,
    extras: ProblemExtras = {},
  ) {
    const base = baseUrlOf(options.baseUrl, c.req.url);
    const problem = body(base, code, detail, extras.instance ?? c.req.path);
    const headers: [string, string][] = [
      ["Content-Type", PROBLEM_TYPE],
      ["Cache-Control", "no-store"],
      ...Object.entries(extras.headers ?? {}),
    ];
    return send(c, JSON.stringify(problem), { status: problem.status, headers });
  }

  const notFound: NotFoundHandler<AppEnv> = (c) => {
    const path = c.req.path;
    const underApi = path === API_ROOT || path.startsWith(`${API_ROOT}/`);
    return respond(c, "not_found", notFoundDetail(path), {
      instance: underApi ? API_ROOT : path,
    });
  };

  const onError: ErrorHandler<AppEnv> = (err, c) => {
    if (err instanceof ProblemError) {
      if (err.status >= 500 && err.cause !== undefined) {
        // The client gets no internals; the operator needs the cause.
        errorLog(`error ${c.get("requestId") ?? "-"}: ${err.code}: ${String(err.cause)}`);
      }
      return respond(c, err.code, err.message, { headers: err.headers, instance: err.instance });
    }
    const failure = problemOf(err);
    if (failure !== null) {
      // Logged once per failure so an operator sees why, without it reaching the client.
      errorLog(`error ${c.get("requestId") ?? "-"}: ${err.message}`);
      return respond(c, failure.code, failure.detail);
    }
    // Hono's own exceptions already carry the response their thrower chose.
    if (err instanceof HTTPException) return err.getResponse();
    const id = c.get("requestId") ?? "-";
    errorLog(
      `error ${id}: ${c.req.method} ${c.req.path} failed unexpectedly: ${err.stack ?? err.message}`,
    );
    return respond(
      c,
      "internal_error",
      `The server failed unexpectedly while answering request ${id}`,
    );
  };

  return { hint, body, respond, onError, notFound };
}
