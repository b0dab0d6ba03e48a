// SPDX-License-Identifier: GPL-2.0
/*
 * lrucost-ctl against a fake /sys and /proc tree ($LRUCOST_CTL_ROOT):
 * every subcommand, the module absent, refused and failing writes (set
 * putting back what it wrote), malformed files, counter resets, ab's run
 * order, and ab putting `enabled` back after a failed command and after
 * SIGINT, also one that comes before a run.  JSON output is checked with
 * jq, a real parser.
 */
#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <cmocka.h>
#include "ctl.h"

static char root[256];
static char out[1 << 16], err[1 << 14];
static const char *ctl_binary;

static void put(const char *rel, const char *text)
{
	char p[512];
	FILE *f;

	snprintf(p, sizeof(p), "%s%s", root, rel);
	f = fopen(p, "w");
	assert_non_null(f);
	fputs(text, f);
	assert_int_equal(fclose(f), 0);
}

static char *get(const char *rel)
{
	static char buf[4096];
	char p[512];

	snprintf(p, sizeof(p), "%s%s", root, rel);
	assert_true(ctl_read_file(p, buf, sizeof(buf)) >= 0);
	return buf;
}

static void mkdirs(const char *rel)
{
	char cmd[600];

	snprintf(cmd, sizeof(cmd), "mkdir -p '%s%s'", root, rel);
	assert_int_equal(system(cmd), 0);
}

static void slurp(FILE *f, char *buf, size_t size)
{
	size_t n;

	rewind(f);
	n = fread(buf, 1, size - 1, f);
	buf[n] = '\0';
	fclose(f);
}

/* run lrucost-ctl in this process; its output lands in out[] and err[] */
static int ctl(const char *first, ...)
{
	char *argv[32] = { "lrucost-ctl" };
	struct ctl_io io = { tmpfile(), tmpfile() };
	int argc = 1, ret;
	va_list ap;

	assert_non_null(io.out);
	assert_non_null(io.err);
	va_start(ap, first);
	for (const char *a = first; a; a = va_arg(ap, const char *))
		argv[argc++] = (char *)a;
	va_end(ap);
	ret = ctl_run(&io, argc, argv);
	slurp(io.out, out, sizeof(out));
	slurp(io.err, err, sizeof(err));
	return ret;
}

/*
 * run the lrucost-ctl binary in a child (as nobody when @as_nobody), for
 * what cannot run in this process: another uid, a command that fails to
 * start (the forked child would be counted by valgrind), signals
 */
static int bin(bool as_nobody, const char *first, ...)
{
	char *argv[32] = { (char *)ctl_binary };
	char po[512], pe[512];
	int argc = 1, status;
	va_list ap;
	pid_t pid;

	va_start(ap, first);
	for (const char *a = first; a; a = va_arg(ap, const char *))
		argv[argc++] = (char *)a;
	va_end(ap);
	snprintf(po, sizeof(po), "%s/bin.out", root);
	snprintf(pe, sizeof(pe), "%s/bin.err", root);
	pid = fork();
	assert_true(pid >= 0);
	if (!pid) {
		if (!freopen(po, "w", stdout) || !freopen(pe, "w", stderr))
			_exit(98);
		if (as_nobody && (setgid(65534) || setuid(65534)))
			_exit(97);
		execv(ctl_binary, argv);
		_exit(99);
	}
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status));
	assert_true(ctl_read_file(po, out, sizeof(out)) >= 0);
	assert_true(ctl_read_file(pe, err, sizeof(err)) >= 0);
	return WEXITSTATUS(status);
}

/* jq -e FILTER over out[]: true when the filter holds */
static bool jq(const char *filter)
{
	char p[512], cmd[1024];

	snprintf(p, sizeof(p), "%s/out.json", root);
	put("/out.json", out);
	snprintf(cmd, sizeof(cmd), "jq -e '%s' '%s' >/dev/null", filter, p);
	return system(cmd) == 0;
}

static const char *const stat_names[] = {
	"steered", "skipped_disabled", "refault_active_file",
	"refault_anon", "rotated_anon", "cost_io", NULL,
};

static void fake_module(void)
{
	char p[128];
	int i;

	mkdirs(CTL_SYS "/stats");
	mkdirs("/sys/fs/cgroup/work/db");
	put(CTL_SYS "/version", "0.1.0\n");
	put(CTL_SYS "/status",
	    "kernel: 6.1.0-57-amd64\nlru: classic\nmglru: off\n"
	    "steering: active\nmissed: 0\n"
	    "hook shrink_lruvec: traceable, arguments (lruvec, sc)\n"
	    "hook get_scan_count: absent (optional)\n"
	    "btf: 5000000 bytes\n"
	    "scan_control.anon_cost: offset 8 size 8\n"
	    "mem_cgroup.swappiness: offset 2400 size 4\n");
	put(CTL_SYS "/enabled", "1\n");
	put(CTL_SYS "/swappiness", "-1\n");
	put(CTL_SYS "/io_cost", "32\n");
	put(CTL_SYS "/anon_percent", "-1\n");
	put(CTL_SYS "/time_hooks", "0\n");
	put(CTL_SYS "/reset_stats", "");
	for (i = 0; stat_names[i]; i++) {
		char v[32];

		snprintf(p, sizeof(p), CTL_SYS "/stats/%s", stat_names[i]);
		snprintf(v, sizeof(v), "%d\n", (i + 1) * 100);
		put(p, v);
	}
}

