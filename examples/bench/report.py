"""Tables (markdown) and the throughput chart from suite.py's results.json; writes tables.md and
throughput.png beside it and prints the tables."""
import json
import os
import sys

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

STORAGES = ["memory", "folder", "s3-0", "s3-20", "s3-100"]
HEAD = {"memory": "memory (ceiling)", "folder": "local folder", "s3-0": "S3, 0 ms",
        "s3-20": "S3, 20 ms", "s3-100": "S3, 100 ms"}
DEFAULT = "ConcurrentDataset (defaults)"
SMALL_HEAP = "ConcurrentDataset (defaults, -Xmx1g)"


def by(results):
    return {(r["storage"], r["loader"]): r for r in results}


def ceiling(table):
    return table[("memory", DEFAULT)]["rate"] if ("memory", DEFAULT) in table else None


def main_table(results, table):
    names = [r["loader"] for r in results if r["storage"] == "folder"]
    lines = ["| loader | " + " | ".join(HEAD[s] for s in STORAGES) + " |",
             "|---|" + "---:|" * len(STORAGES)]
    for name in names:
        cells = [f"{table[(s, name)]['rate']:.0f}" if (s, name) in table else "" for s in STORAGES]
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def detail_table(results, table, storage):
    top = ceiling(table) or float("nan")
    lines = ["| loader | img/s | of ceiling | batches in flight (+ staged) | peak PSS | "
             "first batch, cold | first batch, warm |", "|---|---:|---:|---:|---:|---:|---:|"]
    for r in (r for r in results if r["storage"] == storage):
        warm = sorted(r["first_batch_ms"][1:])
        warm_ms = warm[len(warm) // 2] if warm else float("nan")
        held = f"{r['batches_in_flight']}" + (f" (+{r['batches_staged']})" if r["kind"] ==
                                              "concurrent" else "")
        lines.append(f"| {r['loader']} | {r['rate']:.0f} | {r['rate'] / top:.0%} | {held} | "
                     f"{r['peak_mb']} MB | {r['first_batch_ms'][0]:.0f} ms | {warm_ms:.0f} ms |")
    return "\n".join(lines)


def best(results, storage, kind):
    return max((r for r in results if r["storage"] == storage and r["kind"] == kind),
               key=lambda r: r["rate"])


def best_peers_table(results, table):
    """ConcurrentDataset's defaults against the best DJL and PyTorch settings of the same run, per
    storage (suite.py --best), with the ratios and, for S3, the share of the folder's rate."""
    lines = ["| storage | ConcurrentDataset | best DJL | best PyTorch | vs DJL | vs PyTorch | "
             "of folder |", "|---|---:|---:|---:|---:|---:|---:|"]
    folder = table.get(("folder", DEFAULT))
    for storage in STORAGES[1:]:
        ours = table.get((storage, DEFAULT))
        peers = [best_or_none(results, storage, kind) for kind in ("djl", "torch")]
        if ours is None or None in peers:
            continue
        cells = [f"{ours['rate']:.0f}"]
        cells += [f"{p['rate']:.0f} ({p['loader'].split(', ', 1)[1]}, {p['peak_mb']} MB)"
                  for p in peers]
        cells += [ratio(ours["rate"], p["rate"], "{:.2f}x") for p in peers]
        cells.append(ratio(ours["rate"], folder["rate"], "{:.0%}") if folder and storage !=
                     "folder" else "")
        lines.append(f"| {HEAD[storage]} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def ratio(a, b, spec):
    return spec.format(a / b) if b else "-"


def best_or_none(results, storage, kind):
    rows = [r for r in results if r["storage"] == storage and r["kind"] == kind]
    return best(rows, storage, kind) if rows else None


def targets(results, table):
    ours = {s: table[(s, DEFAULT)] for s in STORAGES if (s, DEFAULT) in table}
    torch_local = best(results, "folder", "torch")
    lines = ["| target | measured | met |", "|---|---|---|"]

    def row(text, value, ok):
        lines.append(f"| {text} | {value} | {'yes' if ok else 'no'} |")
    ratio = ours["folder"]["rate"] / torch_local["rate"]
    row(f"local folder >= PyTorch's best ({torch_local['loader']}), aim 1.2x",
        f"{ours['folder']['rate']:.0f} / {torch_local['rate']:.0f} = {ratio:.2f}x", ratio >= 1)
    for ms in ("20", "100"):
        r, zero = ours.get(f"s3-{ms}"), ours.get("s3-0")
        small = table.get((f"s3-{ms}", SMALL_HEAP), r)
        if r and zero:
            share = r["rate"] / zero["rate"]
            row(f"{ms} ms: >= 90% of S3 at 0 ms, <= 4 batches in flight, < 1 GB",
                f"{share:.0%}, {r['batches_in_flight']} in flight (+{r['batches_staged']} staged), "
                f"{small['peak_mb']} MB ({small['loader']})", share >= 0.9
                and r["batches_in_flight"] <= 4 and small["peak_mb"] < 1024)
    if "s3-20" in ours:
        r = ours["s3-20"]
        for kind, label in (("djl", "DJL"), ("torch", "PyTorch")):
            other = best(results, "s3-20", kind)
            row(f"20 ms: >= 2x {label}'s best ({other['loader']})",
                f"{r['rate'] / other['rate']:.2f}x", r["rate"] >= 2 * other["rate"])
        for name in ("DJL, 2 threads, prefetch 2", "PyTorch, 2 workers"):
            if ("s3-20", name) not in table:
                continue
            other = table[("s3-20", name)]
            row(f"20 ms: >= 4x {name} (2 decode threads here)",
                f"{r['rate'] / other['rate']:.2f}x", r["rate"] >= 4 * other["rate"])
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


def main():
    path = sys.argv[1]
    data = json.load(open(path))
    results, training = data["loaders"], data.get("training", [])
    table = by(results)
    parts = ["## Throughput (img/s)", main_table(results, table),
             "## ConcurrentDataset against the best peer settings (img/s)",
             best_peers_table(results, table)]
    for storage in STORAGES:
        if any(r["storage"] == storage for r in results):
            parts += [f"## {HEAD[storage]}", detail_table(results, table, storage)]
    if all((s, DEFAULT) in table for s in ("folder", "s3-0")):
        parts += ["## Targets", "\n".join(targets(results, table))]
    if training:
        parts += ["## Training, S3 at 20 ms", training_table(training)]
    parts += [f"Failed: {f['storage']}, {f['loader']}: {f['error'].splitlines()[-1]}"
              for f in data.get("failures", [])]
    text = "\n\n".join(parts) + "\n"
    out, suffix = os.path.dirname(path), os.path.basename(path)[len("results"):-len(".json")]
    with open(os.path.join(out, f"tables{suffix}.md"), "w") as f:
        f.write(text)
    chart(results, table, os.path.join(out, f"throughput{suffix}.png"))
    print(text)


if __name__ == "__main__":
    main()
