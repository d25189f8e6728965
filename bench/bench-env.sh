# Shared by the bench/run-*.sh scripts: finds the JDK and the jars (bin/openmpj-env.sh), checks the tools a report
# needs with install hints, finds Open MPI's own launcher and compiler (MPICH's may own mpirun and mpicc), builds the
# jars when the bench jar is missing or a jar is older than its module's sources, compiles a native benchmark when it
# changed, and starts the one report runner.
# Sourced, not run; the sourcing script's name prefixes every message. Sets BENCH_DIR and BENCH_JAR.

BENCH_DIR=$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")" && pwd)
source "$BENCH_DIR/../bin/openmpj-env.sh"
BENCH_JAR="$OPENMPJ_HOME/bench/target/openmpj-bench.jar"
bench_script=$(basename "$0")

# bench_require_tools TOOL...: exits with an install hint naming every missing tool.
bench_require_tools() {
  local tool hint missing=()
  for tool in "$@"; do
    command -v "$tool" >/dev/null 2>&1 && continue
    case "$tool" in
      mpiexec.hydra) hint="apt-get install mpich (MPICH's Hydra starts the rank processes of the tcp and shm devices)" ;;
      mpicc.mpich) hint="apt-get install mpich libmpich-dev (MPICH is the shm ping-pong's second native reference)" ;;
      taskset) hint="apt-get install util-linux" ;;
      ucx_perftest) hint="apt-get install ucx-utils (UCX's own ping-pong is the ucx-tcp report's floor)" ;;
      *) hint="install it" ;;
    esac
    missing+=("$tool: $hint")
  done
  if [ "${#missing[@]}" -gt 0 ]; then
    echo "$bench_script: missing tools; install them (as root):" >&2
    printf '  %s\n' "${missing[@]}" >&2
    exit 2
  fi
}

# bench_stale_jar: prints the first module jar that a main source file of its module is newer than, if any: a report
# measures the jars but names the checkout's revision, so a jar left from other sources would be measured under the
# wrong name.
bench_stale_jar() {
  local jar module
  for jar in "$OPENMPJ_HOME"/*/target/openmpj-*.jar; do
    # A test jar is rebuilt only when its tests change.
    if [ ! -f "$jar" ] || [[ $jar == *-tests.jar ]]; then
      continue
    fi
    module=$(dirname "$(dirname "$jar")")
    [ -d "$module/src/main" ] || continue
    if [ -n "$(find "$module/src/main" -type f -newer "$jar" -print -quit)" ]; then
      echo "$jar"
      return 0
    fi
  done
}

# bench_build: builds OpenMPJ when the bench jar is missing or a jar is older than the sources.
bench_build() {
  local stale
  stale=$(bench_stale_jar)
  [ -f "$BENCH_JAR" ] && [ -z "$stale" ] && return 0
  if ! command -v mvn >/dev/null 2>&1; then
    echo "$bench_script: ${stale:-$BENCH_JAR} is missing or older than the sources, and Maven (mvn) is not installed;" \
      "install it (apt-get install maven)." >&2
    exit 2
  fi
  if [ -n "$stale" ]; then
    echo "$bench_script: $stale is older than the sources; building OpenMPJ..." >&2
  else
    echo "$bench_script: building OpenMPJ..." >&2
  fi
  (cd "$OPENMPJ_HOME" && JAVA_HOME="$OPENMPJ_JDK" MAVEN_OPTS="${MAVEN_OPTS:---sun-misc-unsafe-memory-access=allow}" \
    mvn -B -ntp -q -DskipTests package)
}

# bench_find_openmpi: sets OPENMPI_MPIRUN and OPENMPI_MPICC to Open MPI's own launcher and compiler wrapper: the
# mpirun.openmpi and mpicc.openmpi that Debian installs beside MPICH's, else mpirun and mpicc if they are Open MPI's.
# Exits with an install hint when Open MPI is missing.
bench_find_openmpi() {
  local run_version cc_version
  if command -v mpirun.openmpi >/dev/null 2>&1 && command -v mpicc.openmpi >/dev/null 2>&1; then
    OPENMPI_MPIRUN=$(command -v mpirun.openmpi)
    OPENMPI_MPICC=$(command -v mpicc.openmpi)
    return 0
  fi
  run_version=$(mpirun --version 2>/dev/null || true)
  cc_version=$(mpicc --showme:version 2>/dev/null || true)
  if [[ $run_version == *"Open MPI"* && $cc_version == *"Open MPI"* ]]; then
    OPENMPI_MPIRUN=$(command -v mpirun)
    OPENMPI_MPICC=$(command -v mpicc)
    return 0
  fi
  echo "$bench_script: Open MPI is missing (neither mpirun.openmpi and mpicc.openmpi, nor an mpirun and mpicc of Open MPI's);" \
    "install it (as root):" >&2
  echo "  apt-get install openmpi-bin libopenmpi-dev" >&2
  exit 2
}

# bench_compile_native SOURCE BINARY [MPICC]: compiles a native benchmark when the binary is older, with MPICC
# (default Open MPI's, as bench_find_openmpi found it).
bench_compile_native() {
  if [ ! -x "$2" ] || [ "$1" -nt "$2" ]; then
    mkdir -p "$(dirname "$2")"
    echo "$bench_script: compiling $1 into $2" >&2
    "${3:-$OPENMPI_MPICC}" -O2 -std=c11 -Wall -Wextra -o "$2" "$1"
  fi
}

# bench_compile_mpich SOURCE BINARY: compiles a native benchmark with MPICH's mpicc.mpich when the binary is older.
bench_compile_mpich() {
  bench_compile_native "$1" "$2" mpicc.mpich
}

# bench_device ARGS...: prints the device the arguments choose (--device NAME), thread when they choose none.
bench_device() {
  local arg previous="" device=thread
  for arg in "$@"; do
    if [ "$previous" = "--device" ]; then
      device=$arg
    fi
    previous=$arg
  done
  echo "$device"
}

# bench_starts_rank_processes ARGS...: true when the arguments choose a device whose ranks are processes (tcp, shm, hybrid, ucx),
# which MPICH's mpiexec.hydra starts.
bench_starts_rank_processes() {
  case "$(bench_device "$@")" in
    tcp|shm|hybrid|ucx-sm|ucx-tcp) return 0 ;;
    *) return 1 ;;
  esac
}

# bench_run_report KIND ARGS...: runs the report runner (org.openmpj.bench.report.ReportRunner) on this checkout; ARGS come
# after the script's own, so the user's options win. 'ReportRunner KIND --help' lists a report's options.
bench_run_report() {
  local kind=$1
  shift
  # Native access: the nas report asks the devices whether they can run, and the shm and ucx probes call C.
  exec "$JAVA" -Djava.awt.headless=true --enable-native-access=ALL-UNNAMED \
    -cp "$BENCH_JAR:$OPENMPJ_MPI_JAR:$OPENMPJ_RUNTIME_CP" \
    org.openmpj.bench.report.ReportRunner "$kind" --home "$OPENMPJ_HOME" "$@"
}

# bench_wants_help ARGS...: true when the arguments ask for the help, which needs neither tools nor root.
bench_wants_help() {
  local arg
  for arg in "$@"; do
    case "$arg" in
      --help|-h) return 0 ;;
    esac
  done
  return 1
}