static void fake_lruvecs(void)
{
	char text[512], p[512];
	struct stat st;

	snprintf(p, sizeof(p), "%s/sys/fs/cgroup/work/db", root);
	assert_int_equal(stat(p, &st), 0);
	snprintf(text, sizeof(text),
		 "memcg_id node anon_cost file_cost anon_pressure file_pressure cgroup_ino policy scan_anon scan_total\n"
		 "1 0 100 300 150 50 999999999 0 0 0\n"
		 "7 0 10 10 0 0 %lu %lu 30 120\n", (unsigned long)st.st_ino,
		 (unsigned long)st.st_ino);
	put(CTL_SYS "/lruvecs", text);
}

static int setup(void **state)
{
	(void)state;
	snprintf(root, sizeof(root), "/tmp/lrucost-ctl-test.XXXXXX");
	assert_non_null(mkdtemp(root));
	setenv("LRUCOST_CTL_ROOT", root, 1);
	mkdirs("/proc");
	mkdirs("/sys/kernel/mm/lru_gen");
	put("/proc/vmstat",
	    "nr_free_pages 1000\nworkingset_refault_anon 5\n"
	    "workingset_refault_file 70\nworkingset_activate_anon 1\n"
	    "workingset_activate_file 2\nworkingset_restore_anon 3\n"
	    "workingset_restore_file 4\npswpin 8\npswpout 9\n"
	    "pgscan_kswapd 10\npgscan_direct 11\npgscan_anon 12\n"
	    "pgscan_file 13\npgsteal_kswapd 14\npgsteal_direct 15\n"
	    "pgsteal_anon 16\npgsteal_file 17\n");
	put("/sys/kernel/mm/lru_gen/enabled", "0x0000\n");
	return 0;
}

static int teardown(void **state)
{
	char cmd[300];

	(void)state;
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
	assert_int_equal(system(cmd), 0);
	return 0;
}

static void test_not_loaded(void **state)
{
	static const char *const cmds[][4] = {
		{ "status" }, { "get" }, { "get", "io_cost" },
		{ "set", "enabled", "1" }, { "stats" }, { "stats", "--json" },
		{ "lruvecs" }, { "reset" }, { "ab", "-r", "1", "--" },
	};
	unsigned int i;

	(void)state;
	for (i = 0; i < sizeof(cmds) / sizeof(cmds[0]); i++) {
		int ret;

		if (!strcmp(cmds[i][0], "ab"))
			ret = ctl("ab", "-r", "1", "--", "true", NULL);
		else
			ret = ctl(cmds[i][0], cmds[i][1], cmds[i][2], NULL);
		assert_int_equal(ret, CTL_NOT_LOADED);
		assert_string_equal(err,
				    "lrucost is not loaded: modprobe lrucost\n");
	}
	/* watch still shows the kernel's side */
	assert_int_equal(ctl("watch", "-i", "0.01", "-n", "1", NULL), CTL_OK);
	assert_non_null(strstr(out, "target%"));
}

static void test_usage(void **state)
{
	(void)state;
	fake_module();
	assert_int_equal(ctl(NULL), CTL_USAGE);
	assert_int_equal(ctl("frobnicate", NULL), CTL_USAGE);
	assert_int_equal(ctl("--help", NULL), CTL_OK);
	assert_non_null(strstr(out, "watch"));
	assert_int_equal(ctl("--version", NULL), CTL_OK);
	assert_non_null(strstr(out, "lrucost-ctl "));
	static const char *const sub[] = { "status", "get", "set", "stats",
		"lruvecs", "watch", "reset", "ab" };
	for (unsigned int i = 0; i < 8; i++) {
		assert_int_equal(ctl(sub[i], "--help", NULL), CTL_OK);
		assert_non_null(strstr(out, "usage: lrucost-ctl"));
		assert_non_null(strstr(out, sub[i]));
	}
	assert_int_equal(ctl("stats", "--yaml", NULL), CTL_USAGE);
	assert_int_equal(ctl("watch", "-n", "0", NULL), CTL_USAGE);
	assert_int_equal(ctl("watch", "-i", "fast", NULL), CTL_USAGE);
	assert_int_equal(ctl("watch", "-i", "0", NULL), CTL_USAGE);
	assert_int_equal(ctl("ab", "-r", "0", "--", "true", NULL), CTL_USAGE);
	assert_int_equal(ctl("ab", "true", NULL), CTL_USAGE);
	assert_int_equal(ctl("ab", "--", NULL), CTL_USAGE);
}

