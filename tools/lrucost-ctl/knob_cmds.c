// SPDX-License-Identifier: GPL-2.0
/*
 * lrucost-ctl get [KNOB...] and set KNOB VALUE [KNOB VALUE...]: like
 * sysctl, "set" also takes KNOB=VALUE.  Every value is checked before any
 * is written, so a bad one changes nothing; and since the kernel may still
 * refuse a value, the old values are read first and put back if a later
 * write fails.
 */
#include <errno.h>
#include <stdbool.h>
#include <string.h>
#include <unistd.h>
#include "ctl.h"

static const char get_usage[] =
	"usage: lrucost-ctl get [--modprobe] [KNOB...]\n\n"
	"Print knobs as KNOB=VALUE, all of them without arguments.\n"
	"Knobs: enabled, swappiness, io_cost, anon_percent, time_hooks.\n"
	"--modprobe: instead, the modprobe.d line that sets them at load,\n"
	"  e.g. lrucost-ctl get --modprobe >/etc/modprobe.d/lrucost.conf\n";

static const char set_usage[] =
	"usage: lrucost-ctl set KNOB VALUE [KNOB VALUE...]\n"
	"       lrucost-ctl set KNOB=VALUE [KNOB=VALUE...]\n\n"
	"Change knobs (needs root).  Ranges:\n"
	"  enabled       0..1     1 steer, 0 observe only\n"
	"  swappiness   -1..200   -1 follow vm.swappiness\n"
	"  io_cost       1..1024  weight of a refault against a rotation\n"
	"  anon_percent -1..100   -1 the cost model, else force the anon share\n"
	"  time_hooks    0..1     1 time lrucost's hooks (hook_ns, hook_calls)\n"
	"Every value is checked before any is written; if the kernel refuses\n"
	"one, those already written are put back, so nothing changes.\n";

static int unknown(const struct ctl_io *io, const char *name)
{
	int i;

	fprintf(io->err, "lrucost-ctl: unknown knob '%s'; knobs:", name);
	for (i = 0; i < ctl_nr_knobs; i++)
		fprintf(io->err, " %s", ctl_knobs[i].name);
	fputc('\n', io->err);
	return CTL_USAGE;
}

int cmd_get(const struct ctl_io *io, int argc, char **argv)
{
	const struct ctl_knob *want[16];
	long val[16];
	bool modprobe = false;
	int i, n = 0;

	if (ctl_want_help(argc, argv, io, get_usage))
		return CTL_OK;
	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--modprobe")) {
			modprobe = true;
			continue;
		}
		if (n == 16)
			return CTL_USAGE;
		want[n] = ctl_knob_find(argv[i]);
		if (!want[n])
			return unknown(io, argv[i]);
		n++;
	}
	if (!n)
		for (; n < ctl_nr_knobs; n++)
			want[n] = &ctl_knobs[n];
	if (!ctl_loaded())
		return ctl_not_loaded(io);
	/* all read before anything is printed: no half a modprobe.d line */
	for (i = 0; i < n; i++) {
		int r = ctl_knob_read(want[i], &val[i]);

		if (r) {
			fprintf(io->err, "lrucost-ctl: cannot read %s: %s\n",
				want[i]->name,
				r == -EINVAL ? "malformed" : strerror(-r));
			return CTL_ERR;
		}
	}
	if (modprobe)
		fputs("options lrucost", io->out);
	for (i = 0; i < n; i++)
		fprintf(io->out, modprobe ? " %s=%ld" : "%s=%ld\n",
			want[i]->name, val[i]);
	if (modprobe)
		fputc('\n', io->out);
	return CTL_OK;
}

int cmd_set(const struct ctl_io *io, int argc, char **argv)
{
	const struct ctl_knob *k[16];
	long v[16], was[16];
	int i, n = 0, ret;

	if (ctl_want_help(argc, argv, io, set_usage))
		return CTL_OK;
	for (i = 1; i < argc; i++) {
		char name[64];
		const char *val, *eq = strchr(argv[i], '=');

		if (eq && (size_t)(eq - argv[i]) < sizeof(name)) {
			memcpy(name, argv[i], eq - argv[i]);
			name[eq - argv[i]] = '\0';
			val = eq + 1;
		} else if (!eq && i + 1 < argc &&
			   strlen(argv[i]) < sizeof(name)) {
			strcpy(name, argv[i]);
			val = argv[++i];
		} else {
			fputs(set_usage, io->err);
			return CTL_USAGE;
		}
		if (n == 16) {
			fputs(set_usage, io->err);
			return CTL_USAGE;
		}
		k[n] = ctl_knob_find(name);
		if (!k[n])
			return unknown(io, name);
		if (ctl_parse_long(val, &v[n]) || v[n] < k[n]->min ||
		    v[n] > k[n]->max) {
			fprintf(io->err,
				"lrucost-ctl: invalid %s value '%s' (allowed: %ld..%ld)\n",
				name, val, k[n]->min, k[n]->max);
			return CTL_USAGE;
		}
		n++;
	}
	if (!n) {
		fputs(set_usage, io->err);
		return CTL_USAGE;
	}
	if (!ctl_loaded())
		return ctl_not_loaded(io);
	if (geteuid() != 0) {
		fputs("lrucost-ctl: set needs root\n", io->err);
		return CTL_NEED_ROOT;
	}
	/*
	 * The old values, all read before the first write, so that a knob
	 * named twice goes back to its value from before the set.  The last
	 * knob's is never needed: nothing is written after it.
	 */
	for (i = 0; i < n - 1; i++) {
		int r = ctl_knob_read(k[i], &was[i]);

		if (r == -ENOENT)
			return ctl_not_loaded(io);
		if (r) {
			fprintf(io->err, "lrucost-ctl: cannot read %s: %s\n",
				k[i]->name,
				r == -EINVAL ? "malformed" : strerror(-r));
			return CTL_ERR;
		}
	}
	for (i = 0; i < n; i++) {
		ret = ctl_knob_write(io, k[i], v[i]);
		if (ret)
			break;
	}
	if (ret) {
		/* undo in reverse order, so a knob named twice ends as it was */
		while (--i >= 0) {
			if (ctl_knob_write(io, k[i], was[i]))
				fprintf(io->err,
					"lrucost-ctl: could not put back %s=%ld\n",
					k[i]->name, was[i]);
			else
				fprintf(io->err, "lrucost-ctl: put back %s=%ld\n",
					k[i]->name, was[i]);
		}
		return ret;
	}
	for (i = 0; i < n; i++)
		fprintf(io->out, "%s=%ld\n", k[i]->name, v[i]);
	return CTL_OK;
}
