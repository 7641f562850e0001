"""Tables (markdown) and the throughput chart from suite.py's results.json; writes tables.md and
throughput.png beside it and prints the tables. From suite.py --mallopt-pairs' mallopt.json or
--recording-pairs' recording.json or --baseline-pairs' baseline.json, the table of its runs,
mallopt.md, recording.md or baseline.md. Minor page
faults and CPU time are the kernel's counts for the loader's process and its children over the
measured epochs: per image delivered, and system CPU as a share of all cores' time over those
epochs."""
import json
import os
import statistics
import sys

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

STORAGES = ["memory", "folder", "s3-0", "s3-20", "s3-100"]
HEAD = {"memory": "memory (ceiling)", "folder": "local folder", "s3-0": "S3, 0 ms",
        "s3-20": "S3, 20 ms", "s3-100": "S3, 100 ms"}
DEFAULT = "ConcurrentDataset (defaults)"
SMALL_HEAP = "ConcurrentDataset (defaults, -Xmx1g)"
DEFAULT_JVM = "ConcurrentDataset (defaults, default JVM)"


def by(results):
    return {(r["storage"], r["loader"]): r for r in results}


def ceiling(table):
    return table[("memory", DEFAULT)]["rate"] if ("memory", DEFAULT) in table else None


def count(x):
    return f"{x:.0f}" if x >= 10 else f"{x:.1f}"


def kernel_head(cores):
    """The headers of kernel_cells: per image delivered in the measured epochs."""
    return ["minor faults / image", "CPU ms / image (user + system)", "user CPU ms / image",
            f"system CPU, % of {cores} cores", "heap KB allocated / image",
            "allocated / encoded size"]


def kernel_cells(r):
    """What the kernel counted over a row's measured epochs ("-" in results from before)."""
    if "faults_per_image" not in r:
        return ["-"] * 6
    alloc = f"{r['alloc_kb_per_image']:.0f}" if "alloc_kb_per_image" in r else "-"
    return [count(r["faults_per_image"]), f"{r['cpu_ms_per_image']:.2f}",
            f"{r['user_ms_per_image']:.2f}", f"{r['system_share']:.1%}", alloc, encoded_share(r)]


def encoded_share(r):
    """Heap allocated per image over the encoded bytes fetched per image ("-" where the loader
    counts neither: PyTorch allocates no Java heap, DJL's loader reports no bytes fetched)."""
    if "alloc_kb_per_image" not in r or not r.get("total_bytes"):
        return "-"
    return f"{r['alloc_kb_per_image'] * 1024 / (r['total_bytes'] / r['total_images']):.2f}x"


def row(cells):
    return "| " + " | ".join(cells) + " |"


def header(names, right):
    """A table's header lines: the last `right` columns right-aligned."""
    return [row(names), "|" + "---|" * (len(names) - right) + "---:|" * right]


def main_table(results, table):
    names = [r["loader"] for r in results if r["storage"] == "folder"]
    lines = header(["loader"] + [HEAD[s] for s in STORAGES], len(STORAGES))
    for name in names:
        cells = [throughput_cell(table[(s, name)]) if (s, name) in table else ""
                 for s in STORAGES]
        lines.append(row([name] + cells))
    return "\n".join(lines)


def rss(r):
    """The peak RSS of the process tree ("-" in results from before it was sampled)."""
    return f"{r['peak_rss_mb']} MB" if "peak_rss_mb" in r else "-"


def throughput_cell(r):
    faults, _, _, system, _, _ = kernel_cells(r)
    return f"{r['rate']:.0f} ({faults}, {system})"


