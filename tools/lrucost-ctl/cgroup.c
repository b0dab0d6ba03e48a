// SPDX-License-Identifier: GPL-2.0
/*
 * lrucost-ctl cgroup: per-cgroup policies (/sys/kernel/mm/lrucost/cgroups/).
 * The module names a policy by the cgroup's id, the inode number of its
 * directory in the cgroup2 mount; here a cgroup is named by its path
 * under that mount, as systemd and the container runtimes name them, and
 * the id is found with stat().  The effective settings of a cgroup are
 * worked out as the module does, with its own inheritance rule
 * (module/cgpolicy.c, built in here): each field from the nearest
 * ancestor whose policy sets it, else the global knob.
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "ctl.h"
#include "lrucost_cgpolicy.h"

static const char cgroup_usage[] =
	"usage: lrucost-ctl cgroup [list] [--json]\n"
	"       lrucost-ctl cgroup set CGROUP FIELD=VALUE...\n"
	"       lrucost-ctl cgroup clear CGROUP|ID\n"
	"       lrucost-ctl cgroup show [CGROUP] [--json]\n\n"
	"Per-cgroup policies (cgroup v2).  CGROUP is a path under\n"
	"/sys/fs/cgroup (\"/\" is the root); ID a policy's cgroup id, for\n"
	"one whose cgroup is gone.  FIELD: enabled, swappiness, io_cost,\n"
	"anon_percent, with the global knob's range, or \"follow\": the\n"
	"nearest ancestor's setting, else the global knob's.\n"
	"  list   every policy: its cgroup, whether it is live or gone,\n"
	"         and its fields\n"
	"  set    create CGROUP's policy if it has none, and set fields\n"
	"         (root); every value is checked first, and if the kernel\n"
	"         refuses one, the policy is put back as it was\n"
	"  clear  remove a policy (root)\n"
	"  show   the settings in force for CGROUP (default: each cgroup\n"
	"         lrucost lists a lruvec for), where each comes from, and\n"
	"         per node the anon share wanted and achieved\n";

#define NR_FIELDS 4
static const char *const fields[NR_FIELDS] = {
	"enabled", "swappiness", "io_cost", "anon_percent",
};

static int *field_of(struct lrucost_knob_set *k, int i)
{
	int *f[NR_FIELDS] = { &k->enabled, &k->swappiness, &k->io_cost,
			      &k->anon_percent };

	return f[i];
}

static int field_index(const char *name)
{
	int i;

	for (i = 0; i < NR_FIELDS; i++)
		if (!strcmp(name, fields[i]))
			return i;
	return -1;
}

/* "follow" or a number in the knob's range */
static int parse_value(const char *s, int i, int *v)
{
	const struct ctl_knob *k = ctl_knob_find(fields[i]);
	long l;

	if (!strcmp(s, "follow")) {
		*v = LRUCOST_FOLLOW;
		return 0;
	}
	if (ctl_parse_long(s, &l) || l < k->min || l > k->max)
		return -1;
	*v = (int)l;
	return 0;
}

/* the cgroup id of PATH under the cgroup2 mount, or 0 */
static unsigned long long cgroup_id_of(const char *path)
{
	char p[4096];
	struct stat st;

	while (*path == '/')
		path++;
	if (strstr(path, "..") ||
	    stat(ctl_path(p, sizeof(p), "/sys/fs/cgroup/%s", path), &st) ||
	    !S_ISDIR(st.st_mode))
		return 0;
	return st.st_ino;
}

/*
 * A policy's fields into @k; 0, -ENOENT when there is no such policy, or
 * -EINVAL for a malformed file.
 */
static int read_policy(unsigned long long id, struct lrucost_knob_set *k)
{
	char p[4096], buf[64];
	int i, n;

	for (i = 0; i < NR_FIELDS; i++) {
		n = ctl_read_file(ctl_path(p, sizeof(p),
					   CTL_SYS "/cgroups/%llu/%s", id,
					   fields[i]), buf, sizeof(buf));
		if (n < 0)
			return n;
		if (n < 2 || buf[n - 1] != '\n')
			return -EINVAL;
		buf[n - 1] = '\0';
		if (parse_value(buf, i, field_of(k, i)))
			return -EINVAL;
	}
	return 0;
}

static void read_text(unsigned long long id, const char *name, char *buf,
		      size_t size)
{
	char p[4096];
	int n = ctl_read_file(ctl_path(p, sizeof(p),
				       CTL_SYS "/cgroups/%llu/%s", id, name),
			      buf, size);

	if (n <= 0)
		buf[0] = '\0';
	else if (buf[n - 1] == '\n')
		buf[n - 1] = '\0';
}

static void print_value(FILE *f, int v, bool json)
{
	if (v == LRUCOST_FOLLOW)
		fputs(json ? "\"follow\"" : "follow", f);
	else
		fprintf(f, "%d", v);
}

