// SPDX-License-Identifier: GPL-2.0
/*
 * Layout of struct scan_control, which is private to mm/vmscan.c and
 * changes between kernels.  The kernel's own BTF (CONFIG_DEBUG_INFO_BTF),
 * which lies between the symbols __start_BTF and __stop_BTF, describes it;
 * lrucost reads the offsets from there at load time instead of hard-coding
 * them per version, and refuses to load if any field is missing or has an
 * unexpected size.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/kernel.h>
#include <linux/string.h>
#include <linux/sysfs.h>
#include "lrucost.h"

#define LRUCOST_MAX_EXTRA_FIELDS 4

/*
 * Fields lrucost reads or steers, with the size each must have.  An
 * optional one is used where the kernel has it: no_cache_trim_mode (6.12
 * and later), which kswapd sets when a cache trim pass failed and which
 * lrucost must then not override by forcing file-only passes.
 */
static const struct {
	const char *name;
	unsigned long byte_size;
	unsigned int bit_size;	/* 0: not a bitfield */
	bool optional;
} wanted[] = {
	{ "anon_cost", sizeof(unsigned long), 0 },
	{ "file_cost", sizeof(unsigned long), 0 },
	{ "target_mem_cgroup", sizeof(void *), 0 },
	{ "priority", 1, 0 },
	{ "may_swap", sizeof(unsigned int), 1 },
	{ "cache_trim_mode", sizeof(unsigned int), 1 },
	{ "file_is_tiny", sizeof(unsigned int), 1 },
	{ "no_cache_trim_mode", sizeof(unsigned int), 1, true },
};

static struct lrucost_field fields[ARRAY_SIZE(wanted) +
				   LRUCOST_MAX_EXTRA_FIELDS];
static char extra_name[64];
static int nr_fields;
static unsigned long btf_size;

static int find(const void *blob, unsigned long len, const char *name,
		unsigned long byte_size, unsigned int bit_size, bool check,
		bool optional)
{
	struct lrucost_field *f = &fields[nr_fields];
	int err;

	err = lrucost_btf_find_member(blob, len, "scan_control", name, &f->m);
	if (err == LRUCOST_BTF_ENOMEMBER && optional)
		return 0;
	if (err) {
		pr_err("BTF: scan_control.%s: %s; refusing to load\n", name,
		       lrucost_btf_strerror(err));
		return -ENOENT;
	}
	if (check && (f->m.byte_size != byte_size ||
		      f->m.bit_size != bit_size)) {
		pr_err("BTF: scan_control.%s has size %lu width %u, expected %lu width %u; refusing to load\n",
		       name, f->m.byte_size, f->m.bit_size, byte_size,
		       bit_size);
		return -EINVAL;
	}
	f->name = name;
	nr_fields++;
	return 0;
}

/*
 * The require_field parameter, for tests of the refusal paths: "NAME"
 * must exist, "NAME:BYTES" must also be a BYTES-wide plain member.
 */
static int find_extra(const void *blob, unsigned long len, const char *extra)
{
	char *colon;
	unsigned long size;

	if (strscpy(extra_name, extra, sizeof(extra_name)) < 0)
		goto bad;
	colon = strchr(extra_name, ':');
	if (!colon)
		return find(blob, len, extra_name, 0, 0, false, false);
	*colon = '\0';
	if (kstrtoul(colon + 1, 10, &size) || !size)
		goto bad;
	return find(blob, len, extra_name, size, 0, true, false);
bad:
	pr_err("require_field=%s: expected NAME or NAME:BYTES; refusing to load\n",
	       extra);
	return -EINVAL;
}

/**
 * lrucost_layout_init - read the scan_control offsets from kernel BTF
 * @extra: a further field that must exist, "NAME" or "NAME:BYTES" (module
 *	parameter, for tests of the refusal paths), or NULL
 *
 * Return: 0, or a negative errno after a pr_err naming the cause.
 */
int lrucost_layout_init(const char *extra)
{
	unsigned long start = lrucost_ksym("__start_BTF");
	unsigned long stop = lrucost_ksym("__stop_BTF");
	int i, ret;

	nr_fields = 0;
	if (!start || stop <= start) {
		pr_err("kernel BTF not found (CONFIG_DEBUG_INFO_BTF off?); refusing to load\n");
		return -ENOENT;
	}
	btf_size = stop - start;
	for (i = 0; i < ARRAY_SIZE(wanted); i++) {
		ret = find((const void *)start, btf_size, wanted[i].name,
			   wanted[i].byte_size, wanted[i].bit_size, true,
			   wanted[i].optional);
		if (ret)
			return ret;
	}
	if (extra && *extra)
		return find_extra((const void *)start, btf_size, extra);
	return 0;
}

/**
 * lrucost_layout_field - where a scan_control member lies
 * @name: one of the members lrucost_layout_init() found
 *
 * Return: the member's place, or NULL if it was not looked up.
 */
const struct lrucost_btf_member *lrucost_layout_field(const char *name)
{
	int i;

	for (i = 0; i < nr_fields; i++)
		if (!strcmp(fields[i].name, name))
			return &fields[i].m;
	return NULL;
}

/**
 * lrucost_layout_show - append the discovered layout to a sysfs buffer
 * @buf: the sysfs page
 * @at: bytes already in @buf
 *
 * Return: bytes appended.
 */
int lrucost_layout_show(char *buf, int at)
{
	int i, n;

	n = sysfs_emit_at(buf, at, "btf: %lu bytes\n", btf_size);
	for (i = 0; i < nr_fields; i++) {
		const struct lrucost_btf_member *m = &fields[i].m;

		if (m->bit_size)
			n += sysfs_emit_at(buf, at + n,
					   "scan_control.%s: offset %lu bit %lu width %u\n",
					   fields[i].name, m->bit_offset / 8,
					   m->bit_offset % 8, m->bit_size);
		else
			n += sysfs_emit_at(buf, at + n,
					   "scan_control.%s: offset %lu size %lu\n",
					   fields[i].name, m->bit_offset / 8,
					   m->byte_size);
	}
	return n;
}
