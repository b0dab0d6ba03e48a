/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lrucost-ctl: inspect, tune and watch lrucost through its sysfs ABI
 * (sysfs-abi/sysfs-kernel-mm-lrucost) and /proc/vmstat.
 */
#ifndef LRUCOST_CTL_H
#define LRUCOST_CTL_H

#include <stdbool.h>
#include <stdio.h>

/* Exit codes, documented in lrucost-ctl.8. */
enum {
	CTL_OK = 0,
	CTL_ERR = 1,		/* an error reading or writing the ABI */
	CTL_USAGE = 2,		/* bad command line or value */
	CTL_NOT_LOADED = 3,	/* /sys/kernel/mm/lrucost/ is absent */
	CTL_NEED_ROOT = 4,	/* a write that needs root */
	CTL_REFUSED = 5,	/* the module refused a value (-EINVAL) */
	CTL_CMD_FAILED = 6,	/* ab: a run of the command failed */
	CTL_INTERRUPTED = 130,	/* ab, watch: SIGINT or SIGTERM */
};

/* Where output goes; tests point these at files. */
struct ctl_io {
	FILE *out;
	FILE *err;
};

/* paths.c: every path is under $LRUCOST_CTL_ROOT (tests only) or "/" */
const char *ctl_path(char *buf, size_t size, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
int ctl_read_file(const char *path, char *buf, size_t size);
int ctl_read_ulong(const char *path, unsigned long *val);
int ctl_write_file(const char *path, const char *s);
bool ctl_loaded(void);
#define CTL_SYS "/sys/kernel/mm/lrucost"

/* knobs.c: the module's tunables and their ranges */
struct ctl_knob {
	const char *name;
	long min, max;
	const char *help;
};
extern const struct ctl_knob ctl_knobs[];
extern const int ctl_nr_knobs;
const struct ctl_knob *ctl_knob_find(const char *name);
int ctl_parse_long(const char *s, long *val);
int ctl_knob_read(const struct ctl_knob *k, long *val);
int ctl_knob_write(const struct ctl_io *io, const struct ctl_knob *k,
		   long val);

/* counters.c: one reading of the module's counters and /proc/vmstat */
#define CTL_MAX_COUNTERS 64
struct ctl_counter {
	char name[48];
	unsigned long value;
	bool present;
};
struct ctl_snapshot {
	int nr_mod, nr_vm;
	struct ctl_counter mod[CTL_MAX_COUNTERS];
	struct ctl_counter vm[CTL_MAX_COUNTERS];
};
extern const char *const ctl_vmstat_fields[];
int ctl_snapshot(const struct ctl_io *io, struct ctl_snapshot *s);
const struct ctl_counter *ctl_counter_find(const struct ctl_counter *c,
					   int nr, const char *name);
unsigned long ctl_delta(const struct ctl_snapshot *a,
			const struct ctl_snapshot *b, const char *name);

/* json.c: a minimal writer for the documented --json output */
void ctl_json_str(FILE *f, const char *s);
void ctl_json_key(FILE *f, bool *first, const char *key);

/* lruvecs.c: lrucost's per-lruvec table */
struct ctl_lruvec {
	long memcg_id, node;
	unsigned long anon_cost, file_cost, anon_pressure, file_pressure;
	long cgroup_ino;	/* -1 when the module does not say */
	char path[256];
	/*
	 * the cgroup whose policy it follows: 0 none, -1 not resolved
	 * since the policies changed, -2 when the module does not say
	 */
	long policy;
	char policy_path[256];
	unsigned long scan_anon, scan_total;	/* the anon share achieved */
};
int ctl_lruvecs_read(const struct ctl_io *io, struct ctl_lruvec **out,
		     int *nr);
int ctl_target_anon_percent(const struct ctl_io *io, double *pct);

/* the subcommands: each takes its own argv (argv[0] is its name) */
int cmd_status(const struct ctl_io *io, int argc, char **argv);
int cmd_get(const struct ctl_io *io, int argc, char **argv);
int cmd_set(const struct ctl_io *io, int argc, char **argv);
int cmd_stats(const struct ctl_io *io, int argc, char **argv);
int cmd_reset(const struct ctl_io *io, int argc, char **argv);
int cmd_lruvecs(const struct ctl_io *io, int argc, char **argv);
int cmd_watch(const struct ctl_io *io, int argc, char **argv);
int cmd_ab(const struct ctl_io *io, int argc, char **argv);
int cmd_cgroup(const struct ctl_io *io, int argc, char **argv);

/* ctl.c: the command line */
int ctl_run(const struct ctl_io *io, int argc, char **argv);
bool ctl_want_help(int argc, char **argv, const struct ctl_io *io,
		   const char *usage);
int ctl_not_loaded(const struct ctl_io *io);
int ctl_json_option(int argc, char **argv, const struct ctl_io *io,
		    const char *text, bool *json);
double ctl_now(void);

#endif