static void test_status(void **state)
{
	(void)state;
	fake_module();
	assert_int_equal(ctl("status", NULL), CTL_OK);
	assert_non_null(strstr(out, "lrucost 0.1.0: loaded\n"));
	assert_non_null(strstr(out, "steering: active\n"));
	assert_non_null(strstr(out,
		"hook shrink_lruvec: traceable, arguments (lruvec, sc)\n"));
	assert_non_null(strstr(out,
		"knobs: enabled=1 swappiness=-1 io_cost=32 anon_percent=-1 time_hooks=0\n"));
	assert_int_equal(ctl("status", "--json", NULL), CTL_OK);
	assert_true(jq(".loaded == true and .version == \"0.1.0\""));
	assert_true(jq(".status.steering == \"active\" and .status.kernel == \"6.1.0-57-amd64\" and .status.lru == \"classic\""));
	assert_true(jq(".hooks.shrink_lruvec == \"traceable, arguments (lruvec, sc)\" and .hooks.get_scan_count == \"absent (optional)\""));
	assert_true(jq(".scan_control.anon_cost == \"offset 8 size 8\""));
	assert_true(jq(".mem_cgroup.swappiness == \"offset 2400 size 4\""));
	assert_false(jq(".status[\"mem_cgroup.swappiness\"]"));
	assert_true(jq(".knobs == {\"enabled\":1,\"swappiness\":-1,\"io_cost\":32,\"anon_percent\":-1,\"time_hooks\":0}"));
	assert_true(jq(".lru_gen_enabled == \"0x0000\""));
	assert_false(jq(".status.hook"));
	/* a malformed knob is an error, not a made-up value */
	put(CTL_SYS "/io_cost", "lots\n");
	assert_int_equal(ctl("status", NULL), CTL_ERR);
	assert_non_null(strstr(err, "io_cost"));
}

static void test_get(void **state)
{
	(void)state;
	fake_module();
	assert_int_equal(ctl("get", NULL), CTL_OK);
	assert_string_equal(out,
		"enabled=1\nswappiness=-1\nio_cost=32\nanon_percent=-1\ntime_hooks=0\n");
	assert_int_equal(ctl("get", "io_cost", "enabled", NULL), CTL_OK);
	assert_string_equal(out, "io_cost=32\nenabled=1\n");
	assert_int_equal(ctl("get", "nonsense", NULL), CTL_USAGE);
	assert_non_null(strstr(err, "unknown knob 'nonsense'"));
	put(CTL_SYS "/enabled", "1 2\n");
	assert_int_equal(ctl("get", "enabled", NULL), CTL_ERR);
	assert_non_null(strstr(err, "malformed"));
}

/* the modprobe.d line: every knob, or those named, as the module reads them */
static void test_get_modprobe(void **state)
{
	(void)state;
	fake_module();
	put(CTL_SYS "/swappiness", "150\n");
	assert_int_equal(ctl("get", "--modprobe", NULL), CTL_OK);
	assert_string_equal(out,
		"options lrucost enabled=1 swappiness=150 io_cost=32 anon_percent=-1 time_hooks=0\n");
	assert_int_equal(ctl("get", "swappiness", "--modprobe", "io_cost",
			     NULL), CTL_OK);
	assert_string_equal(out, "options lrucost swappiness=150 io_cost=32\n");
	/* a knob that cannot be read: nothing printed */
	put(CTL_SYS "/io_cost", "lots\n");
	assert_int_equal(ctl("get", "--modprobe", NULL), CTL_ERR);
	assert_string_equal(out, "");
	assert_non_null(strstr(err, "io_cost"));
}

static void test_set(void **state)
{
	static const char *const bad[] = {
		"", "-", "+1", " 1", "1 ", "0x10", "010", "1e3", "99999999999999999999",
		"1025", "0", "abc", "32abc", "-2",
	};
	unsigned int i;

	(void)state;
	fake_module();
	assert_int_equal(ctl("set", "io_cost", "64", NULL), CTL_OK);
	assert_string_equal(get(CTL_SYS "/io_cost"), "64\n");
	assert_int_equal(ctl("set", "swappiness=200", "anon_percent", "-1",
			     NULL), CTL_OK);
	assert_string_equal(get(CTL_SYS "/swappiness"), "200\n");
	assert_string_equal(out, "swappiness=200\nanon_percent=-1\n");
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		assert_int_equal(ctl("set", "io_cost", bad[i], NULL),
				 CTL_USAGE);
		assert_non_null(strstr(err, "allowed: 1..1024"));
		assert_string_equal(get(CTL_SYS "/io_cost"), "64\n");
	}
	/* one bad value among good ones: nothing is written */
	assert_int_equal(ctl("set", "enabled", "0", "anon_percent", "101",
			     NULL), CTL_USAGE);
	assert_string_equal(get(CTL_SYS "/enabled"), "1\n");
	assert_int_equal(ctl("set", "bogus", "1", NULL), CTL_USAGE);
	assert_int_equal(ctl("set", "enabled", NULL), CTL_USAGE);
	assert_int_equal(ctl("set", NULL), CTL_USAGE);
}

static void symlink_knob(const char *knob, const char *target)
{
	char p[512];

	snprintf(p, sizeof(p), "%s" CTL_SYS "/%s", root, knob);
	assert_int_equal(unlink(p), 0);
	assert_int_equal(symlink(target, p), 0);
}

/*
 * A fake module whose io_cost is a kernel file that answers -EINVAL to
 * "1024": oom_score_adj takes -1000..1000, and is this process's own, so
 * nothing else changes.  @before gets its value.
 */
static void fake_module_refusing_io_cost(char *before, size_t size)
{
	fake_module();
	assert_true(ctl_read_file("/proc/self/oom_score_adj", before,
				  size) > 0);
	symlink_knob("io_cost", "/proc/self/oom_score_adj");
}

