#!/usr/bin/env bash
# run-pingpong.sh: measures ping-pong latency and bandwidth of the raw Java floor, OpenMPJ's thread device and
# native Open MPI in one sitting, and writes bench/results/pingpong.{csv,md} and pingpong-{latency,bandwidth}.png.
#
# Usage: bench/run-pingpong.sh [--eager-limit BYTES] [--cpus LIST] [--rounds N] [--max-bytes N] [--repetitions N] [--batch-ms N]
# The implementations take turns for --rounds rounds (default 3) of --repetitions timed batches per size (default 5).
# Builds the project if its jars are missing and compiles bench/native/pingpong.c when it changed.
# Run it on a quiet machine: two cores are busy-spinning throughout, and anything else running skews the numbers.
set -euo pipefail

BENCH_DIR=$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")" && pwd)
source "$BENCH_DIR/../bin/openmpj-env.sh"
BENCH_JAR="$OPENMPJ_HOME/bench/target/openmpj-bench.jar"
NATIVE_SRC="$BENCH_DIR/native/pingpong.c"
NATIVE_BIN="$BENCH_DIR/target/pingpong"

missing=()
for tool in mpicc mpirun; do
  command -v "$tool" >/dev/null 2>&1 || missing+=("$tool")
done
if [ "${#missing[@]}" -gt 0 ]; then
  echo "run-pingpong.sh: ${missing[*]} not found; install Open MPI (as root): apt-get install openmpi-bin libopenmpi-dev" >&2
  exit 2
fi
if ! command -v taskset >/dev/null 2>&1; then
  echo "run-pingpong.sh: taskset not found; install it (as root): apt-get install util-linux" >&2
  exit 2
fi

if [ ! -f "$BENCH_JAR" ]; then
  if ! command -v mvn >/dev/null 2>&1; then
    echo "run-pingpong.sh: $BENCH_JAR is missing and Maven (mvn) is not installed; install it (apt-get install maven)." >&2
    exit 2
  fi
  echo "run-pingpong.sh: building OpenMPJ..." >&2
  (cd "$OPENMPJ_HOME" && JAVA_HOME="$OPENMPJ_JDK" MAVEN_OPTS="${MAVEN_OPTS:---sun-misc-unsafe-memory-access=allow}" \
    mvn -B -ntp -q -DskipTests package)
fi

if [ ! -x "$NATIVE_BIN" ] || [ "$NATIVE_SRC" -nt "$NATIVE_BIN" ]; then
  mkdir -p "$(dirname "$NATIVE_BIN")"
  echo "run-pingpong.sh: compiling $NATIVE_SRC" >&2
  mpicc -O2 -std=c11 -Wall -Wextra -o "$NATIVE_BIN" "$NATIVE_SRC"
fi

exec "$JAVA" -Djava.awt.headless=true \
  -cp "$BENCH_JAR:$OPENMPJ_MPI_JAR:$OPENMPJ_CORE_JAR" \
  org.openmpj.bench.PingPongReport \
  --home "$OPENMPJ_HOME" --results "$BENCH_DIR/results" --native "$NATIVE_BIN" "$@"
