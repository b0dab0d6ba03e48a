// SPDX-License-Identifier: GPL-2.0
/*
 * lrucost-ctl lruvecs [--json]: lrucost's per-lruvec table, with each
 * memcg's cgroup path.  The module prints the cgroup's inode number (its
 * cgroup id); the path is found by walking the cgroup v2 mount for the
 * directory with that inode.  Columns are found by the header's names,
 * so a module that adds columns does not break the tool.
 */
#define _XOPEN_SOURCE 700
#include <errno.h>
#include <ftw.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "ctl.h"

static const char lruvecs_usage[] =
	"usage: lrucost-ctl lruvecs [--json]\n\n"
	"lrucost's state per lruvec (memcg x node): the memcg's cgroup path,\n"
	"the node, the decayed anon and file costs and the last split\n"
	"(anon and file pressure, and the anon share), and the cgroup whose\n"
	"policy it follows (lrucost-ctl cgroup; \"-\" for none).  Exit 3\n"
	"when the module is not loaded.\n";

static const char *const columns[] = {
	"memcg_id", "node", "anon_cost", "file_cost", "anon_pressure",
	"file_pressure", "cgroup_ino", "policy", "scan_anon", "scan_total",
	NULL,
};

static char cg_root[4096];
static struct ctl_lruvec *cg_vecs;
static int cg_nr;

static int cg_visit(const char *path, const struct stat *st, int flag,
		    struct FTW *ftw)
{
	size_t rl = strlen(cg_root);
	int i;

	(void)ftw;
	if (flag != FTW_D)
		return 0;
	for (i = 0; i < cg_nr; i++) {
		if (cg_vecs[i].cgroup_ino == (long)st->st_ino)
			snprintf(cg_vecs[i].path, sizeof(cg_vecs[i].path),
				 "%s", path[rl] ? path + rl : "/");
		if (cg_vecs[i].policy == (long)st->st_ino)
			snprintf(cg_vecs[i].policy_path,
				 sizeof(cg_vecs[i].policy_path), "%s",
				 path[rl] ? path + rl : "/");
	}
	return 0;
}

static void find_paths(struct ctl_lruvec *v, int nr)
{
	struct stat st;

	ctl_path(cg_root, sizeof(cg_root), "/sys/fs/cgroup");
	if (stat(cg_root, &st) || !S_ISDIR(st.st_mode))
		return;
	cg_vecs = v;
	cg_nr = nr;
	nftw(cg_root, cg_visit, 16, FTW_PHYS | FTW_MOUNT);
}

static int parse_line(char *line, const int *col, int nr_col,
		      struct ctl_lruvec *v)
{
	long vals[16] = { 0 };
	char *tok, *save = NULL, *end;
	int i = 0;

	for (tok = strtok_r(line, " ", &save); tok;
	     tok = strtok_r(NULL, " ", &save), i++) {
		if (i >= nr_col)
			return -EINVAL;
		errno = 0;
		vals[i] = strtol(tok, &end, 10);
		if (errno || *end || end == tok)
			return -EINVAL;
	}
	if (i != nr_col)
		return -EINVAL;
	memset(v, 0, sizeof(*v));
	v->cgroup_ino = -1;
	v->policy = -2;
	strcpy(v->path, "?");
	strcpy(v->policy_path, "?");
	for (i = 0; i < nr_col; i++) {
		long *signed_dst[] = { &v->memcg_id, &v->node };
		unsigned long *dst[] = { &v->anon_cost, &v->file_cost,
					 &v->anon_pressure, &v->file_pressure };

		if (col[i] >= 0 && col[i] < 2)
			*signed_dst[col[i]] = vals[i];
		else if (col[i] >= 2 && col[i] < 6)
			*dst[col[i] - 2] = vals[i];
		else if (col[i] == 6)
			v->cgroup_ino = vals[i];
		else if (col[i] == 7)
			v->policy = vals[i];
		else if (col[i] == 8)
			v->scan_anon = vals[i];
		else if (col[i] == 9)
			v->scan_total = vals[i];
	}
	return 0;
}

/**
 * ctl_lruvecs_read - read and parse the lruvecs file
 * @io: where errors go
 * @out: the entries (free() them)
 * @nr: how many
 *
 * Return: CTL_OK, CTL_NOT_LOADED, or CTL_ERR for a malformed file.
 */
int ctl_lruvecs_read(const struct ctl_io *io, struct ctl_lruvec **out,
		     int *nr)
{
	static char buf[1 << 16];
	char p[4096], *line, *save = NULL, *tok, *tsave = NULL;
	int col[16], nr_col = 0, n, lineno = 1;
	struct ctl_lruvec *v = NULL;

	*out = NULL;
	*nr = 0;
	n = ctl_read_file(ctl_path(p, sizeof(p), CTL_SYS "/lruvecs"), buf,
			  sizeof(buf));
	if (n == -ENOENT)
		return ctl_not_loaded(io);
	if (n < 0)
		goto bad;
	line = strtok_r(buf, "\n", &save);
	if (!line)
		goto bad;
	for (tok = strtok_r(line, " ", &tsave); tok;
	     tok = strtok_r(NULL, " ", &tsave)) {
		int c;

		for (c = 0; columns[c] && strcmp(columns[c], tok); c++)
			;
		if (nr_col == 16)
			goto bad;
		col[nr_col++] = columns[c] ? c : -1;
	}
	if (nr_col < 6)
		goto bad;
	while ((line = strtok_r(NULL, "\n", &save))) {
		struct ctl_lruvec *grown = realloc(v, (*nr + 1) * sizeof(*v));

		lineno++;
		if (!grown)
			goto bad;
		v = grown;
		if (parse_line(line, col, nr_col, &v[*nr]))
			goto bad;
		(*nr)++;
	}
	find_paths(v, *nr);
	*out = v;
	return CTL_OK;
bad:
	fprintf(io->err, "lrucost-ctl: %s: %s at line %d\n", p,
		n < 0 ? strerror(-n) : "malformed", lineno);
	free(v);
	*nr = 0;
	return CTL_ERR;
}

