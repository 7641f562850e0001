#!/usr/bin/env bash
# Reruns the text benchmark (BENCHMARKS.md, "Text"): about 30 minutes on 2 cores. Installs the
# Python peer if missing (Debian's python3-torch and python3-boto3; Hugging Face datasets and
# tokenizers from PyPI into target/text-bench-venv, on top of the system packages), builds the
# examples, generates the Parquet text (reused), then runs examples/bench/text_suite.py.
# Results: target/bench/{text.json,text.md}. Arguments go to text_suite.py (--rounds 2,
# --no-trainer, --python-workers 0,1,2,4, --java-loaders packed,djl, ...).
set -euo pipefail
cd "$(dirname "$0")/../.."
if ! /usr/bin/python3 -c "import torch, boto3" 2>/dev/null; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-torch python3-boto3 python3-venv
fi
venv=target/text-bench-venv
if ! "$venv/bin/python" -c "import datasets, tokenizers, aiohttp, torch" 2>/dev/null; then
    /usr/bin/python3 -m venv --system-site-packages "$venv"
    # numpy below 2: Debian's torch is built against numpy 1
    "$venv/bin/pip" install -q datasets tokenizers aiohttp "numpy<2"
fi
bash examples/bench/build.sh
export BENCH_JAVA
BENCH_JAVA="$(ls -d /usr/lib/jvm/*25* /usr/lib/jvm/*2[2-9]* 2>/dev/null | head -1)/bin/java"
"$BENCH_JAVA" -cp "$(cat examples/target/bench-classpath.txt)" \
    dev.asyncdataset.examples.text.TextLmData --out data/text-bench/train --files 8 --rows 2000 --seed 7
exec /usr/bin/python3 examples/bench/text_suite.py "$@"
