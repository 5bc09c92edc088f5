#!/usr/bin/env bash
# drizzle-orm stays nested in api-server/node_modules (its optional react-native peers clash with
# the portal's React 18 at the root), where the hoisted drizzle-kit cannot import it: bridge it
# for the duration of the command.
set -u
cd "$(dirname "$0")/.."
ln -sfn ../api-server/node_modules/drizzle-orm ../node_modules/drizzle-orm
npx drizzle-kit generate "$@"
status=$?
rm -f ../node_modules/drizzle-orm
exit $status
