#!/usr/bin/env bash
# Trains DJL's ResNet-18 (TrainResNet) on the benchmark folder with this build's loader and with
# the loader of an earlier commit, alternating which runs first, each run in a fresh JVM:
#   bash examples/bench/train-pairs.sh REV PAIRS [TrainResNet options...]
# (a --train among the options replaces the folder: --train "$PWD/data/bench-10x400-shards")
# One line per run: the build, the pair, the 1-minute load average, TrainResNet's RESULT line
# (images/s over the run, the trainer's data-wait share) and the process's CPU and peak RSS.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
REV="$1"; PAIRS="$2"; shift 2
BASE="$ROOT/target/bench/baseline-$REV"
JAVA="$(ls -d /usr/lib/jvm/*25* /usr/lib/jvm/*2[2-9]* 2>/dev/null | head -1)/bin/java"
if [[ ! -d "$BASE" ]]; then
  mkdir -p "$BASE" && git -C "$ROOT" archive "$REV" | tar -x -C "$BASE"
  bash "$ROOT/examples/bench/build.sh" "$BASE"
fi
[[ -f "$ROOT/examples/target/bench-classpath.txt" ]] || bash "$ROOT/examples/bench/build.sh" "$ROOT"
run() { # build-name checkout pair
  local out; out="$(mktemp)"
  (cd "$2" && /usr/bin/time -f "TIME user=%U sys=%S maxrss_kb=%M" "$JAVA" \
      -cp "$(cat examples/target/bench-classpath.txt)" dev.asyncdataset.examples.TrainResNet \
      --train "$ROOT/data/bench-10x400" --val none --epochs 1 --gpus 0 "${@:4}") >"$out" 2>&1
  echo "$1 pair=$3 load=$(cut -d' ' -f1 /proc/loadavg) $(grep '^RESULT' "$out") $(grep '^TIME' "$out")"
  rm -f "$out"
}
for ((i = 1; i <= PAIRS; i++)); do
  if ((i % 2)); then run this "$ROOT" "$i" "$@"; run "$REV" "$BASE" "$i" "$@"
  else run "$REV" "$BASE" "$i" "$@"; run this "$ROOT" "$i" "$@"; fi
done
