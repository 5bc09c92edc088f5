#!/usr/bin/env bash
# Prints the benchmark figures (not a test): each server benchmark on PGlite and then on a
# throwaway PostgreSQL, then the portal and the uploader in Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${BENCH_SECONDS:-10}"

on_both_databases() {
  npx tsx "$1" "$seconds"
  bash scripts/with-postgres.sh bash -c "DATABASE_URL=\$TEST_POSTGRES_URL npx tsx $1 $seconds"
}

echo "── api: authenticated ext/view vs a bare route"
on_both_databases bench/api-ext-view.ts

echo "── lists: instances, blog, bills vs the bare route (10 connections); restart to first answer; idle memory"
on_both_databases bench/list-calls.ts

echo "── start-up: a new site's first start and its idle memory; the restart to first answer vs a Node hello"
on_both_databases bench/server-start.ts

echo "── push: 1,000 SSE clients of one server receive one balance change (p50/p99 delivery); heap per stream"
npx tsx bench/server-push.ts
bash scripts/with-postgres.sh bash -c "DATABASE_URL=\$TEST_POSTGRES_URL npx tsx bench/server-push.ts"

echo "── compute: one metering pass over 100,000 running instances; instance list of a 10,000-instance user"
on_both_databases bench/compute-metering.ts

echo "── bills: list pages and monthly statements of a user with 1,000,000 bill lines"
npx tsx bench/bill-list.ts
bash scripts/with-postgres.sh npx tsx bench/bill-list.ts

echo "── payments: sandbox notifications settled per second (first delivery, then replays)"
npx tsx bench/payment-notifications.ts
bash scripts/with-postgres.sh bash -c "DATABASE_URL=\$TEST_POSTGRES_URL npx tsx bench/payment-notifications.ts"

echo "── community: site search over 100,000 posts (one and two Chinese words, a deep page); the 热门 tab"
npx tsx bench/community-search.ts
bash scripts/with-postgres.sh npx tsx bench/community-search.ts

echo "── learning: progress reports of 300 learners, the course catalogue, search and a 200-period table of contents"
npx tsx bench/course-learning.ts
bash scripts/with-postgres.sh npx tsx bench/course-learning.ts

echo "── exams: a class of 300 begins, autosaves, hands in; a key correction regrades every attempt"
npx tsx bench/exam-taking.ts
bash scripts/with-postgres.sh npx tsx bench/exam-taking.ts

echo "── hpc: 1,000 jobs submitted, followed and charged on the simulated cluster; the job list"
npx tsx bench/hpc-jobs.ts
bash scripts/with-postgres.sh npx tsx bench/hpc-jobs.ts

echo "── operations: back up a site of 300,000 bill lines and 64 MiB of blobs, restore it into a fresh site"
npx tsx bench/backup-restore.ts
bash scripts/with-postgres.sh npx tsx bench/backup-restore.ts

echo "── portal: first visit"
node bench/portal-first-visit.mjs

echo "── uploads: MD5 in the worker vs node:crypto; 1 GiB through the engine (cpu, gpu) vs one raw PUT"
node bench/upload-bench.mjs
if [ "$(id -u)" = 0 ]; then
  echo "── uploads: 0.5 GiB through the portal vs one raw PUT on a tbf-shaped link (200 Mbit/s, 1 Gbit/s; cpu target and cloud disk)"
  for link in 200mbit 1gbit; do node bench/upload-bench.mjs --only upload --gib 0.5 --runs 3 --link "$link"; done
else
  echo "── uploads on a shaped link: skipped (needs root for ip netns and tc)"
fi

echo "── file storage: list a folder of 10,000 files on the local and the SFTP cluster (sshd started by the bench)"
npx tsx bench/storage-list.ts

echo "── podman: pay → running and → exec-ready, stop and start; 20 instances paid for at once (p50/p99)"
npx tsx bench/podman-instances.ts 20
