// SPDX-License-Identifier: GPL-2.0
/*
 * Hook targets.  A target is usable only if kallsyms knows it (it was not
 * inlined) and ftrace has a record for it (it appears in
 * available_filter_functions).  The second is tested the way ftrace itself
 * decides it: by setting, then freeing, a filter on a scratch ftrace_ops
 * that is never registered, so no code is patched.  Each test gets a fresh
 * ops: ftrace_free_filter() frees the hashes without resetting the
 * pointers, so an ops must not be used again after it.
 *
 * A hook that reads argument registers is armed only on a prototype its
 * handler knows: the parameter names in the kernel's BTF must be one of
 * the target's protos, in order.  An optional target without one is
 * not hooked (its proto stays -1), and the load goes on.  This table is
 * where lrucost knows how kernels differ in what it hooks; the handlers
 * ask which prototype was found (lrucost_hook_proto()) and read the
 * registers accordingly.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/ftrace.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/sysfs.h>
#include "lrucost.h"

#define LRUCOST_MAX_EXTRA 8

#define PARAMS(...) ((const char *const []){ __VA_ARGS__, NULL })

/*
 * The functions lrucost arms, indexed by enum lrucost_hook: the probes
 * take their symbol names from here, so what is checked at load is what
 * is hooked.
 */
static struct lrucost_target targets[LRUCOST_NR_HOOKS] = {
	[LRUCOST_HOOK_SHRINK_LRUVEC] = {
		.name = "shrink_lruvec", .required = true,
		.protos = { PARAMS("lruvec", "sc") } },
	[LRUCOST_HOOK_WORKINGSET_REFAULT] = {
		.name = "workingset_refault", .required = true,
		.protos = { PARAMS("folio", "shadow") } },
	[LRUCOST_HOOK_MOVE_FOLIOS_TO_LRU] = {
		.name = "move_folios_to_lru", .required = true,
		.protos = {
			[LRUCOST_MOVE_LRUVEC_LIST] = PARAMS("lruvec", "list"),
			[LRUCOST_MOVE_LIST] = PARAMS("list"),
		} },
	[LRUCOST_HOOK_ISOLATE_FOLIOS] = {
		.name = "isolate_folios",
		.protos = {
			[LRUCOST_ISOLATE_TYPE] = PARAMS("lruvec", "sc",
				"swappiness", "type_scanned", "list"),
			[LRUCOST_ISOLATE_NR_TYPE] = PARAMS("nr_to_scan",
				"lruvec", "sc", "swappiness", "type_scanned",
				"list"),
			[LRUCOST_ISOLATE_ISOLATED] = PARAMS("nr_to_scan",
				"lruvec", "sc", "swappiness", "list",
				"isolated", "isolate_type", "isolate_scanned"),
		} },
	/* both read alike: (folio_list, pgdat, sc, stat, ignore_references) */
	[LRUCOST_HOOK_SHRINK_FOLIO_LIST] = {
		.name = "shrink_folio_list",
		.protos = {
			PARAMS("folio_list", "pgdat", "sc", "stat",
			       "ignore_references"),
			PARAMS("folio_list", "pgdat", "sc", "stat",
			       "ignore_references", "memcg"),
		} },
	[LRUCOST_HOOK_GET_SWAPPINESS] = {
		.name = "get_swappiness",
		.protos = { PARAMS("lruvec", "sc") } },
};

/**
 * lrucost_hook_name - the function a hook is armed on
 * @hook: which hook
 *
 * Return: its symbol name.
 */
const char *lrucost_hook_name(enum lrucost_hook hook)
{
	return targets[hook].name;
}

/**
 * lrucost_hook_proto - which of its prototypes a hook's target has here
 * @hook: which hook
 *
 * Return: the index into its protos; valid once lrucost_targets_resolve()
 * has succeeded, which refuses the load for any other prototype.
 */
int lrucost_hook_proto(enum lrucost_hook hook)
{
	return targets[hook].proto;
}

static struct lrucost_target extra_targets[LRUCOST_MAX_EXTRA];
/* "NAME:a:b": the parameter names an extra target must have, in order */
static const char *extra_params[LRUCOST_MAX_EXTRA][LRUCOST_BTF_MAX_PARAMS + 1];
static int nr_extra;
static char *extra_copy;