static double share(const struct ctl_lruvec *v)
{
	unsigned long sum = v->anon_pressure + v->file_pressure;

	return sum ? 100.0 * v->anon_pressure / sum : -1;
}

/**
 * ctl_target_anon_percent - the anon share lrucost aims for
 * @io: where errors go
 * @pct: anon_percent when it is set, else the mean anon share of the
 *       last split over the lruvecs that have one; -1 when there is none
 *
 * Return: CTL_OK, CTL_NOT_LOADED or CTL_ERR.
 */
int ctl_target_anon_percent(const struct ctl_io *io, double *pct)
{
	const struct ctl_knob *k = ctl_knob_find("anon_percent");
	struct ctl_lruvec *v;
	double sum = 0;
	int i, nr, used = 0, ret;
	long forced;

	*pct = -1;
	ret = ctl_knob_read(k, &forced);
	if (ret == -ENOENT)
		return CTL_NOT_LOADED;
	if (ret)
		return CTL_ERR;
	if (forced >= 0) {
		*pct = forced;
		return CTL_OK;
	}
	ret = ctl_lruvecs_read(io, &v, &nr);
	if (ret)
		return ret;
	for (i = 0; i < nr; i++) {
		if (share(&v[i]) >= 0) {
			sum += share(&v[i]);
			used++;
		}
	}
	free(v);
	if (used)
		*pct = sum / used;
	return CTL_OK;
}

/*
 * The policy a lruvec follows: its cgroup's path, "gone" for a policy
 * whose cgroup is gone, "-" for none, "(changed)" when not resolved
 * since the policies changed, "?" for a module that does not say.
 */
static const char *policy_name(const struct ctl_lruvec *v)
{
	if (v->policy > 0)
		return v->policy_path[0] == '?' ? "gone" : v->policy_path;
	if (v->policy == 0)
		return "-";
	return v->policy == -1 ? "(changed)" : "?";
}

int cmd_lruvecs(const struct ctl_io *io, int argc, char **argv)
{
	struct ctl_lruvec *v;
	bool json = false;
	int i, nr, ret;

	if (ctl_want_help(argc, argv, io, lruvecs_usage))
		return CTL_OK;
	if (ctl_json_option(argc, argv, io, lruvecs_usage, &json))
		return CTL_USAGE;
	if (!ctl_loaded())
		return ctl_not_loaded(io);
	ret = ctl_lruvecs_read(io, &v, &nr);
	if (ret)
		return ret;
	if (json)
		fputc('[', io->out);
	else
		fprintf(io->out, "%-32s %4s %12s %12s %10s %10s %6s %s\n",
			"memcg", "node", "anon_cost", "file_cost", "anon_pres",
			"file_pres", "anon%", "policy");
	for (i = 0; i < nr; i++) {
		bool first = true;

		if (!json) {
			fprintf(io->out, "%-32s %4ld %12lu %12lu %10lu %10lu ",
				v[i].path, v[i].node, v[i].anon_cost,
				v[i].file_cost, v[i].anon_pressure,
				v[i].file_pressure);
			if (share(&v[i]) < 0)
				fprintf(io->out, "%6s", "-");
			else
				fprintf(io->out, "%6.1f", share(&v[i]));
			fprintf(io->out, " %s\n", policy_name(&v[i]));
			continue;
		}
		fputs(i ? ",{" : "{", io->out);
		ctl_json_key(io->out, &first, "memcg_id");
		fprintf(io->out, "%ld", v[i].memcg_id);
		ctl_json_key(io->out, &first, "memcg");
		if (v[i].path[0] == '?')
			fputs("null", io->out);
		else
			ctl_json_str(io->out, v[i].path);
		ctl_json_key(io->out, &first, "node");
		fprintf(io->out, "%ld", v[i].node);
		ctl_json_key(io->out, &first, "anon_cost");
		fprintf(io->out, "%lu", v[i].anon_cost);
		ctl_json_key(io->out, &first, "file_cost");
		fprintf(io->out, "%lu", v[i].file_cost);
		ctl_json_key(io->out, &first, "anon_pressure");
		fprintf(io->out, "%lu", v[i].anon_pressure);
		ctl_json_key(io->out, &first, "file_pressure");
		fprintf(io->out, "%lu", v[i].file_pressure);
		ctl_json_key(io->out, &first, "policy");
		if (v[i].policy > 0 && v[i].policy_path[0] != '?')
			ctl_json_str(io->out, v[i].policy_path);
		else
			fputs("null", io->out);
		ctl_json_key(io->out, &first, "policy_id");
		if (v[i].policy == -2)
			fputs("null", io->out);	/* the module does not say */
		else
			fprintf(io->out, "%ld", v[i].policy);
		fputc('}', io->out);
	}
	if (json)
		fputs("]\n", io->out);
	free(v);
	return CTL_OK;
}
