// SPDX-License-Identifier: GPL-2.0
/*
 * lrucost-ctl ab [-r RUNS] [--json] -- COMMAND...: the A/B workflow
 * without rmmod.  COMMAND runs RUNS times with enabled=0 (A: the kernel's
 * own balance, lrucost only counting) and RUNS times with enabled=1 (B),
 * in pairs, so that drift in the machine hits both alike; the pairs
 * alternate which side goes first (A B, B A, A B, ...), so that neither
 * side always runs on what the other left warm.  Around each run the
 * counters are read; the table compares the means in the style of
 * mmtests' compare scripts.  The original `enabled` is put back on every
 * way out: at the end, after a failed write, and on SIGINT, SIGTERM or
 * SIGHUP (which are passed on to COMMAND first).
 */
#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "ctl.h"

static const char ab_usage[] =
	"usage: lrucost-ctl ab [-r RUNS] [--json] -- COMMAND [ARGS...]\n\n"
	"Run COMMAND with enabled=0 (A) and enabled=1 (B) in pairs, RUNS\n"
	"times each (default 3), A first in odd pairs and B first in even ones\n"
	"(A B, B A, A B, ...), and compare wall time, /proc/vmstat deltas\n"
	"and lrucost's counters: mean and standard deviation of each side,\n"
	"the change from A to B, and '*' where the difference exceeds the\n"
	"two sides' standard deviations added (needs RUNS >= 2).  Needs root.\n"
	"The original enabled value is restored on exit, error and SIGINT.\n"
	"Exit 6 if a run of COMMAND failed, 130 if interrupted.\n";

static const char *const metrics[] = {
	"wall_s",
	"workingset_refault_file", "workingset_refault_anon",
	"workingset_restore_file", "workingset_restore_anon",
	"pswpin", "pswpout", "pgscan_anon", "pgscan_file",
	"pgsteal_anon", "pgsteal_file",
	"steered", "refault_active_file", "refault_anon",
	"rotated_anon", "rotated_file", "cost_cpu", "cost_io",
};
#define NR_METRICS (sizeof(metrics) / sizeof(metrics[0]))
#define MAX_RUNS 100

struct ab_run {
	int side;		/* 0: A (enabled=0), 1: B (enabled=1) */
	int status;		/* exit code, or 128 + signal */
	double val[NR_METRICS];
};

static volatile sig_atomic_t got_signal;

/* the signals that stop ab, and SIGCHLD (last) to wait for COMMAND */
static const int sigs[] = { SIGINT, SIGTERM, SIGHUP, SIGCHLD };
#define NR_SIGS 4

static void on_signal(int sig)
{
	got_signal = sig;
}

static void on_child(int sig)
{
	(void)sig;
}

static void catch_signals(struct sigaction *old)
{
	struct sigaction sa;
	int i;

	memset(&sa, 0, sizeof(sa));
	/* outside run_command the handler only notes the signal */
	sa.sa_flags = SA_RESTART;
	sigemptyset(&sa.sa_mask);
	for (i = 0; i < NR_SIGS; i++) {
		/*
		 * SIGCHLD gets a handler that does nothing: run_command waits
		 * for it blocked, and a blocked signal whose action is to
		 * ignore it may be discarded (POSIX); an inherited SIG_IGN
		 * would also reap the child before waitpid could.
		 */
		sa.sa_handler = sigs[i] == SIGCHLD ? on_child : on_signal;
		sigaction(sigs[i], &sa, &old[i]);
	}
}

static void restore_signals(const struct sigaction *old)
{
	int i;

	for (i = 0; i < NR_SIGS; i++)
		sigaction(sigs[i], &old[i], NULL);
}

static void set_mask(const sigset_t *mask)
{
	int e = errno;	/* keep the error measure() reports */

	sigprocmask(SIG_SETMASK, mask, NULL);
	errno = e;
}

/*
 * Run the command once; -1 if it could not be started.  The signals are
 * blocked from before fork() until the child is reaped, and taken with
 * sigwaitinfo(), so none can come between a check and the wait and be
 * lost: each is passed on to the child.  One that came earlier, while
 * the counters were read, stops ab before the command is started.
 */