def detail_table(results, table, storage, cores):
    top = ceiling(table)
    lines = header(["loader", "img/s", "of ceiling"] + kernel_head(cores) + [
        "batches in flight (+ staged)", "peak PSS", "peak RSS", "first batch, cold",
        "first batch, warm"], 13)
    for r in (r for r in results if r["storage"] == storage):
        warm = sorted(r["first_batch_ms"][1:])
        warm_ms = warm[len(warm) // 2] if warm else float("nan")
        held = f"{r['batches_in_flight']}" + (f" (+{r['batches_staged']})" if r["kind"] ==
                                              "concurrent" else "")
        cells = [f"{r['rate']:.0f}", ratio(r["rate"], top, "{:.0%}")] + kernel_cells(r) + [
            held, f"{r['peak_mb']} MB", rss(r), f"{r['first_batch_ms'][0]:.0f} ms",
            f"{warm_ms:.0f} ms"]
        lines.append(row([r["loader"]] + cells))
    return "\n".join(lines)


def best(results, storage, kind):
    return max((r for r in results if r["storage"] == storage and r["kind"] == kind),
               key=lambda r: r["rate"])


def best_peers_table(results, table, cores):
    """Per storage, ConcurrentDataset's defaults and the best DJL and PyTorch settings of the same
    run (suite.py --best): each one's rate, ConcurrentDataset's rate over it, for ConcurrentDataset
    on S3 the share of its folder rate, and the kernel's counts."""
    lines = header(["storage", "loader", "img/s", "ConcurrentDataset / this", "of the folder's rate",
                    "CPU / image against the folder's"] + kernel_head(cores)
                   + ["peak PSS", "peak RSS"], 12)
    for storage in STORAGES[1:]:
        ours = table.get((storage, DEFAULT))
        peers = [best_or_none(results, storage, kind) for kind in ("djl", "torch")]
        if ours is None or None in peers:
            continue
        lines += [best_row([HEAD[storage], r["loader"], f"{r['rate']:.0f}", ""]
                           + against_folder(r, table.get(("folder", r["loader"]))), r)
                  for r in (table.get((storage, name)) for name in (DEFAULT, DEFAULT_JVM)) if r]
        lines += [best_row([HEAD[storage], p["loader"], f"{p['rate']:.0f}",
                            ratio(ours["rate"], p["rate"], "{:.2f}x"), "", ""], p) for p in peers]
    return "\n".join(lines)


def against_folder(r, folder):
    """The rate of a ConcurrentDataset row on S3 as a share of the same loader's on the folder,
    and its CPU per image (user + system) over the folder's; blank on the folder."""
    if folder is None or folder is r:
        return ["", ""]
    cpu = ratio(r["cpu_ms_per_image"], folder.get("cpu_ms_per_image"), "{:.2f}x")
    return [ratio(r["rate"], folder["rate"], "{:.0%}"), cpu]


def best_row(cells, r):
    return row(cells + kernel_cells(r) + [f"{r['peak_mb']} MB", rss(r)])


def ratio(a, b, spec):
    return spec.format(a / b) if b else "-"


def best_or_none(results, storage, kind):
    rows = [r for r in results if r["storage"] == storage and r["kind"] == kind]
    return best(rows, storage, kind) if rows else None


def targets(results, table):
    ours = {s: table[(s, DEFAULT)] for s in STORAGES if (s, DEFAULT) in table}
    torch_local = best(results, "folder", "torch")
    lines = ["| target | measured | met |", "|---|---|---|"]

    def add(text, value, ok):
        lines.append(row([text, value, "yes" if ok else "no"]))
    ratio = ours["folder"]["rate"] / torch_local["rate"]
    add(f"local folder >= PyTorch's best ({torch_local['loader']}), aim 1.2x",
        f"{ours['folder']['rate']:.0f} / {torch_local['rate']:.0f} = {ratio:.2f}x", ratio >= 1)
    folder = ours["folder"]
    if "faults_per_image" in folder:
        add("local folder: <= 10 minor page faults per image, < 5% system CPU (issue 25)",
            f"{count(folder['faults_per_image'])} per image, {folder['system_share']:.1%}",
            folder["faults_per_image"] <= 10 and folder["system_share"] < 0.05)
    for ms in ("20", "100"):
        r, zero = ours.get(f"s3-{ms}"), ours.get("s3-0")
        small = table.get((f"s3-{ms}", SMALL_HEAP), r)
        if r and zero:
            share = r["rate"] / zero["rate"]
            add(f"{ms} ms: >= 90% of S3 at 0 ms, <= 4 batches in flight, < 1 GB",
                f"{share:.0%}, {r['batches_in_flight']} in flight (+{r['batches_staged']} staged), "
                f"{small['peak_mb']} MB ({small['loader']})", share >= 0.9
                and r["batches_in_flight"] <= 4 and small["peak_mb"] < 1024)
    lines += memory_targets(table)
    if "s3-20" in ours:
        r = ours["s3-20"]
        for kind, label in (("djl", "DJL"), ("torch", "PyTorch")):
            other = best(results, "s3-20", kind)
            add(f"20 ms: >= 2x {label}'s best ({other['loader']})",
                f"{r['rate'] / other['rate']:.2f}x", r["rate"] >= 2 * other["rate"])
        for name in ("DJL, 2 threads, prefetch 2", "PyTorch, 2 workers"):
            if ("s3-20", name) not in table:
                continue
            other = table[("s3-20", name)]
            add(f"20 ms: >= 4x {name} (2 decode threads here)",
                f"{r['rate'] / other['rate']:.2f}x", r["rate"] >= 4 * other["rate"])
    return lines


def memory_targets(table):
    """Issue 35's: per storage, peak RSS at default JVM settings (600 MB from the folder, 700 MB
    from S3), heap allocated per image within 1.5x the encoded size, and on S3 the CPU per image
    within 1.15x the folder's."""
    lines, folder = [], table.get(("folder", DEFAULT))
    for storage in STORAGES[1:]:
        r, user = table.get((storage, DEFAULT)), table.get((storage, DEFAULT_JVM))
        if r is None:
            continue
        limit = 600 if storage == "folder" else 700
        if user:
            lines.append(row([f"{HEAD[storage]}: peak RSS <= {limit} MB at default JVM settings",
                              f"{user['peak_rss_mb']} MB ({user['peak_mb']} MB PSS)",
                              "yes" if user["peak_rss_mb"] <= limit else "no"]))
        share = encoded_share(r)
        if share != "-":
            lines.append(row([f"{HEAD[storage]}: heap allocated <= 1.5x the encoded size", share,
                              "yes" if float(share[:-1]) <= 1.5 else "no"]))
        if folder and r is not folder and "cpu_ms_per_image" in r:
            cpu = r["cpu_ms_per_image"] / folder["cpu_ms_per_image"]
            lines.append(row([f"{HEAD[storage]}: CPU per image <= 1.15x the folder's",
                              f"{r['cpu_ms_per_image']:.2f} / {folder['cpu_ms_per_image']:.2f} ms"
                              f" = {cpu:.2f}x", "yes" if cpu <= 1.15 else "no"]))
    return lines


def training_table(training):
    lines = ["| loader | step time | trainer waits for data |", "|---|---:|---:|"]
    for r in training:
        lines.append(f"| {r['loader']} | {r['step_ms']:.0f} ms | {r['wait_share']:.1%} |")
    return "\n".join(lines)


def chart(results, table, path):
    latencies = [s for s in STORAGES if s.startswith("s3-")]
    xs = [int(s[3:]) for s in latencies]
    names = [r["loader"] for r in results if r["storage"] == "s3-0"]
    fig, ax = plt.subplots(figsize=(8, 5))
    for name in names:
        ys = [table[(s, name)]["rate"] if (s, name) in table else float("nan") for s in latencies]
        ax.plot(xs, ys, marker="o", linewidth=2.5 if name == DEFAULT else 1.2, label=name)
    if ceiling(table):
        ax.axhline(ceiling(table), color="grey", linestyle="--",
                   label="ceiling (ConcurrentDataset, memory)")
    ax.set_xlabel("latency per GET (ms), S3Proxy on loopback")
    ax.set_ylabel("images per second (median of 3 epochs)")
    ax.set_title("Loader throughput against storage latency (2 cores, batch 64, 224 px)")
    ax.set_xticks(xs)
    ax.set_ylim(bottom=0)
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=100)