/* the ids of every policy, sorted; -1 when the module is not loaded */
static int policy_ids(unsigned long long *ids, int max)
{
	char p[4096];
	struct dirent *d;
	DIR *dir = opendir(ctl_path(p, sizeof(p), CTL_SYS "/cgroups"));
	int n = 0, i, j;

	if (!dir)
		return -1;
	while ((d = readdir(dir)) && n < max) {
		if (!isdigit((unsigned char)d->d_name[0]))
			continue;
		ids[n++] = strtoull(d->d_name, NULL, 10);
	}
	closedir(dir);
	for (i = 1; i < n; i++)
		for (j = i; j > 0 && ids[j - 1] > ids[j]; j--) {
			unsigned long long t = ids[j];

			ids[j] = ids[j - 1];
			ids[j - 1] = t;
		}
	return n;
}

static int cmd_list(const struct ctl_io *io, bool json)
{
	unsigned long long ids[64];
	struct lrucost_knob_set k;
	char path[4096], state[16];
	int n = policy_ids(ids, 64), i, f;
	bool first = true;

	if (n < 0)
		return ctl_not_loaded(io);
	if (json)
		fputs("{\"policies\": [", io->out);
	else
		fputs("id path state enabled swappiness io_cost anon_percent\n",
		      io->out);
	for (i = 0; i < n; i++) {
		if (read_policy(ids[i], &k)) {
			fprintf(io->err, "lrucost-ctl: cannot read policy %llu\n",
				ids[i]);
			return CTL_ERR;
		}
		read_text(ids[i], "cgroup", path, sizeof(path));
		read_text(ids[i], "state", state, sizeof(state));
		if (json) {
			fprintf(io->out, "%s{\"id\": %llu, \"path\": ",
				first ? "" : ", ", ids[i]);
			first = false;
			ctl_json_str(io->out, path);
			fputs(", \"state\": ", io->out);
			ctl_json_str(io->out, state);
			for (f = 0; f < NR_FIELDS; f++) {
				fprintf(io->out, ", \"%s\": ", fields[f]);
				print_value(io->out, *field_of(&k, f), true);
			}
			fputc('}', io->out);
			continue;
		}
		fprintf(io->out, "%llu %s %s", ids[i], path[0] ? path : "-",
			state);
		for (f = 0; f < NR_FIELDS; f++) {
			fputc(' ', io->out);
			print_value(io->out, *field_of(&k, f), false);
		}
		fputc('\n', io->out);
	}
	if (json)
		fputs("]}\n", io->out);
	return CTL_OK;
}

/* a write to the cgroups/ ABI, with its refusal explained */
static int write_abi(const struct ctl_io *io, const char *file,
		     const char *val)
{
	char p[4096];
	int ret = ctl_write_file(ctl_path(p, sizeof(p), CTL_SYS "/cgroups/%s",
					  file), val);

	/* a policy's field missing: the policy went meanwhile */
	if (ret == -ENOENT && strchr(file, '/'))
		ret = -ESTALE;
	switch (ret) {
	case 0:
		return CTL_OK;
	case -EACCES:
	case -EPERM:
		fputs("lrucost-ctl: cgroup policies need root\n", io->err);
		return CTL_NEED_ROOT;
	case -EINVAL:
	case -ENOENT:
	case -ENOSPC:
	case -EEXIST:
		fprintf(io->err, "lrucost-ctl: the kernel refused %s for %s: %s\n",
			val, file, strerror(-ret));
		return CTL_REFUSED;
	default:
		fprintf(io->err, "lrucost-ctl: cannot write %s: %s\n", p,
			strerror(-ret));
		return CTL_ERR;
	}
}

static int write_field(const struct ctl_io *io, unsigned long long id,
		       int f, int v)
{
	char file[64], val[16];

	snprintf(file, sizeof(file), "%llu/%s", id, fields[f]);
	if (v == LRUCOST_FOLLOW)
		snprintf(val, sizeof(val), "follow\n");
	else
		snprintf(val, sizeof(val), "%d\n", v);
	return write_abi(io, file, val);
}

static int no_cgroup(const struct ctl_io *io, const char *path)
{
	fprintf(io->err, "lrucost-ctl: no cgroup %s under /sys/fs/cgroup\n",
		path);
	return CTL_USAGE;
}

/* what set and clear ask first: a cgroup (@id 0: none), and root */
static int may_change(const struct ctl_io *io, unsigned long long id,
		      const char *arg, const char *cmd)
{
	if (!id)
		return no_cgroup(io, arg);
	if (geteuid() != 0) {
		fprintf(io->err, "lrucost-ctl: cgroup %s needs root\n", cmd);
		return CTL_NEED_ROOT;
	}
	return CTL_OK;
}