static int run_command(char **cmd, const struct sigaction *old)
{
	sigset_t set, mask;
	int i, status, sent = 0;
	pid_t pid;

	sigemptyset(&set);
	for (i = 0; i < NR_SIGS; i++)
		sigaddset(&set, sigs[i]);
	sigprocmask(SIG_BLOCK, &set, &mask);
	if (got_signal) {
		set_mask(&mask);
		return 128 + got_signal;
	}
	pid = fork();
	if (pid < 0) {
		set_mask(&mask);
		return -1;
	}
	if (!pid) {
		restore_signals(old);
		set_mask(&mask);
		execvp(cmd[0], cmd);
		_exit(127);
	}
	for (;;) {
		pid_t w = waitpid(pid, &status, WNOHANG);
		int sig;

		if (w == pid)
			break;
		if (w < 0 && errno != EINTR) {
			set_mask(&mask);
			return -1;
		}
		if (w)
			continue;
		sig = sigwaitinfo(&set, NULL);
		if (sig <= 0 || sig == SIGCHLD)
			continue;
		got_signal = sig;
		if (!sent) {
			kill(pid, sig);
			sent = 1;
		}
	}
	set_mask(&mask);
	if (WIFSIGNALED(status))
		return 128 + WTERMSIG(status);
	return WEXITSTATUS(status);
}

static void stats(const struct ab_run *r, int nr, int side, int m,
		  double *mean, double *sd)
{
	double sum = 0, sq = 0;
	int i, n = 0;

	for (i = 0; i < nr; i++) {
		if (r[i].side != side)
			continue;
		sum += r[i].val[m];
		n++;
	}
	*mean = n ? sum / n : 0;
	for (i = 0; i < nr; i++)
		if (r[i].side == side)
			sq += (r[i].val[m] - *mean) * (r[i].val[m] - *mean);
	*sd = n > 1 ? sqrt(sq / (n - 1)) : 0;
}

static void report_text(FILE *f, const struct ab_run *r, int nr, int runs,
			char **cmd)
{
	int i, m;

	fputs("# ab: A = enabled=0 (kernel's balance), B = enabled=1 (lrucost); command:",
	      f);
	for (i = 0; cmd[i]; i++)
		fprintf(f, " %s", cmd[i]);
	fputc('\n', f);
	for (i = 0; i < nr; i++)
		fprintf(f, "# run %d %c: wall %.2fs, exit %d\n", i / 2 + 1,
			"AB"[r[i].side], r[i].val[0], r[i].status);
	fprintf(f, "%-26s %14s %12s %14s %12s %9s\n", "metric", "A mean",
		"A stddev", "B mean", "B stddev", "B vs A");
	for (m = 0; m < (int)NR_METRICS; m++) {
		double ma, sa, mb, sb;
		bool mark;

		stats(r, nr, 0, m, &ma, &sa);
		stats(r, nr, 1, m, &mb, &sb);
		mark = runs > 1 && fabs(mb - ma) > sa + sb;
		fprintf(f, "%-26s %14.2f %12.2f %14.2f %12.2f ", metrics[m],
			ma, sa, mb, sb);
		if (ma != 0)
			fprintf(f, "%8.2f%%", 100 * (mb - ma) / ma);
		else
			fprintf(f, "%9s", mb == 0 ? "0" : "new");
		fputs(mark ? " *\n" : "\n", f);
	}
}

static void report_json(FILE *f, const struct ab_run *r, int nr, int runs,
			char **cmd)
{
	bool first = true;
	int i, m;

	fputc('{', f);
	ctl_json_key(f, &first, "command");
	fputc('[', f);
	for (i = 0; cmd[i]; i++) {
		if (i)
			fputc(',', f);
		ctl_json_str(f, cmd[i]);
	}
	fputc(']', f);
	ctl_json_key(f, &first, "runs_per_side");
	fprintf(f, "%d", runs);
	ctl_json_key(f, &first, "runs");
	fputc('[', f);
	for (i = 0; i < nr; i++) {
		bool rf = true;

		fputs(i ? ",{" : "{", f);
		ctl_json_key(f, &rf, "side");
		ctl_json_str(f, r[i].side ? "B" : "A");
		ctl_json_key(f, &rf, "enabled");
		fprintf(f, "%d", r[i].side);
		ctl_json_key(f, &rf, "exit_status");
		fprintf(f, "%d", r[i].status);
		for (m = 0; m < (int)NR_METRICS; m++) {
			ctl_json_key(f, &rf, metrics[m]);
			fprintf(f, m ? "%.0f" : "%.6f", r[i].val[m]);
		}
		fputc('}', f);
	}
	fputc(']', f);
	ctl_json_key(f, &first, "summary");
	fputc('{', f);
	for (m = 0, first = true; m < (int)NR_METRICS; m++) {
		double ma, sa, mb, sb;
		bool mf = true;

		stats(r, nr, 0, m, &ma, &sa);
		stats(r, nr, 1, m, &mb, &sb);
		ctl_json_key(f, &first, metrics[m]);
		fputc('{', f);
		ctl_json_key(f, &mf, "a_mean");
		fprintf(f, "%.6f", ma);
		ctl_json_key(f, &mf, "a_stddev");
		fprintf(f, "%.6f", sa);
		ctl_json_key(f, &mf, "b_mean");
		fprintf(f, "%.6f", mb);
		ctl_json_key(f, &mf, "b_stddev");
		fprintf(f, "%.6f", sb);
		ctl_json_key(f, &mf, "change_percent");
		if (ma != 0)
			fprintf(f, "%.6f", 100 * (mb - ma) / ma);
		else
			fputs("null", f);
		ctl_json_key(f, &mf, "exceeds_spread");
		fputs(runs > 1 && fabs(mb - ma) > sa + sb ? "true" : "false", f);
		fputc('}', f);
	}
	fputs("}}\n", f);
}

