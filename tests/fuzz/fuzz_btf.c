// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target for module/btf.c: any blob, the lookups lrucost makes
 * at load time (struct members, function parameters).  ASan and UBSan
 * catch out-of-bounds reads and overflow; the oracle checks that what is
 * found is self-consistent.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "lrucost_btf.h"

static const char *const members[] = {
	"anon_cost", "file_cost", "target_mem_cgroup", "priority",
	"may_swap", "cache_trim_mode", "file_is_tiny", "nr_to_reclaim",
};

/* lrucost's, and two more of test_btf's seed (synthetic.btf.funcs) */
static const char *const funcs[] = {
	"shrink_lruvec", "workingset_refault", "move_folios_to_lru",
	"printk", "clash",
};

/* the parameter names found for @size bytes at @blob are strings in it */
static void check_params(const uint8_t *blob, size_t size,
			 const char **names, unsigned int nr)
{
	unsigned int i;

	for (i = 0; i < nr && i < LRUCOST_BTF_MAX_PARAMS; i++) {
		uintptr_t p = (uintptr_t)names[i], b = (uintptr_t)blob;

		if (!names[i])
			abort();
		if (p >= b && p < b + size) {
			if (!memchr(names[i], 0, b + size - p))
				abort();
		} else if (strcmp(names[i], "...") || i + 1 != nr) {
			abort();	/* "..." only for the last */
		}
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* a copy of the exact size, so ASan sees any read past the end */
	uint8_t *blob = malloc(size ? size : 1);
	/* one lookup of each per input: a real blob takes ms to walk */
	const char *member = members[size % (sizeof(members) /
					     sizeof(members[0]))];
	const char *func = funcs[size % (sizeof(funcs) / sizeof(funcs[0]))];
	const char *names[LRUCOST_BTF_MAX_PARAMS];
	struct lrucost_btf_member m;
	unsigned int nr = 0, nr2 = 0;
	int err;

	if (!blob)
		return 0;
	memcpy(blob, data, size);
	err = lrucost_btf_find_member(blob, size, "scan_control", member, &m);
	if (err > 0 || err < LRUCOST_BTF_ENOMEMBER)
		abort();
	if (!lrucost_btf_strerror(err))
		abort();
	if (!err && (m.bit_size ? m.bit_size > 64 : !m.byte_size))
		abort();

	err = lrucost_btf_func_params(blob, size, func, names,
				      LRUCOST_BTF_MAX_PARAMS, &nr);
	if (err > 0 || err < LRUCOST_BTF_EAMBIG)
		abort();
	if (!lrucost_btf_strerror(err))
		abort();
	if (!err) {
		if (nr > 0xffff)
			abort();
		check_params(blob, size, names, nr);
	}
	/* no names wanted, the same answer: but not twice for a real blob */
	if (size <= 65536 &&
	    (lrucost_btf_func_params(blob, size, func, NULL, 0, &nr2) != err ||
	     (!err && nr2 != nr)))
		abort();
	free(blob);
	return 0;
}
