"""The loader benchmark suite (issue 7): ConcurrentDataset, DJL's loader and PyTorch's DataLoader on
the same generated ImageNet-like JPEGs, from memory (the CPU-bound ceiling), a local folder and
S3Proxy at several latencies; then ResNet-18 training with each loader at 20 ms. Every
configuration runs in its own process: warm-up epochs (40 s for Java, where the JIT takes a minute
to compile the S3 client's request path; one epoch for PyTorch), then several measured epochs
(median); peak memory is the process tree's proportional set size (PSS), sampled every 0.2 s.
Over the measured epochs the loader process reports what the kernel counted for it and its
children (minor page faults, user and system CPU time), given here per image delivered and, for
system CPU, as a share of all cores' time. Writes target/bench/results.json, tables.md and
throughput.png, and prints the tables. Every process runs with MALLOC_ARENA_MAX=2 (BENCHMARKS.md;
not with --no-arena-max), Java with -Xmx4g unless a row says otherwise (no -Xmx with
--default-jvm); --best adds per storage a ConcurrentDataset row as a user's process runs it,
neither -Xmx nor MALLOC_ARENA_MAX. --mallopt-pairs N runs instead pairs of ConcurrentDataset's
defaults on the folder with glibc's mmap threshold left to glibc and fixed at 128 KiB
(MALLOC_MMAP_THRESHOLD_=131072; mallopt.json, mallopt.md); --recording-pairs N, with
its JFR events recorded and not (recording.json, recording.md); --baseline-pairs N --baseline REV,
this build and commit REV's on the folder, on its tar shards and from S3 at --latencies
(baseline.json, baseline.md).
Started by examples/bench/run-all.sh.
"""
import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import threading
import time

from proctree import pss_kb, rss_kb

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
OUT = os.path.join(ROOT, "target", "bench")
CORES = len(os.sched_getaffinity(0))
BUCKET = "s3://bench/train"
JAVA_BENCH = "dev.asyncdataset.examples.bench.LoaderBenchmark"


def java_command(main, args, jvm=("-Xmx4g",), root=ROOT):
    """jvm: the JVM's options (none: its default heap, --default-jvm); root: the checkout whose
    build runs (another one: --baseline)."""
    jdk = os.environ["BENCH_JAVA"]
    listed = open(os.path.join(root, "examples", "target", "bench-classpath.txt")).read().strip()
    classpath = ":".join(os.path.join(root, entry) for entry in listed.split(":"))
    return [jdk, "--enable-native-access=ALL-UNNAMED", *jvm, "-cp", classpath, main] + args


def torch_command(args):
    return ["/usr/bin/python3", os.path.join(ROOT, "examples", "bench", "torch_loader.py")] + args


def run(command, env):
    """Runs one configuration; returns its RESULT object plus the peak PSS and RSS in MB."""
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               env=env, cwd=ROOT)
    peak = [0, 0]

    def sample():
        while process.poll() is None:
            peak[0] = max(peak[0], pss_kb(process.pid))
            peak[1] = max(peak[1], rss_kb(process.pid))
            time.sleep(0.2)
    sampler = threading.Thread(target=sample)
    sampler.start()
    out, err = process.communicate()
    sampler.join()
    lines = [line for line in out.splitlines() if line.startswith("RESULT ")]
    if process.returncode != 0 or not lines:
        shown = command[command.index("-cp") + 2:] if "-cp" in command else command
        raise RuntimeError(f"{' '.join(shown)} failed ({process.returncode}):\n{err[-3000:]}")
    result = json.loads(lines[-1][len("RESULT "):])
    result["peak_mb"] = round(peak[0] / 1024)
    result["peak_rss_mb"] = round(peak[1] / 1024)
    return result


def run_loader(command, env):
    """Runs one loader configuration: its result with the median rate and the kernel's counts of
    the measured epochs per image delivered (minor page faults, user and system CPU ms), system
    CPU as a share of all cores' time and, for Java loaders, the heap KB allocated per image."""
    result = run(command, env)
    images = sum(result["images"])
    user_ms, system_ms = (1000 * result[k] / images for k in ("user_cpu_s", "system_cpu_s"))
    result.update(rate=statistics.median(result["rates"]),
                  faults_per_image=result["minor_faults"] / images,
                  user_ms_per_image=user_ms, cpu_ms_per_image=user_ms + system_ms,
                  system_share=result["system_cpu_s"] / (result["measured_s"] * CORES))
    if result.get("allocated_bytes", -1) >= 0:
        result["alloc_kb_per_image"] = result["allocated_bytes"] / images / 1024
    return result


