// SPDX-License-Identifier: GPL-2.0
/*
 * Layout of struct scan_control, which is private to mm/vmscan.c and
 * changes between kernels, and of the one member of struct mem_cgroup
 * that depends on the kernel's configuration.  The kernel's own BTF (CONFIG_DEBUG_INFO_BTF),
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
 * optional one is used where the kernel has it: the swappiness a
 * memory.reclaim request gives (6.11 on), and a memcg's cgroup v1
 * swappiness, which 7.x kernels built without CONFIG_MEMCG_V1 do not
 * have (nor, then, a v1 memory controller).
 */
static const struct {
	const char *type, *name;
	unsigned long byte_size;
	unsigned int bit_size;	/* 0: not a bitfield */
	bool optional;
} wanted[] = {
	{ "scan_control", "anon_cost", sizeof(unsigned long), 0 },
	{ "scan_control", "file_cost", sizeof(unsigned long), 0 },
	{ "scan_control", "target_mem_cgroup", sizeof(void *), 0 },
	{ "scan_control", "priority", 1, 0 },
	{ "scan_control", "may_swap", sizeof(unsigned int), 1 },
	{ "scan_control", "cache_trim_mode", sizeof(unsigned int), 1 },
	{ "scan_control", "file_is_tiny", sizeof(unsigned int), 1 },
	{ "scan_control", "may_deactivate", sizeof(unsigned int), 2 },
	{ "scan_control", "nr_scanned", sizeof(unsigned long), 0 },
	{ "scan_control", "gfp_mask", sizeof(gfp_t), 0 },
	{ "scan_control", "reclaim_idx", 1, 0 },
	{ "scan_control", "proactive_swappiness", sizeof(int *), 0, true },
	{ "mem_cgroup", "swappiness", sizeof(int), 0, true },
};

static struct lrucost_field fields[ARRAY_SIZE(wanted) +
				   LRUCOST_MAX_EXTRA_FIELDS];
static char extra_name[64];
static int nr_fields;
static const void *btf_start;
static unsigned long btf_size;

static int find(const void *blob, unsigned long len, const char *type,
		const char *name, unsigned long byte_size,
		unsigned int bit_size, bool check, bool optional)
{
	struct lrucost_field *f = &fields[nr_fields];
	int err;

	err = lrucost_btf_find_member(blob, len, type, name, &f->m);
	if (err == LRUCOST_BTF_ENOMEMBER && optional)
		return 0;
	if (err) {
		pr_err("BTF: %s.%s: %s; refusing to load\n", type, name,
		       lrucost_btf_strerror(err));
		return -ENOENT;
	}
	if (check && (f->m.byte_size != byte_size ||
		      f->m.bit_size != bit_size)) {
		pr_err("BTF: %s.%s has size %lu width %u, expected %lu width %u; refusing to load\n",
		       type, name, f->m.byte_size, f->m.bit_size, byte_size,
		       bit_size);
		return -EINVAL;
	}
	f->type = type;
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
		return find(blob, len, "scan_control", extra_name, 0, 0, false,
			    false);
	*colon = '\0';
	if (kstrtoul(colon + 1, 10, &size) || !size)
		goto bad;
	return find(blob, len, "scan_control", extra_name, size, 0, true,
		    false);
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
	btf_start = NULL;
	btf_size = 0;
	if (!start || stop <= start) {
		pr_err("kernel BTF not found (CONFIG_DEBUG_INFO_BTF off?); refusing to load\n");
		return -ENOENT;
	}
	btf_start = (const void *)start;
	btf_size = stop - start;
	for (i = 0; i < ARRAY_SIZE(wanted); i++) {
		ret = find(btf_start, btf_size, wanted[i].type, wanted[i].name,
			   wanted[i].byte_size, wanted[i].bit_size, true,
			   wanted[i].optional);
		if (ret)
			return ret;
	}
	if (extra && *extra)
		return find_extra(btf_start, btf_size, extra);
	return 0;
}

/**
 * lrucost_layout_btf - the kernel's BTF, as lrucost_layout_init() found it
 * @len: its size in bytes, set on return
 *
 * Return: its start, or NULL before a successful lrucost_layout_init().
 */
const void *lrucost_layout_btf(unsigned long *len)
{
	*len = btf_size;
	return btf_start;
}

/**
 * lrucost_layout_field - where a member of a private struct lies
 * @type: the struct, "scan_control" or "mem_cgroup"
 * @name: one of the members lrucost_layout_init() found
 *
 * Return: the member's place, or NULL if it was not looked up (or is an
 * optional member this kernel does not have).
 */
const struct lrucost_btf_member *lrucost_layout_field(const char *type,
						      const char *name)
{
	int i;

	for (i = 0; i < nr_fields; i++)
		if (!strcmp(fields[i].type, type) &&
		    !strcmp(fields[i].name, name))
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
					   "%s.%s: offset %lu bit %lu width %u\n",
					   fields[i].type, fields[i].name,
					   m->bit_offset / 8,
					   m->bit_offset % 8, m->bit_size);
		else
			n += sysfs_emit_at(buf, at + n,
					   "%s.%s: offset %lu size %lu\n",
					   fields[i].type, fields[i].name,
					   m->bit_offset / 8,
					   m->byte_size);
	}
	return n;
}
