#!/usr/bin/env bash
# MCP conformance suite against a real server: `main.ts serve` with the
# bundled data on a free loopback port, then @modelcontextprotocol/conformance
# (run through Deno: it needs Node >= 22) with the baseline of scenarios that
# do not apply to a stateless, tools-only server, then the SDK v2 client
# (@modelcontextprotocol/client) in each negotiation mode: legacy (2025),
# auto and pinned to 2026-07-28, an era the conformance suite does not cover
# yet. Exits non-zero on any unexpected failure, and on a baseline entry that
# has started passing.
#
# Usage: .ci/conformance.sh        (DENO_CMD overrides the deno command)
set -euo pipefail
cd "$(dirname "$0")/.."

read -r -a DENO <<<"${DENO_CMD:-deno}"
export NO_COLOR=1

port=$("${DENO[@]}" eval --no-config \
  'const l = Deno.listen({ hostname: "127.0.0.1", port: 0 }); console.log(l.addr.port); l.close();')
hosts="127.0.0.1:${port},localhost:${port}"
args=(serve --port "$port" --rate-limit off --quiet)
# The Host allowlist is what the dns-rebinding-protection scenario checks.
if "${DENO[@]}" run -A main.ts serve --help | grep -q -- '--allowed-hosts'; then
  args+=(--allowed-hosts "$hosts")
fi

log=$(mktemp)
"${DENO[@]}" run -A main.ts "${args[@]}" >"$log" 2>&1 &
server=$!
cleanup() {
  kill "$server" 2>/dev/null || true
  wait "$server" 2>/dev/null || true
  rm -f "$log"
}
trap cleanup EXIT

# Up to 120 s: the first run builds data/clubs.db from the bundled snapshot.
ready=0
for _ in $(seq 1 1200); do
  if (exec 3<>"/dev/tcp/127.0.0.1/${port}") 2>/dev/null; then
    ready=1
    break
  fi
  if ! kill -0 "$server" 2>/dev/null; then break; fi
  sleep 0.1
done
if [ "$ready" -ne 1 ]; then
  echo "conformance: the server did not start on port ${port}:" >&2
  cat "$log" >&2
  exit 1
fi

echo "conformance: main.ts ${args[*]}"
# --no-config and a lock of its own keep the project's deno.json and
# deno.lock out of it; --frozen fails rather than resolve anything new.
"${DENO[@]}" run -A --no-config --lock=.ci/conformance.lock --frozen \
  npm:@modelcontextprotocol/conformance@0.1.16 server \
  --url "http://127.0.0.1:${port}/api/mcp" \
  --expected-failures .ci/conformance-baseline.yml

echo "conformance: the SDK v2 client in each negotiation mode"
"${DENO[@]}" run -A --config dev.json --frozen tests/server/mcp/_client_check.ts "http://127.0.0.1:${port}/api/mcp"