static int measure(const struct ctl_io *io, struct ab_run *r, char **cmd,
		   const struct sigaction *old)
{
	static struct ctl_snapshot before, after;
	double t0;
	int m, ret;

	ret = ctl_snapshot(io, &before);
	if (ret)
		return ret;
	t0 = ctl_now();
	r->status = run_command(cmd, old);
	r->val[0] = ctl_now() - t0;
	if (r->status < 0) {
		fprintf(io->err, "lrucost-ctl: cannot run %s: %s\n", cmd[0],
			strerror(errno));
		return CTL_ERR;
	}
	ret = ctl_snapshot(io, &after);
	if (ret)
		return ret;
	for (m = 1; m < (int)NR_METRICS; m++)
		r->val[m] = ctl_delta(&before, &after, metrics[m]);
	return CTL_OK;
}

int cmd_ab(const struct ctl_io *io, int argc, char **argv)
{
	const struct ctl_knob *enabled = ctl_knob_find("enabled");
	static struct ab_run r[2 * MAX_RUNS];
	struct sigaction old[NR_SIGS];
	long runs = 3, orig;
	bool json = false, failed = false;
	int i, nr = 0, ret = CTL_OK, put;
	char **cmd = NULL;

	if (ctl_want_help(argc, argv, io, ab_usage))
		return CTL_OK;
	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--")) {
			cmd = argv + i + 1;
			break;
		}
		if (!strcmp(argv[i], "--json")) {
			json = true;
		} else if (i + 1 < argc && !strcmp(argv[i], "-r") &&
			   !ctl_parse_long(argv[i + 1], &runs) && runs >= 1 &&
			   runs <= MAX_RUNS) {
			i++;
		} else {
			break;
		}
	}
	if (!cmd || !cmd[0]) {
		fputs(ab_usage, io->err);
		return CTL_USAGE;
	}
	if (!ctl_loaded())
		return ctl_not_loaded(io);
	if (geteuid() != 0) {
		fputs("lrucost-ctl: ab needs root (it writes enabled)\n",
		      io->err);
		return CTL_NEED_ROOT;
	}
	if (ctl_knob_read(enabled, &orig)) {
		fputs("lrucost-ctl: cannot read enabled\n", io->err);
		return CTL_ERR;
	}
	got_signal = 0;
	catch_signals(old);
	for (nr = 0; nr < 2 * runs && !got_signal; nr++) {
		/* pair nr / 2 runs A first when even, B first when odd */
		r[nr].side = (nr % 2) ^ (nr / 2 % 2);
		ret = ctl_knob_write(io, enabled, r[nr].side);
		if (!ret)
			ret = measure(io, &r[nr], cmd, old);
		if (ret)
			break;
		failed |= r[nr].status != 0;
	}
	put = ctl_knob_write(io, enabled, orig);
	restore_signals(old);
	if (put) {
		fprintf(io->err, "lrucost-ctl: could not restore enabled=%ld\n",
			orig);
		return put;
	}
	if (got_signal) {
		fprintf(io->err, "lrucost-ctl: interrupted; enabled=%ld restored\n",
			orig);
		return CTL_INTERRUPTED;
	}
	if (ret)
		return ret;
	if (json)
		report_json(io->out, r, nr, runs, cmd);
	else
		report_text(io->out, r, nr, runs, cmd);
	return failed ? CTL_CMD_FAILED : CTL_OK;
}
