#!/usr/bin/env bash
# The whole test command: the dependencies (on a fresh clone), then two lanes side by side:
#   server lane (at nice 10): the api-server suites on PostgreSQL when TEST_POSTGRES_URL names a server, then on PGlite;
#   journeys lane: every other workspace's tests, the build, the browser journeys, then lint, format, knip, the
#                CLI's tests (against a server on Podman) and the type checks of every workspace and of tools/.
# The journeys, which mostly wait on the browser, start as early as they can and get the processor first. The journeys
# lane writes to .tmp/ci-timings/journeys.log, printed when it ends. On exit a timing table lists each phase with its
# wall and CPU seconds and each suite's 10 slowest test files (scripts/timing-table.mjs).
set -euo pipefail
cd "$(dirname "$0")/.."

source scripts/tmpfs-scratch.sh
timings=$PWD/.tmp/ci-timings
rm -rf "$timings"
mkdir -p "$timings"
trap 'node scripts/timing-table.mjs "$timings"; remove_tmpfs_scratch; [[ -z ${server_build:-} ]] || rm -rf "$server_build"' EXIT

# CPU seconds (user and system) of this shell's finished child processes so far, from the `times` builtin (run in this
# shell, not in a command substitution's subshell, whose children are its own), into the variable named $1.
children_cpu() {
  local file="$timings/times.$BASHPID"
  times >"$file"
  printf -v "$1" '%s' "$(awk 'NR == 2 { split($1, u, /[ms]/); split($2, s, /[ms]/); print u[1] * 60 + u[2] + s[1] * 60 + s[2] }' "$file")"
}

# phase NAME COMMAND...: runs one phase and adds its start, end, exit status and CPU seconds to the timing table. The CPU
# is what the phase's processes used once they ended (not daemons that outlive them: containers, the PostgreSQL server).
phase() {
  local name=$1 start cpu_before cpu_after status=0
  shift
  start=$(date +%s.%N)
  children_cpu cpu_before
  echo "── $name"
  "$@" || status=$?
  children_cpu cpu_after
  printf '%s\t%s\t%s\t%s\t%s\n' "$name" "$start" "$(date +%s.%N)" "$status" "$(awk "BEGIN { print $cpu_after - $cpu_before }")" >>"$timings/phases.tsv"
  return "$status"
}

# --reporter options that also write the suite's results and each file's seconds where the timing table reads them.
# An absolute path: the server suites run from api-server/.
file_seconds=$PWD/scripts/vitest-file-seconds.mjs
json_report() { echo "--reporter=default --reporter=json --reporter=$file_seconds --outputFile.json=$timings/$1.json"; }

# TypeScript 7's native compiler (the typescript-native alias; `typescript` stays 5.9 for the tools that use its API:
# typescript-eslint, the import graph): 25 CPU-s in CI against 76 for tsc 5.9, with the same diagnostics.
type_check() {
  node scripts/type-check-projects.mjs "$timings/browser-workspaces" | xargs -P 2 -I{} node node_modules/typescript-native/bin/tsc --noEmit -p {}
}

workspace_tests() {
  for workspace in $(node -e "for (const w of require('./package.json').workspaces) if (w !== 'api-server' && w !== 'cli' && require('./' + w + '/package.json').scripts?.test) console.log(w)"); do
    echo "── $workspace"
    npm test --silent -w "$workspace" || return
  done
}

pglite_suite() { (cd api-server && npx vitest run $(json_report api-server-pglite)); }
postgres_suite() { (cd api-server && DATABASE_URL="$TEST_POSTGRES_URL" npx vitest run $(json_report api-server-postgres)); }
journeys() { bash e2e/run.sh $(json_report e2e); }

# Each lane runs all its phases even after one fails, so one run reports every failure; it exits with the last failure.
# The server lane yields the processor to the journeys (nice 10): they mostly wait on the browser and the server, so
# beside a lane that kept both cores busy they took twice their CPU time in wall time, and the run ended with them.
server_lane() {
  local status=0
  renice -n 10 -p "$BASHPID" >/dev/null
  # PostgreSQL first: the suite that ends the run runs alone, and the PGlite pass, whose work is all in its two workers,
  # keeps both cores busy, where the PostgreSQL pass, waiting on its server, kept one and a half.
  if [ -n "${TEST_POSTGRES_URL:-}" ]; then phase "api-server on PostgreSQL" postgres_suite || status=$?; fi
  phase "api-server on PGlite" pglite_suite || status=$?
  return "$status"
}

# The static checks, the CLI's tests (a server on Podman) and the type check come after the journeys: the server lane,
# with both api-server passes, ends the run even so (docs/testing.md gives the measured lane ends).
journeys_lane() {
  local status=0
  phase "workspace tests" workspace_tests || status=$?
  if [ -f e2e/run.sh ]; then
    [[ -f dist/web/index.html && -f dist/web/importmap.json ]] || phase "build (the portal, for the journeys)" npm run build:web --silent || status=$?
    phase "browser journeys" journeys || status=$?
  fi
  phase "lint" npm run lint --silent || status=$?
  phase "format" npm run format:check --silent || status=$?
  phase "unused files, exports and dependencies" npm run knip --silent || status=$?
  phase "cli (against a server on Podman)" npm test --silent -w cli || status=$?
  phase "type check (two projects at a time)" type_check || status=$?
  return "$status"
}

if [ ! -d node_modules ]; then
  phase "npm install (fresh clone)" npm install --no-audit --no-fund
fi

phase "ffmpeg (video transcoding), Redis and nginx (replicas)" \
  bash -c 'bash scripts/ensure-ffmpeg.sh && bash scripts/ensure-debian.sh redis-server nginx'

# One production build of the server for every server process the suites start (test-support/server-bundle.ts and
# server-command.ts read RC_TEST_SERVER_BUILD): each vitest run built its own, 3.6 CPU-s apiece, and the CLI's tests ran
# their server from the sources through tsx.
server_build=$(mktemp -d "$PWD/api-server/.server-build-XXXXXX")
phase "server build (for the servers the tests start)" node tools/server-build/build.mjs "$server_build"
export RC_TEST_SERVER_BUILD=$server_build/server.js

echo "── journeys lane runs beside the server lane; follow it in .tmp/ci-timings/journeys.log"
journeys_lane >"$timings/journeys.log" 2>&1 &
journeys_pid=$!

server_lane &
server_pid=$!
server_status=0
wait "$server_pid" || server_status=$?
journeys_status=0
wait "$journeys_pid" || journeys_status=$?

echo "── journeys lane (workspace tests, build, browser journeys)"
cat "$timings/journeys.log"
if ((server_status || journeys_status)); then
  echo "test: failed (server lane exit $server_status, journeys lane exit $journeys_status)" >&2
  exit 1
fi