def kernel_summary(result):
    return (f"{result['rate']:7.1f} img/s  {result['faults_per_image']:7.1f} faults/img  "
            f"{result['cpu_ms_per_image']:5.2f} CPU ms/img  {result['system_share']:5.1%} sys  "
            f"{alloc_kb(result):>5} KB alloc/img  {result['peak_mb']:5} MB PSS  "
            f"{result['peak_rss_mb']:5} MB RSS")


def alloc_kb(result):
    """Heap KB allocated per image, "-" where the loader does not count it (PyTorch)."""
    return f"{result['alloc_kb_per_image']:.0f}" if "alloc_kb_per_image" in result else "-"


QUICK = {"ConcurrentDataset (defaults)", "ConcurrentDataset (per-item buffers)",
         "DJL, no executor", "DJL, 8 threads, prefetch 8",
         "PyTorch, 2 workers", "PyTorch, 8 workers", "ConcurrentDataset, 1 fetchers",
         "ConcurrentDataset, 16 fetchers", "ConcurrentDataset, 64 fetchers"}

PER_ITEM = ("ConcurrentDataset (per-item buffers)", "concurrent", ["--recycle-buffers", "false"])

# ConcurrentDataset as a user's process runs it: the JVM's own heap sizing (no -Xmx) and glibc's
# own arenas (no MALLOC_ARENA_MAX), the setting issue 35's memory targets are stated for.
USER_PROCESS = "--user-process"
DEFAULT_JVM = ("ConcurrentDataset (defaults, default JVM)", "concurrent", [USER_PROCESS])


