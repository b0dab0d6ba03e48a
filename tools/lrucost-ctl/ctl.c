// SPDX-License-Identifier: GPL-2.0
/*
 * The command line: lrucost-ctl [--help|--version] SUBCOMMAND [ARGS...],
 * each subcommand with its own --help, as cpupower does it.
 */
#include <string.h>
#include <time.h>
#include "ctl.h"

#ifndef CTL_VERSION
#error "CTL_VERSION: the Makefile passes tools/version's"
#endif

static const struct {
	const char *name;
	int (*fn)(const struct ctl_io *io, int argc, char **argv);
	const char *what;
} cmds[] = {
	{ "status", cmd_status, "what lrucost found, and whether it steers" },
	{ "get", cmd_get, "print knobs" },
	{ "set", cmd_set, "change knobs (root)" },
	{ "stats", cmd_stats, "counters, with the kernel's own" },
	{ "lruvecs", cmd_lruvecs, "per-lruvec costs and split" },
	{ "watch", cmd_watch, "rates per interval, like vmstat" },
	{ "reset", cmd_reset, "zero the counters (root)" },
	{ "ab", cmd_ab, "A/B runs of a command, enabled=0 vs 1" },
	{ "cgroup", cmd_cgroup, "per-cgroup policies (root to change)" },
};

static void usage(FILE *f)
{
	unsigned int i;

	fputs("usage: lrucost-ctl [--help | --version] COMMAND [ARGS...]\n\n"
	      "commands:\n", f);
	for (i = 0; i < sizeof(cmds) / sizeof(cmds[0]); i++)
		fprintf(f, "  %-8s %s\n", cmds[i].name, cmds[i].what);
	fputs("\n'lrucost-ctl COMMAND --help' describes each; see also "
	      "lrucost-ctl(8).\n", f);
}

/**
 * ctl_want_help - handle a subcommand's --help
 * @argc: the subcommand's argument count
 * @argv: its arguments
 * @io: where the help goes
 * @text: the subcommand's usage text
 *
 * Return: true if --help or -h was given (and the text printed).
 */
bool ctl_want_help(int argc, char **argv, const struct ctl_io *io,
		   const char *text)
{
	int i;

	for (i = 1; i < argc && strcmp(argv[i], "--"); i++) {
		if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
			fputs(text, io->out);
			return true;
		}
	}
	return false;
}

/**
 * ctl_json_option - parse the arguments of a command that takes --json only
 * @argc: the command's argument count
 * @argv: its arguments
 * @io: where the usage goes on error
 * @text: the command's usage text
 * @json: set when --json was given
 *
 * Return: 0, or -1 (usage printed) for anything else.
 */
int ctl_json_option(int argc, char **argv, const struct ctl_io *io,
		    const char *text, bool *json)
{
	int i;

	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--json")) {
			fputs(text, io->err);
			return -1;
		}
		*json = true;
	}
	return 0;
}

/**
 * ctl_now - a monotonic clock in seconds, for intervals and wall times
 *
 * Return: seconds since an arbitrary start.
 */
double ctl_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/**
 * ctl_not_loaded - say that the module is not loaded
 * @io: where to say it
 *
 * Return: CTL_NOT_LOADED.
 */
int ctl_not_loaded(const struct ctl_io *io)
{
	fputs("lrucost is not loaded: modprobe lrucost\n", io->err);
	return CTL_NOT_LOADED;
}

/**
 * ctl_run - run lrucost-ctl
 * @io: where output and errors go
 * @argc: argument count, as main()'s
 * @argv: arguments, as main()'s
 *
 * Return: the exit code.
 */
int ctl_run(const struct ctl_io *io, int argc, char **argv)
{
	unsigned int i;

	if (argc < 2) {
		usage(io->err);
		return CTL_USAGE;
	}
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
		usage(io->out);
		return CTL_OK;
	}
	if (!strcmp(argv[1], "--version")) {
		fprintf(io->out, "lrucost-ctl %s\n", CTL_VERSION);
		return CTL_OK;
	}
	for (i = 0; i < sizeof(cmds) / sizeof(cmds[0]); i++)
		if (!strcmp(argv[1], cmds[i].name))
			return cmds[i].fn(io, argc - 1, argv + 1);
	fprintf(io->err, "lrucost-ctl: unknown command '%s'\n", argv[1]);
	usage(io->err);
	return CTL_USAGE;
}
