// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target for module/btf.c: any blob, the lookups lrucost makes
 * at load time.  ASan and UBSan catch out-of-bounds reads and overflow;
 * the oracle checks that what is found is self-consistent.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "lrucost_btf.h"

static const char *const members[] = {
	"anon_cost", "file_cost", "target_mem_cgroup", "priority",
	"may_swap", "cache_trim_mode", "file_is_tiny", "nr_to_reclaim",
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* a copy of the exact size, so ASan sees any read past the end */
	uint8_t *blob = malloc(size ? size : 1);
	/* one lookup per input: a real blob takes milliseconds to walk */
	const char *member = members[size % (sizeof(members) /
					     sizeof(members[0]))];
	struct lrucost_btf_member m;
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
	free(blob);
	return 0;
}
