# Shared by bin/mpjrun and bin/mpjavac: finds a JDK >= 25 and the OpenMPJ jars, building them on first use.
# Sourced, not run. Sets JAVA, JAVAC, OPENMPJ_HOME, OPENMPJ_CORE_JAR, OPENMPJ_LAUNCHER_JAR, OPENMPJ_MPI_JAR,
# OPENMPJ_OMPI_JAR, OPENMPJ_UCX_JAR, OPENMPJ_CACHE_JAR, OPENMPJ_API_CP (what each rank's own class loader loads: the
# mpiJava 1.2 API, package mpi, and MPJ-Cache, which is built on it), OPENMPJ_OMPI_API_CP (the same for programs written
# against Open MPI's Java API: its package mpi alone; the two never meet on one class path), and OPENMPJ_RUNTIME_CP: the
# engine and every device, what ranks run on (the launcher runs on it too, with OPENMPJ_LAUNCHER_JAR before it; ranks
# never get that jar). openmpj_api_cp NAME prints the API class path of an -api name, or fails for an unknown one.

OPENMPJ_HOME=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

openmpj_java_major() {
  "$1" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = //p' | head -n 1
}

openmpj_find_jdk() {
  local candidate
  for candidate in "${JAVA_HOME:-}" /usr/lib/jvm/temurin-25-jdk-amd64; do
    if [ -n "$candidate" ] && [ -x "$candidate/bin/java" ] && [ -x "$candidate/bin/javac" ]; then
      local major
      major=$(openmpj_java_major "$candidate/bin/java")
      if [ -n "$major" ] && [ "$major" -ge 25 ] 2>/dev/null; then
        echo "$candidate"
        return 0
      fi
    fi
  done
  if command -v javac >/dev/null 2>&1; then
    candidate=$(dirname "$(dirname "$(readlink -f "$(command -v javac)")")")
    local major
    major=$(openmpj_java_major "$candidate/bin/java")
    if [ -n "$major" ] && [ "$major" -ge 25 ] 2>/dev/null; then
      echo "$candidate"
      return 0
    fi
  fi
  return 1
}

if ! OPENMPJ_JDK=$(openmpj_find_jdk); then
  echo "$(basename "$0"): OpenMPJ needs a JDK 25 or newer, and none was found" \
       "(JAVA_HOME='${JAVA_HOME:-}', /usr/lib/jvm/temurin-25-jdk-amd64, javac on PATH)." \
       "Install one and set JAVA_HOME to it." >&2
  exit 2
fi
JAVA="$OPENMPJ_JDK/bin/java"
JAVAC="$OPENMPJ_JDK/bin/javac"

if [ -f "$OPENMPJ_HOME/lib/openmpj-core.jar" ]; then
  OPENMPJ_CORE_JAR="$OPENMPJ_HOME/lib/openmpj-core.jar"
  OPENMPJ_LAUNCHER_JAR="$OPENMPJ_HOME/lib/openmpj-launcher.jar"
  OPENMPJ_MPI_JAR="$OPENMPJ_HOME/lib/openmpj-mpi.jar"
  OPENMPJ_OMPI_JAR="$OPENMPJ_HOME/lib/openmpj-ompi.jar"
  OPENMPJ_UCX_JAR="$OPENMPJ_HOME/lib/openmpj-ucx.jar"
  OPENMPJ_CACHE_JAR="$OPENMPJ_HOME/lib/openmpj-cache.jar"
else
  OPENMPJ_CORE_JAR="$OPENMPJ_HOME/core/target/openmpj-core.jar"
  OPENMPJ_LAUNCHER_JAR="$OPENMPJ_HOME/launcher/target/openmpj-launcher.jar"
  OPENMPJ_MPI_JAR="$OPENMPJ_HOME/mpi/target/openmpj-mpi.jar"
  OPENMPJ_OMPI_JAR="$OPENMPJ_HOME/ompi/target/openmpj-ompi.jar"
  OPENMPJ_UCX_JAR="$OPENMPJ_HOME/ucx/target/openmpj-ucx.jar"
  OPENMPJ_CACHE_JAR="$OPENMPJ_HOME/cache/target/openmpj-cache.jar"
  if [ ! -f "$OPENMPJ_CORE_JAR" ] || [ ! -f "$OPENMPJ_LAUNCHER_JAR" ] || [ ! -f "$OPENMPJ_MPI_JAR" ] || [ ! -f "$OPENMPJ_OMPI_JAR" ] \
     || [ ! -f "$OPENMPJ_UCX_JAR" ] \
     || [ ! -f "$OPENMPJ_CACHE_JAR" ] || [ ! -f "$OPENMPJ_HOME/examples/target/openmpj-examples.jar" ]; then
    if ! command -v mvn >/dev/null 2>&1; then
      echo "$(basename "$0"): OpenMPJ is not built yet and Maven (mvn) is not installed; install it (apt-get install maven)." >&2
      exit 2
    fi
    echo "$(basename "$0"): building OpenMPJ (first run only)..." >&2
    openmpj_build_log=$(mktemp)
    if ! (cd "$OPENMPJ_HOME" && JAVA_HOME="$OPENMPJ_JDK" MAVEN_OPTS="${MAVEN_OPTS:---sun-misc-unsafe-memory-access=allow}" \
          mvn -B -ntp -DskipTests package >"$openmpj_build_log" 2>&1); then
      cat "$openmpj_build_log" >&2
      echo "$(basename "$0"): the build failed; see the Maven output above." >&2
      rm -f "$openmpj_build_log"
      exit 2
    fi
    rm -f "$openmpj_build_log"
  fi
fi
OPENMPJ_RUNTIME_CP="$OPENMPJ_CORE_JAR:$OPENMPJ_UCX_JAR"
OPENMPJ_API_CP="$OPENMPJ_MPI_JAR:$OPENMPJ_CACHE_JAR"
OPENMPJ_OMPI_API_CP="$OPENMPJ_OMPI_JAR"

openmpj_api_cp() {
  case "$1" in
    mpijava) echo "$OPENMPJ_API_CP" ;;
    ompi) echo "$OPENMPJ_OMPI_API_CP" ;;
    *) echo "$(basename "$0"): unknown API '$1'; expected mpijava (the mpiJava 1.2 API, the default) or ompi (Open MPI's" \
         "Java API)" >&2
       return 1 ;;
  esac
}
