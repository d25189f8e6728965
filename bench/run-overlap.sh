#!/usr/bin/env bash
# run-overlap.sh: how much of a 4 MiB Iallreduce's time computation hides at 2 ranks, on shm, tcp and thread ranks, once
# without a progress thread and once with one (-Dopenmpj.progress=thread) per round, taking turns, for 3 rounds; writes
# bench/results/overlap.{csv,md} and overlap-hidden.png: per device and mode the operation's time alone, the
# computation's, both together, the share hidden per round and its median, and the goal (>= 80% with the progress thread).
# A thin wrapper over the report runner: 'ReportRunner overlap'.
#
# Usage: bench/run-overlap.sh [--help] [--rounds N] [--devices D,D,...] [--bytes N] [--warm-up-s N] [--results DIR]
# Builds the project if its jars are missing or older than their sources. Run it on a quiet machine: the two ranks
# compute on both cores.
set -euo pipefail
source "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/bench-env.sh"

bench_build
if bench_wants_help "$@"; then
  bench_run_report overlap --help
fi
bench_run_report overlap --results "$BENCH_DIR/results" "$@"
