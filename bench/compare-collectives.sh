#!/usr/bin/env bash
# compare-collectives.sh: one Markdown table of OpenMPJ's collectives on several devices against Open MPI, from the
# CSV files bench/run-collectives.sh wrote for each (collectives.csv, collectives-shm.csv, collectives-tcp.csv): a row
# per job size, operation and message size, a column per device with OpenMPJ's median time per call over the Open
# MPI of that device's own report, and both times. Writes bench/results/collectives-devices.md.
#
# Usage: bench/compare-collectives.sh [--help] [--devices thread,shm,tcp] [--ranks N,N,...] [--results DIR]
#                                     [--output FILE]
# e.g. the oversubscribed table, 8 ranks on 2 cores, thread/shm/tcp against Open MPI:
#   for device in thread shm tcp; do
#     bench/run-collectives.sh --device "$device" --ranks 8 --max-bytes 65536 --rounds 1
#   done
#   bench/compare-collectives.sh --ranks 8
# Runs no benchmark; builds the project if its jars are missing or older than their sources.
set -euo pipefail
source "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/bench-env.sh"
bench_build

exec "$JAVA" -cp "$BENCH_JAR:$OPENMPJ_MPI_JAR:$OPENMPJ_RUNTIME_CP" org.openmpj.bench.CollectivesComparison \
  --results "$BENCH_DIR/results" "$@"
