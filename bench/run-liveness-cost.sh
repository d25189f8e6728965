#!/usr/bin/env bash
# run-liveness-cost.sh: what the liveness beats cost. Runs the tcp ping-pong report and the tcp collectives report at 2
# ranks with the beats at their default (openmpj.liveness.timeoutMs=10000: a beat to each ring neighbour every 2.5 s)
# and with them off (=0), taking turns for --rounds rounds (the order flips every round), one report round each, and
# writes every run's report into bench/results/liveness-cost/<variant>-<round>/ and a summary, liveness-cost.md: for
# chosen cells, OpenMPJ's time over Open MPI's with beats over the same without, per round and the median, beside
# Open MPI's own drift between the two runs (the beats do not touch it; the VM does).
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
summary_only=false
while [ $# -gt 0 ]; do
  case "$1" in
    --rounds) rounds=$2; shift 2 ;;
    --limit-ms) limit_ms=$2; shift 2 ;;
    --summary-only) summary_only=true; shift ;;
    --help|-h) sed -n '2,13p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "run-liveness-cost.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
done
out="$BENCH_DIR/results/liveness-cost"
if [ "$summary_only" = false ]; then
  rm -rf "$out"
  mkdir -p "$out"
fi

run_variant() {
  local variant=$1 round=$2 limit
  limit=$([ "$variant" = beats ] && echo "$limit_ms" || echo 0)
  local dir="$out/$variant-$round"
  echo "== round $round: $variant (openmpj.liveness.timeoutMs=$limit)"
  OPENMPJ_JVM_OPTS="${OPENMPJ_JVM_OPTS:-} -Dopenmpj.liveness.timeoutMs=$limit" \
    "$BENCH_DIR/run-pingpong.sh" --device tcp --rounds 1 --max-bytes 1048576 --results "$dir"
  OPENMPJ_JVM_OPTS="${OPENMPJ_JVM_OPTS:-} -Dopenmpj.liveness.timeoutMs=$limit" \
    "$BENCH_DIR/run-collectives.sh" --device tcp --ranks 2 --rounds 1 --min-bytes 8 --max-bytes 1048576 --step 16 --results "$dir"
}

for round in $(seq 1 "$rounds"); do
  [ "$summary_only" = false ] || break
  if [ $((round % 2)) -eq 1 ]; then order="beats no-beats"; else order="no-beats beats"; fi
  for variant in $order; do
    run_variant "$variant" "$round"
  done
done

# One line per cell: OpenMPJ's time over Open MPI's in the run with beats, over the same in the run without, round by
# round, then the median. Each run has Open MPI beside OpenMPJ, so the ratio within a run cancels the machine's state
# as far as both met the same one; the raw drift between the two runs shows in Open MPI's line.
summarise() {
  local csv=$1 key_fields=$2 time_field=$3
  for round in $(seq 1 "$rounds"); do
    awk -F, -v round="$round" -v keys="$key_fields" -v t="$time_field" 'FNR > 1 && ($1 == "openmpj-tcp" || $1 == "openmpi") {
        n = split(keys, k, " "); key = $(k[1]); for (i = 2; i <= n; i++) key = key " " $(k[i]);
        print key "|" round "|" (FILENAME ~ /\/beats-/ ? "b" : "o") "|" $1 "|" $t }' \
      "$out/beats-$round/$csv" "$out/no-beats-$round/$csv"
  done | awk -F'|' '{ v[$1 "|" $2 "|" $3 "|" $4] = $5; cells[$1] = 1; if ($2 > r) r = $2 }
    function median(a, m,    i, j, x) {
      for (i = 1; i <= m; i++) for (j = i + 1; j <= m; j++) if (a[j] < a[i]) { x = a[i]; a[i] = a[j]; a[j] = x }
      return m % 2 ? a[(m + 1) / 2] : (a[m / 2] + a[m / 2 + 1]) / 2
    }
    END {
      for (cell in cells) {
        line = cell; drift = ""; m = 0
        for (i = 1; i <= r; i++) {
          p = cell "|" i "|"
          ratio = (v[p "b|openmpj-tcp"] / v[p "b|openmpi"]) / (v[p "o|openmpj-tcp"] / v[p "o|openmpi"])
          line = line sprintf(" | %.3f", ratio); rs[++m] = ratio
          drift = drift sprintf("%s%.2f", i > 1 ? ", " : "", v[p "b|openmpi"] / v[p "o|openmpi"])
        }
        print line sprintf(" | **%.3f** | %s", median(rs, m), drift)
      }
    }' | sort -t' ' -k1,1 -k2,2n
}

{
  echo "# What the liveness beats cost: tcp ping-pong and collectives at 2 ranks, beats at ${limit_ms} ms against none"
  echo
  echo "CPU: $(lscpu | sed -n 's/^Model name: *//p' | head -1); $(nproc) cores; $(date -u '+%Y-%m-%d %H:%M UTC'); $rounds rounds."
  echo
  echo "Each cell: OpenMPJ's time per call over Open MPI's in the run with beats, divided by the same ratio in the run"
  echo "without (below 1: faster with beats), per round, and the median of the rounds. The last column is Open MPI's time in"
  echo "the run with beats over its time in the run without: the machine's own drift between the two runs (the VM moves"
  echo "between a fast and a slow state), which the ratio within each run cancels only as far as both met one state."
  echo
  header="| cell | $(seq -s ' | ' 1 "$rounds" | sed 's/[0-9]\+/round &/g') | median | Open MPI drift by round |"
  rule="|---|$(for _ in $(seq 1 "$rounds"); do printf -- '---|'; done)---|---|"
  echo "## Ping-pong, one-way time (bytes)"
  echo
  echo "$header"
  echo "$rule"
  summarise pingpong-tcp.csv 2 3 | grep -E '^(1|1024|65536|1048576) ' | sed 's/^/| /; s/$/ |/'
  echo
  echo "## Collectives at 2 ranks, time per call (operation, bytes)"
  echo
  echo "$header"
  echo "$rule"
  summarise collectives-tcp.csv "2 4" 6 | grep -E '^([a-z]+ (8|2048|524288|1048576)|barrier [0-9]+) ' | sed 's/^/| /; s/$/ |/'
} > "$out/liveness-cost.md"
echo "wrote $out/liveness-cost.md"
