#!/usr/bin/env bash
# run-cache.sh: MPJ-Cache on an emulated cluster against direct reads of a throttled shared store, and the cache's
# own figures (warm fetch against ping-pong, replacement policies); writes bench/results/cache/cache.{csv,md},
# cache-*.png and every run's raw output under raw/.
#
# Usage: bench/run-cache.sh [--unthrottled] [--rounds N] [--sizes LIST] [--clients LIST] [--threads T] [--out DIR]
#
# The cluster: five "hosts" made of network namespaces (tools/netns-hosts), each one JVM of T thread ranks on the
# hybrid device (default T=33: rank 0 serves the one node group, the clients taking part are spread evenly over the
# four hosts other than the server's), every host's link limited with tc to 1 Gbit/s each way; the shared file
# system is a sixth host serving a directory over TCP (org.openmpj.bench.cache.StoreServer) through a link of
# 800 Mbit/s (100 MB/s) shared by every reader, with the page cache dropped before each direct read. --unthrottled
# runs the same without any tc limit. Cells: N clients (default 1,16,32,64,128) read the same file of S bytes
# (default 1 MB, 10 MB, 100 MB) directly or through the cache, cold and warm, alternating in every round (default 3).
# As root (namespaces, tc, dropping the page cache); needs ip and tc (iproute2) and about 16 GiB of memory.
set -euo pipefail
source "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/bench-env.sh"

rounds=3
sizes=1000000,10000000,100000000
clients=1,16,32,64,128
threads=33
out="$BENCH_DIR/results/cache"
throttled=1
while [ $# -gt 0 ]; do
  case "$1" in
    --unthrottled) throttled=0; shift ;;
    --rounds) rounds=$2; shift 2 ;;
    --sizes) sizes=$2; shift 2 ;;
    --clients) clients=$2; shift 2 ;;
    --threads) threads=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --help|-h) sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "$bench_script: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
done
if [ "$(id -u)" -ne 0 ]; then
  echo "$bench_script: needs root (network namespaces, tc, dropping the page cache)" >&2
  exit 2
fi
bench_require_tools ip tc
bench_build

link_rate=1gbit
store_rate=800mbit
hosts=5
store_ns=openmpj-h6
store_address=10.210.0.6
store_port=7070
work=/var/tmp/openmpj-cache-bench
store=$work/store
raw=$out/raw
mkdir -p "$raw" "$store" "$work/policy"

