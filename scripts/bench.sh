#!/usr/bin/env bash
# Prints the benchmark figures (not a test): the API on PGlite and on PostgreSQL, then the portal.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "── api: authenticated ext/view vs a bare route"
npx tsx bench/api-ext-view.ts "${BENCH_SECONDS:-10}"
bash scripts/with-postgres.sh bash -c 'DATABASE_URL=$TEST_POSTGRES_URL npx tsx bench/api-ext-view.ts "${BENCH_SECONDS:-10}"'
echo "── compute: instance list of a 10,000-instance user, one metering pass over 100,000 running instances" && npx tsx bench/compute-metering.ts "${BENCH_SECONDS:-10}" && bash scripts/with-postgres.sh bash -c 'DATABASE_URL=$TEST_POSTGRES_URL npx tsx bench/compute-metering.ts "${BENCH_SECONDS:-10}"'

if [ -f bench/portal-first-visit.mjs ]; then
  echo "── portal: first visit"
  node bench/portal-first-visit.mjs
fi
node bench/upload-bench.mjs  # MD5 in the worker vs node:crypto, 1 GiB through the engine (cpu, gpu) vs one raw PUT