static void test_set_refused(void **state)
{
	char before[64], after[64];

	(void)state;
	fake_module_refusing_io_cost(before, sizeof(before));
	assert_int_equal(ctl("set", "io_cost", "1024", NULL), CTL_REFUSED);
	assert_non_null(strstr(err, "the kernel refused io_cost=1024 (allowed: 1..1024)"));
	assert_true(ctl_read_file("/proc/self/oom_score_adj", after,
				  sizeof(after)) > 0);
	assert_string_equal(after, before);
	/* a write that fails for another reason */
	symlink_knob("enabled", "/dev/full");
	assert_int_equal(ctl("set", "enabled", "0", NULL), CTL_ERR);
	assert_non_null(strstr(err, "No space left on device"));
}

/*
 * A kernel refusal of the second knob: the first one, already written,
 * is put back, so that a failed set changes nothing.
 */
static void test_set_rollback(void **state)
{
	char before[64], after[64];

	(void)state;
	fake_module_refusing_io_cost(before, sizeof(before));
	assert_int_equal(ctl("set", "enabled", "0", "io_cost", "1024", NULL),
			 CTL_REFUSED);
	assert_string_equal(get(CTL_SYS "/enabled"), "1\n");
	assert_non_null(strstr(err, "the kernel refused io_cost=1024"));
	assert_non_null(strstr(err, "put back enabled=1"));
	assert_string_equal(out, "");
	/*
	 * three knobs, one named twice: each goes back to its first value
	 * (values as wide as the old ones: the fake knobs are plain files,
	 * written like sysfs, without O_TRUNC)
	 */
	assert_int_equal(ctl("set", "swappiness", "50", "enabled=0",
			     "swappiness", "60", "io_cost", "1024", NULL),
			 CTL_REFUSED);
	assert_string_equal(get(CTL_SYS "/swappiness"), "-1\n");
	assert_string_equal(get(CTL_SYS "/enabled"), "1\n");
	assert_true(ctl_read_file("/proc/self/oom_score_adj", after,
				  sizeof(after)) > 0);
	assert_string_equal(after, before);
}

static void test_set_needs_root(void **state)
{
	(void)state;
	fake_module();
	assert_int_equal(chmod(root, 0755), 0);
	assert_int_equal(bin(true, "set", "enabled", "0", NULL),
			 CTL_NEED_ROOT);
	assert_string_equal(err, "lrucost-ctl: set needs root\n");
	assert_int_equal(bin(true, "reset", NULL), CTL_NEED_ROOT);
	assert_int_equal(bin(true, "ab", "--", "true", NULL), CTL_NEED_ROOT);
	assert_string_equal(get(CTL_SYS "/enabled"), "1\n");
	/* reading needs no root */
	assert_int_equal(bin(true, "get", "enabled", NULL), CTL_OK);
	assert_string_equal(out, "enabled=1\n");
}

static void test_stats(void **state)
{
	(void)state;
	fake_module();
	assert_int_equal(ctl("stats", NULL), CTL_OK);
	assert_non_null(strstr(out, "steered                      100\n"));
	assert_non_null(strstr(out, "pswpout                      9\n"));
	assert_int_equal(ctl("stats", "--json", NULL), CTL_OK);
	assert_true(jq(".lrucost.steered == 100 and .lrucost.cost_io == 600"));
	assert_true(jq(".lrucost | length == 6"));
	assert_true(jq(".vmstat.workingset_refault_file == 70 and .vmstat.pgsteal_file == 17"));
	assert_true(jq(".vmstat.workingset_restore_file == 4 and .vmstat.pswpin == 8"));
	/* a field the kernel lacks is null, not 0 */
	put("/proc/vmstat", "pswpin 1\npswpout 2\n");
	assert_int_equal(ctl("stats", "--json", NULL), CTL_OK);
	assert_true(jq(".vmstat.pgscan_anon == null and .vmstat.pswpout == 2"));
}

static void test_stats_malformed(void **state)
{
	static const char *const bad[] = {
		"", "\n", "12", "12abc\n", "-5\n", "1 2\n", " 7\n",
		"99999999999999999999999\n",
	};
	unsigned int i;

	(void)state;
	fake_module();
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		put(CTL_SYS "/stats/rotated_anon", bad[i]);
		assert_int_equal(ctl("stats", NULL), CTL_ERR);
		assert_non_null(strstr(err, "stats/rotated_anon: not a counter value"));
	}
}

static void test_lruvecs(void **state)
{
	(void)state;
	fake_module();
	fake_lruvecs();
	assert_int_equal(ctl("lruvecs", NULL), CTL_OK);
	assert_non_null(strstr(out, "/work/db "));
	assert_non_null(strstr(out, " 75.0 -\n"));
	/* the policy it follows, by its cgroup's path */
	assert_non_null(strstr(out, " - /work/db\n"));
	assert_int_equal(ctl("lruvecs", "--json", NULL), CTL_OK);
	assert_true(jq("length == 2"));
	assert_true(jq(".[0] == {\"memcg_id\":1,\"memcg\":null,\"node\":0,\"anon_cost\":100,\"file_cost\":300,\"anon_pressure\":150,\"file_pressure\":50,\"policy\":null,\"policy_id\":0}"));
	assert_true(jq(".[1].memcg == \"/work/db\" and .[1].memcg_id == 7 and .[1].policy == \"/work/db\""));
	/* an older module without cgroup_ino: paths unknown, still parsed */
	put(CTL_SYS "/lruvecs",
	    "memcg_id node anon_cost file_cost anon_pressure file_pressure\n"
	    "1 0 1 2 3 4\n");
	assert_int_equal(ctl("lruvecs", "--json", NULL), CTL_OK);
	assert_true(jq(".[0].memcg == null and .[0].file_pressure == 4 and .[0].policy_id == null"));
	put(CTL_SYS "/lruvecs",
	    "memcg_id node anon_cost file_cost anon_pressure file_pressure\n"
	    "1 0 1 2 x 4\n");
	assert_int_equal(ctl("lruvecs", NULL), CTL_ERR);
	assert_non_null(strstr(err, "malformed at line 2"));
	put(CTL_SYS "/lruvecs", "");
	assert_int_equal(ctl("lruvecs", NULL), CTL_ERR);
}

