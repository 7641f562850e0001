#!/usr/bin/env bash
# The GPU check, one command, a few minutes, on a machine with a CUDA GPU (BENCHMARKS.md, "GPU
# check"): builds with -Pcuda (PyTorch 2.3.1's CUDA 12.1 natives); runs the tests tagged gpu
# (GpuStagingTest: batches staged on the GPU, deviceNormalize() there equal to the CPU's within one
# float ulp, no host buffer allocated per batch after warm-up, device memory flat over an epoch);
# runs the loader benchmark with the GPU as the device and, for comparison, the CPU (images/s, GPU
# memory, host-to-device copy per batch); runs the main job on the GPU. Prints one summary table
# and exits non-zero if any step fails; logs go to target/gpu-check/. Without a CUDA GPU (no
# nvidia-smi listing one) it says so and exits 0.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 1
if ! command -v nvidia-smi >/dev/null 2>&1 || ! nvidia-smi -L 2>/dev/null | grep -q '^GPU'; then
    echo "gpu-check: no CUDA GPU here (nvidia-smi lists none): nothing to check, exit 0."
    exit 0
fi
logs=target/gpu-check
mkdir -p "$logs"
rows=()
failed=0

# record STEP STATUS DETAIL: one row of the summary table
record() {
    rows+=("$(printf '| %-26s | %-6s | %s |' "$1" "$2" "$3")")
    [ "$2" = ok ] || failed=1
}

# loader DEVICE GPUS: the loader benchmark with batches staged on DEVICE
loader() {
    local result
    "$java" --enable-native-access=ALL-UNNAMED -cp "$(cat examples/target/bench-classpath.txt)" \
        dev.asyncdataset.examples.bench.LoaderBenchmark --data data/gpu-check-10x100 \
        --gpus "$2" --epochs 3 --max-steps 40 --warmup-seconds 20 > "$logs/loader-$1.log" 2>&1
    result="$(grep '^RESULT ' "$logs/loader-$1.log" | sed 's/^RESULT //')"
    if [ -z "$result" ]; then
        record "loader benchmark, $1" FAILED "see $logs/loader-$1.log"
        return
    fi
    local detail
    detail="$(/usr/bin/python3 - "$result" <<'PY'
import json, statistics, sys
r = json.loads(sys.argv[1])
text = "%.0f images/s" % statistics.median(r["rates"])
if "gpu_memory_mb" in r:
    text += ", GPU memory %.0f of %.0f MB, host-to-device copy %.2f ms/batch" % (
        r["gpu_memory_mb"], r["gpu_total_mb"], r["h2d_ms_per_batch"])
print(text)
PY
)"
    record "loader benchmark, $1" ok "$detail"
}

java="$(ls -d /usr/lib/jvm/*25* /usr/lib/jvm/*2[2-9]* 2>/dev/null | head -1)/bin/java"
echo "gpu-check: $(nvidia-smi -L | head -1)"

if MAVEN_ARGS="-Pcuda" bash examples/bench/build.sh > "$logs/build.log" 2>&1; then
    record "build -Pcuda" ok "pytorch-native-cu121 2.3.1"
else
    record "build -Pcuda" FAILED "see $logs/build.log"
fi

./mvnw -B -Pcuda -pl async-dataset test -Dgroups=gpu -Dsurefire.failIfNoSpecifiedTests=false \
    > "$logs/gpu-tests.log" 2>&1
tests="$(grep -E 'Tests run: [0-9]+, Failures' "$logs/gpu-tests.log" | tail -1)"
if grep -q 'BUILD SUCCESS' "$logs/gpu-tests.log" && [[ "$tests" =~ Skipped:\ 0 ]] \
        && ! [[ "$tests" =~ Tests\ run:\ 0, ]]; then
    record "tests tagged gpu" ok "${tests#*] }"
else
    record "tests tagged gpu" FAILED "${tests#*] } (skipped counts as failed here; $logs/gpu-tests.log)"
fi

if [ "$failed" = 0 ]; then
    "$java" -cp "$(cat examples/target/bench-classpath.txt)" \
        dev.asyncdataset.examples.data.GenerateImageNetLike --out data/gpu-check-10x100 \
        --classes 10 --per-class 100 --seed 7 > "$logs/data.log" 2>&1
    loader gpu 1
    loader cpu 0
fi

if ./mvnw -B -Pcuda -pl examples -am verify -DskipTests -Prun -Drun.args="--gpus 1" \
        > "$logs/main-job.log" 2>&1; then
    record "main job on the GPU" ok "$(grep -c 'training ResNet-18' "$logs/main-job.log") trainings, table in $logs/main-job.log"
else
    record "main job on the GPU" FAILED "see $logs/main-job.log"
fi

echo
echo "| step                       | status | result |"
echo "|----------------------------|--------|--------|"
printf '%s\n' "${rows[@]}"
exit "$failed"
