#!/usr/bin/env bash
# run-collectives.sh: measures Bcast, Reduce (doubles, SUM, to rank 0), Allreduce, Allgather and Alltoall aggregated
# bandwidth over message sizes and Barrier latency, OpenMPJ's thread device beside the same operations in C on Open MPI,
# at 2, 4 and 8 ranks in one sitting, and writes bench/results/collectives.{csv,md} and a collectives-*.png plot per
# operation.
#
# Usage: bench/run-collectives.sh [--help] [--device thread|tcp|shm] [--rounds N] [--ranks 2,4,8] [--cpus LIST]
#                                 [--min-bytes N] [--max-bytes N] [--step N] [--large-job-ranks N]
#                                 [--large-job-max-bytes N] [--repetitions N] [--batch-ms N] [--eager-limit BYTES]
# A thin wrapper over the report runner: 'ReportRunner collectives' (--help lists every option).
# --device tcp runs OpenMPJ's tcp device, a JVM process per rank under MPICH's mpiexec.hydra bound to a core each
# while the ranks fit the cores, under bin/mpjrun beyond them (its ranks share a session, as Open MPI's under mpirun do;
# Hydra's each have one, and with the kernel's autogroups a waiting rank's yield then passes its core to no other rank),
# against Open MPI over TCP (--mca btl tcp,self), and writes
# bench/results/collectives-tcp.*; e.g. 8 ranks on 2 cores: --device tcp --ranks 8 --max-bytes 65536 --rounds 1.
# --device shm runs OpenMPJ's shm device the same way, a JVM process per rank, against Open MPI's default transport
# (shared memory), and writes bench/results/collectives-shm.*.
# With more ranks than cores, Open MPI runs with --oversubscribe, unbound, yielding when idle.
# The implementations take turns at each job size for --rounds rounds (default 3) of --repetitions timed batches
# per operation and size (default 5). Sizes run from 16 B to 4 MiB by factors of 4, to 1 MiB at 8 ranks or more; the
# largest size is always measured, also where the factors step over it (--min-bytes 8 --max-bytes 1048576 --step 4:
# 8 B, 32 B, ..., 128 KiB, 512 KiB, 1 MiB), in the Java and the C program alike.
# Targets, in every cell (every operation, Barrier and Reduce included, at every size), on OpenMPJ's time per call
# over Open MPI's, the median of the rounds' ratios: ≤ 1× with one rank per core or fewer (2 ranks on 2 cores), ≤ 2×
# oversubscribed (4 and 8 ranks on 2 cores), on every device. The report's Targets table gives, per operation and job
# size, how many sizes met the target and the worst cell with its ratio per round; it names the CPU as lscpu does and
# the machine's state in each round, judged from Open MPI's Barrier and smallest Allreduce at the smallest job size.
# One table of every device against Open MPI (each device's own run; see bench/compare-collectives.sh), e.g. the
# oversubscribed one, 8 ranks on 2 cores:
#   for device in thread shm tcp; do
#     bench/run-collectives.sh --device "$device" --ranks 8 --max-bytes 65536 --rounds 1
#   done
#   bench/compare-collectives.sh --ranks 8
# Builds the project if its jars are missing or older than their sources and compiles bench/native/collectives.c when
# it changed, with Open MPI's mpicc (mpicc.openmpi where installed); Open MPI runs under its own launcher
# (mpirun.openmpi where installed).
# Run it on a quiet machine: every job keeps the cores it is pinned to (default 0,1) busy.
set -euo pipefail
source "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/bench-env.sh"
NATIVE_BIN="$BENCH_DIR/target/collectives"

if bench_wants_help "$@"; then
  bench_build
  bench_run_report collectives --help
fi
if bench_starts_rank_processes "$@"; then
  bench_require_tools taskset mpiexec.hydra
else
  bench_require_tools taskset
fi
bench_find_openmpi
bench_build
bench_compile_native "$BENCH_DIR/native/collectives.c" "$NATIVE_BIN"

bench_run_report collectives --results "$BENCH_DIR/results" --native "$NATIVE_BIN" --mpirun "$OPENMPI_MPIRUN" "$@"
