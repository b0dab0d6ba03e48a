// SPDX-License-Identifier: GPL-2.0
/*
 * One reading of every lrucost counter (the files in stats/) and of the
 * /proc/vmstat fields that show the same events from the kernel's side.
 */
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "ctl.h"

const char *const ctl_vmstat_fields[] = {
	"workingset_refault_anon", "workingset_refault_file",
	"workingset_activate_anon", "workingset_activate_file",
	"workingset_restore_anon", "workingset_restore_file",
	"pswpin", "pswpout",
	"pgscan_anon", "pgscan_file", "pgsteal_anon", "pgsteal_file",
	"pgscan_kswapd", "pgscan_direct", "pgsteal_kswapd", "pgsteal_direct",
	NULL,
};

static int by_name(const void *a, const void *b)
{
	return strcmp(((const struct ctl_counter *)a)->name,
		      ((const struct ctl_counter *)b)->name);
}

static int read_module(const struct ctl_io *io, struct ctl_snapshot *s)
{
	char dir[4096], p[4096];
	struct dirent *d;
	DIR *dh = opendir(ctl_path(dir, sizeof(dir), CTL_SYS "/stats"));
	int ret = 0;

	s->nr_mod = 0;
	if (!dh)
		return errno == ENOENT ? ctl_not_loaded(io) : CTL_ERR;
	while ((d = readdir(dh))) {
		struct ctl_counter *c = &s->mod[s->nr_mod];
		int r;

		if (d->d_name[0] == '.')
			continue;
		if (s->nr_mod == CTL_MAX_COUNTERS ||
		    strlen(d->d_name) >= sizeof(c->name)) {
			fprintf(io->err, "lrucost-ctl: unexpected counter %s\n",
				d->d_name);
			ret = CTL_ERR;
			break;
		}
		if (snprintf(p, sizeof(p), "%s/%s", dir, d->d_name) >=
		    (int)sizeof(p))
			r = -ENAMETOOLONG;
		else
			r = ctl_read_ulong(p, &c->value);
		if (r) {
			fprintf(io->err, "lrucost-ctl: %s: %s\n", p,
				r == -EINVAL ? "not a counter value" :
				strerror(-r));
			ret = r == -ENOENT ? ctl_not_loaded(io) : CTL_ERR;
			break;
		}
		strcpy(c->name, d->d_name);
		c->present = true;
		s->nr_mod++;
	}
	closedir(dh);
	qsort(s->mod, s->nr_mod, sizeof(s->mod[0]), by_name);
	return ret;
}

static int read_vmstat(const struct ctl_io *io, struct ctl_snapshot *s)
{
	static char buf[1 << 16];
	char p[4096];
	int i, n = ctl_read_file(ctl_path(p, sizeof(p), "/proc/vmstat"), buf,
				 sizeof(buf));

	if (n < 0) {
		fprintf(io->err, "lrucost-ctl: %s: %s\n", p, strerror(-n));
		return CTL_ERR;
	}
	for (i = 0; ctl_vmstat_fields[i]; i++) {
		struct ctl_counter *c = &s->vm[i];
		size_t len = strlen(ctl_vmstat_fields[i]);
		const char *line = buf;

		strcpy(c->name, ctl_vmstat_fields[i]);
		c->present = false;
		c->value = 0;
		for (; line && *line; line = strchr(line, '\n'),
		     line = line ? line + 1 : NULL) {
			char *end;

			if (strncmp(line, c->name, len) || line[len] != ' ')
				continue;
			errno = 0;
			c->value = strtoul(line + len + 1, &end, 10);
			c->present = !errno && end != line + len + 1 &&
				     (*end == '\n' || !*end);
			break;
		}
	}
	s->nr_vm = i;
	return CTL_OK;
}

/**
 * ctl_snapshot - read every counter once
 * @io: where errors go
 * @s: the reading; module counters are empty when it is not loaded
 *
 * Return: CTL_OK; CTL_NOT_LOADED (vmstat is still read); CTL_ERR for an
 * unreadable or malformed file, named on @io->err.
 */
int ctl_snapshot(const struct ctl_io *io, struct ctl_snapshot *s)
{
	int ret = read_vmstat(io, s);

	if (ret)
		return ret;
	if (!ctl_loaded()) {
		s->nr_mod = 0;
		return CTL_NOT_LOADED;
	}
	return read_module(io, s);
}

/**
 * ctl_counter_find - a counter by name
 * @c: the counters
 * @nr: how many
 * @name: the name
 *
 * Return: the counter, or NULL.
 */
const struct ctl_counter *ctl_counter_find(const struct ctl_counter *c,
					   int nr, const char *name)
{
	int i;

	for (i = 0; i < nr; i++)
		if (!strcmp(c[i].name, name))
			return &c[i];
	return NULL;
}

/**
 * ctl_delta - how much a counter grew between two readings
 * @a: the earlier reading
 * @b: the later one
 * @name: a module counter or a vmstat field
 *
 * A counter that went down was reset in between (reset_stats, or the
 * module reloaded): it restarted from 0, so its growth is its new value.
 * That misses what it counted before the reset, but a plain subtraction
 * would wrap to nearly 2^64 and print an absurd rate.
 *
 * Return: the growth; 0 when absent from either reading.
 */
unsigned long ctl_delta(const struct ctl_snapshot *a,
			const struct ctl_snapshot *b, const char *name)
{
	const struct ctl_counter *x, *y;

	x = ctl_counter_find(a->vm, a->nr_vm, name);
	y = ctl_counter_find(b->vm, b->nr_vm, name);
	if (!x || !y) {
		x = ctl_counter_find(a->mod, a->nr_mod, name);
		y = ctl_counter_find(b->mod, b->nr_mod, name);
	}
	if (!x || !y || !x->present || !y->present)
		return 0;
	if (y->value < x->value)
		return y->value;
	return y->value - x->value;
}
