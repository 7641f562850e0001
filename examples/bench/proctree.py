"""A process and its descendants as the kernel counts them (/proc): proportional set size, minor
page faults and CPU time. Used by suite.py and memory.py from outside the loader, and by
torch_loader.py on itself (its DataLoader workers are its children)."""
import os

CLOCK_TICKS = os.sysconf("SC_CLK_TCK")
# indexes in /proc/PID/stat after the command name (0: the state)
MINFLT, CMINFLT, UTIME, STIME, CUTIME, CSTIME = 7, 8, 11, 12, 13, 14


def children(pid):
    """The live child processes of pid (of any of its threads)."""
    found = []
    for task in os.listdir(f"/proc/{pid}/task"):
        with open(f"/proc/{pid}/task/{task}/children") as f:
            found += [int(c) for c in f.read().split()]
    return found


def tree(pid):
    """pid and its live descendants; processes that end meanwhile are left out."""
    found, pending = [], [pid]
    while pending:
        p = pending.pop()
        found.append(p)
        try:
            pending += children(p)
        except (FileNotFoundError, ProcessLookupError, PermissionError):
            pass
    return found


def pss_kb(pid):
    """Proportional set size of pid and all its descendants, in KB."""
    return rollup_kb(pid, "Pss:")


def rss_kb(pid):
    """Resident set size of pid and all its descendants, in KB (shared pages counted in each)."""
    return rollup_kb(pid, "Rss:")


def rollup_kb(pid, field):
    total = 0
    for p in tree(pid):
        try:
            with open(f"/proc/{p}/smaps_rollup") as f:
                total += sum(int(line.split()[1]) for line in f if line.startswith(field))
        except (FileNotFoundError, ProcessLookupError, PermissionError):
            pass
    return total


def counters(pid):
    """(minor page faults, user CPU s, system CPU s) of pid and its descendants: each live process's
    own counts plus those of its children that ended and were waited for (/proc/PID/stat)."""
    faults, user, system = 0, 0, 0
    for p in tree(pid):
        try:
            with open(f"/proc/{p}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except (FileNotFoundError, ProcessLookupError):
            continue
        faults += int(fields[MINFLT]) + int(fields[CMINFLT])
        user += int(fields[UTIME]) + int(fields[CUTIME])
        system += int(fields[STIME]) + int(fields[CSTIME])
    return faults, user / CLOCK_TICKS, system / CLOCK_TICKS
