# Shared by the bench/run-*.sh scripts: finds the JDK and the jars (bin/openmpj-env.sh), checks the tools a report
# needs with install hints, builds the bench jar when it is missing and compiles a native benchmark when it changed.
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
      mpicc|mpirun) hint="apt-get install openmpi-bin libopenmpi-dev" ;;
      mpiexec.hydra) hint="apt-get install mpich (MPICH's Hydra starts the tcp device's rank processes)" ;;
      taskset) hint="apt-get install util-linux" ;;
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

# bench_build: builds OpenMPJ when the bench jar is missing.
bench_build() {
  [ -f "$BENCH_JAR" ] && return 0
  if ! command -v mvn >/dev/null 2>&1; then
    echo "$bench_script: $BENCH_JAR is missing and Maven (mvn) is not installed; install it (apt-get install maven)." >&2
    exit 2
  fi
  echo "$bench_script: building OpenMPJ..." >&2
  (cd "$OPENMPJ_HOME" && JAVA_HOME="$OPENMPJ_JDK" MAVEN_OPTS="${MAVEN_OPTS:---sun-misc-unsafe-memory-access=allow}" \
    mvn -B -ntp -q -DskipTests package)
}

# bench_compile_native SOURCE BINARY: compiles a native benchmark with Open MPI's mpicc when the binary is older.
bench_compile_native() {
  if [ ! -x "$2" ] || [ "$1" -nt "$2" ]; then
    mkdir -p "$(dirname "$2")"
    echo "$bench_script: compiling $1" >&2
    mpicc -O2 -std=c11 -Wall -Wextra -o "$2" "$1"
  fi
}

# bench_wants_tcp ARGS...: true when the arguments choose the tcp device (--device tcp).
bench_wants_tcp() {
  local previous=""
  for arg in "$@"; do
    if [ "$previous" = "--device" ] && [ "$arg" = "tcp" ]; then
      return 0
    fi
    previous=$arg
  done
  return 1
}
