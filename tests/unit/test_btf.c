// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of the BTF reader (module/btf.c): a hand-built blob with known
 * layout, every truncation and corruption of it, and the real BTF blobs
 * named in LRUCOST_BTF_FILES (the Debian 6.1 kernel's, this machine's).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "lrucost_btf.h"

static unsigned char blob[512];
static size_t blob_len;

static void put32(size_t *pos, uint32_t v)
{
	memcpy(blob + *pos, &v, 4);
	*pos += 4;
}

/*
 * struct demo { unsigned long a; signed char prio;
 *		 unsigned int flag:1; unsigned int two:2;
 *		 const u8 arr[3][4]; void *p; };
 * types: 1 int "unsigned long" 8, 2 int "signed char" 1,
 *	  3 int "unsigned int" 4, 4 typedef u8 -> 5, 5 int char 1,
 *	  6 const -> 4, 7 array of 6 x4, 8 array of 7 x3, 9 ptr,
 *	  10 struct demo.
 */
static void build_blob(void)
{
	static const char strs[] =
		"\0unsigned long\0signed char\0unsigned int\0u8\0char\0"
		"demo\0a\0prio\0flag\0two\0arr\0p";
	size_t pos = 24, tstart = 24;
	uint32_t s_ul = 1, s_sc = 15, s_ui = 27, s_u8 = 40, s_ch = 43,
		 s_demo = 48, s_a = 53, s_prio = 55, s_flag = 60, s_two = 65,
		 s_arr = 69, s_p = 73;

	memset(blob, 0, sizeof(blob));
	put32(&pos, s_ul); put32(&pos, 1u << 24); put32(&pos, 8);
	put32(&pos, 64);
	put32(&pos, s_sc); put32(&pos, 1u << 24); put32(&pos, 1);
	put32(&pos, (1u << 24) | 8);
	put32(&pos, s_ui); put32(&pos, 1u << 24); put32(&pos, 4);
	put32(&pos, 32);
	put32(&pos, s_u8); put32(&pos, 8u << 24); put32(&pos, 5);
	put32(&pos, s_ch); put32(&pos, 1u << 24); put32(&pos, 1);
	put32(&pos, 8);
	put32(&pos, 0); put32(&pos, 10u << 24); put32(&pos, 4);
	put32(&pos, 0); put32(&pos, 3u << 24); put32(&pos, 0);
	put32(&pos, 6); put32(&pos, 1); put32(&pos, 4);
	put32(&pos, 0); put32(&pos, 3u << 24); put32(&pos, 0);
	put32(&pos, 7); put32(&pos, 1); put32(&pos, 3);
	put32(&pos, 0); put32(&pos, 2u << 24); put32(&pos, 0);
	/* struct demo, kind_flag set: bitfield offsets */
	put32(&pos, s_demo); put32(&pos, (1u << 31) | (4u << 24) | 6);
	put32(&pos, 40);
	put32(&pos, s_a); put32(&pos, 1); put32(&pos, 0);
	put32(&pos, s_prio); put32(&pos, 2); put32(&pos, 64);
	put32(&pos, s_flag); put32(&pos, 3); put32(&pos, (1u << 24) | 96);
	put32(&pos, s_two); put32(&pos, 3); put32(&pos, (2u << 24) | 97);
	put32(&pos, s_arr); put32(&pos, 8); put32(&pos, 128);
	put32(&pos, s_p); put32(&pos, 9); put32(&pos, 256);
	memcpy(blob + pos, strs, sizeof(strs));
	/* header */
	blob[0] = 0x9f; blob[1] = 0xeb; blob[2] = 1; blob[3] = 0;
	{
		size_t h = 4;

		put32(&h, 24);
		put32(&h, 0);
		put32(&h, (uint32_t)(pos - tstart));
		put32(&h, (uint32_t)(pos - tstart));
		put32(&h, sizeof(strs));
	}
	blob_len = pos + sizeof(strs);
}

static void expect(const char *m, unsigned long off, unsigned int bits,
		   unsigned long size)
{
	struct lrucost_btf_member out;

	assert_int_equal(lrucost_btf_find_member(blob, blob_len, "demo", m,
						 &out), LRUCOST_BTF_OK);
	assert_int_equal(out.bit_offset, off);
	assert_int_equal(out.bit_size, bits);
	assert_int_equal(out.byte_size, size);
}

static void test_synthetic(void **state)
{
	struct lrucost_btf_member out;

	(void)state;
	build_blob();
	expect("a", 0, 0, 8);
	expect("prio", 64, 0, 1);
	expect("flag", 96, 1, 4);
	expect("two", 97, 2, 4);
	expect("arr", 128, 0, 12);
	expect("p", 256, 0, 8);
	assert_int_equal(lrucost_btf_find_member(blob, blob_len, "demo",
						 "nope", &out),
			 LRUCOST_BTF_ENOMEMBER);
	assert_int_equal(lrucost_btf_find_member(blob, blob_len, "absent",
						 "a", &out),
			 LRUCOST_BTF_ENOSTRUCT);
}

