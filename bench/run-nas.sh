#!/usr/bin/env bash
# run-nas.sh: the NAS kernels of the nas module (EP, IS, CG, MG, FT) as OpenMPJ jobs on every device this machine can
# run (thread, tcp, shm, hybrid, ucx) at 1, 2, 4 and 8 ranks, each beside a plain java run of one rank without a
# launcher, every job once per round for 3 rounds; writes bench/results/nas.{csv,md} and nas-KERNEL-CLASS.png (Mop/s
# against ranks, a line per device and the serial level). A job that fails, times out or does not verify is kept
# and shown as such. A thin wrapper over the report runner: 'ReportRunner nas'.
#
# Usage: bench/run-nas.sh [--help] [--kernels EP,IS,CG,MG,FT] [--classes S,W,A,B] [--ranks 1,2,4,8]
#                         [--devices thread,tcp,shm,hybrid,ucx] [--rounds N] [--timeout SECONDS] [--results DIR]
#                         [--npb-dir DIR [--mpirun FILE]] [--plain-loops]
# e.g. a quick check: bench/run-nas.sh --kernels EP --classes S --ranks 1,2 --devices thread --rounds 1
# --npb-dir DIR runs NPB 3.4's own MPI programs (DIR/bin/ep.A.x ..., built with Open MPI's compilers) under Open MPI's
# launcher (mpirun.openmpi where installed) beside the Java kernels, in every round, and the report gives Java's Mop/s
# over native's per kernel, class, device and rank count; without it the report says the native column is missing.
# The Java jobs run with --add-modules jdk.incubator.vector (MG's operators take the Vector API) unless given
# --plain-loops.
# Builds the project if its jars are missing or older than their sources. Run it on a quiet machine: the kernels keep
# every core busy.
set -euo pipefail
source "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/bench-env.sh"

bench_build
if bench_wants_help "$@"; then
  bench_run_report nas --help
fi
nas_jar="$OPENMPJ_HOME/nas/target/openmpj-nas.jar"
if [ ! -f "$nas_jar" ] && [[ " $* " != *" --jar "* ]]; then
  echo "$bench_script: $nas_jar is missing; build it (cd $OPENMPJ_HOME && mvn -B -DskipTests -pl nas -am package)" >&2
  exit 2
fi
if [[ " $* " == *" --npb-dir "* && " $* " != *" --mpirun "* ]]; then
  bench_find_openmpi
  set -- --mpirun "$OPENMPI_MPIRUN" "$@"
fi
bench_run_report nas --results "$BENCH_DIR/results" "$@"
