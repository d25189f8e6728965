#!/usr/bin/env bash
# run-variants.sh: OpenMPJ in two variants, the same reports taking turns. A variant is a checkout of OpenMPJ (its own
# bench scripts and jars, built on first use) and JVM options for its ranks. Each round runs the ping-pong report on
# every device of --pingpong and the 2-rank collectives report on every device of --collectives, first for one variant
# then the other (the order flips every round), one report round each, into <out>/<variant>-<round>/. The summary,
# <out>/variants.md, gives for chosen cells OpenMPJ's time over Open MPI's in the second variant's run divided by the
# same ratio in the first's, per round and the median (below 1: the second variant is faster), beside Open MPI's own
# drift between the two runs.
#
# Usage: bench/run-variants.sh --name A --checkout DIR --opts "JVM OPTIONS" --name B --checkout DIR --opts "…"
#                              [--pingpong "thread tcp"] [--collectives "tcp"] [--rounds N] [--out DIR] [--title TEXT]
#                              [--summary-only]
# Defaults: 3 rounds; ping-pong on tcp, collectives on tcp; --out bench/results/variants. --checkout defaults to this
# checkout, --opts to none. Needs what bench/run-pingpong.sh and bench/run-collectives.sh need for those devices. Run it
# on a quiet machine: both cores spin throughout.
set -euo pipefail
BENCH_DIR="$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")"
names=()
checkouts=()
options=()
pingpong_devices="tcp"
collective_devices="tcp"
rounds=3
out="$BENCH_DIR/results/variants"
title="OpenMPJ in two variants"
summary_only=false
while [ $# -gt 0 ]; do
  case "$1" in
    --name) names+=("$2"); checkouts+=("$(dirname "$BENCH_DIR")"); options+=(""); shift 2 ;;
    --checkout) [ ${#names[@]} -gt 0 ] || { echo "run-variants.sh: --checkout before any --name" >&2; exit 2; }
      checkouts[${#names[@]}-1]=$(readlink -f "$2"); shift 2 ;;
    --opts) [ ${#names[@]} -gt 0 ] || { echo "run-variants.sh: --opts before any --name" >&2; exit 2; }
      options[${#names[@]}-1]=$2; shift 2 ;;
    --pingpong) pingpong_devices=$2; shift 2 ;;
    --collectives) collective_devices=$2; shift 2 ;;
    --rounds) rounds=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --title) title=$2; shift 2 ;;
    --summary-only) summary_only=true; shift ;;
    --help|-h) sed -n '2,16p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "run-variants.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
done
if [ ${#names[@]} -ne 2 ]; then
  echo "run-variants.sh: expected two variants (--name twice), got ${#names[@]} (see --help)" >&2
  exit 2
fi
for i in 0 1; do
  if [ ! -x "${checkouts[$i]}/bench/run-pingpong.sh" ]; then
    echo "run-variants.sh: ${checkouts[$i]} (variant ${names[$i]}) is not an OpenMPJ checkout: no bench/run-pingpong.sh" >&2
    exit 2
  fi
done
if [ "$summary_only" = false ]; then
  rm -rf "$out"
  mkdir -p "$out"
fi

run_variant() {
  local i=$1 round=$2 device
  local dir="$out/${names[$i]}-$round"
  echo "== round $round: ${names[$i]} (${checkouts[$i]}; ${options[$i]:-no extra options})"
  for device in $pingpong_devices; do
    OPENMPJ_JVM_OPTS="${OPENMPJ_JVM_OPTS:-} ${options[$i]}" \
      "${checkouts[$i]}/bench/run-pingpong.sh" --device "$device" --rounds 1 --max-bytes 1048576 --results "$dir"
  done
  for device in $collective_devices; do
    OPENMPJ_JVM_OPTS="${OPENMPJ_JVM_OPTS:-} ${options[$i]}" \
      "${checkouts[$i]}/bench/run-collectives.sh" --device "$device" --ranks 2 --rounds 1 --min-bytes 8 --max-bytes 1048576 --step 16 \
      --results "$dir"
  done
}

for round in $(seq 1 "$rounds"); do
  [ "$summary_only" = false ] || break
  if [ $((round % 2)) -eq 1 ]; then order="0 1"; else order="1 0"; fi
  for i in $order; do
    run_variant "$i" "$round"
  done
done

# One line per cell: OpenMPJ's time over Open MPI's in the second variant's run, over the same in the first's, round by
# round, then the median. Each run has Open MPI beside OpenMPJ, so the ratio within a run cancels the machine's state as
# far as both met the same one; the raw drift between the two runs shows in Open MPI's line.
summarise() {
  local csv=$1 impl=$2 key_fields=$3 time_field=$4
  for round in $(seq 1 "$rounds"); do
    awk -F, -v round="$round" -v keys="$key_fields" -v t="$time_field" -v impl="$impl" -v second="/${names[1]}-$round/" \
      'FNR > 1 && ($1 == impl || $1 == "openmpi") {
        n = split(keys, k, " "); key = $(k[1]); for (i = 2; i <= n; i++) key = key " " $(k[i]);
        print key "|" round "|" (index(FILENAME, second) ? "b" : "a") "|" ($1 == "openmpi" ? "native" : "java") "|" $t }' \
      "$out/${names[0]}-$round/$csv" "$out/${names[1]}-$round/$csv"
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
          ratio = (v[p "b|java"] / v[p "b|native"]) / (v[p "a|java"] / v[p "a|native"])
          line = line sprintf(" | %.3f", ratio); rs[++m] = ratio
          drift = drift sprintf("%s%.2f", i > 1 ? ", " : "", v[p "b|native"] / v[p "a|native"])
        }
        print line sprintf(" | **%.3f** | %s", median(rs, m), drift)
      }
    }' | sort -t' ' -k1,1V -k2,2n
}

