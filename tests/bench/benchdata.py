"""What a benchmark run reports, shared by tests/bench/report and check.

One run is one line of runs.jsonl, written by tests/bench/vm-lib.sh (emit)
in the VM.  This module names the fields and the expected runs so that
the report and the pipeline check agree on them.
"""
import json
import os

# lrucost-mglru: MGLRU on and lrucost steering it (module/mglru_hook.c)
WAYS = ("classic", "mglru", "lrucost", "lrucost-mglru")
SCENARIOS = ("thrash", "stream", "overhead-faults", "overhead-coldread")
# the ways each scenario runs (overhead compares loaded with not loaded)
SCENARIO_WAYS = {
    "thrash": WAYS,
    "stream": WAYS,
    "overhead-faults": ("classic", "lrucost"),
    "overhead-coldread": ("classic", "lrucost"),
}
VMSTAT = (
    "workingset_refault_file workingset_refault_anon workingset_restore_file "
    "workingset_restore_anon workingset_activate_file "
    "workingset_activate_anon pswpin pswpout pgscan_kswapd pgscan_direct "
    "pgscan_anon pgscan_file pgsteal_kswapd pgsteal_direct pgsteal_anon "
    "pgsteal_file allocstall_dma allocstall_dma32 allocstall_normal "
    "allocstall_movable pgmajfault pgrefill pgactivate pgdeactivate "
    "pgrotated").split()
LATENCY = ("mean", "p50", "p99", "stddev", "max")
PSI = ("some", "full")
LRUCOST = ("steered", "steered_anon_only", "steered_file_only", "cost_io",
           "cost_cpu", "refault_active_file", "refault_anon")
SERIES = ("ops", "refault_file", "pswpin", "pswpout")


def load(folder):
    """setup.json and the runs of a results folder."""
    with open(os.path.join(folder, "setup.json")) as f:
        setup = json.load(f)
    runs = []
    with open(os.path.join(folder, "runs.jsonl")) as f:
        for n, line in enumerate(f, 1):
            line = line.strip()
            if line:
                try:
                    runs.append(json.loads(line))
                except ValueError as e:
                    raise SystemExit(f"runs.jsonl:{n}: not JSON: {e}")
    return setup, runs


def ways_run(setup):
    """The ways thrash and stream ran (tests/bench/run --ways), in order."""
    return tuple(setup.get("ways", WAYS))


def expected(setup):
    """(scenario, way, run) of every run the set-up should have made."""
    want = []
    given = setup.get("ways_given", False)
    for sc in SCENARIOS:
        n = setup["runs"]
        if sc.startswith("overhead"):
            if given:
                continue
            n = setup["overhead"]["rounds"]
            ways = SCENARIO_WAYS[sc]
        else:
            ways = ways_run(setup)
        for way in ways:
            want += [(sc, way, r) for r in range(1, n + 1)]
    if not given:
        want.append(("thrash", "ideal", 1))
    return want