def loaders(storage, quick=False):
    """(name, kind, options) of the loader configurations measured on this storage."""
    if quick:
        return [c for c in loaders(storage) if c[0] in QUICK
                and (storage == "s3-20" or "fetchers" not in c[0])]
    configs = [("ConcurrentDataset (defaults)", "concurrent", []),
               PER_ITEM]
    if storage == "memory":
        return configs + [("PyTorch, 2 workers", "torch", ["--workers", "2"])]
    configs += [("DJL, no executor", "djl", []), ("DJL, 2 threads, prefetch 2", "djl", ["--djl-threads", "2"]),
                ("DJL, 8 threads, prefetch 8", "djl", ["--djl-threads", "8"]),
                ("DJL, 32 threads, prefetch 32", "djl", ["--djl-threads", "32"])]
    configs += [(f"PyTorch, {w} workers", "torch", ["--workers", str(w)]) for w in (0, 2, 8)]
    if storage in ("s3-20", "s3-100"):
        configs.insert(1, ("ConcurrentDataset (defaults, -Xmx1g)", "concurrent", ["-Xmx1g"]))
    if storage == "s3-20":
        configs += [(f"ConcurrentDataset, {f} fetchers", "concurrent",
                     ["--fetchers", str(f), "--workers", str(max(4, f // 64 + 2))])
                    for f in (1, 16, 128)]
        configs += [(f"ConcurrentDataset, {w} workers", "concurrent", ["--workers", str(w)])
                    for w in (1,)]
    return configs


BEST = {"folder": ((4, 8), (2, 4, 8)), "s3-0": ((8, 16), (4, 8)), "s3-20": ((8, 16), (8, 16)),
        "s3-100": ((8, 16), (8, 16))}


def best_loaders(storage):
    """--best: ConcurrentDataset's defaults (and, except at 0 ms, its per-item path: issue 16's
    before/after) and the DJL settings (executor threads, as many batches
    prefetched) and PyTorch worker counts (persistent workers) that can be best on this storage."""
    djl, torch = BEST[storage]
    per_item = [PER_ITEM] if storage != "s3-0" else []
    return ([("ConcurrentDataset (defaults)", "concurrent", []), DEFAULT_JVM] + per_item
            + [(f"DJL, {t} threads, prefetch {t}", "djl", ["--djl-threads", str(t)]) for t in djl]
            + [(f"PyTorch, {w} workers", "torch", ["--workers", str(w)]) for w in torch])


def skip(kind, options):
    """Batches the loader may hold ahead: the rate is measured after them."""
    value = dict(zip(options[::2], options[1::2]))
    if kind == "torch":
        return max(1, 2 * int(value["--workers"]))
    if kind == "djl":
        return max(1, int(value.get("--djl-threads", "1")))
    return max(4, int(value.get("--workers", "4")))


def loader_command(kind, options, data, endpoint, args, root=ROOT):
    common = ["--data", data, "--epochs", str(args.epochs), "--max-steps", str(args.max_steps),
              "--max-seconds", str(args.max_seconds), "--batch-size", "64", "--image-size", "224"]
    if data == "memory":
        common[1] = args.folder
        common += ["--in-memory", "true"]
    if endpoint:
        common += ["--endpoint", endpoint]
    jvm = [o for o in options if o.startswith(("-X", "-D"))]
    if not (args.default_jvm or USER_PROCESS in options or any(o.startswith("-Xmx") for o in jvm)):
        jvm.append("-Xmx4g")
    options = [o for o in options if not o.startswith(("-X", "-D")) and o != USER_PROCESS]
    warmup = args.warmup_seconds if kind != "torch" else 1
    common += ["--skip", str(skip(kind, options)), "--warmup-seconds", str(warmup)]
    if kind == "torch":
        return torch_command(common + options)
    return java_command(JAVA_BENCH, common + ["--loader", kind] + options, jvm, root)


def attempt(failures, storage, loader, measure):
    """measure(), or None once the failure of its process is printed and added to failures."""
    try:
        return measure()
    except RuntimeError as e:
        print(f"{storage:7} {loader:34} FAILED: {str(e)[-600:]}", flush=True)
        failures.append({"storage": storage, "loader": loader, "error": str(e)[-600:]})
        return None


def measure_loaders(args, endpoints, env, failures):
    storages = [("memory", "memory", None), ("folder", args.folder, None)]
    storages += [(f"s3-{ms}", BUCKET, endpoints[str(ms)]) for ms in args.latencies]
    results = []
    for storage, data, endpoint in storages:
        if args.storages and storage not in args.storages:
            continue
        configs = best_loaders(storage) if args.best else loaders(storage, args.quick)
        for name, kind, options in configs:
            if not re.search(args.loaders, name):
                continue
            command = loader_command(kind, options, data, endpoint, args)
            row_env = {k: v for k, v in env.items() if k != "MALLOC_ARENA_MAX" or
                       USER_PROCESS not in options}
            result = attempt(failures, storage, name, lambda: run_loader(command, row_env))
            if result is None:
                continue
            result.update(storage=storage, loader=name, kind=kind)
            print(f"{storage:7} {name:34} {kernel_summary(result)}", flush=True)
            results.append(result)
    return results


def measure_training(args, endpoints, env):
    endpoint = endpoints.get("20", next(iter(endpoints.values())))
    common = ["--train", BUCKET, "--val", "none", "--endpoint", endpoint, "--epochs", "1",
              "--max-steps", str(args.train_steps), "--batch-size", "32", "--image-size", "64"]
    runs = [("ConcurrentDataset (defaults)", java_command(
                "dev.asyncdataset.examples.TrainResNet", common + ["--loader", "concurrent"])),
            ("DJL, 8 threads, prefetch 8", java_command(
                "dev.asyncdataset.examples.TrainResNet",
                common + ["--loader", "djl", "--djl-threads", "8"])),
            ("PyTorch, 8 workers", torch_command(
                ["--data", BUCKET, "--endpoint", endpoint, "--epochs", "1", "--max-steps",
                 str(args.train_steps), "--max-seconds", "100000", "--batch-size", "32",
                 "--image-size", "64", "--workers", "8", "--train"]))]
    results = []
    for name, command in runs:
        result = run(command, env)
        result["step_ms"] = result["wall_s"] * 1000 / (result["images"] / 32)
        result["loader"] = name
        print(f"train   {name:34} step {result['step_ms']:7.1f} ms  wait {result['wait_share']:.1%}",
              flush=True)
        results.append(result)
    return results


def start_servers(args, env):
    specs = [str(ms) for ms in args.latencies] + shard_servers(args) + format_servers(args)
    shards = [SHARD_BUCKET, str(args.shard_mb)] if args.shards or args.parquet else []
    shards += [parquet_folder(args), PARQUET_BUCKET] if args.parquet else []
    server = subprocess.Popen(
        java_command("dev.asyncdataset.examples.bench.BenchS3Servers",
                     [args.folder, BUCKET, ",".join(specs)] + shards),
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env, cwd=ROOT)
    for line in server.stdout:
        if line.startswith("READY "):
            return server, json.loads(line[len("READY "):])
    raise RuntimeError("S3Proxy servers did not start")


def warm_servers(args, endpoints, env):
    """Runs the servers' JIT warm before the first S3 row: one unrecorded ConcurrentDataset run."""
    endpoint = endpoints[str(args.latencies[0])]
    run(java_command(JAVA_BENCH, ["--data", BUCKET, "--endpoint", endpoint, "--epochs", "0",
                                  "--warmup-seconds", str(args.warmup_seconds), "--loader",
                                  "concurrent"]), env)


# Tar shards (issue 17): per-object reads against shard reads from a folder and from S3 at each
# shard latency, with and without a server-side GET rate limit (503 SlowDown above it, standing in
# for S3's per-prefix limit). ConcurrentDataset with defaults in every row. GETs and bytes are the
# server's counts for S3 rows (BenchS3Servers' COUNTS), ConcurrentDataset's fetched bytes for the
# folder; both over the whole run, warm-up included, scaled to one epoch of the set.
SHARD_BUCKET = "s3://bench/shards"


def shard_folder(args):
    return args.folder.rstrip("/") + "-shards"


def shard_servers(args):
    """The servers the shard rows add to the suite's: plain ones missing from --latencies, then
    "LATENCY:GETS" rate-limited ones."""
    if not args.shards:
        return []
    plain = [str(ms) for ms in args.shard_latencies if ms not in args.latencies]
    return plain + [f"{ms}:{args.rate_limit}" for ms in args.shard_latencies]


def write_shards(args, env, out=None, root=ROOT):
    """Writes the image folder as tar shards (ShardWriter; a rerun rewrites the same shards)."""
    subprocess.run(java_command("dev.asyncdataset.examples.data.WriteShards",
                                ["--images", args.folder, "--out", out or shard_folder(args),
                                 "--shard-mb", str(args.shard_mb)], root=root),
                   env=env, cwd=ROOT, check=True, stdout=subprocess.DEVNULL)


def server_counts(server):
    """The S3 servers' GETs served, bytes and 503s so far, by server name."""
    server.stdin.write("COUNTS\n")
    server.stdin.flush()
    for line in server.stdout:
        if line.startswith("COUNTS "):
            return json.loads(line[len("COUNTS "):])
    raise RuntimeError("the S3Proxy servers ended")


def shard_rows(args):
    """(storage, S3 server name or None, per-object data, shard data) of the shard table."""
    rows = [("folder", None, args.folder, shard_folder(args))]
    for ms in args.shard_latencies:
        rows += [(f"s3-{ms}", str(ms), BUCKET, SHARD_BUCKET),
                 (f"s3-{ms}, {args.rate_limit} GETs/s", f"{ms}:{args.rate_limit}", BUCKET,
                  SHARD_BUCKET)]
    return rows


def measure_shard_row(args, server, name, command, env):
    """Runs one shard-table row; adds per-epoch GETs, bytes and 503s to its result."""
    before = server_counts(server) if name else None
    result = run_loader(command, env)
    per_epoch = args.set_size / max(1, result["total_images"])
    if name:
        after = server_counts(server)[name]
        for key in ("gets", "bytes", "slow_downs"):
            result[key + "_per_epoch"] = (after[key] - before[name][key]) * per_epoch
    else:
        result["bytes_per_epoch"] = result["total_bytes"] * per_epoch
    return result


def measure_read(args, server, endpoints, env, failures, row):
    """Runs one row (storage, S3 server name or None, reads, data, options) of the shard or format
    table; its result, or None if it failed."""
    storage, name, reads, data, options = row
    command = loader_command("concurrent", options, data, endpoints[name] if name else None, args)
    result = attempt(failures, storage, reads,
                     lambda: measure_shard_row(args, server, name, command, env))
    if result is not None:
        result.update(storage=storage, reads=reads)
    return result


def measure_shards(args, server, endpoints, env, failures):
    results = []
    for storage, name, per_object, shards in shard_rows(args):
        for reads, data, data_format in (("per-object", per_object, "images"),
                                         ("tar shards", shards, "shards")):
            row = (storage, name, reads, data, ["--format", data_format])
            result = measure_read(args, server, endpoints, env, failures, row)
            if result is None:
                continue
            print(f"{storage:22} {reads:10} {result['rate']:7.1f} img/s  "
                  f"{result['peak_mb']:5} MB", flush=True)
            results.append(result)
    return results


def shard_table(results):
    lines = ["| storage | reads | images/s | GETs per epoch | 503s per epoch | MB read per epoch"
             " | peak PSS |", "|---|---|---:|---:|---:|---:|---:|"]
    for r in results:
        gets = f"{r['gets_per_epoch']:.0f}" if "gets_per_epoch" in r else "-"
        slow = f"{r['slow_downs_per_epoch']:.0f}" if "slow_downs_per_epoch" in r else "-"
        lines.append(f"| {r['storage']} | {r['reads']} | {r['rate']:.1f} | {gets} | {slow} | "
                     f"{r['bytes_per_epoch'] / 1e6:.1f} | {r['peak_mb']} MB |")
    return "\n".join(lines) + "\n"


def run_shards(args, server, endpoints, env, results):
    """The shard table: rows into results["shards"], the table into target/bench/shards.md."""
    results["shards"] = measure_shards(args, server, endpoints, env, results["failures"])
    save(results, args)
    table = shard_table(results["shards"])
    with open(os.path.join(OUT, "shards.md"), "w") as f:
        f.write(table)
    print(table, flush=True)


# The same images as a folder, as tar shards and as Parquet (Hub layout, Snappy, row groups of 100
# rows, written by WriteParquet), from the folder and from S3 at each of --parquet-latencies:
# ConcurrentDataset with defaults, the images per object, the shards and the Parquet streamed, and
# the Parquet by random access too. Each row gives images/s, CPU ms per image, GETs per 100 images
# (the S3 server's count, warm-up included) and the peak RSS.
PARQUET_BUCKET = "s3://bench/parquet/"


def parquet_folder(args):
    return args.folder.rstrip("/") + "-parquet"


def format_servers(args):
    """The servers the format rows add: those of --parquet-latencies missing from the others."""
    if not args.parquet:
        return []
    known = set(args.latencies) | (set(args.shard_latencies) if args.shards else set())
    return [str(ms) for ms in args.parquet_latencies if ms not in known]


def write_parquet(args, env):
    """Writes the image folder as Hub-layout Parquet (WriteParquet; a rerun rewrites it)."""
    subprocess.run(java_command("dev.asyncdataset.examples.data.WriteParquet",
                                ["--images", args.folder, "--out", parquet_folder(args)]),
                   env=env, cwd=ROOT, check=True, stdout=subprocess.DEVNULL)


def format_rows(args):
    """(storage, S3 server name or None, reads, data, options) of the format table."""
    ways = [("images", lambda remote: BUCKET if remote else args.folder, ["--format", "images"]),
            ("tar shards", lambda remote: SHARD_BUCKET if remote else shard_folder(args),
             ["--format", "shards"]),
            ("parquet streamed", lambda remote: PARQUET_BUCKET if remote else parquet_folder(args),
             ["--format", "parquet"]),
            ("parquet random access",
             lambda remote: PARQUET_BUCKET if remote else parquet_folder(args),
             ["--format", "parquet", "--random-access", "true"])]
    storages = [("folder", None)] + [(f"s3-{ms}", str(ms)) for ms in args.parquet_latencies]
    return [(storage, name, reads, data(name is not None), options)
            for storage, name in storages for reads, data, options in ways]


def measure_formats(args, server, endpoints, env, failures):
    results = []
    for row in format_rows(args):
        result = measure_read(args, server, endpoints, env, failures, row)
        if result is None:
            continue
        print(f"{result['storage']:8} {result['reads']:22} {kernel_summary(result)}", flush=True)
        results.append(result)
    return results


def format_table(results):
    lines = ["| storage | reads | images/s | CPU ms per image | GETs per 100 images | peak RSS |",
             "|---|---|---:|---:|---:|---:|"]
    for r in results:
        gets = (f"{100 * r['gets_per_epoch'] / r['set_size']:.1f}" if "gets_per_epoch" in r
                else "-")
        lines.append(f"| {r['storage']} | {r['reads']} | {r['rate']:.1f} | "
                     f"{r['cpu_ms_per_image']:.2f} | {gets} | {r['peak_rss_mb']} MB |")
    return "\n".join(lines) + "\n"


def run_formats(args, server, endpoints, env, results):
    """The format table: rows into results["formats"], the table into target/bench/formats.md."""
    results["formats"] = measure_formats(args, server, endpoints, env, results["failures"])
    for r in results["formats"]:
        r["set_size"] = args.set_size
    save(results, args)
    table = format_table(results["formats"])
    with open(os.path.join(OUT, "formats.md"), "w") as f:
        f.write(table)
    print(table, flush=True)


def add_format_arguments(parser):
    parser.add_argument("--parquet", action="store_true",
                        help="also the format table (folder, tar shards, Parquet streamed and by "
                             "random access, from the folder and from S3)")
    parser.add_argument("--parquet-only", action="store_true",
                        help="only the format table (implies --parquet)")
    parser.add_argument("--parquet-latencies", type=int, nargs="+", default=[20])


def add_shard_arguments(parser):
    parser.add_argument("--shards", action="store_true",
                        help="also the tar-shard table (per-object vs shards, GET rate limit)")
    parser.add_argument("--shards-only", action="store_true",
                        help="only the tar-shard table (implies --shards)")
    parser.add_argument("--shard-latencies", type=int, nargs="+", default=[20, 100])
    parser.add_argument("--rate-limit", type=int, default=200, help="GETs/s of limited servers")
    parser.add_argument("--shard-mb", type=int, default=32, help="target shard size")


def save(results, args):
    with open(os.path.join(OUT, args.results), "w") as f:
        json.dump(results, f, indent=1)


# Alternating pairs of runs of ConcurrentDataset's defaults on the folder, each in its own process,
# with what a user's process has: no -Xmx, no MALLOC_ARENA_MAX, no MALLOC_MMAP_THRESHOLD_ unless
# the variant sets it. --mallopt-pairs: glibc's mmap threshold, as glibc moves it and fixed at
# 128 KiB by the environment (the user's opt-in, docs/usage.md). --recording-pairs: the
# loader's JFR events recorded (LoaderBenchmark --record, the jar's async-dataset.jfc) and not.
# --baseline-pairs: this build and the build of an earlier commit (--baseline REV), each on the
# folder, on its tar shards (written by the earlier build's ShardWriter, so that both read them) and
# from S3 at each of --latencies, and on its Parquet files (this build's WriteParquet), streamed
# and by random access.
PAIRS = {"mallopt": (("glibc's", [], {}), ("fixed", [], {"MALLOC_MMAP_THRESHOLD_": "131072"})),
         "recording": (("recorded", ["--record", os.path.join(OUT, "recording.jfr")], {}),
                       ("not recorded", [], {}))}


def pair_groups(args, env, kind, endpoints):
    """The groups of variants that alternate: (variant, options, data, endpoint, checkout,
    environment added) each."""
    if kind != "baseline":
        return [[(name, options, args.folder, None, ROOT, added)
                 for name, options, added in PAIRS[kind]]]
    root = baseline_checkout(args.baseline, env)
    shards = os.path.join(OUT, f"baseline-{args.baseline}-shards")
    stores = [("folder", [], args.folder, None), ("tar shards", ["--format", "shards"], shards, None)]
    stores += [(f"S3, {ms} ms", [], BUCKET, endpoints[str(ms)]) for ms in args.latencies]
    stores += [("Parquet streamed", ["--format", "parquet"], parquet_folder(args), None),
               ("Parquet random access", ["--format", "parquet", "--random-access", "true"],
                parquet_folder(args), None)]
    keys = ["folder", "shards"] + [f"s3-{ms}" for ms in args.latencies] + ["parquet",
                                                                           "parquet-random"]
    stores = [s for s, key in zip(stores, keys) if not args.storages or key in args.storages]
    if any(name == "tar shards" for name, *_ in stores):
        write_shards(args, env, shards, root)
    if any(name.startswith("Parquet") for name, *_ in stores):
        write_parquet(args, env)
    builds = (("this build", ROOT), (f"baseline {args.baseline}", root))
    return [[(f"{build}, {name}", options, data, endpoint, checkout, {})
             for build, checkout in builds] for name, options, data, endpoint in stores]


def baseline_checkout(rev, env):
    """The files of commit rev under target/bench, built as run-all.sh builds this checkout."""
    root = os.path.join(OUT, f"baseline-{rev}")
    if not os.path.isdir(root):
        os.makedirs(root)
        archive = subprocess.run(["git", "archive", rev], cwd=ROOT, check=True,
                                 stdout=subprocess.PIPE).stdout
        subprocess.run(["tar", "-x", "-C", root], input=archive, check=True)
    subprocess.run(["bash", os.path.join(ROOT, "examples", "bench", "build.sh"), root],
                   env=env, check=True)
    return root


def run_pairs(args, env, kind, pairs):
    """N pairs of the variants of PAIRS[kind], the first run of each pair alternating between them;
    every run into target/bench/<kind>.json (or --results) with its pair and variant."""
    env = {k: v for k, v in env.items() if k != "MALLOC_MMAP_THRESHOLD_"}
    results = {"cores": CORES, kind: [], "failures": []}
    server, endpoints = start_servers(args, env) if kind == "baseline" else (None, {})
    try:
        if server:
            warm_servers(args, endpoints, env)
        groups = pair_groups(args, env, kind, endpoints)
        for pair, group in ((pair, group) for pair in range(1, pairs + 1) for group in groups):
            run_group(args, env, kind, results, pair, group if pair % 2 else group[::-1])
    finally:
        if server:
            server.stdin.close()
            server.wait(timeout=60)


def run_group(args, env, kind, results, pair, group):
    """Runs each variant of group once, in order, into results[kind] and the results file."""
    for variant, options, data, endpoint, root, added in group:
        command = loader_command("concurrent", options, data, endpoint, args, root)
        result = attempt(results["failures"], f"pair {pair}", variant,
                         lambda: run_loader(command, {**env, **added}))
        if result is None:
            continue
        result.update(pair=pair, variant=variant)
        print(f"pair {pair:2} {variant:12} {kernel_summary(result)}", flush=True)
        results[kind].append(result)
        save(results, args)


def run_suite(args, env):
    """The loader rows, then the shard and training tables as asked, into target/bench."""
    if args.shards or args.parquet:
        write_shards(args, env)
    if args.parquet:
        write_parquet(args, env)
    server, endpoints = start_servers(args, env)
    try:
        results = {"cores": CORES, "failures": []}
        only = args.shards_only or args.parquet_only
        if (args.shards or args.parquet or not args.storages
                or any(s.startswith("s3-") for s in args.storages)):
            warm_servers(args, endpoints, env)
        results["loaders"] = [] if only else measure_loaders(
            args, endpoints, env, results["failures"])
        save(results, args)
        if args.shards:
            run_shards(args, server, endpoints, env, results)
        if args.parquet:
            run_formats(args, server, endpoints, env, results)
        if not args.skip_training and not only:
            results["training"] = measure_training(args, endpoints, env)
            save(results, args)
    finally:
        server.stdin.close()
        server.wait(timeout=60)


def arguments():
    parser = argparse.ArgumentParser(description="the loader benchmark suite")
    parser.add_argument("--folder", default=os.path.join(ROOT, "data", "bench-10x400"))
    parser.add_argument("--latencies", type=int, nargs="+", default=[0, 20, 100])
    parser.add_argument("--epochs", type=int, default=3)
    parser.add_argument("--max-steps", type=int, default=62)
    parser.add_argument("--max-seconds", type=int, default=12)
    parser.add_argument("--warmup-seconds", type=int, default=40,
                        help="warm-up epochs of each Java configuration (PyTorch: one epoch)")
    parser.add_argument("--train-steps", type=int, default=40)
    parser.add_argument("--quick", action="store_true",
                        help="defaults, DJL none/8, PyTorch 2/8 and 3 fetcher settings at 20 ms")
    parser.add_argument("--best", action="store_true",
                        help="per storage (folder, s3-0, s3-20, s3-100) ConcurrentDataset's "
                             "defaults against DJL and PyTorch at the settings that can be best "
                             "there, and ConcurrentDataset's defaults at default JVM "
                             "settings; no training (about 40 minutes on 2 cores)")
    parser.add_argument("--mallopt-pairs", type=int, metavar="N",
                        help="instead of the suite: N pairs of runs of ConcurrentDataset's "
                             "defaults on the folder, glibc's mmap threshold as glibc moves it "
                             "and fixed by MALLOC_MMAP_THRESHOLD_=131072, "
                             "alternating (mallopt.json, mallopt.md)")
    parser.add_argument("--recording-pairs", type=int, metavar="N",
                        help="instead of the suite: N pairs of runs of ConcurrentDataset's "
                             "defaults on the folder, its JFR events recorded and not, "
                             "alternating (recording.json, recording.md)")
    parser.add_argument("--baseline-pairs", type=int, metavar="N",
                        help="instead of the suite: N pairs of runs of ConcurrentDataset's "
                             "defaults, this build and --baseline's, alternating, on the folder, "
                             "on its tar shards and from S3 at --latencies (baseline.json, "
                             "baseline.md)")
    parser.add_argument("--baseline", metavar="REV", help="the commit --baseline-pairs compares "
                                                         "with, built under target/bench")
    parser.add_argument("--storages", nargs="+", help="only these: memory folder s3-0 s3-20 ... "
                                                        "(with --baseline-pairs: folder shards s3-0 "
                                                        "... parquet parquet-random)")
    parser.add_argument("--loaders", default="", help="only loaders whose names match this regex")
    parser.add_argument("--skip-training", action="store_true")
    parser.add_argument("--results", help="file name in target/bench (results.json, with "
                                          "--mallopt-pairs mallopt.json, with "
                                          "--recording-pairs recording.json)")
    add_shard_arguments(parser)
    add_format_arguments(parser)
    parser.add_argument("--default-jvm", action="store_true",
                        help="Java rows without -Xmx (rows that set a heap keep it)")
    parser.add_argument("--no-arena-max", action="store_true",
                        help="run every process without MALLOC_ARENA_MAX")
    args = parser.parse_args()
    if args.best:
        args.storages = args.storages or list(BEST)
        args.skip_training = True
    args.pairs = (("mallopt", args.mallopt_pairs) if args.mallopt_pairs
                  else ("recording", args.recording_pairs) if args.recording_pairs
                  else ("baseline", args.baseline_pairs) if args.baseline_pairs else None)
    if args.baseline_pairs and not args.baseline:
        parser.error("--baseline-pairs needs --baseline REV")
    if args.pairs and args.pairs[0] != "baseline":
        args.default_jvm = args.no_arena_max = True
    args.results = args.results or (f"{args.pairs[0]}.json" if args.pairs else "results.json")
    args.shards = args.shards or args.shards_only
    args.parquet = args.parquet or args.parquet_only
    args.set_size = sum(len(files) for _, _, files in os.walk(args.folder))
    return args


def main():
    args = arguments()
    env = dict(os.environ, AWS_ACCESS_KEY_ID="bench", AWS_SECRET_ACCESS_KEY="bench-secret",
               AWS_REGION="us-east-1", OMP_WAIT_POLICY="PASSIVE", MALLOC_ARENA_MAX="2")
    if args.no_arena_max:
        env.pop("MALLOC_ARENA_MAX")
    os.makedirs(OUT, exist_ok=True)
    if args.pairs:
        run_pairs(args, env, *args.pairs)
    else:
        run_suite(args, env)
    subprocess.run([sys.executable, os.path.join(ROOT, "examples", "bench", "report.py"),
                    os.path.join(OUT, args.results)], check=True)


if __name__ == "__main__":
    main()