IFS=, read -r -a size_list <<<"$sizes"
IFS=, read -r -a client_list <<<"$clients"
max_clients=${client_list[${#client_list[@]}-1]}
distinct_size=${size_list[0]}
[ "${#size_list[@]}" -gt 1 ] && distinct_size=${size_list[${#size_list[@]}-2]}
distinct_counts=("${client_list[0]}" "$max_clients")
[ "${client_list[0]}" = 1 ] && [ "${#client_list[@]}" -gt 1 ] && distinct_counts=("${client_list[1]}" "$max_clients")

echo "$bench_script: making the store's files in $store"
make_file() { [ -f "$1" ] && [ "$(stat -c %s "$1")" = "$2" ] || head -c "$2" /dev/urandom >"$1"; }
make_file "$store/warmup.bin" 1000000
for size in "${size_list[@]}"; do
  make_file "$store/same-$size" "$size"
  for round in $(seq "$rounds"); do
    for count in "${client_list[@]}"; do ln -f "$store/same-$size" "$store/same-$size-r$round-n$count"; done
  done
done
make_file "$store/distinct-base" "$distinct_size"
for i in $(seq 0 $((max_clients - 1))); do
  ln -f "$store/distinct-base" "$store/distinct-$distinct_size-$i"
  for round in $(seq "$rounds"); do
    for count in "${distinct_counts[@]}"; do ln -f "$store/distinct-base" "$store/distinct-$distinct_size-$i-r$round-n$count"; done
  done
done
make_file "$work/policy/base" 100000
for i in $(seq 0 1999); do ln -f "$work/policy/base" "$work/policy/p-$i"; done

store_pid=
cleanup() {
  [ -n "$store_pid" ] && kill "$store_pid" 2>/dev/null || true
  "$OPENMPJ_HOME/tools/netns-hosts" stop || true
}
trap cleanup EXIT
"$OPENMPJ_HOME/tools/netns-hosts" start $((hosts + 1))
if [ "$throttled" = 1 ]; then
  for k in $(seq $((hosts + 1))); do
    rate=$link_rate
    [ "$k" = $((hosts + 1)) ] && rate=$store_rate
    # Into the host (the bridge's side of its veth) and out of it (the namespace's side).
    tc qdisc replace dev "ompj-v$k" root tbf rate "$rate" burst 1mb latency 100ms
    ip netns exec "openmpj-h$k" tc qdisc replace dev "ompj-p$k" root tbf rate "$rate" burst 1mb latency 100ms
  done
fi

setup="$raw/setup.txt"
{
  echo "date=$(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "machine=$(nproc) cores, $(free -g | awk '/Mem:/ {print $2}') GiB, $(uname -r)"
  echo "throttled=$throttled"
  echo "link=$([ "$throttled" = 1 ] && echo "$link_rate each way per host (tc tbf)" || echo "unlimited veth")"
  echo "link_bytes_per_second=$([ "$throttled" = 1 ] && echo 125000000 || echo 0)"
  echo "store_link=$([ "$throttled" = 1 ] && echo "$store_rate (100 MB/s) out of the store host, shared by all readers" || echo "unlimited")"
  echo "hosts=$hosts job hosts of one JVM with $threads thread ranks each (hybrid device), rank 0 serving one node group"
  echo "rounds=$rounds"
  echo "sizes=$sizes"
  echo "clients=$clients"
  echo "java=$("$JAVA" -version 2>&1 | head -n 1)"
  echo "load_before=$(cut -d' ' -f1-3 /proc/loadavg)"
} >"$setup"

echo "$bench_script: starting the store on $store_ns"
ip netns exec "$store_ns" "$JAVA" -Xmx1g -cp "$BENCH_JAR" org.openmpj.bench.cache.StoreServer "$store" "$store_address" "$store_port" \
  >"$raw/store.log" 2>&1 &
store_pid=$!
sleep 2

host_list=$(for k in $(seq "$hosts"); do printf 'openmpj-h%d:1,' "$k"; done)
echo "$bench_script: the cluster run ($((hosts * threads)) ranks on $hosts hosts); direct reads of 100 MB by 128 clients take minutes"
OPENMPJ_JVM_OPTS="-Xmx6g -Xss512k" "$OPENMPJ_HOME/bin/mpjrun" -np $((hosts * threads)) -dev hybrid -threads "$threads" \
  -hosts "${host_list%,}" "-Dopenmpj.launcher.rsh=ip netns exec {host} env HOSTNAME={host} sh -c" \
  -cp "$BENCH_JAR" org.openmpj.bench.cache.ClusterBench "$store_address:$store_port" "$rounds" "$sizes" "$clients" \
  memory.bytes=4g 2>&1 | tee "$raw/cluster.log"

# Rank 0 (the server) and client 1 on one host, client 0 on the other: its fetches and its ping-pong both cross the link.
echo "$bench_script: warm fetch against ping-pong over tcp between two hosts"
make_file "$work/warm-100000000" 100000000
make_file "$work/warm-10000000" 10000000
for size in 10000000 100000000; do
  "$OPENMPJ_HOME/bin/mpjrun" -np 3 -dev tcp -oversubscribe -hosts openmpj-h2:1,openmpj-h3:1 \
    "-Dopenmpj.launcher.rsh=ip netns exec {host} env HOSTNAME={host} sh -c" \
    -cp "$BENCH_JAR" org.openmpj.bench.cache.WarmFetch "$work" "warm-$size" "$rounds" 3 group.size=3 | sed 's/^warm /warm transport=tcp-netns /' \
    | tee -a "$raw/warm.log"
  "$OPENMPJ_HOME/bin/mpjrun" -np 3 -dev thread -cp "$BENCH_JAR" org.openmpj.bench.cache.WarmFetch "$work" "warm-$size" "$rounds" 3 group.size=3 \
    | sed 's/^warm /warm transport=thread /' | tee -a "$raw/warm.log"
done

echo "$bench_script: replacement policies through a server (thread device)"
: >"$raw/policy.log"
for policy in FIFO LRU SIEVE S3FIFO ARC; do
  "$OPENMPJ_HOME/bin/mpjrun" -np 2 -dev thread -cp "$BENCH_JAR" org.openmpj.bench.cache.PolicyBench "$work/policy" "$policy" \
    2000 100000 20000 1.0 10 | tee -a "$raw/policy.log"
done
echo "load_after=$(cut -d' ' -f1-3 /proc/loadavg)" >>"$setup"

"$JAVA" -Djava.awt.headless=true -cp "$BENCH_JAR" org.openmpj.bench.cache.CacheReport "$raw" "$out"
