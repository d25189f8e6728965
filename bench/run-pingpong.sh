#!/usr/bin/env bash
# run-pingpong.sh: measures ping-pong latency and bandwidth of OpenMPJ on one device beside its Java floor and native
# Open MPI in one sitting. With the thread device (the default): the two-thread floor, OpenMPJ with byte[] and with
# MPI.OBJECT messages, Open MPI's shared memory; writes bench/results/pingpong.{csv,md} and
# pingpong-{latency,bandwidth}.png. With --device tcp (or bench/run-pingpong-tcp.sh): the Java socket floor, OpenMPJ's
# tcp device as two rank processes, Open MPI over TCP; writes bench/results/pingpong-tcp.*.
#
# Usage: bench/run-pingpong.sh [--device thread|tcp] [--eager-limit BYTES] [--cpus LIST] [--rounds N] [--max-bytes N]
#                              [--repetitions N] [--batch-ms N]
# The implementations take turns for --rounds rounds (default 3) of --repetitions timed batches per size (default 5).
# Builds the project if its jars are missing and compiles bench/native/pingpong.c when it changed.
# Run it on a quiet machine: two cores are busy-spinning throughout, and anything else running skews the numbers.
set -euo pipefail
source "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/bench-env.sh"
NATIVE_BIN="$BENCH_DIR/target/pingpong"

if bench_wants_tcp "$@"; then
  bench_require_tools mpicc mpirun taskset mpiexec.hydra
else
  bench_require_tools mpicc mpirun taskset
fi
bench_build
bench_compile_native "$BENCH_DIR/native/pingpong.c" "$NATIVE_BIN"

exec "$JAVA" -Djava.awt.headless=true \
  -cp "$BENCH_JAR:$OPENMPJ_MPI_JAR:$OPENMPJ_CORE_JAR" \
  org.openmpj.bench.PingPongReport \
  --home "$OPENMPJ_HOME" --results "$BENCH_DIR/results" --native "$NATIVE_BIN" "$@"