# The reports' files by device: the thread device's have no suffix.
report_csv() { [ "$2" = thread ] && echo "$1.csv" || echo "$1-$2.csv"; }

{
  echo "# $title: ${names[1]} against ${names[0]}"
  echo
  echo "CPU: $(lscpu | sed -n 's/^Model name: *//p' | head -1) (family $(lscpu | sed -n 's/^CPU family: *//p'), model"\
    "$(lscpu | sed -n 's/^Model: *//p' | head -1)); $(nproc) cores; $(date -u '+%Y-%m-%d %H:%M UTC'); $rounds rounds."
  echo
  echo "- ${names[0]}: ${checkouts[0]} ($(git -C "${checkouts[0]}" rev-parse --short HEAD 2>/dev/null || echo 'no git'))${options[0]:+, options ${options[0]}}"
  echo "- ${names[1]}: ${checkouts[1]} ($(git -C "${checkouts[1]}" rev-parse --short HEAD 2>/dev/null || echo 'no git'))${options[1]:+, options ${options[1]}}"
  echo
  echo "Each cell: OpenMPJ's time per call over Open MPI's in ${names[1]}'s run, divided by the same ratio in ${names[0]}'s run"
  echo "(below 1: ${names[1]} is faster), per round, and the median of the rounds. The last column is Open MPI's time in"
  echo "${names[1]}'s run over its time in ${names[0]}'s: the machine's own drift between the two runs (the VM moves between"
  echo "a fast and a slow state), which the ratio within each run cancels only as far as both met one state."
  echo
  header="| cell | $(seq -s ' | ' 1 "$rounds" | sed 's/[0-9]\+/round &/g') | median | Open MPI drift by round |"
  rule="|---|$(for _ in $(seq 1 "$rounds"); do printf -- '---|'; done)---|---|"
  for device in $pingpong_devices; do
    echo "## Ping-pong on $device, one-way time (bytes)"
    echo
    echo "$header"
    echo "$rule"
    # A ucx report's OpenMPJ row is named after the device, whichever UCX transport the report runs on.
    summarise "$(report_csv pingpong "$device")" "openmpj-${device%-tcp}" 2 3 | grep -E '^(1|1024|65536|1048576) ' | sed 's/^/| /; s/$/ |/'
    echo
  done
  for device in $collective_devices; do
    echo "## Collectives on $device at 2 ranks, time per call (operation, bytes)"
    echo
    echo "$header"
    echo "$rule"
    summarise "$(report_csv collectives "$device")" "openmpj-$device" "2 4" 6 \
      | grep -E '^([a-z]+ (8|2048|524288|1048576)|barrier [0-9]+) ' | sed 's/^/| /; s/$/ |/'
    echo
  done
} > "$out/variants.md"
echo "wrote $out/variants.md"