/* the cgroup id of a fake cgroup directory */
static unsigned long ino_of(const char *rel)
{
	char p[512];
	struct stat st;

	snprintf(p, sizeof(p), "%s/sys/fs/cgroup%s", root, rel);
	assert_int_equal(stat(p, &st), 0);
	return st.st_ino;
}

/* a fake policy for cgroup id @id: "follow" or a value per field */
static void fake_policy(unsigned long id, const char *state,
			const char *path, const char *sw, const char *io)
{
	const char *const f[][2] = {
		{ "enabled", "follow" }, { "anon_percent", "follow" },
		{ "swappiness", sw }, { "io_cost", io }, { "state", state },
		{ "cgroup", path },
	};
	char d[128], p[256], v[64];
	unsigned int i;

	snprintf(d, sizeof(d), CTL_SYS "/cgroups/%lu", id);
	mkdirs(d);
	for (i = 0; i < sizeof(f) / sizeof(f[0]); i++) {
		snprintf(p, sizeof(p), "%s/%s", d, f[i][0]);
		snprintf(v, sizeof(v), "%s\n", f[i][1]);
		put(p, v);
	}
}

static void fake_cgroups(void)
{
	fake_module();
	mkdirs(CTL_SYS "/cgroups");
	put(CTL_SYS "/cgroups/add", "");
	put(CTL_SYS "/cgroups/remove", "");
}

static void test_cgroup_list(void **state)
{
	(void)state;
	fake_cgroups();
	fake_policy(ino_of("/work"), "live", "/work", "0", "follow");
	fake_policy(4242, "gone", "", "follow", "64");
	assert_int_equal(ctl("cgroup", NULL), CTL_OK);
	assert_non_null(strstr(out, "id path state enabled swappiness io_cost anon_percent\n"));
	assert_non_null(strstr(out, " /work live follow 0 follow follow\n"));
	assert_non_null(strstr(out, "4242 - gone follow follow 64 follow\n"));
	assert_int_equal(ctl("cgroup", "list", "--json", NULL), CTL_OK);
	assert_true(jq(".policies | length == 2"));
	assert_true(jq(".policies[] | select(.id == 4242) | .state == \"gone\" and .path == \"\" and .io_cost == 64 and .swappiness == \"follow\""));
	assert_true(jq(".policies[] | select(.path == \"/work\") | .swappiness == 0"));
	/* a malformed field is an error, not a guess */
	put(CTL_SYS "/cgroups/4242/io_cost", "1025\n");
	assert_int_equal(ctl("cgroup", NULL), CTL_ERR);
	assert_int_equal(ctl("cgroup", "--bogus", NULL), CTL_USAGE);
}

/* a field of the fake policy of cgroup id @id */
static char *field(unsigned long id, const char *name)
{
	char p[160];

	snprintf(p, sizeof(p), CTL_SYS "/cgroups/%lu/%s", id, name);
	return get(p);
}

static void test_cgroup_set(void **state)
{
	static const char *const bad[] = {
		"io_cost=1025", "io_cost=0", "bogus=1", "time_hooks=1",
		"swappiness", "enabled=x", "io_cost=Follow", "swappiness=-2",
		"anon_percent=101", "enabled=", "=1",
	};
	unsigned long work;
	unsigned int i;
	char id[32];

	(void)state;
	fake_cgroups();
	work = ino_of("/work");
	fake_policy(work, "live", "/work", "follow", "follow");
	/* fields of an existing policy; values and follow */
	assert_int_equal(ctl("cgroup", "set", "/work", "swappiness=0",
			     "io_cost=follow", NULL), CTL_OK);
	assert_string_equal(out, "swappiness=0\nio_cost=follow\n");
	/* the fake files are written over, as sysfs is, not truncated */
	assert_int_equal(strncmp(field(work, "swappiness"), "0\n", 2), 0);
	assert_string_equal(field(work, "io_cost"), "follow\n");
	/* bad fields and values: refused before anything is written */
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		assert_int_equal(ctl("cgroup", "set", "work", bad[i], NULL),
				 CTL_USAGE);
	assert_int_equal(ctl("cgroup", "set", "work", NULL), CTL_USAGE);
	assert_string_equal(field(work, "io_cost"), "follow\n");
	assert_int_equal(ctl("cgroup", "set", "/nosuch", "io_cost=1", NULL),
			 CTL_USAGE);
	assert_int_equal(ctl("cgroup", "set", "/work/../work", "io_cost=1",
			     NULL), CTL_USAGE);
	/* a new policy: made through add (the fake kernel makes none) */
	assert_int_equal(ctl("cgroup", "set", "/work/db", "io_cost=64", NULL),
			 CTL_ERR);
	snprintf(id, sizeof(id), "%lu\n", ino_of("/work/db"));
	assert_string_equal(get(CTL_SYS "/cgroups/add"), id);
	/* and taken back when a field cannot be written */
	assert_string_equal(get(CTL_SYS "/cgroups/remove"), id);
	assert_int_equal(chmod(root, 0755), 0);
	assert_int_equal(bin(true, "cgroup", "set", "/work", "swappiness=200",
			     NULL), CTL_NEED_ROOT);
	assert_string_equal(err, "lrucost-ctl: cgroup set needs root\n");
}

