#!/usr/bin/env bash
# run-pingpong-tcp.sh: the TCP ping-pong in one sitting: OpenMPJ's tcp device (two rank processes under MPICH's
# mpiexec.hydra, each bound to a core of its own), Open MPI over TCP (mpirun --mca btl tcp,self, bound to cores) and
# the Java socket floor (two JVMs, non-blocking busy-poll SocketChannels over loopback, pinned with taskset), taking
# turns. Writes bench/results/pingpong-tcp.{csv,md} and pingpong-tcp-{latency,bandwidth}.png. Targets: OpenMPJ's 1 B
# one-way time ≤ 1.0× Open MPI over TCP's and its 1 MiB bandwidth ≥ 0.9× Open MPI over TCP's, each the median of the
# rounds' ratios.
#
# Usage: bench/run-pingpong-tcp.sh [--eager-limit BYTES] [--cpus LIST] [--rounds N] [--max-bytes N] [--repetitions N]
#                                  [--batch-ms N]
# Defaults: 3 rounds of 5 timed batches of ~30 ms per size, 1 B to 16 MiB, CPUs 0,1 (the first two of --cpus are
# used, one per process). Needs Open MPI (mpirun.openmpi and mpicc.openmpi, or mpirun and mpicc of Open MPI's),
# mpiexec.hydra and taskset; builds what is missing.
# Run it on a quiet machine (load average under ~1.5): both cores spin throughout.
set -euo pipefail
exec "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/run-pingpong.sh" --device tcp "$@"
