#!/usr/bin/env bash
# Starts the real server for the end-to-end tests on a fresh database (seeded, simulator on).
set -euo pipefail
cd "$(dirname "$0")/.."
export DATA_DIR="${E2E_DATA_DIR:-$PWD/.e2e-data}"
rm -rf "$DATA_DIR"
export PORT="${E2E_PORT:-3210}" NODE_ENV=production SIM_SEED=42 COOKIE_SECURE=false
exec npx tsx server/index.ts