static void test_cgroup_clear(void **state)
{
	char id[32];

	(void)state;
	fake_cgroups();
	assert_int_equal(ctl("cgroup", "clear", "/work/db", NULL), CTL_OK);
	snprintf(id, sizeof(id), "%lu\n", ino_of("/work/db"));
	assert_string_equal(get(CTL_SYS "/cgroups/remove"), id);
	/* by id, for a policy whose cgroup is gone */
	put(CTL_SYS "/cgroups/remove", "");
	assert_int_equal(ctl("cgroup", "clear", "4242", NULL), CTL_OK);
	assert_string_equal(get(CTL_SYS "/cgroups/remove"), "4242\n");
	assert_int_equal(ctl("cgroup", "clear", "/nosuch", NULL), CTL_USAGE);
	assert_int_equal(ctl("cgroup", "clear", NULL), CTL_USAGE);
	assert_int_equal(ctl("cgroup", "clear", "/work", "/work/db", NULL),
			 CTL_USAGE);
	assert_int_equal(chmod(root, 0755), 0);
	assert_int_equal(bin(true, "cgroup", "clear", "4242", NULL),
			 CTL_NEED_ROOT);
}

/* each field from the nearest policy that sets it, else the knob */
static void test_cgroup_show(void **state)
{
	(void)state;
	fake_cgroups();
	fake_lruvecs();
	fake_policy(ino_of("/work"), "live", "/work", "0", "follow");
	fake_policy(ino_of("/work/db"), "live", "/work/db", "follow", "64");
	assert_int_equal(ctl("cgroup", "show", "/work/db", NULL), CTL_OK);
	assert_non_null(strstr(out, "/work/db: enabled=1 (global) swappiness=0 (/work) io_cost=64 (/work/db) anon_percent=-1 (global)\n"));
	assert_non_null(strstr(out, "node 0: anon share wanted -, achieved 25.0% of 120 pages scanned\n"));
	assert_int_equal(ctl("cgroup", "show", "work", "--json", NULL), CTL_OK);
	assert_true(jq(".cgroups[0] | .path == \"work\" and .swappiness == 0 and .swappiness_from == \"work\" and .io_cost == 32 and .io_cost_from == \"global\""));
	/* a policy on the root reaches every cgroup */
	fake_policy(1, "live", "/", "follow", "follow");
	/* every cgroup lrucost lists a lruvec for */
	assert_int_equal(ctl("cgroup", "show", "--json", NULL), CTL_OK);
	assert_true(jq(".cgroups | length == 1"));
	assert_true(jq(".cgroups[0].path == \"/work/db\" and .cgroups[0].nodes[0].anon_pct_achieved == 25"));
	assert_int_equal(ctl("cgroup", "show", "/nosuch", NULL), CTL_USAGE);
}

static int count_lines(const char *s)
{
	int n = 0;

	for (; *s; s++)
		n += *s == '\n';
	return n;
}

static void test_watch(void **state)
{
	(void)state;
	fake_module();
	fake_lruvecs();
	assert_int_equal(ctl("watch", "-i", "0.01", "-n", "3", NULL), CTL_OK);
	assert_int_equal(count_lines(out), 4);
	assert_non_null(strstr(out, "rf_file/s"));
	/* the model's target: the mean share of lruvecs that have a split */
	assert_non_null(strstr(out, "   75.0\n"));
	put(CTL_SYS "/anon_percent", "40\n");
	assert_int_equal(ctl("watch", "-i", "0.01", "-n", "25", NULL), CTL_OK);
	assert_int_equal(count_lines(out), 25 + 2);	/* header every 20 */
	assert_non_null(strstr(out, "   40.0\n"));
	put(CTL_SYS "/stats/steered", "oops\n");
	assert_int_equal(ctl("watch", "-i", "0.01", "-n", "1", NULL), CTL_ERR);
}

/*
 * -t: each line ends in the interval measured, and the intervals follow
 * fixed deadlines: five of 0.05 s take about 0.25 s in all, however long
 * each sample took to read.
 */
static void test_watch_secs(void **state)
{
	double t0, wall, sum = 0, secs;
	const char *p;
	int lines = 0;

	(void)state;
	fake_module();
	fake_lruvecs();
	t0 = ctl_now();
	assert_int_equal(ctl("watch", "-i", "0.05", "-n", "5", "-t", NULL),
			 CTL_OK);
	wall = ctl_now() - t0;
	assert_non_null(strstr(out, "target%    secs\n"));
	for (p = strchr(out, '\n') + 1; *p; p = strchr(p, '\n') + 1) {
		const char *eol = strchr(p, '\n');

		assert_non_null(eol);
		while (eol > p && eol[-1] != ' ')
			eol--;
		secs = strtod(eol, NULL);
		assert_true(secs > 0.0 && secs < 1.0);
		sum += secs;
		lines++;
	}
	assert_int_equal(lines, 5);
	assert_true(sum <= wall);
	assert_true(sum >= 0.25 - 0.001);
	assert_true(sum < 0.25 + 0.2);
}

