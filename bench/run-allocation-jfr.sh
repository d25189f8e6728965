#!/usr/bin/env bash
# run-allocation-jfr.sh: runs the thread-device ping-pong under Java Flight Recorder and shows, second by
# second, the allocation samples JFR took in OpenMPJ and mpi code. Allocation in steady state shows up as
# samples after the first seconds (JIT warm-up, before escape analysis removes the Status objects).
#
# Usage: bench/run-allocation-jfr.sh [--max-bytes N]   (default 1048576)
set -euo pipefail
BENCH_DIR=$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")" && pwd)
source "$BENCH_DIR/../bin/openmpj-env.sh"
BENCH_JAR="$OPENMPJ_HOME/bench/target/openmpj-bench.jar"
[ -f "$BENCH_JAR" ] || { echo "run-allocation-jfr.sh: $BENCH_JAR is missing; build with 'mvn -DskipTests package'" >&2; exit 2; }
max_bytes=1048576
if [ "${1:-}" = "--max-bytes" ]; then max_bytes=$2; fi

recording=$(mktemp --suffix=.jfr)
samples=$(mktemp)
trap 'rm -f "$recording" "$samples"' EXIT
OPENMPJ_JVM_OPTS="-XX:StartFlightRecording=filename=$recording,settings=profile" \
  "$OPENMPJ_HOME/bin/mpjrun" -np 2 -cp "$BENCH_JAR" org.openmpj.bench.PingPong \
  --max-bytes "$max_bytes" --repetitions 5 --batch-ms 30 >/dev/null
"$OPENMPJ_JDK/bin/jfr" print --events jdk.ObjectAllocationSample --stack-depth 20 "$recording" > "$samples"

echo "JFR allocation samples whose stack passes through mpi.* or org.openmpj.* (bench code excluded), per second:"
awk '
  /jdk.ObjectAllocationSample/ { if (hit) count[second]++; hit = 0; second = "" }
  /startTime = / { second = substr($3, 1, 8) }
  /^[[:space:]]+(mpi\.|org\.openmpj\.(engine|device|matching|transport|runtime\.Ranks))/ { hit = 1 }
  END { if (hit) count[second]++; for (s in count) print s, count[s] }
' "$samples" | sort
echo "Recording seconds: $("$OPENMPJ_JDK/bin/jfr" summary "$recording" | sed -n 's/^ *Duration: //p')"
