#!/usr/bin/env bash
# The whole test command: the dependencies (on a fresh clone), type checks of every workspace and of tools/, lint, format, knip, the server suites
# on PGlite (and on PostgreSQL when TEST_POSTGRES_URL names a server), every workspace's tests, then the browser
# journeys.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -d node_modules ]; then
  echo "── npm install (fresh clone)"
  npm install --no-audit --no-fund
fi

echo "── type check (two projects at a time)"
for project in api-server $(node -e "for (const w of require('./package.json').workspaces) if (w !== 'api-server') console.log(w)") e2e tools; do
  if [ -f "$project/tsconfig.json" ]; then echo "$project"; fi
done | xargs -P 2 -I{} npx tsc --noEmit -p {}

echo "── lint"
npm run lint --silent

echo "── format"
npm run format:check --silent

echo "── unused files, exports and dependencies"
npm run knip --silent

echo "── ffmpeg (video transcoding), Redis and nginx (replicas)"
bash scripts/ensure-ffmpeg.sh
bash scripts/ensure-debian.sh redis-server nginx

echo "── api-server on PGlite"
(cd api-server && npx vitest run)

if [ -n "${TEST_POSTGRES_URL:-}" ]; then
  echo "── api-server on PostgreSQL"
  (cd api-server && DATABASE_URL="$TEST_POSTGRES_URL" npx vitest run)
fi

for workspace in $(node -e "for (const w of require('./package.json').workspaces) if (w !== 'api-server' && require('./' + w + '/package.json').scripts?.test) console.log(w)"); do
  echo "── $workspace"
  npm test --silent -w "$workspace"
done

if [ -f e2e/run.sh ]; then
  echo "── browser journeys"
  bash e2e/run.sh
fi