PAIRS = {"mallopt": ("mmap threshold", "glibc's mmap threshold as glibc moves it (the default) "
                                         "and fixed at 128 KiB"),
         "recording": ("loader's JFR events", "The loader's JFR events recorded and not"),
         "baseline": ("build, data", "This build and an earlier commit's")}


def pairs_table(runs, cores, column):
    """suite.py --mallopt-pairs or --recording-pairs: each run, then the median of each variant's
    runs."""
    lines = header(["pair", column, "img/s", "CPU ms / image (user + system)",
                    "minor faults / image", f"system CPU, % of {cores} cores", "peak PSS"], 5)
    lines += [row([str(r["pair"]), r["variant"]] + pair_cells(r)) for r in runs]
    for variant in dict.fromkeys(r["variant"] for r in runs):
        mine = [r for r in runs if r["variant"] == variant]
        medians = {k: statistics.median(r[k] for r in mine) for k in PAIR_KEYS}
        lines.append(row(["median", f"**{variant}**"] + pair_cells(medians)))
    return "\n".join(lines)


PAIR_KEYS = ("rate", "cpu_ms_per_image", "faults_per_image", "system_share", "peak_mb")


def pair_cells(r):
    return [f"{r['rate']:.0f}", f"{r['cpu_ms_per_image']:.2f}", count(r["faults_per_image"]),
            f"{r['system_share']:.1%}", f"{r['peak_mb']:.0f} MB"]