static int resolve(struct lrucost_target *t)
{
	struct ftrace_ops *probe;

	t->addr = lrucost_ksym(t->name);
	if (!t->addr) {
		t->state = LRUCOST_TARGET_ABSENT;
		return 0;
	}
	probe = kzalloc(sizeof(*probe), GFP_KERNEL);
	if (!probe)
		return -ENOMEM;
	if (ftrace_set_filter_ip(probe, t->addr, 0, 0))
		t->state = LRUCOST_TARGET_UNTRACEABLE;
	else
		t->state = LRUCOST_TARGET_OK;
	ftrace_free_filter(probe);
	kfree(probe);
	return 0;
}

static const char *state_name(enum lrucost_target_state s)
{
	switch (s) {
	case LRUCOST_TARGET_OK:
		return "traceable";
	case LRUCOST_TARGET_UNTRACEABLE:
		return "not traceable";
	default:
		return "absent";
	}
}

static bool params_are(const char *const *want, const char **got,
			unsigned int nr)
{
	unsigned int i;

	for (i = 0; i < nr && want[i]; i++)
		if (strcmp(want[i], got[i]))
			return false;
	return i == nr && !want[i];
}

static unsigned int nr_params(const char *const *names)
{
	unsigned int k = 0;

	while (names[k])
		k++;
	return k;
}

/**
 * lrucost_func_params_are - whether the kernel's BTF names a function's
 *	parameters so
 * @func: the function
 * @want: its parameter names, in order, NULL-terminated
 *
 * The name test check_proto() makes of the hook targets, for other
 * functions lrucost depends on (a tracepoint's __traceiter_ function).
 *
 * Return: true if BTF has @func with exactly the parameters @want.
 */
bool lrucost_func_params_are(const char *func, const char *const *want)
{
	const char *got[LRUCOST_BTF_MAX_PARAMS];
	unsigned long len;
	const void *btf = lrucost_layout_btf(&len);
	unsigned int nr;

	return btf && !lrucost_btf_func_params(btf, len, func, got,
					       LRUCOST_BTF_MAX_PARAMS, &nr) &&
	       nr <= LRUCOST_BTF_MAX_PARAMS && params_are(want, got, nr);
}

/* "a, b" into @buf, for the log and the status file */
static const char *join(char *buf, size_t size, const char *const *names,
			unsigned int nr)
{
	unsigned int i;
	int n = 0;

	buf[0] = '\0';
	for (i = 0; i < nr && (size_t)n < size; i++)
		n += scnprintf(buf + n, size - n, "%s%s", i ? ", " : "",
			       names[i]);
	return buf;
}

/*
 * Which of @t's protos the kernel's BTF gives its function, by parameter
 * names.  A name test, not a type test: a renamed parameter refuses the
 * load too, which is the safe side.
 */
static int check_proto(struct lrucost_target *t)
{
	const char *got[LRUCOST_BTF_MAX_PARAMS];
	unsigned long len;
	const void *btf = lrucost_layout_btf(&len);
	unsigned int nr, shown;
	char have[96], want[96];
	int i, err;

	t->proto = -1;
	if (!t->protos[0] || t->state != LRUCOST_TARGET_OK)
		return 0;	/* nothing to read, or an optional one missing */
	err = lrucost_btf_func_params(btf, len, t->name, got,
				      LRUCOST_BTF_MAX_PARAMS, &nr);
	if (err) {
		pr_err("BTF: %s: %s; its arguments cannot be checked, %s\n",
		       t->name, lrucost_btf_strerror(err),
		       t->required ? "refusing to load" : "not hooking it");
		return t->required ? -ENOENT : 0;
	}
	for (i = 0; i < LRUCOST_MAX_PROTOS && t->protos[i]; i++) {
		if (nr <= LRUCOST_BTF_MAX_PARAMS &&
		    params_are(t->protos[i], got, nr)) {
			t->proto = i;
			return 0;
		}
	}
	shown = min_t(unsigned int, nr, LRUCOST_BTF_MAX_PARAMS);
	want[0] = '\0';
	for (i = 0; i < LRUCOST_MAX_PROTOS && t->protos[i]; i++) {
		unsigned int n = strlen(want);

		scnprintf(want + n, sizeof(want) - n, "%s(%s)", i ? " or " : "",
			  join(have, sizeof(have), t->protos[i],
			       nr_params(t->protos[i])));
	}
	pr_err("hook target %s(%s) on this kernel, lrucost reads %s; %s\n",
	       t->name, join(have, sizeof(have), got, shown), want,
	       t->required ? "refusing to load" : "not hooking it");
	return t->required ? -EINVAL : 0;
}

