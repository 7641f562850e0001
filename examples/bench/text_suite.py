"""The text benchmark: tokens per second into the trainer (TinyLm's step included, or with
--no-trainer left out for every row) from Parquet text in a folder and on S3Proxy at each of
--latencies, for PackedDataset, DJL's own loader over pre-tokenized windows in memory
(TokenWindows: an ArrayDataset) and the Python peer (text_peer.py: Hugging Face datasets streaming +
tokenizers + a PyTorch DataLoader) at each of --python-workers. Every configuration runs in its own
process, --rounds times, in order and then in reverse (A B B A), so each round's ratios are
measured under the same load. A run reports the median tokens/s of its timed intervals; a row, the
median over its runs, CPU microseconds per token (the process and its workers, user + system) and
the peak RSS and PSS of its process tree. Writes target/bench/text.json and text.md and prints the
table. Started by examples/bench/text-bench.sh.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys

from suite import OUT, ROOT, java_command, run

TEXT_BENCH = "dev.asyncdataset.examples.bench.TextBenchmark"
BUCKET = "s3://bench/text/"
PYTHON = os.path.join(ROOT, "target", "text-bench-venv", "bin", "python")


def arguments():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", default="data/text-bench")
    parser.add_argument("--latencies", default="0,20")
    parser.add_argument("--python-workers", default="0,1,2,4")
    parser.add_argument("--java-loaders", default="packed,djl")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--warmup-seconds", type=int, default=15)
    parser.add_argument("--intervals", type=int, default=4)
    parser.add_argument("--interval-seconds", type=int, default=5)
    parser.add_argument("--no-trainer", action="store_true")
    return parser.parse_args()


def start_server(args, env):
    """BenchS3Servers over the text folder (its train/ files under BUCKET), one server a latency;
    the objects are made public-read so the Python peer reads them over plain HTTP (S3Proxy serves
    anonymous GETs of public-read objects, not of a public-read bucket's)."""
    server = subprocess.Popen(
        java_command("dev.asyncdataset.examples.bench.BenchS3Servers",
                     [args.data, BUCKET, args.latencies]),
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env, cwd=ROOT)
    for line in server.stdout:
        if line.startswith("READY "):
            endpoints = json.loads(line[len("READY "):])
            import boto3
            client = boto3.client("s3", endpoint_url=next(iter(endpoints.values())),
                                  region_name="us-east-1")
            bucket = BUCKET.split("/")[2]
            for listed in client.list_objects_v2(Bucket=bucket)["Contents"]:
                client.put_object_acl(Bucket=bucket, Key=listed["Key"], ACL="public-read")
            return server, endpoints
    raise RuntimeError("S3Proxy servers did not start")


def configurations(args, endpoints):
    """(storage, loader, command) of every row."""
    storages = [("folder", os.path.join(args.data, "train"), None)]
    storages += [(f"s3-{ms}", BUCKET + "train/", endpoints[ms]) for ms in args.latencies.split(",")]
    timing = ["--warmup-seconds", str(args.warmup_seconds), "--intervals", str(args.intervals),
              "--interval-seconds", str(args.interval_seconds), "--trainer",
              "false" if args.no_trainer else "true"]
    tokenizer = os.path.join(args.data, "train", "tokenizer.json")
    rows = []
    for storage, data, endpoint in storages:
        common = ["--data", data, "--tokenizer", tokenizer] + timing
        common += ["--endpoint", endpoint] if endpoint else []
        for loader in args.java_loaders.split(","):
            rows.append((storage, loader, java_command(TEXT_BENCH, common + ["--loader", loader])))
        for workers in args.python_workers.split(","):
            rows.append((storage, f"python-{workers}", [PYTHON, os.path.join(
                ROOT, "examples", "bench", "text_peer.py"), "--workers", workers] + common))
    return rows


NAMES = {"packed": "PackedDataset", "djl": "DJL loader, pre-tokenized ArrayDataset"}


def name(loader):
    if loader in NAMES:
        return NAMES[loader]
    return f"HF datasets + tokenizers + DataLoader, {loader.split('-')[1]} workers"


def row(runs):
    tokens = sum(sum(r["tokens"]) for r in runs)
    cpu = sum(r["user_cpu_s"] + r["system_cpu_s"] for r in runs)
    return {"rate": statistics.median(statistics.median(r["rates"]) for r in runs),
            "rates": [round(statistics.median(r["rates"])) for r in runs],
            "cpu_us_per_token": 1e6 * cpu / tokens,
            "peak_rss_mb": max(r["peak_rss_mb"] for r in runs),
            "peak_pss_mb": max(r["peak_mb"] for r in runs),
            "setup_s": [r.get("setup_s") for r in runs]}


def table(results, load):
    lines = [f"load average while measuring: {load}", "",
             "| storage | loader | tokens/s (median) | runs | CPU µs/token | peak RSS MB | peak PSS MB |",
             "|---|---|---:|---|---:|---:|---:|"]
    for (storage, loader), r in results.items():
        lines.append(f"| {storage} | {name(loader)} | {r['rate']:,.0f} | {r['rates']} | "
                     f"{r['cpu_us_per_token']:.1f} | {r['peak_rss_mb']} | {r['peak_pss_mb']} |")
    return "\n".join(lines)


def main():
    args = arguments()
    env = dict(os.environ, AWS_ACCESS_KEY_ID="bench", AWS_SECRET_ACCESS_KEY="bench-secret",
               AWS_REGION="us-east-1", OMP_WAIT_POLICY="PASSIVE")
    os.environ.update({k: env[k] for k in ("AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY")})
    server, endpoints = start_server(args, env)
    runs, loads = {}, []
    try:
        rows = configurations(args, endpoints)
        for round_ in range(args.rounds):
            for storage, loader, command in rows if round_ % 2 == 0 else rows[::-1]:
                result = run(command, env)
                loads.append(os.getloadavg()[0])
                runs.setdefault((storage, loader), []).append(result)
                print(f"round {round_} {storage:7} {name(loader):52} "
                      f"{statistics.median(result['rates']):9,.0f} tokens/s", flush=True)
    finally:
        server.stdin.close()
        server.wait()
    results = {key: row(r) for key, r in runs.items()}
    load = f"{min(loads):.1f} to {max(loads):.1f} (1-minute, sampled after each run)"
    os.makedirs(OUT, exist_ok=True)
    with open(os.path.join(OUT, "text.json"), "w") as f:
        json.dump({"runs": {f"{s} {l}": r for (s, l), r in runs.items()}, "load": load}, f, indent=1)
    with open(os.path.join(OUT, "text.md"), "w") as f:
        f.write(table(results, load) + "\n")
    print(table(results, load))


if __name__ == "__main__":
    sys.exit(main())
