#!/usr/bin/env bash
# run-pingpong.sh: measures ping-pong latency and bandwidth of OpenMPJ on one device beside its Java floor and native
# MPI in one sitting. With the thread device (the default): the two-thread floor, OpenMPJ with byte[] and with
# MPI.OBJECT messages, Open MPI's shared memory; writes bench/results/pingpong.{csv,md} and
# pingpong-{latency,bandwidth}.png. With --device tcp (or bench/run-pingpong-tcp.sh): the Java socket floor, OpenMPJ's
# tcp device as two rank processes, Open MPI over TCP; writes bench/results/pingpong-tcp.*. With --device shm: the
# two-thread floor (the bench has no floor of two JVMs over /dev/shm), OpenMPJ's shm device as two rank processes,
# Open MPI's default transport (shared memory, vader) and MPICH's (mpiexec.hydra -bind-to core); writes
# bench/results/pingpong-shm.*.
#
# With --device ucx-sm or ucx-tcp: the floor (ucx-sm: raw JUCX, two JVMs, tagged messages between direct buffers;
# ucx-tcp: UCX's own C ping-pong, ucx_perftest -t tag_lat, as JUCX 1.12.1 fails over UCX 1.13.1's TCP), OpenMPJ's ucx
# device as two rank processes and Open MPI over UCX (--mca pml ucx), all with UCX_TLS=sm,self or tcp,self; writes
# bench/results/pingpong-ucx-{sm,tcp}.*.
#
# Targets, OpenMPJ's 1 B one-way time and 1 MiB bandwidth against a reference's, each judged on the median of the
# rounds' ratios (the implementations take turns within a round):
#   thread:        1 B ≤ 1.0× Open MPI's time;  1 MiB bandwidth ≥ 1.5× Open MPI's
#   shm, hybrid:   1 B ≤ 1.2× Open MPI's time;  1 MiB bandwidth ≥ 1.0× Open MPI's and ≥ 1.0× MPICH's; and no size
#                  above the eager limit (--eager-limit, 64 KiB by default) with less bandwidth than the largest eager size
#   ucx-sm:        1 B ≤ 1.3× Open MPI over UCX's time;  1 MiB bandwidth ≥ 0.9× Open MPI over UCX's (raw JUCX stays in
#                  the tables as the floor)
#   ucx-tcp:       1 B ≤ 1.15× ucx_perftest's time;  1 MiB bandwidth ≥ 0.9× ucx_perftest's
#   tcp:           1 B ≤ 1.0× Open MPI over TCP's time;  1 MiB bandwidth ≥ 0.9× Open MPI over TCP's
# Every report names the CPU as lscpu does (model name, family, model, stepping) and the machine's state in each
# round, judged from the floor's 1 B and 1 MiB times.
#
# Usage: bench/run-pingpong.sh [--help] [--device thread|tcp|shm|hybrid|ucx-sm|ucx-tcp] [--eager-limit BYTES] [--cpus LIST] [--rounds N]
#                              [--max-bytes N] [--repetitions N] [--batch-ms N]
# A thin wrapper over the report runner: 'ReportRunner pingpong' (--help lists every option).
# The implementations take turns for --rounds rounds (default 3) of --repetitions timed batches per size (default 5).
# --device hybrid: the same as shm with OpenMPJ's hybrid device, one rank per JVM, into pingpong-hybrid.*.
# e.g. the shm report: bench/run-pingpong.sh --device shm (a smoke run: --rounds 1 --max-bytes 4096 --repetitions 1).
# Builds the project if its jars are missing or older than their sources and compiles bench/native/pingpong.c when it
# changed, with Open MPI's mpicc (mpicc.openmpi where installed) and for shm also with MPICH's mpicc.mpich. Open MPI
# runs under its own launcher (mpirun.openmpi where installed), never an mpirun that may be MPICH's.
# Run it on a quiet machine: two cores are busy-spinning throughout, and anything else running skews the numbers.
set -euo pipefail
source "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/bench-env.sh"
NATIVE_BIN="$BENCH_DIR/target/pingpong"
MPICH_BIN="$BENCH_DIR/target/pingpong-mpich"

if bench_wants_help "$@"; then
  bench_build
  bench_run_report pingpong --help
fi
device=$(bench_device "$@")
tools=(taskset)
if bench_starts_rank_processes "$@"; then
  tools+=(mpiexec.hydra)
fi
if [ "$device" = shm ] || [ "$device" = hybrid ]; then
  tools+=(mpicc.mpich)
fi
if [ "$device" = ucx-tcp ]; then
  tools+=(ucx_perftest)
fi
bench_require_tools "${tools[@]}"
bench_find_openmpi
bench_build
bench_compile_native "$BENCH_DIR/native/pingpong.c" "$NATIVE_BIN"
if [ "$device" = shm ] || [ "$device" = hybrid ]; then
  bench_compile_mpich "$BENCH_DIR/native/pingpong.c" "$MPICH_BIN"
fi

bench_run_report pingpong --results "$BENCH_DIR/results" --native "$NATIVE_BIN" --native-mpich "$MPICH_BIN" \
  --mpirun "$OPENMPI_MPIRUN" "$@"
