#!/usr/bin/env bash
# run-liveness-cost.sh: what the liveness beats cost. Runs the tcp ping-pong report and the tcp collectives report at 2
# ranks with the beats at their default (openmpj.liveness.timeoutMs=10000: a beat to each ring neighbour every 2.5 s)
# and with them off (=0), taking turns for --rounds rounds, through bench/run-variants.sh, and writes every run's report
# into bench/results/liveness-cost/<variant>-<round>/ and the summary, variants.md: for chosen cells, OpenMPJ's time
# over Open MPI's with beats over the same without, per round and the median, beside Open MPI's own drift between the
# two runs (the beats do not touch it; the VM does).
#
# Usage: bench/run-liveness-cost.sh [--rounds N] [--limit-ms N] [--summary-only]
# Defaults: 3 rounds; --limit-ms sets the beats' limit in the "beats" runs (e.g. 1000 for a beat every 250 ms);
# --summary-only writes the summary again from the runs already in bench/results/liveness-cost.
# Needs what bench/run-pingpong.sh --device tcp and bench/run-collectives.sh --device tcp need.
# Run it on a quiet machine: both cores spin throughout.
set -euo pipefail
BENCH_DIR="$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")"
rounds=3
limit_ms=10000
extra=()
while [ $# -gt 0 ]; do
  case "$1" in
    --rounds) rounds=$2; shift 2 ;;
    --limit-ms) limit_ms=$2; shift 2 ;;
    --summary-only) extra+=(--summary-only); shift ;;
    --help|-h) sed -n '2,12p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "run-liveness-cost.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
done
exec "$BENCH_DIR/run-variants.sh" --name no-beats --opts "-Dopenmpj.liveness.timeoutMs=0" \
  --name beats --opts "-Dopenmpj.liveness.timeoutMs=$limit_ms" --pingpong tcp --collectives tcp --rounds "$rounds" \
  --out "$BENCH_DIR/results/liveness-cost" --title "What the liveness beats cost (beats at ${limit_ms} ms)" "${extra[@]}"
