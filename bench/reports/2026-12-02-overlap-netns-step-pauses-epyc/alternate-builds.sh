#!/bin/bash
# Alternating rounds of the overlap program over a 1 Gbit/s netns link (bench/run-overlap-netns.sh, one round per job):
# two builds, BEFORE and AFTER (checkouts built with mvn -DskipTests package), with the progress thread, and AFTER without
# it; the order reverses every other round. Usage (as root): BEFORE=dir AFTER=dir ROUNDS="1 2 3" alternate-builds.sh
export JAVA_HOME=${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}
: "${BEFORE:?set BEFORE to the checkout before the change}" "${AFTER:?set AFTER to the checkout after it}"
one() { # dir mode label
  (cd $1 && bench/run-overlap-netns.sh --rounds 1 --modes "$2" 2>&1 | grep '^round' | sed "s/^round=1/variant=$3/")
}
echo "# $(lscpu | sed -n 's/^Model name: *//p'), $(date -u)"
for r in ${ROUNDS:-1 2 3}; do
  if [ $((r%2)) -eq 1 ]; then
    echo "round $r"; one "$BEFORE" thread before; one "$AFTER" thread after; one "$AFTER" none after-none
  else
    echo "round $r"; one "$AFTER" none after-none; one "$AFTER" thread after; one "$BEFORE" thread before
  fi
done
