// SPDX-License-Identifier: GPL-2.0
/*
 * lrucost-ctl stats [--json] and reset: every lrucost counter beside the
 * kernel's /proc/vmstat fields for the same events.
 */
#include <errno.h>
#include <string.h>
#include <unistd.h>
#include "ctl.h"

static const char stats_usage[] =
	"usage: lrucost-ctl stats [--json]\n\n"
	"Every counter in /sys/kernel/mm/lrucost/stats/, and the kernel's\n"
	"matching /proc/vmstat fields (workingset_*, pswpin/out, pgscan_*,\n"
	"pgsteal_*).  Exit 3 when the module is not loaded.\n";

static const char reset_usage[] =
	"usage: lrucost-ctl reset\n\n"
	"Zero lrucost's counters (needs root).  The per-lruvec costs that\n"
	"steer reclaim are kept.\n";

static void print_counters(FILE *f, const struct ctl_counter *c, int nr,
			   bool json)
{
	bool first = true;
	int i;

	if (json)
		fputc('{', f);
	for (i = 0; i < nr; i++) {
		if (!json) {
			if (c[i].present)
				fprintf(f, "%-28s %lu\n", c[i].name, c[i].value);
			else
				fprintf(f, "%-28s -\n", c[i].name);
			continue;
		}
		ctl_json_key(f, &first, c[i].name);
		if (c[i].present)
			fprintf(f, "%lu", c[i].value);
		else
			fputs("null", f);
	}
	if (json)
		fputc('}', f);
}

int cmd_stats(const struct ctl_io *io, int argc, char **argv)
{
	static struct ctl_snapshot s;
	bool json = false, first = true;
	int ret;

	if (ctl_want_help(argc, argv, io, stats_usage))
		return CTL_OK;
	if (ctl_json_option(argc, argv, io, stats_usage, &json))
		return CTL_USAGE;
	ret = ctl_snapshot(io, &s);
	if (ret == CTL_NOT_LOADED)
		return ctl_not_loaded(io);
	if (ret)
		return ret;
	if (!json) {
		fputs("# lrucost (/sys/kernel/mm/lrucost/stats)\n", io->out);
		print_counters(io->out, s.mod, s.nr_mod, false);
		fputs("# kernel (/proc/vmstat)\n", io->out);
		print_counters(io->out, s.vm, s.nr_vm, false);
		return CTL_OK;
	}
	fputc('{', io->out);
	ctl_json_key(io->out, &first, "lrucost");
	print_counters(io->out, s.mod, s.nr_mod, true);
	ctl_json_key(io->out, &first, "vmstat");
	print_counters(io->out, s.vm, s.nr_vm, true);
	fputs("}\n", io->out);
	return CTL_OK;
}

int cmd_reset(const struct ctl_io *io, int argc, char **argv)
{
	char p[4096];
	int ret;

	if (ctl_want_help(argc, argv, io, reset_usage))
		return CTL_OK;
	if (argc > 1) {
		fputs(reset_usage, io->err);
		return CTL_USAGE;
	}
	if (!ctl_loaded())
		return ctl_not_loaded(io);
	if (geteuid() != 0) {
		fputs("lrucost-ctl: reset needs root\n", io->err);
		return CTL_NEED_ROOT;
	}
	ret = ctl_write_file(ctl_path(p, sizeof(p), CTL_SYS "/reset_stats"),
			     "1\n");
	if (ret == -EACCES || ret == -EPERM) {
		fputs("lrucost-ctl: reset needs root\n", io->err);
		return CTL_NEED_ROOT;
	}
	if (ret) {
		fprintf(io->err, "lrucost-ctl: cannot write %s: %s\n", p,
			strerror(-ret));
		return CTL_ERR;
	}
	return CTL_OK;
}
