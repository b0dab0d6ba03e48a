// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target for module/parse.c.  Oracle: whatever is accepted is
 * exactly the canonical decimal form of the value, with or without one
 * newline, and in range; whatever is refused leaves the output untouched.
 * The same for a 64-bit id (never 0), and a word is accepted only as
 * itself.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lrucost_parse.h"

/* exactly the id's canonical form, with or without one newline */
static void check_u64(const uint8_t *data, size_t size)
{
	unsigned long long v = 0x5a5a5a5a;
	char canon[32];
	int n;

	if (lrucost_parse_u64((const char *)data, size, &v)) {
		if (v != 0x5a5a5a5a)
			abort();
		return;
	}
	n = snprintf(canon, sizeof(canon), "%llu\n", v);
	if (!v || !((size_t)n == size || (size_t)n - 1 == size) ||
	    memcmp(canon, data, size))
		abort();
}

static void check_word(const uint8_t *data, size_t size)
{
	int ok = !lrucost_parse_word((const char *)data, size, "follow");

	if (ok != ((size == 6 || (size == 7 && data[6] == '\n')) &&
		   !memcmp(data, "follow", 6 < size ? 6 : size)))
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const int ranges[][2] = { { -1, 1024 }, { 0, 1 }, { 1, 1 },
					 { -1, 200 }, { -1, 100 } };
	unsigned int r;

	check_u64(data, size);
	check_word(data, size);
	for (r = 0; r < sizeof(ranges) / sizeof(ranges[0]); r++) {
		char canon[32];
		int v = 0x5a5a5a5a, n;

		if (lrucost_parse_int((const char *)data, size, ranges[r][0],
				      ranges[r][1], &v)) {
			if (v != 0x5a5a5a5a)
				abort();
			continue;
		}
		if (v < ranges[r][0] || v > ranges[r][1])
			abort();
		n = snprintf(canon, sizeof(canon), "%d\n", v);
		if (!((size_t)n == size || (size_t)n - 1 == size) ||
		    memcmp(canon, data, size))
			/* "-0" is the one other spelling of a value */
			if (!(v == 0 && size >= 2 && !memcmp(data, "-0", 2)))
				abort();
	}
	return 0;
}
