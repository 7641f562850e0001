#!/usr/bin/env bash
# Builds the examples of the checkout ROOT (default: this one) and writes the classpath the
# benchmark runs them with: ROOT/examples/target/bench-classpath.txt.
set -euo pipefail
cd "${1:-$(dirname "$0")/../..}"
./mvnw -B -q -pl examples -am package dependency:build-classpath -DskipTests \
    -Dmdep.includeScope=runtime -Dmdep.outputFile=target/dependencies.txt
echo "examples/target/async-dataset-examples-0.1.0-SNAPSHOT.jar:$(cat examples/target/dependencies.txt)" \
    > examples/target/bench-classpath.txt