def failed(data):
    return [f"Failed: {f['storage']}, {f['loader']}: {f['error'].splitlines()[-1]}"
            for f in data.get("failures", [])]


def loader_report(data, path):
    """The loader tables; the chart into throughput*.png beside path."""
    results, training, cores = data["loaders"], data.get("training", []), data.get("cores", "?")
    table = by(results)
    parts = ["## Throughput: images/s (minor faults per image, system CPU as % of "
             f"{cores} cores' time)", main_table(results, table),
             "## ConcurrentDataset against the best peer settings", best_peers_table(
                 results, table, cores)]
    for storage in STORAGES:
        if any(r["storage"] == storage for r in results):
            parts += [f"## {HEAD[storage]}", detail_table(results, table, storage, cores)]
    if all((s, DEFAULT) in table for s in ("folder", "s3-0")):
        parts += ["## Targets", "\n".join(targets(results, table))]
    if training:
        parts += ["## Training, S3 at 20 ms", training_table(training)]
    if data.get("formats"):
        from suite import format_table
        parts += ["## The same images as a folder, tar shards and Parquet (ConcurrentDataset)",
                  format_table(data["formats"])]
    out, suffix = os.path.dirname(path), os.path.basename(path)[len("results"):-len(".json")]
    chart(results, table, os.path.join(out, f"throughput{suffix}.png"))
    return os.path.join(out, f"tables{suffix}.md"), parts


def main():
    path = sys.argv[1]
    data = json.load(open(path))
    kind = next((k for k in PAIRS if k in data), None)
    if kind:
        column, title = PAIRS[kind]
        out, parts = os.path.splitext(path)[0] + ".md", [
            f"## {title}, alternating runs", pairs_table(data[kind], data["cores"], column)]
    else:
        out, parts = loader_report(data, path)
    text = "\n\n".join(parts + failed(data)) + "\n"
    with open(out, "w") as f:
        f.write(text)
    print(text)


if __name__ == "__main__":
    main()
