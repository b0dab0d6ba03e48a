// SPDX-License-Identifier: GPL-2.0
/*
 * lrucost-ctl watch [-i SECONDS] [-n COUNT] [-t]: one line of rates per
 * interval, as vmstat prints them, the header repeated every 20 lines:
 * refaults by kind, swap traffic, pages scanned, and the anon share of
 * the scan against the share lrucost aims for.  Works without the module
 * too (the target column is then "-"), for the A side of an A/B.
 *
 * Samples are taken at fixed deadlines (start + n * SECONDS), not after a
 * sleep of SECONDS: under memory pressure reading the counters can take a
 * good part of a second, and a relative sleep would then stretch every
 * interval.  Rates are over the interval actually measured; -t prints it,
 * so that rate * secs gives back the counter's delta.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "ctl.h"

static const char watch_usage[] =
	"usage: lrucost-ctl watch [-i SECONDS] [-n COUNT] [-t]\n\n"
	"Every SECONDS (default 1, fractions allowed), print per-second rates:\n"
	"  rf_file   workingset_refault_file   rs_file  workingset_restore_file\n"
	"  rf_anon   workingset_refault_anon   swpin    pswpin   swpout pswpout\n"
	"  scan_a    pgscan_anon               scan_f   pgscan_file\n"
	"  anon%     pgscan_anon share of the interval's scan\n"
	"  target%   the share lrucost aims for: anon_percent when set, else\n"
	"            the mean of its last split over the lruvecs ('-' when\n"
	"            not loaded or not yet steering)\n"
	"  secs      (-t) the interval measured, which the rates are over\n"
	"Stops after COUNT lines (default: until interrupted).\n";

static const char *const fields[] = {
	"workingset_refault_file", "workingset_restore_file",
	"workingset_refault_anon", "pswpin", "pswpout", "pgscan_anon",
	"pgscan_file",
};
#define NR_FIELDS (sizeof(fields) / sizeof(fields[0]))

static int parse_interval(const char *s, double *sec)
{
	char *end;

	errno = 0;
	*sec = strtod(s, &end);
	if (errno || end == s || *end || !isfinite(*sec) || *sec < 0.01 ||
	    *sec > 3600)
		return -EINVAL;
	return 0;
}

static void header(FILE *f, bool secs)
{
	fprintf(f, "%9s %9s %9s %8s %8s %9s %9s %6s %7s", "rf_file/s",
		"rs_file/s", "rf_anon/s", "swpin/s", "swpout/s", "scan_a/s",
		"scan_f/s", "anon%", "target%");
	if (secs)
		fprintf(f, " %7s", "secs");
	fputc('\n', f);
}

/* Sleep until @deadline (CLOCK_MONOTONIC, seconds); at once if it passed. */
static void sleep_until(double deadline)
{
	struct timespec ts = {
		.tv_sec = (time_t)deadline,
		.tv_nsec = (long)((deadline - (time_t)deadline) * 1e9),
	};

	while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) ==
	       EINTR)
		;
}

int cmd_watch(const struct ctl_io *io, int argc, char **argv)
{
	static struct ctl_snapshot snap[2];
	double interval = 1, start, t0, t1;
	long count = -1, line;
	bool secs = false;
	int i, cur = 0, ret;

	if (ctl_want_help(argc, argv, io, watch_usage))
		return CTL_OK;
	for (i = 1; i < argc; i++) {
		if (i + 1 < argc && !strcmp(argv[i], "-i") &&
		    !parse_interval(argv[i + 1], &interval)) {
			i++;
		} else if (i + 1 < argc && !strcmp(argv[i], "-n") &&
			   !ctl_parse_long(argv[i + 1], &count) && count > 0) {
			i++;
		} else if (!strcmp(argv[i], "-t")) {
			secs = true;
		} else {
			fputs(watch_usage, io->err);
			return CTL_USAGE;
		}
	}
	ret = ctl_snapshot(io, &snap[cur]);
	if (ret && ret != CTL_NOT_LOADED)
		return ret;
	start = t0 = ctl_now();
	for (line = 0; count < 0 || line < count; line++) {
		unsigned long d[NR_FIELDS], scanned;
		double target, dt;
		unsigned int f;

		sleep_until(start + (line + 1) * interval);
		ret = ctl_snapshot(io, &snap[!cur]);
		if (ret && ret != CTL_NOT_LOADED)
			return ret;
		t1 = ctl_now();
		dt = t1 - t0 > 0 ? t1 - t0 : interval;
		for (f = 0; f < NR_FIELDS; f++)
			d[f] = ctl_delta(&snap[cur], &snap[!cur], fields[f]);
		if (line % 20 == 0)
			header(io->out, secs);
		for (f = 0; f < NR_FIELDS; f++)
			fprintf(io->out, f < 3 || f > 4 ? "%9.0f " : "%8.0f ",
				d[f] / dt);
		scanned = d[5] + d[6];
		if (scanned)
			fprintf(io->out, "%6.1f ", 100.0 * d[5] / scanned);
		else
			fprintf(io->out, "%6s ", "-");
		if (ret == CTL_OK &&
		    ctl_target_anon_percent(io, &target) == CTL_OK &&
		    target >= 0)
			fprintf(io->out, "%7.1f", target);
		else
			fprintf(io->out, "%7s", "-");
		if (secs)
			fprintf(io->out, " %7.3f", dt);
		fputc('\n', io->out);
		fflush(io->out);
		cur = !cur;
		t0 = t1;
	}
	return CTL_OK;
}
