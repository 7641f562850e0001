#!/usr/bin/env bash
# Reruns the whole loader benchmark (BENCHMARKS.md): about 50 minutes on 2 cores. Installs the
# Python peer from Debian's packages if missing, builds the examples, generates the data set
# (reused), then runs examples/bench/suite.py. Results: target/bench/{results.json,tables.md,
# throughput.png}. Arguments go to suite.py (--best, --mallopt-pairs N, --recording-pairs N,
# --baseline-pairs N --baseline REV, --epochs 3, ...).
set -euo pipefail
cd "$(dirname "$0")/../.."
packages="python3-torch python3-torchvision python3-pil python3-boto3 python3-matplotlib libturbojpeg0"
if ! /usr/bin/python3 -c "import torch, torchvision, PIL, boto3, matplotlib" 2>/dev/null \
        || ! ldconfig -p | grep -q 'libturbojpeg\.so\.0'; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $packages
fi
bash examples/bench/build.sh
export BENCH_JAVA
BENCH_JAVA="$(ls -d /usr/lib/jvm/*25* /usr/lib/jvm/*2[2-9]* 2>/dev/null | head -1)/bin/java"
"$BENCH_JAVA" -cp "$(cat examples/target/bench-classpath.txt)" \
    dev.asyncdataset.examples.data.GenerateImageNetLike --out data/bench-10x400 \
    --classes 10 --per-class 400 --seed 7
exec /usr/bin/python3 examples/bench/suite.py "$@"
