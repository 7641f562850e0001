"""Where a loader process's memory goes, epoch by epoch (issue 16): runs one LoaderBenchmark or
torch_loader.py command and, after each epoch it reports ("EPOCH" on its standard output), reads
the process tree's proportional set size (PSS) and groups the main process's mappings
(/proc/PID/smaps): the Java heap, glibc malloc arenas (the main one's [heap] and the 64 MB-aligned
heaps of the others), other anonymous memory, libtorch, the JVM, other shared objects, other mapped
files, and the children (PyTorch's workers). For a JVM it also reads `jcmd GC.heap_info` (heap
committed and used) and, when the JVM runs with -XX:NativeMemoryTracking=summary, `jcmd
VM.native_memory summary` (committed by category) every --jcmd-every epochs and after the last.
Peak PSS is sampled every 0.2 s as in suite.py, CPU time (user + system, workers included) read
when the process ends. Prints one table row per sample and writes
target/bench/memory-NAME.json.

    python3 examples/bench/memory.py --name cd-folder -- java -XX:NativeMemoryTracking=summary \\
        -cp "$(cat examples/target/bench-classpath.txt)" \\
        dev.asyncdataset.examples.bench.LoaderBenchmark --data data/bench-10x400 --epochs 30 ...

The environment is passed on as it is: set or unset MALLOC_ARENA_MAX before.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import threading
import time

from proctree import children, pss_kb

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
ARENA_ALIGN = 64 << 20
MAPPING = re.compile(r"^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \S+\s*(.*)$")
HEAP_RANGE = re.compile(r"\[(0x[0-9a-f]+), (0x[0-9a-f]+)\)")
NMT_LINE = re.compile(r"^-\s+(.+?) \(reserved=(\d+)KB, committed=(\d+)KB")


def group(start, end, name, heap):
    """The group of one mapping of the main process."""
    if heap and heap[0] <= start < heap[1]:
        return "java heap"
    if name == "[heap]":
        return "malloc arenas"
    if not name:
        return "malloc arenas" if start % ARENA_ALIGN == 0 and end - start <= ARENA_ALIGN \
            else "other anonymous"
    base = os.path.basename(name)
    if base.startswith("libtorch") or base.startswith("libc10"):
        return "libtorch"
    if base == "libjvm.so":
        return "libjvm"
    if ".so" in base:
        return "other .so"
    if name.startswith("["):
        return "other anonymous"
    return "mapped files"


def smaps_groups(pid, heap):
    """PSS in MB of the main process's mappings by group."""
    groups, current = {}, None
    with open(f"/proc/{pid}/smaps") as f:
        for line in f:
            m = MAPPING.match(line)
            if m:
                current = group(int(m.group(1), 16), int(m.group(2), 16), m.group(4).strip(), heap)
            elif line.startswith("Pss:"):
                groups[current] = groups.get(current, 0) + int(line.split()[1]) / 1024
    return {k: round(v, 1) for k, v in groups.items()}


def jcmd(pid, *command):
    done = subprocess.run(["jcmd", str(pid)] + list(command), capture_output=True, text=True,
                          timeout=60)
    return done.stdout


def heap_info(pid):
    """(committed MB, used MB, (start, end)) of the Java heap, or None if not a JVM."""
    text = jcmd(pid, "GC.heap_info")
    m = re.search(r"committed (\d+)K, used (\d+)K", text)
    r = HEAP_RANGE.search(text)
    if not m or not r:
        return None
    return (round(int(m.group(1)) / 1024), round(int(m.group(2)) / 1024),
            (int(r.group(1), 16), int(r.group(2), 16)))


def native_memory(pid):
    """NMT's committed MB by category, with 'total', or {} without NMT."""
    text = jcmd(pid, "VM.native_memory", "summary")
    found = {}
    for line in text.splitlines():
        m = NMT_LINE.match(line.strip())
        if m:
            found[m.group(1).strip()] = round(int(m.group(3)) / 1024, 1)
        t = re.match(r"Total: reserved=(\d+)KB, committed=(\d+)KB", line.strip())
        if t:
            found["total"] = round(int(t.group(2)) / 1024, 1)
    return found


def sample(pid, epoch, heap, with_jcmd):
    row = {"epoch": epoch, "t": round(time.monotonic(), 1),
           "pss_mb": round(pss_kb(pid) / 1024)}
    if with_jcmd:
        info = heap_info(pid)
        if info:
            row["heap_committed_mb"], row["heap_used_mb"], heap[:] = info[0], info[1], info[2]
            row["nmt"] = native_memory(pid)
    try:
        row["groups"] = smaps_groups(pid, heap)
        row["groups"]["children"] = round(sum(pss_kb(c) for c in children(pid)) / 1024)
        row["threads"] = len(os.listdir(f"/proc/{pid}/task"))
    except FileNotFoundError:
        pass
    return row


def show(row):
    groups = " ".join(f"{k}={v:.0f}" for k, v in sorted(row.get("groups", {}).items()))
    heap = (f" heap {row['heap_used_mb']}/{row['heap_committed_mb']} MB used/committed"
            if "heap_committed_mb" in row else "")
    nmt = f" nmt {row['nmt'].get('total', 0):.0f} MB" if row.get("nmt") else ""
    print(f"epoch {row['epoch']:3} pss {row['pss_mb']:5} MB  threads {row.get('threads')}"
          f"{heap}{nmt}  {groups}", flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--name", required=True)
    parser.add_argument("--jcmd-every", type=int, default=5)
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    process = subprocess.Popen(command, stdout=subprocess.PIPE, text=True, cwd=ROOT)
    peak, heap, rows, result = [0], [], [], None

    ended = threading.Event()

    def sample_peak():
        while not ended.is_set():
            peak[0] = max(peak[0], pss_kb(process.pid))
            time.sleep(0.2)
    sampler = threading.Thread(target=sample_peak, daemon=True)
    sampler.start()
    epoch, jvm = 0, any(os.path.basename(c) == "java" for c in command)
    for line in process.stdout:
        if line.startswith("EPOCH"):
            epoch += 1
            rows.append(sample(process.pid, epoch, heap,
                               jvm and (epoch == 1 or epoch % args.jcmd_every == 0)))
            show(rows[-1])
        elif line.startswith("RESULT "):
            result = json.loads(line[len("RESULT "):])
            rows.append(sample(process.pid, epoch, heap, jvm))
            show(rows[-1])
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    ended.set()
    sampler.join()
    cpu_s = round(usage.ru_utime + usage.ru_stime, 1)
    summary = {"name": args.name, "peak_pss_mb": round(peak[0] / 1024), "result": result,
               "cpu_s": cpu_s,
               "samples": rows, "command": command}
    os.makedirs(os.path.join(ROOT, "target", "bench"), exist_ok=True)
    with open(os.path.join(ROOT, "target", "bench", f"memory-{args.name}.json"), "w") as f:
        json.dump(summary, f, indent=1)
    print(f"{args.name}: peak PSS {summary['peak_pss_mb']} MB, CPU {cpu_s} s, "
          f"exit {process.returncode}")
    sys.exit(process.returncode)


if __name__ == "__main__":
    main()
