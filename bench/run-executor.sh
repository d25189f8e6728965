#!/usr/bin/env bash
# run-executor.sh: what a task pool (MpiExecutor) costs, on thread, shm and tcp ranks at 1, 2, 4 and 8 workers, the jobs
# taking turns for 3 rounds; writes bench/results/executor.{csv,md} and executor-rate.png: per device and pool size the
# round trip of an empty task against a one-byte ping-pong measured in the same job, and the empty tasks per second one
# root hands out, per round and as the median, beside the goals (round trip at most 2 ping-pongs; 100,000 tasks/s at 8
# thread workers). A thin wrapper over the report runner: 'ReportRunner executor'.
#
# Usage: bench/run-executor.sh [--help] [--rounds N] [--devices D,D,...] [--workers N,N,...] [--warm-up-s N] [--results DIR]
# Builds the project if its jars are missing or older than their sources. Run it on a quiet machine.
set -euo pipefail
source "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/bench-env.sh"

bench_build
if bench_wants_help "$@"; then
  bench_run_report executor --help
fi
bench_run_report executor --results "$BENCH_DIR/results" "$@"
