"""What a benchmark run reports, shared by tests/bench/report and check.

One run is one line of runs.jsonl, written by tests/bench/vm-lib.sh (emit)
in the VM.  This module names the fields and the expected runs so that
the report and the pipeline check agree on them.
"""
import json
import os

# lrucost-mglru: MGLRU on and lrucost steering it (module/mglru_hook.c)
WAYS = ("classic", "mglru", "lrucost", "lrucost-mglru")
# the scenarios that run each way in a boot of its own (tests/bench/run
# --scenarios picks among them), then the overhead boot's two
MAIN_SCENARIOS = ("thrash", "stream", "pgbench", "service-io")
# service-io's boot gives one result per copy size, "service-io-PCT" (PCT
# of RAM, setup["service-io"]["copy_pct"])
SERVICE_IO_PCT = (0, 50, 100, 150)
SCENARIOS = ("thrash", "stream", "pgbench") + tuple(
    f"service-io-{p}" for p in SERVICE_IO_PCT) + (
    "overhead-faults", "overhead-coldread")
# the ways each scenario runs (overhead compares loaded with not loaded)
SCENARIO_WAYS = dict(
    {"thrash": WAYS, "stream": WAYS, "pgbench": WAYS,
     "overhead-faults": ("classic", "lrucost"),
     "overhead-coldread": ("classic", "lrucost")},
    **{f"service-io-{p}": WAYS for p in SERVICE_IO_PCT})
# the scenarios whose lrucost ways time the hooks and reclaim (time_hooks)
TIMED = ("thrash", "stream", "pgbench")
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
CPU = ("user", "nice", "system", "idle", "iowait", "irq", "softirq",
       "kswapd")
LRUCOST = ("steered", "steered_anon_only", "steered_file_only", "cost_io",
           "cost_cpu", "refault_active_file", "refault_anon",
           "refault_file_reads")
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


def scenarios_run(setup):
    """The scenarios run each way (tests/bench/run --scenarios)."""
    return tuple(setup.get("scenarios", ("thrash", "stream")))


def boot_scenario(sc):
    """The scenario of tests/bench/run whose boot gives result sc."""
    return "service-io" if sc.startswith("service-io-") else sc


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
        elif boot_scenario(sc) not in scenarios_run(setup):
            continue
        elif (sc.startswith("service-io-") and int(sc.rsplit("-", 1)[1])
              not in setup["service-io"]["copy_pct"]):
            continue
        else:
            ways = ways_run(setup)
        for way in ways:
            want += [(sc, way, r) for r in range(1, n + 1)]
    if not given and "thrash" in scenarios_run(setup):
        want.append(("thrash", "ideal", 1))
    return want