static void counter(struct ctl_counter *c, const char *name,
		    unsigned long value)
{
	strcpy(c->name, name);
	c->value = value;
	c->present = true;
}

/*
 * A counter that went down between two readings was reset (reset_stats,
 * or the module reloaded): it restarted from 0, so it grew by its new
 * value, not by nearly 2^64.
 */
static void test_delta_reset(void **state)
{
	static struct ctl_snapshot a, b;

	(void)state;
	a.nr_vm = b.nr_vm = 1;
	counter(&a.vm[0], "pswpout", 500);
	counter(&b.vm[0], "pswpout", 520);
	a.nr_mod = b.nr_mod = 2;
	counter(&a.mod[0], "steered", 1000);
	counter(&b.mod[0], "steered", 30);
	counter(&a.mod[1], "cost_io", 7);
	counter(&b.mod[1], "cost_io", 7);
	assert_int_equal(ctl_delta(&a, &b, "pswpout"), 20);
	assert_int_equal(ctl_delta(&a, &b, "steered"), 30);
	assert_int_equal(ctl_delta(&a, &b, "cost_io"), 0);
	assert_int_equal(ctl_delta(&a, &b, "absent"), 0);
	/* down to 0 exactly: nothing since the reset */
	counter(&b.mod[0], "steered", 0);
	assert_int_equal(ctl_delta(&a, &b, "steered"), 0);
}

static void test_reset(void **state)
{
	(void)state;
	fake_module();
	assert_int_equal(ctl("reset", NULL), CTL_OK);
	assert_string_equal(get(CTL_SYS "/reset_stats"), "1\n");
	assert_int_equal(ctl("reset", "now", NULL), CTL_USAGE);
}

/* the command of an ab run: pswpout grows by 10, and enabled is logged */
static const char bump[] =
	"f=$LRUCOST_CTL_ROOT/proc/vmstat; "
	"cat $LRUCOST_CTL_ROOT/sys/kernel/mm/lrucost/enabled >>$LRUCOST_CTL_ROOT/seen; "
	"awk '$1 == \"pswpout\" { $2 += 10 } { print }' $f >$f.new && mv $f.new $f";

static void test_ab(void **state)
{
	(void)state;
	fake_module();
	put(CTL_SYS "/enabled", "0\n");
	assert_int_equal(ctl("ab", "-r", "2", "--", "sh", "-c", bump, NULL),
			 CTL_OK);
	assert_string_equal(get("/seen"), "0\n1\n1\n0\n");
	assert_string_equal(get(CTL_SYS "/enabled"), "0\n");
	assert_non_null(strstr(out, "# run 2 B: wall "));
	assert_non_null(strstr(out, "pswpout "));
	assert_non_null(strstr(out, "B vs A"));
	assert_int_equal(ctl("ab", "-r", "2", "--json", "--", "sh", "-c", bump,
			     NULL), CTL_OK);
	assert_true(jq(".runs | length == 4"));
	assert_true(jq("[.runs[].side] == [\"A\",\"B\",\"B\",\"A\"]"));
	assert_true(jq("[.runs[].pswpout] == [10,10,10,10]"));
	assert_true(jq("[.runs[].exit_status] == [0,0,0,0]"));
	assert_true(jq(".summary.pswpout.a_mean == 10 and .summary.pswpout.change_percent == 0"));
	assert_true(jq(".summary.wall_s.exceeds_spread | type == \"boolean\""));
	assert_true(jq(".command == [\"sh\",\"-c\"] + [.command[2]]"));
	assert_string_equal(get(CTL_SYS "/enabled"), "0\n");
}

static void test_ab_command_fails(void **state)
{
	(void)state;
	fake_module();
	assert_int_equal(ctl("ab", "-r", "1", "--", "false", NULL),
			 CTL_CMD_FAILED);
	assert_string_equal(get(CTL_SYS "/enabled"), "1\n");
	assert_non_null(strstr(out, "exit 1"));
	assert_int_equal(bin(false, "ab", "-r", "1", "--", "/nonexistent/cmd",
			     NULL), CTL_CMD_FAILED);
	assert_non_null(strstr(out, "exit 127"));
	assert_string_equal(get(CTL_SYS "/enabled"), "1\n");
	/* enabled cannot be written: the error is reported, nothing runs */
	symlink_knob("enabled", "/dev/full");
	assert_int_equal(ctl("ab", "-r", "1", "--", "sh", "-c", bump, NULL),
			 CTL_ERR);
}

static void test_ab_sigint(void **state)
{
	struct timespec ts = { 0, 20 * 1000 * 1000 };
	int status, i;
	pid_t pid;

	(void)state;
	fake_module();
	pid = fork();
	assert_true(pid >= 0);
	if (!pid) {
		execl(ctl_binary, ctl_binary, "ab", "-r", "5", "--", "sh", "-c",
		      "echo started >$LRUCOST_CTL_ROOT/started; sleep 30",
		      (char *)NULL);
		_exit(99);
	}
	for (i = 0; i < 500; i++) {
		char p[512];

		snprintf(p, sizeof(p), "%s/started", root);
		if (!access(p, F_OK))
			break;
		nanosleep(&ts, NULL);
	}
	assert_true(i < 500);
	assert_string_equal(get(CTL_SYS "/enabled"), "0\n");	/* side A */
	assert_int_equal(kill(pid, SIGINT), 0);
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), CTL_INTERRUPTED);
	assert_string_equal(get(CTL_SYS "/enabled"), "1\n");
}

