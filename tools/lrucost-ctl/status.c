// SPDX-License-Identifier: GPL-2.0
/*
 * lrucost-ctl status: the module's status file (one "key: value" per
 * line), its version and knobs, and the kernel's MGLRU switch, in one
 * place.
 */
#include <errno.h>
#include <string.h>
#include "ctl.h"

static const char status_usage[] =
	"usage: lrucost-ctl status [--json]\n\n"
	"Whether lrucost is loaded, its version, the kernel, whether it is\n"
	"steering reclaim (and why not), MGLRU, the hook targets and the\n"
	"knobs.  Exit 3 when the module is not loaded.\n";

static void chomp(char *s)
{
	size_t n = strlen(s);

	if (n && s[n - 1] == '\n')
		s[n - 1] = '\0';
}

/* "hook shrink_lruvec: traceable" -> section "hook", key "shrink_lruvec" */
static void json_status(FILE *f, char *text)
{
	static const char *const sections[] = {
		"hook", "scan_control", "mem_cgroup", NULL
	};
	bool first = true;
	char *line, *save = NULL;
	int i;

	fputc('{', f);
	for (line = strtok_r(text, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		char *colon = strstr(line, ": ");

		if (!colon)
			continue;
		*colon = '\0';
		for (i = 0; sections[i]; i++) {
			size_t n = strlen(sections[i]);

			if (!strncmp(line, sections[i], n) &&
			    (line[n] == ' ' || line[n] == '.'))
				break;
		}
		if (sections[i])
			continue;	/* in objects of their own */
		ctl_json_key(f, &first, line);
		ctl_json_str(f, colon + 2);
		*colon = ':';
	}
	fputc('}', f);
}

static void json_section(FILE *f, const char *text, const char *section)
{
	size_t n = strlen(section);
	const char *line;
	bool first = true;

	fputc('{', f);
	for (line = text; line && *line;
	     line = strchr(line, '\n'), line = line ? line + 1 : NULL) {
		char key[128], val[256];
		const char *colon = strstr(line, ": ");
		const char *eol = strchr(line, '\n');
		size_t kl, vl;

		if (strncmp(line, section, n) ||
		    (line[n] != ' ' && line[n] != '.') || !colon ||
		    (eol && colon > eol))
			continue;
		kl = colon - (line + n + 1);
		vl = (eol ? (size_t)(eol - colon) : strlen(colon)) - 2;
		if (kl >= sizeof(key) || vl >= sizeof(val))
			continue;
		memcpy(key, line + n + 1, kl);
		key[kl] = '\0';
		memcpy(val, colon + 2, vl);
		val[vl] = '\0';
		ctl_json_key(f, &first, key);
		ctl_json_str(f, val);
	}
	fputc('}', f);
}

static void lru_gen(char *buf, size_t size)
{
	char p[4096];
	int n = ctl_read_file(ctl_path(p, sizeof(p),
				       "/sys/kernel/mm/lru_gen/enabled"),
			      buf, size);

	if (n < 0)
		snprintf(buf, size, "%s", n == -ENOENT ? "absent" : "unreadable");
	else
		chomp(buf);
}

int cmd_status(const struct ctl_io *io, int argc, char **argv)
{
	char p[4096], version[64], status[8192], copy[8192], gen[64];
	bool json = false, first = true;
	long vals[16];
	int i, n;

	if (ctl_want_help(argc, argv, io, status_usage))
		return CTL_OK;
	if (ctl_json_option(argc, argv, io, status_usage, &json))
		return CTL_USAGE;
	if (!ctl_loaded())
		return ctl_not_loaded(io);
	n = ctl_read_file(ctl_path(p, sizeof(p), CTL_SYS "/version"), version,
			  sizeof(version));
	if (n >= 0)
		n = ctl_read_file(ctl_path(p, sizeof(p), CTL_SYS "/status"),
				  status, sizeof(status));
	for (i = 0; n >= 0 && i < ctl_nr_knobs; i++)
		n = ctl_knob_read(&ctl_knobs[i], &vals[i]);
	if (n < 0) {
		if (n == -ENOENT)
			return ctl_not_loaded(io);
		fprintf(io->err, "lrucost-ctl: cannot read %s: %s\n",
			i ? ctl_knobs[i - 1].name : p,
			n == -EINVAL ? "malformed" : strerror(-n));
		return CTL_ERR;
	}
	chomp(version);
	lru_gen(gen, sizeof(gen));
	if (!json) {
		fprintf(io->out, "lrucost %s: loaded\n%s", version, status);
		fprintf(io->out, "lru_gen/enabled: %s\nknobs:", gen);
		for (i = 0; i < ctl_nr_knobs; i++)
			fprintf(io->out, " %s=%ld", ctl_knobs[i].name, vals[i]);
		fputc('\n', io->out);
		return CTL_OK;
	}
	fputc('{', io->out);
	ctl_json_key(io->out, &first, "loaded");
	fputs("true", io->out);
	ctl_json_key(io->out, &first, "version");
	ctl_json_str(io->out, version);
	ctl_json_key(io->out, &first, "status");
	strcpy(copy, status);
	json_status(io->out, copy);
	ctl_json_key(io->out, &first, "hooks");
	json_section(io->out, status, "hook");
	ctl_json_key(io->out, &first, "scan_control");
	json_section(io->out, status, "scan_control");
	ctl_json_key(io->out, &first, "mem_cgroup");
	json_section(io->out, status, "mem_cgroup");
	ctl_json_key(io->out, &first, "lru_gen_enabled");
	ctl_json_str(io->out, gen);
	ctl_json_key(io->out, &first, "knobs");
	fputc('{', io->out);
	for (i = 0, first = true; i < ctl_nr_knobs; i++) {
		ctl_json_key(io->out, &first, ctl_knobs[i].name);
		fprintf(io->out, "%ld", vals[i]);
	}
	fputs("}}\n", io->out);
	return CTL_OK;
}
