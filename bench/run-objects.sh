#!/usr/bin/env bash
# run-objects.sh: MPI.OBJECT messages of three object graphs (one small object, a binary tree of 1023 nodes of four
# ints, 1000 items of a String and a double[]) between two thread ranks, as a ping-pong and as a one-way stream, once
# in OpenMPJ's compact encoding and once in Java serialization (-Dopenmpj.objects.encoding=java) per round, taking
# turns, for 3 rounds; writes bench/results/objects.{csv,md} and objects-ratio.png: times per message, the per-round
# ratio and its median, allocation per message, and the goals (stream ratio >= 4 for the tree and the items, <= 1 us
# one-way for the small object).
# A thin wrapper over the report runner: 'ReportRunner objects'.
#
# Usage: bench/run-objects.sh [--help] [--rounds N] [--warm-up-s N] [--results DIR]
# Builds the project if its jars are missing or older than their sources. Run it on a quiet machine: the two ranks
# spin on both cores.
set -euo pipefail
source "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/bench-env.sh"

bench_build
if bench_wants_help "$@"; then
  bench_run_report objects --help
fi
bench_run_report objects --results "$BENCH_DIR/results" "$@"
