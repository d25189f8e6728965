#!/usr/bin/env bash
# run-overlap-netns.sh: the overlap program (IallreduceOverlap, 4 MiB Iallreduce at 2 ranks) between two "hosts" made of
# network namespaces (tools/netns-hosts) whose links tc limits to --rate each way, over the tcp device, once without and
# once with the progress thread per round, taking turns, for --rounds rounds; prints each run's result line. Where the
# wire, not the processor, holds an operation up, a progress thread can move it while the ranks compute.
#
# --modes lists what runs each round, in turn (reversed every other round): none, thread, or thread:US for the progress
# thread with its longest pause (openmpj.progress.maxPauseUs) set to US microseconds.
#
# Usage (as root): bench/run-overlap-netns.sh [--rate 1gbit] [--rounds 3] [--modes "none thread"]
set -euo pipefail
HOME_DIR="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/.." && pwd)"
rate=1gbit
rounds=3
modes="none thread"
while [ $# -gt 0 ]; do
  case "$1" in
    --rate) rate=$2; shift 2 ;;
    --rounds) rounds=$2; shift 2 ;;
    --modes) modes=$2; shift 2 ;;
    --help|-h) sed -n '2,11p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "run-overlap-netns.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
done
cd "$HOME_DIR"
[ -f bench/target/openmpj-bench.jar ] || { echo "run-overlap-netns.sh: build first (mvn -DskipTests package)" >&2; exit 2; }
tools/netns-hosts start 2 >/dev/null
trap 'tools/netns-hosts stop' EXIT
for k in 1 2; do
  tc qdisc replace dev "ompj-v$k" root tbf rate "$rate" burst 1mb latency 100ms
  ip netns exec "openmpj-h$k" tc qdisc replace dev "ompj-p$k" root tbf rate "$rate" burst 1mb latency 100ms
done
echo "# $(lscpu | sed -n 's/^Model name: *//p' | head -1), $(nproc) cores, $(date -u '+%Y-%m-%d %H:%M UTC'), link $rate each way"
reversed=$(echo "$modes" | tr ' ' '\n' | tac | tr '\n' ' ')
for round in $(seq 1 "$rounds"); do
  if [ $((round % 2)) -eq 1 ]; then order=$modes; else order=$reversed; fi
  for mode in $order; do
    progress=${mode%%:*}
    pause=()
    case "$mode" in
      none|thread) ;;
      thread:*) pause=("-Dopenmpj.progress.maxPauseUs=${mode#thread:}") ;;
      *) echo "run-overlap-netns.sh: mode $mode is not none, thread or thread:US" >&2; exit 2 ;;
    esac
    echo -n "round=$round mode=$mode "
    timeout 300 bin/mpjrun -np 2 -dev tcp -hosts openmpj-h1,openmpj-h2 \
      "-Dopenmpj.launcher.rsh=ip netns exec {host} env HOSTNAME={host} sh -c" "-Dopenmpj.progress=$progress" "${pause[@]}" \
      -cp bench/target/openmpj-bench.jar org.openmpj.bench.overlap.IallreduceOverlap --warm-up-s 3 --repetitions 5 --batch 3 2>&1 \
      | grep '^overlap'
  done
done