/* pairs alternate which side runs first, so neither always runs warm */
static void test_ab_order(void **state)
{
	(void)state;
	fake_module();
	assert_int_equal(ctl("ab", "-r", "3", "--", "sh", "-c", bump, NULL),
			 CTL_OK);
	assert_string_equal(get("/seen"), "0\n1\n1\n0\n0\n1\n");
	assert_non_null(strstr(out, "# run 2 B: wall "));
	assert_true(strstr(out, "# run 2 B:") < strstr(out, "# run 2 A:"));
	assert_string_equal(get(CTL_SYS "/enabled"), "1\n");
	assert_int_equal(ctl("ab", "-r", "3", "--json", "--", "sh", "-c", bump,
			     NULL), CTL_OK);
	assert_true(jq("[.runs[].side] == [\"A\",\"B\",\"B\",\"A\",\"A\",\"B\"]"));
	assert_true(jq("[.runs[].enabled] == [0,1,1,0,0,1]"));
	assert_true(jq(".summary.pswpout.a_mean == 10 and .summary.pswpout.b_mean == 10"));
}

/*
 * SIGINT that arrives before the command is started, while ab reads the
 * counters before a run: it must not be lost.  /proc/vmstat is a FIFO, so
 * ab blocks reading it until the test writes it; the signal is sent
 * first, so its handler has run before ab can go on to start COMMAND.
 * The command must then not run (it would run to its end, with nobody
 * to pass the signal on).
 */
static void test_ab_signal_before_run(void **state)
{
	struct timespec ts = { 0, 10 * 1000 * 1000 };
	char fifo[512], fresh[512], ran[512], text[4096];
	int fd = -1, status, i;
	pid_t pid;

	(void)state;
	fake_module();
	snprintf(fifo, sizeof(fifo), "%s/proc/vmstat", root);
	snprintf(fresh, sizeof(fresh), "%s/proc/vmstat.new", root);
	snprintf(ran, sizeof(ran), "%s/ran", root);
	strcpy(text, get("/proc/vmstat"));
	put("/proc/vmstat.new", text);
	assert_int_equal(unlink(fifo), 0);
	assert_int_equal(mkfifo(fifo, 0600), 0);
	pid = fork();
	assert_true(pid >= 0);
	if (!pid) {
		execl(ctl_binary, ctl_binary, "ab", "-r", "1", "--", "sh", "-c",
		      "echo ran >$LRUCOST_CTL_ROOT/ran", (char *)NULL);
		_exit(99);
	}
	/* a writer can open the FIFO once ab has opened it to read */
	for (i = 0; i < 1000 && fd < 0; i++) {
		fd = open(fifo, O_WRONLY | O_NONBLOCK);
		if (fd < 0) {
			assert_int_equal(errno, ENXIO);
			nanosleep(&ts, NULL);
		}
	}
	assert_true(fd >= 0);
	assert_int_equal(kill(pid, SIGINT), 0);
	/* later readings find a plain file again */
	assert_int_equal(rename(fresh, fifo), 0);
	assert_int_equal(write(fd, text, strlen(text)), (ssize_t)strlen(text));
	assert_int_equal(close(fd), 0);
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), CTL_INTERRUPTED);
	assert_string_equal(get(CTL_SYS "/enabled"), "1\n");
	assert_int_not_equal(access(ran, F_OK), 0);
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_not_loaded, setup, teardown),
		cmocka_unit_test_setup_teardown(test_usage, setup, teardown),
		cmocka_unit_test_setup_teardown(test_status, setup, teardown),
		cmocka_unit_test_setup_teardown(test_get, setup, teardown),
		cmocka_unit_test_setup_teardown(test_get_modprobe, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_set, setup, teardown),
		cmocka_unit_test_setup_teardown(test_set_refused, setup, teardown),
		cmocka_unit_test_setup_teardown(test_set_rollback, setup, teardown),
		cmocka_unit_test_setup_teardown(test_set_needs_root, setup, teardown),
		cmocka_unit_test_setup_teardown(test_stats, setup, teardown),
		cmocka_unit_test_setup_teardown(test_stats_malformed, setup, teardown),
		cmocka_unit_test_setup_teardown(test_lruvecs, setup, teardown),
		cmocka_unit_test_setup_teardown(test_cgroup_list, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_cgroup_set, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_cgroup_clear, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_cgroup_show, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_watch, setup, teardown),
		cmocka_unit_test_setup_teardown(test_watch_secs, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_delta_reset, setup, teardown),
		cmocka_unit_test_setup_teardown(test_reset, setup, teardown),
		cmocka_unit_test_setup_teardown(test_ab, setup, teardown),
		cmocka_unit_test_setup_teardown(test_ab_command_fails, setup, teardown),
		cmocka_unit_test_setup_teardown(test_ab_sigint, setup, teardown),
		cmocka_unit_test_setup_teardown(test_ab_order, setup, teardown),
		cmocka_unit_test_setup_teardown(test_ab_signal_before_run, setup, teardown),
	};

	ctl_binary = argc > 1 ? argv[1] : "../../tools/lrucost-ctl/lrucost-ctl";
	return cmocka_run_group_tests(tests, NULL, NULL);
}