static int check(struct lrucost_target *t)
{
	int ret = resolve(t);

	if (ret)
		return ret;
	if (t->required && t->state != LRUCOST_TARGET_OK) {
		pr_err("hook target %s is %s on this kernel; refusing to load\n",
		       t->name, state_name(t->state));
		return -ENOENT;
	}
	return check_proto(t);
}

/* Fill extra target @i from @spec, "NAME" or "NAME:PARAM:..." (in place). */
static int parse_extra(char *spec, int i)
{
	struct lrucost_target *t = &extra_targets[i];
	char *param;
	int k = 0;

	t->name = strsep(&spec, ":");
	t->required = true;
	t->protos[0] = NULL;
	if (!*t->name) {
		pr_err("require_targets: an empty name\n");
		return -EINVAL;
	}
	if (!spec)
		return 0;
	while ((param = strsep(&spec, ":")) != NULL) {
		if (*param && k < LRUCOST_BTF_MAX_PARAMS) {
			extra_params[i][k++] = param;
			continue;
		}
		if (!*param && !k && !spec)
			break;	/* "NAME:": no parameters */
		pr_err("require_targets: %s: an empty or %dth parameter name\n",
		       t->name, LRUCOST_BTF_MAX_PARAMS + 1);
		return -EINVAL;
	}
	extra_params[i][k] = NULL;
	t->protos[0] = extra_params[i];
	return 0;
}

/**
 * lrucost_targets_resolve - look up every hook target
 * @extra: comma-separated further required targets (module parameter,
 *	for tests of the refusal paths), each NAME, or NAME:PARAM:... to
 *	require that prototype too ("NAME:" for none), or NULL
 *
 * Return: 0, or -ENOENT naming (in the log) the first required target
 * that cannot be hooked, -EINVAL for a malformed @extra.
 */
int lrucost_targets_resolve(const char *extra)
{
	char *cur, *name;
	int i, ret;

	for (i = 0; i < ARRAY_SIZE(targets); i++) {
		ret = check(&targets[i]);
		if (ret)
			return ret;
	}
	if (!extra || !*extra)
		return 0;
	extra_copy = kstrdup(extra, GFP_KERNEL);
	if (!extra_copy)
		return -ENOMEM;
	cur = extra_copy;
	while ((name = strsep(&cur, ",")) != NULL) {
		if (!*name || nr_extra == LRUCOST_MAX_EXTRA) {
			pr_err("require_targets: empty name or more than %d names\n",
			       LRUCOST_MAX_EXTRA);
			return -EINVAL;
		}
		ret = parse_extra(name, nr_extra);
		if (ret)
			return ret;
		ret = check(&extra_targets[nr_extra++]);
		if (ret)
			return ret;
	}
	return 0;
}

/**
 * lrucost_targets_free - release what lrucost_targets_resolve() allocated
 */
void lrucost_targets_free(void)
{
	kfree(extra_copy);
	extra_copy = NULL;
	nr_extra = 0;
}

static int show_one(char *buf, int at, const struct lrucost_target *t)
{
	const char *const *p = t->proto >= 0 ? t->protos[t->proto] : NULL;
	char params[96];

	return sysfs_emit_at(buf, at, "hook %s: %s%s%s%s%s\n", t->name,
			     state_name(t->state),
			     p ? ", arguments (" : "",
			     p ? join(params, sizeof(params), p, nr_params(p)) :
				 "",
			     p ? ")" : "",
			     t->required ? "" : " (optional)");
}

/**
 * lrucost_targets_show - append the targets' states to a sysfs buffer
 * @buf: the sysfs page
 * @at: bytes already in @buf
 *
 * Return: bytes appended.
 */
int lrucost_targets_show(char *buf, int at)
{
	int i, n = 0;

	for (i = 0; i < ARRAY_SIZE(targets); i++)
		n += show_one(buf, at + n, &targets[i]);
	for (i = 0; i < nr_extra; i++)
		n += show_one(buf, at + n, &extra_targets[i]);
	return n;
}