static int cmd_cg_set(const struct ctl_io *io, int argc, char **argv)
{
	int f[NR_FIELDS * 4], v[NR_FIELDS * 4], n = 0, i, ret = CTL_OK;
	struct lrucost_knob_set was;
	unsigned long long id;
	bool created = false;
	char idbuf[32];

	if (argc < 3 || argc - 2 > NR_FIELDS * 4) {
		fputs(cgroup_usage, io->err);
		return CTL_USAGE;
	}
	for (i = 2; i < argc; i++, n++) {
		char name[32];
		const char *eq = strchr(argv[i], '=');

		if (!eq || (size_t)(eq - argv[i]) >= sizeof(name)) {
			fputs(cgroup_usage, io->err);
			return CTL_USAGE;
		}
		memcpy(name, argv[i], eq - argv[i]);
		name[eq - argv[i]] = '\0';
		f[n] = field_index(name);
		if (f[n] < 0 || parse_value(eq + 1, f[n], &v[n])) {
			fprintf(io->err,
				"lrucost-ctl: invalid '%s' (fields: enabled, swappiness, io_cost, anon_percent; values: the knob's range or follow)\n",
				argv[i]);
			return CTL_USAGE;
		}
	}
	if (!ctl_loaded())
		return ctl_not_loaded(io);
	id = cgroup_id_of(argv[1]);
	ret = may_change(io, id, argv[1], "set");
	if (ret)
		return ret;
	snprintf(idbuf, sizeof(idbuf), "%llu\n", id);
	ret = read_policy(id, &was);
	if (ret == -ENOENT) {
		ret = write_abi(io, "add", idbuf);
		if (ret)
			return ret;
		created = true;
		lrucost_knobs_follow_all(&was);
	} else if (ret) {
		fprintf(io->err, "lrucost-ctl: cannot read policy %llu\n", id);
		return CTL_ERR;
	}
	for (i = 0; i < n && !ret; i++)
		ret = write_field(io, id, f[i], v[i]);
	if (ret) {
		/* put back what was, or take back the policy made here */
		if (created) {
			write_abi(io, "remove", idbuf);
		} else {
			for (i = 0; i < NR_FIELDS; i++)
				write_field(io, id, i, *field_of(&was, i));
		}
		return ret;
	}
	for (i = 0; i < n; i++) {
		fprintf(io->out, "%s=", fields[f[i]]);
		print_value(io->out, v[i], false);
		fputc('\n', io->out);
	}
	return CTL_OK;
}

static int cmd_clear(const struct ctl_io *io, int argc, char **argv)
{
	unsigned long long id = 0;
	char idbuf[32], *end;
	int ret;

	if (argc != 2) {
		fputs(cgroup_usage, io->err);
		return CTL_USAGE;
	}
	if (!ctl_loaded())
		return ctl_not_loaded(io);
	if (isdigit((unsigned char)argv[1][0])) {
		errno = 0;
		id = strtoull(argv[1], &end, 10);
		if (errno || *end)
			id = 0;
	}
	if (!id)
		id = cgroup_id_of(argv[1]);
	ret = may_change(io, id, argv[1], "clear");
	if (ret)
		return ret;
	snprintf(idbuf, sizeof(idbuf), "%llu\n", id);
	return write_abi(io, "remove", idbuf);
}

/*
 * effective - the settings in force for a cgroup
 * @path: its path under the cgroup2 mount
 * @k: the settings, out
 * @from: for each field, the path of the cgroup whose policy sets it,
 *	"" for the global knob (NR_FIELDS strings of 4096)
 *
 * Return: 0, or -1 when a knob or policy cannot be read.
 */
static int effective(const char *path, struct lrucost_knob_set *k,
		     char from[][4096])
{
	struct lrucost_knob_set own, global;
	char p[4096];
	long l;
	int i;

	lrucost_knobs_follow_all(k);
	for (i = 0; i < NR_FIELDS; i++)
		from[i][0] = '\0';
	snprintf(p, sizeof(p), "%s", path);
	for (;;) {
		unsigned long long id = cgroup_id_of(p);
		char *slash;

		if (id && !read_policy(id, &own)) {
			for (i = 0; i < NR_FIELDS; i++)
				if (*field_of(k, i) == LRUCOST_FOLLOW &&
				    *field_of(&own, i) != LRUCOST_FOLLOW)
					snprintf(from[i], 4096, "%s",
						 p[0] ? p : "/");
			lrucost_knobs_inherit(k, &own);
		}
		slash = strrchr(p, '/');
		if (!p[0] || !strcmp(p, "/"))
			break;
		if (slash)
			*slash = '\0';
		else
			p[0] = '\0';
	}
	for (i = 0; i < NR_FIELDS; i++) {
		if (ctl_knob_read(ctl_knob_find(fields[i]), &l))
			return -1;
		*field_of(&global, i) = (int)l;
	}
	lrucost_knobs_inherit(k, &global);
	return 0;
}

