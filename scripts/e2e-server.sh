#!/usr/bin/env bash
# Starts the real server for the end-to-end tests on a fresh database (seeded, the simulator's history only, market maker on),
# from a snapshot of the current build, so a rebuild during the run can't pull assets away.
set -euo pipefail
cd "$(dirname "$0")/.."
export DATA_DIR="${E2E_DATA_DIR:-$PWD/.e2e-data}"
snap="$PWD/.e2e-build-${E2E_PORT:-3210}"
rm -rf "$DATA_DIR" "$snap"
mkdir -p "$snap/public"
# Take the copy while no local build is writing (developers serialize builds on this lock).
exec 9>/tmp/build.lock
command -v flock >/dev/null && flock 9
cp -r build "$snap/build"
cp -r public/. "$snap/public/"
exec 9>&-
export BUILD_DIR="$snap/build" PUBLIC_DIR="$snap/public"
export PORT="${E2E_PORT:-3210}" NODE_ENV=production SIM_SEED=42 COOKIE_SECURE=false
# The demo's price history and order book, but no invented trades while the tests run: prices move only when a
# test trades (the market maker quotes the book to trade with).
export SIMULATOR=history
# One JSON line per request would bury the test report; warnings and errors still show.
export LOG_LEVEL="${LOG_LEVEL:-warn}"
# Test-only: a second-contract order settles 6 s after it is placed (tests/e2e/second.spec.ts), not after 30.
export TEST_SETTINGS=on TEST_MICRO_DUE_SECONDS=6
# The caller's other settings pass through (Playwright hands the server its environment): for instance
# `EXCHANGE_THREAD=on npx playwright test …` runs the suite with the exchange on its own thread (decision 029).
# Node itself with tsx's loader, as `npm start` runs it: no npm and tsx launcher in between to start and to pass
# SIGTERM through.
exec node --import tsx server/index.ts
