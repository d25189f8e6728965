#!/usr/bin/env bash
# run-cache.sh: MPJ-Cache on an emulated cluster against direct reads of a throttled shared store, and the cache's
# own figures (warm fetch against ping-pong, replacement policies); writes bench/results/cache/cache.{csv,md},
# cache-*.png and every run's raw output under raw/. A thin wrapper over the report runner: 'ReportRunner cache'.
#
# Usage: bench/run-cache.sh [--help] [--unthrottled] [--link-mbit M] [--rounds N] [--sizes LIST] [--clients LIST] [--threads T] [--out DIR]
#
# The cluster: five "hosts" made of network namespaces (tools/netns-hosts), each one JVM of T thread ranks on the
# hybrid device (default T=33: rank 0 serves the one node group, the clients taking part are spread evenly over the
# four hosts other than the server's), every host's link limited with tc to 1 Gbit/s each way (--link-mbit M); the shared file
# system is a sixth host serving a directory over TCP (org.openmpj.bench.cache.StoreServer) through a link of
# 800 Mbit/s (100 MB/s) shared by every reader, with the page cache dropped before each direct read. --unthrottled
# runs the same without any tc limit. Cells: N clients (default 1,16,32,64,128) read the same file of S bytes
# (default 1 MB, 10 MB, 100 MB) directly or through the cache, cold and warm, alternating in every round (default 3).
# As root (namespaces, tc, dropping the page cache); needs ip and tc (iproute2) and about 16 GiB of memory.
set -euo pipefail
source "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/bench-env.sh"

bench_build
if bench_wants_help "$@"; then
  bench_run_report cache --help
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "$bench_script: needs root (network namespaces, tc, dropping the page cache)" >&2
  exit 2
fi
bench_require_tools ip tc
bench_run_report cache --out "$BENCH_DIR/results/cache" "$@"