/* Every truncation and every single-byte corruption: no crash, no lie. */
static void test_malformed(void **state)
{
	struct lrucost_btf_member out;
	unsigned char saved[sizeof(blob)];
	size_t len, i;
	int v;

	(void)state;
	build_blob();
	for (len = 0; len < blob_len; len++) {
		unsigned char *copy = malloc(len ? len : 1);

		memcpy(copy, blob, len);
		assert_int_not_equal(lrucost_btf_find_member(copy, len,
				     "demo", "p", &out), LRUCOST_BTF_OK);
		free(copy);
	}
	assert_int_equal(lrucost_btf_find_member(NULL, 100, "demo", "p",
						 &out), LRUCOST_BTF_EBADBLOB);
	memcpy(saved, blob, sizeof(blob));
	for (i = 0; i < blob_len; i++) {
		for (v = 0; v < 256; v += 51) {
			blob[i] = (unsigned char)v;
			(void)lrucost_btf_find_member(blob, blob_len, "demo",
						      "arr", &out);
			memcpy(blob, saved, sizeof(blob));
		}
	}
	assert_string_equal(lrucost_btf_strerror(LRUCOST_BTF_ENOMEMBER),
			    "member not in struct");
}

static unsigned char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	unsigned char *buf = NULL;
	size_t cap = 0, n;

	assert_non_null(f);
	*len = 0;
	do {
		if (*len == cap) {
			cap = cap ? cap * 2 : 1 << 20;
			buf = realloc(buf, cap);
			assert_non_null(buf);
		}
		n = fread(buf + *len, 1, cap - *len, f);
		*len += n;
	} while (n);
	fclose(f);
	return buf;
}

/* The members lrucost reads, in every real blob given. */
static void test_real_blobs(void **state)
{
	static const char *const need[] = {
		"anon_cost", "file_cost", "may_swap", "cache_trim_mode",
		"file_is_tiny", "priority", "target_mem_cgroup",
	};
	const char *env = getenv("LRUCOST_BTF_FILES");
	char *list, *path, *save;
	int seen = 0;

	(void)state;
	if (!env || !*env)
		fail_msg("LRUCOST_BTF_FILES names no BTF blob to test");
	list = strdup(env);
	for (path = strtok_r(list, ":", &save); path;
	     path = strtok_r(NULL, ":", &save)) {
		struct lrucost_btf_member m, cost;
		size_t len, i;
		unsigned char *b = slurp(path, &len);

		print_message("BTF %s: %zu bytes\n", path, len);
		for (i = 0; i < sizeof(need) / sizeof(need[0]); i++) {
			assert_int_equal(lrucost_btf_find_member(b, len,
					 "scan_control", need[i], &m), 0);
			print_message("  scan_control.%s: bit %lu width %u "
				      "size %lu\n", need[i], m.bit_offset,
				      m.bit_size, m.byte_size);
		}
		lrucost_btf_find_member(b, len, "scan_control", "anon_cost",
					&cost);
		assert_int_equal(cost.byte_size, 8);
		assert_int_equal(cost.bit_size, 0);
		assert_int_equal(cost.bit_offset % 64, 0);
		lrucost_btf_find_member(b, len, "scan_control", "file_cost",
					&m);
		assert_int_equal(m.bit_offset, cost.bit_offset + 64);
		lrucost_btf_find_member(b, len, "scan_control", "may_swap",
					&m);
		assert_int_equal(m.bit_size, 1);
		lrucost_btf_find_member(b, len, "scan_control", "priority",
					&m);
		assert_int_equal(m.byte_size, 1);
		lrucost_btf_find_member(b, len, "scan_control",
					"target_mem_cgroup", &m);
		assert_int_equal(m.byte_size, 8);
		/* a public struct with a layout every x86-64 kernel shares */
		assert_int_equal(lrucost_btf_find_member(b, len, "list_head",
							 "prev", &m), 0);
		assert_int_equal(m.bit_offset, 64);
		free(b);
		seen++;
	}
	free(list);
	assert_true(seen > 0);
}

/* test_btf --write-seed FILE: the synthetic blob, a small fuzzing seed */
static int write_seed(const char *path)
{
	FILE *f = fopen(path, "wb");

	build_blob();
	if (!f || fwrite(blob, 1, blob_len, f) != blob_len)
		return 1;
	return fclose(f) != 0;
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_synthetic),
		cmocka_unit_test(test_malformed),
		cmocka_unit_test(test_real_blobs),
	};

	if (argc == 3 && !strcmp(argv[1], "--write-seed"))
		return write_seed(argv[2]);
	return cmocka_run_group_tests_name("btf", tests, NULL, NULL);
}
