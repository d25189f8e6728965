#!/usr/bin/env bash
# run-collectives.sh: measures Bcast, Allreduce, Allgather and Alltoall aggregated bandwidth over message sizes and
# Barrier latency, OpenMPJ's thread device beside the same operations in C on Open MPI, at 2, 4 and 8 ranks in one
# sitting, and writes bench/results/collectives.{csv,md} and a collectives-*.png plot per operation.
#
# Usage: bench/run-collectives.sh [--help] [--rounds N] [--ranks 2,4,8] [--cpus LIST] [--min-bytes N] [--max-bytes N] [--step N]
#                                 [--large-job-ranks N] [--large-job-max-bytes N] [--repetitions N] [--batch-ms N]
#                                 [--eager-limit BYTES]
# The implementations take turns at each job size for --rounds rounds (default 3) of --repetitions timed batches
# per operation and size (default 5). Sizes run from 16 B to 4 MiB by factors of 4, to 1 MiB at 8 ranks or more.
# Builds the project if its jars are missing and compiles bench/native/collectives.c when it changed.
# Run it on a quiet machine: every job keeps the cores it is pinned to (default 0,1) busy.
set -euo pipefail

BENCH_DIR=$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")" && pwd)
source "$BENCH_DIR/../bin/openmpj-env.sh"
BENCH_JAR="$OPENMPJ_HOME/bench/target/openmpj-bench.jar"
NATIVE_SRC="$BENCH_DIR/native/collectives.c"
NATIVE_BIN="$BENCH_DIR/target/collectives"

missing=()
for tool in mpicc mpirun; do
  command -v "$tool" >/dev/null 2>&1 || missing+=("$tool")
done
if [ "${#missing[@]}" -gt 0 ]; then
  echo "run-collectives.sh: ${missing[*]} not found; install Open MPI (as root): apt-get install openmpi-bin libopenmpi-dev" >&2
  exit 2
fi
if ! command -v taskset >/dev/null 2>&1; then
  echo "run-collectives.sh: taskset not found; install it (as root): apt-get install util-linux" >&2
  exit 2
fi

if [ ! -f "$BENCH_JAR" ]; then
  if ! command -v mvn >/dev/null 2>&1; then
    echo "run-collectives.sh: $BENCH_JAR is missing and Maven (mvn) is not installed; install it (apt-get install maven)." >&2
    exit 2
  fi
  echo "run-collectives.sh: building OpenMPJ..." >&2
  (cd "$OPENMPJ_HOME" && JAVA_HOME="$OPENMPJ_JDK" MAVEN_OPTS="${MAVEN_OPTS:---sun-misc-unsafe-memory-access=allow}" \
    mvn -B -ntp -q -DskipTests package)
fi

if [ ! -x "$NATIVE_BIN" ] || [ "$NATIVE_SRC" -nt "$NATIVE_BIN" ]; then
  mkdir -p "$(dirname "$NATIVE_BIN")"
  echo "run-collectives.sh: compiling $NATIVE_SRC" >&2
  mpicc -O2 -std=c11 -Wall -Wextra -o "$NATIVE_BIN" "$NATIVE_SRC"
fi

exec "$JAVA" -Djava.awt.headless=true \
  -cp "$BENCH_JAR:$OPENMPJ_MPI_JAR:$OPENMPJ_CORE_JAR" \
  org.openmpj.bench.CollectivesReport \
  --home "$OPENMPJ_HOME" --results "$BENCH_DIR/results" --native "$NATIVE_BIN" "$@"