static void print_pct(FILE *f, double pct)
{
	if (pct < 0)
		fputc('-', f);
	else
		fprintf(f, "%.1f%%", pct);
}

static int show_one(const struct ctl_io *io, const char *path,
		    const struct ctl_lruvec *v, int nr, bool json,
		    bool *first)
{
	char from[NR_FIELDS][4096];
	struct lrucost_knob_set k;
	unsigned long long id = cgroup_id_of(path);
	int i;
	bool nfirst = true;

	if (effective(path, &k, from)) {
		fputs("lrucost-ctl: cannot read the knobs\n", io->err);
		return CTL_ERR;
	}
	if (json) {
		fprintf(io->out, "%s{\"path\": ", *first ? "" : ", ");
		ctl_json_str(io->out, path);
		for (i = 0; i < NR_FIELDS; i++) {
			fprintf(io->out, ", \"%s\": %d, \"%s_from\": ",
				fields[i], *field_of(&k, i), fields[i]);
			ctl_json_str(io->out, from[i][0] ? from[i] : "global");
		}
		fputs(", \"nodes\": [", io->out);
	} else {
		fprintf(io->out, "%s:", path);
		for (i = 0; i < NR_FIELDS; i++)
			fprintf(io->out, " %s=%d (%s)", fields[i],
				*field_of(&k, i),
				from[i][0] ? from[i] : "global");
		fputc('\n', io->out);
	}
	*first = false;
	for (i = 0; i < nr; i++) {
		double want = -1, got = -1;

		if ((unsigned long long)v[i].cgroup_ino != id)
			continue;
		if (v[i].anon_pressure + v[i].file_pressure)
			want = 100.0 * v[i].anon_pressure /
			       (v[i].anon_pressure + v[i].file_pressure);
		if (v[i].scan_total)
			got = 100.0 * v[i].scan_anon / v[i].scan_total;
		if (json) {
			fprintf(io->out, "%s{\"node\": %ld, \"anon_pct_wanted\": %.1f, \"anon_pct_achieved\": %.1f}",
				nfirst ? "" : ", ", v[i].node, want, got);
			nfirst = false;
		} else {
			fprintf(io->out, "  node %ld: anon share wanted ",
				v[i].node);
			print_pct(io->out, want);
			fputs(", achieved ", io->out);
			print_pct(io->out, got);
			fprintf(io->out, " of %lu pages scanned\n",
				v[i].scan_total);
		}
	}
	if (json)
		fputs("]}", io->out);
	return CTL_OK;
}

static int cmd_show(const struct ctl_io *io, int argc, char **argv)
{
	const char *path = NULL;
	struct ctl_lruvec *v;
	bool json = false, first = true;
	int nr, i, j, ret;

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--json"))
			json = true;
		else if (!path && argv[i][0] != '-')
			path = argv[i];
		else {
			fputs(cgroup_usage, io->err);
			return CTL_USAGE;
		}
	}
	if (path && !cgroup_id_of(path))
		return no_cgroup(io, path);
	ret = ctl_lruvecs_read(io, &v, &nr);
	if (ret)
		return ret;
	if (json)
		fputs("{\"cgroups\": [", io->out);
	if (path) {
		ret = show_one(io, path, v, nr, json, &first);
	} else {
		for (i = 0; i < nr && !ret; i++) {
			/* each cgroup once, though it has a lruvec a node */
			for (j = 0; j < i; j++)
				if (v[j].cgroup_ino == v[i].cgroup_ino)
					break;
			if (j < i || v[i].path[0] == '?')
				continue;
			ret = show_one(io, v[i].path, v, nr, json, &first);
		}
	}
	if (json)
		fputs("]}\n", io->out);
	free(v);
	return ret;
}

int cmd_cgroup(const struct ctl_io *io, int argc, char **argv)
{
	bool json = false;

	if (ctl_want_help(argc, argv, io, cgroup_usage))
		return CTL_OK;
	if (argc >= 2 && !strcmp(argv[1], "set"))
		return cmd_cg_set(io, argc - 1, argv + 1);
	if (argc >= 2 && !strcmp(argv[1], "clear"))
		return cmd_clear(io, argc - 1, argv + 1);
	if (argc >= 2 && !strcmp(argv[1], "show"))
		return cmd_show(io, argc - 1, argv + 1);
	if (argc >= 2 && !strcmp(argv[1], "list"))
		argc--, argv++;
	if (ctl_json_option(argc, argv, io, cgroup_usage, &json))
		return CTL_USAGE;
	if (!ctl_loaded())
		return ctl_not_loaded(io);
	return cmd_list(io, json);
}
