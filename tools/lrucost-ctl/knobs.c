// SPDX-License-Identifier: GPL-2.0
/*
 * The module's tunables, with the ranges module/knobs.c enforces, so that
 * a bad value is refused here with the range instead of a bare -EINVAL.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "ctl.h"

const struct ctl_knob ctl_knobs[] = {
	{ "enabled", 0, 1, "1 steer, 0 observe only" },
	{ "swappiness", -1, 200,
	  "-1 follow vm.swappiness; 0..200 swap vs file IO cost" },
	{ "io_cost", 1, 1024, "weight of a refault against a rotation" },
	{ "anon_percent", -1, 100,
	  "-1 the cost model; 0..100 force this anon share" },
	{ "time_hooks", 0, 1, "1 count hook_ns and hook_calls" },
};
const int ctl_nr_knobs = sizeof(ctl_knobs) / sizeof(ctl_knobs[0]);

/**
 * ctl_knob_find - a knob by name
 * @name: its sysfs name
 *
 * Return: the knob, or NULL.
 */
const struct ctl_knob *ctl_knob_find(const char *name)
{
	int i;

	for (i = 0; i < ctl_nr_knobs; i++)
		if (!strcmp(ctl_knobs[i].name, name))
			return &ctl_knobs[i];
	return NULL;
}

/**
 * ctl_parse_long - parse a value as strictly as the module does
 * @s: the text: an optional '-', then decimal digits without a leading
 *     zero; no '+', no spaces, nothing after
 * @val: the number
 *
 * Return: 0 or -EINVAL.
 */
int ctl_parse_long(const char *s, long *val)
{
	const char *d = s[0] == '-' ? s + 1 : s;
	char *end;

	if (*d < '0' || *d > '9' || (d[0] == '0' && d[1] != '\0'))
		return -EINVAL;
	errno = 0;
	*val = strtol(s, &end, 10);
	if (errno || *end)
		return -EINVAL;
	return 0;
}

/**
 * ctl_knob_read - read a knob's current value
 * @k: the knob
 * @val: its value
 *
 * Return: 0, or a negative errno (-EINVAL for a malformed file).
 */
int ctl_knob_read(const struct ctl_knob *k, long *val)
{
	char p[4096], buf[64];
	int n = ctl_read_file(ctl_path(p, sizeof(p), CTL_SYS "/%s", k->name),
			      buf, sizeof(buf));

	if (n < 0)
		return n;
	if (n < 2 || buf[n - 1] != '\n')
		return -EINVAL;
	buf[n - 1] = '\0';
	return ctl_parse_long(buf, val);
}

/**
 * ctl_knob_write - set a knob, explaining a refusal
 * @io: where errors go
 * @k: the knob
 * @val: the value, already range-checked
 *
 * Return: CTL_OK, CTL_NOT_LOADED, CTL_NEED_ROOT, CTL_REFUSED or CTL_ERR.
 */
int ctl_knob_write(const struct ctl_io *io, const struct ctl_knob *k,
		   long val)
{
	char p[4096], buf[32];
	int ret;

	snprintf(buf, sizeof(buf), "%ld\n", val);
	ret = ctl_write_file(ctl_path(p, sizeof(p), CTL_SYS "/%s", k->name),
			     buf);
	switch (ret) {
	case 0:
		return CTL_OK;
	case -ENOENT:
		return ctl_not_loaded(io);
	case -EACCES:
	case -EPERM:
		fprintf(io->err, "lrucost-ctl: setting %s needs root\n",
			k->name);
		return CTL_NEED_ROOT;
	case -EINVAL:
		fprintf(io->err,
			"lrucost-ctl: the kernel refused %s=%ld (allowed: %ld..%ld)\n",
			k->name, val, k->min, k->max);
		return CTL_REFUSED;
	default:
		fprintf(io->err, "lrucost-ctl: cannot write %s: %s\n", p,
			strerror(-ret));
		return CTL_ERR;
	}
}
