// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of the BTF reader (module/btf.c): hand-built blobs with a known
 * struct layout and known function prototypes, every truncation and
 * corruption of them, and the real BTF blobs named in LRUCOST_BTF_FILES
 * (the Debian 6.1 kernel's, this machine's).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include <linux/btf.h>

#include "lrucost_btf.h"

static unsigned char blob[512];
static size_t blob_len;

static void put32(size_t *pos, uint32_t v)
{
	memcpy(blob + *pos, &v, 4);
	*pos += 4;
}

/*
 * The header, and the string section after the @types_len bytes of types
 * that start at offset 24: what both hand-built blobs end with.
 */
static void finish_blob(size_t types_len, const char *strs, size_t strs_len)
{
	size_t h = 4;

	memcpy(blob + 24 + types_len, strs, strs_len);
	blob[0] = 0x9f; blob[1] = 0xeb; blob[2] = 1; blob[3] = 0;
	put32(&h, 24);
	put32(&h, 0);
	put32(&h, (uint32_t)types_len);
	put32(&h, (uint32_t)types_len);
	put32(&h, (uint32_t)strs_len);
	blob_len = 24 + types_len + strs_len;
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
	finish_blob(pos - tstart, strs, sizeof(strs));
}

/* struct demo's members, as build_blob() lays them out */
static const struct {
	const char *name;
	unsigned long bit_offset;
	unsigned int bit_size;
	unsigned long byte_size;
} demo[] = {
	{ "a", 0, 0, 8 }, { "prio", 64, 0, 1 }, { "flag", 96, 1, 4 },
	{ "two", 97, 2, 4 }, { "arr", 128, 0, 12 }, { "p", 256, 0, 8 },
};

static void test_synthetic(void **state)
{
	struct lrucost_btf_member out;
	size_t i;

	(void)state;
	build_blob();
	for (i = 0; i < sizeof(demo) / sizeof(demo[0]); i++) {
		assert_int_equal(lrucost_btf_find_member(blob, blob_len, "demo",
							 demo[i].name, &out),
				 LRUCOST_BTF_OK);
		assert_int_equal(out.bit_offset, demo[i].bit_offset);
		assert_int_equal(out.bit_size, demo[i].bit_size);
		assert_int_equal(out.byte_size, demo[i].byte_size);
	}
	assert_int_equal(lrucost_btf_find_member(blob, blob_len, "demo",
						 "nope", &out),
			 LRUCOST_BTF_ENOMEMBER);
	assert_int_equal(lrucost_btf_find_member(blob, blob_len, "absent",
						 "a", &out),
			 LRUCOST_BTF_ENOSTRUCT);
}

/* The offset of @s in the string section @strs of @len bytes. */
static uint32_t str_off(const char *strs, size_t len, const char *s)
{
	size_t off;

	for (off = 0; off < len; off += strlen(strs + off) + 1)
		if (!strcmp(strs + off, s))
			return (uint32_t)off;
	fail_msg("no string \"%s\"", s);
	return 0;
}

/* where build_func_blob() put each type record, by id */
static size_t func_rec[32];
#define FUNC_LAST	20	/* its last type id */

/*
 * Functions and their prototypes:
 *   1 int long, 2 ptr -> 1,
 *   3 proto (lruvec, sc), 4, 5 shrink_lruvec -> 3,
 *   6 proto (lruvec, sc), a copy of 3, 7 shrink_lruvec -> 6,
 *   8 proto ("", fmt, ...), 9 printk -> 8,
 *   10 proto (lruvec, list), 11 clash -> 3, 12 clash -> 10,
 *   13 proto (lruvec), 14 clash2 -> 3, 15 clash2 -> 13 (fewer),
 *   16 bogus -> 2 (not a prototype),
 *   17 proto (), 18 noargs -> 17,
 *   19 move_folios_to_lru -> 20 (an id ahead), 20 proto (list).
 */
static void build_func_blob(void)
{
	static const char strs[] =
		"\0long\0lruvec\0sc\0shrink_lruvec\0fmt\0printk\0list\0clash\0"
		"clash2\0bogus\0noargs\0move_folios_to_lru";
	const size_t tstart = 24;
	size_t pos = tstart;
	unsigned int id = 1;
#define S(x)	str_off(strs, sizeof(strs), x)
#define REC()	(func_rec[id++] = pos)
#define FUNC(name, linkage, proto) do { \
		REC(); put32(&pos, S(name)); \
		put32(&pos, (12u << 24) | (linkage)); put32(&pos, proto); \
	} while (0)
#define PROTO(ret, vlen) do { \
		REC(); put32(&pos, 0); put32(&pos, (13u << 24) | (vlen)); \
		put32(&pos, ret); \
	} while (0)
#define PARAM(name, type) do { \
		put32(&pos, S(name)); put32(&pos, type); \
	} while (0)

	memset(blob, 0, sizeof(blob));
	memset(func_rec, 0, sizeof(func_rec));
	REC();
	put32(&pos, S("long")); put32(&pos, 1u << 24); put32(&pos, 8);
	put32(&pos, (1u << 24) | 64);
	REC();
	put32(&pos, 0); put32(&pos, 2u << 24); put32(&pos, 1);
	PROTO(1, 2); PARAM("lruvec", 2); PARAM("sc", 2);
	FUNC("shrink_lruvec", 0, 3);
	FUNC("shrink_lruvec", 0, 3);
	PROTO(1, 2); PARAM("lruvec", 2); PARAM("sc", 2);
	FUNC("shrink_lruvec", 0, 6);
	/* an unnamed parameter, and the variadic marker (0, 0) */
	PROTO(1, 3); PARAM("", 2); PARAM("fmt", 2); PARAM("", 0);
	FUNC("printk", 1, 8);
	PROTO(0, 2); PARAM("lruvec", 2); PARAM("list", 2);
	FUNC("clash", 0, 3);
	FUNC("clash", 0, 10);
	PROTO(0, 1); PARAM("lruvec", 2);
	FUNC("clash2", 0, 3);
	FUNC("clash2", 0, 13);
	FUNC("bogus", 0, 2);
	PROTO(0, 0);
	FUNC("noargs", 1, 17);
	FUNC("move_folios_to_lru", 0, 20);
	PROTO(0, 1); PARAM("list", 2);
	assert_int_equal(id, FUNC_LAST + 1);
#undef S
#undef REC
#undef FUNC
#undef PROTO
#undef PARAM
	assert_true(pos + sizeof(strs) <= sizeof(blob));
	finish_blob(pos - tstart, strs, sizeof(strs));
}

/* the lookups in build_func_blob(), and what each gives */
static const struct {
	const char *func;
	int err;
	unsigned int nr;
	const char *names[3];
} funcs[] = {
	{ "shrink_lruvec", LRUCOST_BTF_OK, 2, { "lruvec", "sc" } },
	{ "printk", LRUCOST_BTF_OK, 3, { "", "fmt", "..." } },
	{ "noargs", LRUCOST_BTF_OK, 0, { NULL } },
	{ "move_folios_to_lru", LRUCOST_BTF_OK, 1, { "list" } },
	{ "clash", LRUCOST_BTF_EAMBIG, 0, { NULL } },
	{ "clash2", LRUCOST_BTF_EAMBIG, 0, { NULL } },
	{ "bogus", LRUCOST_BTF_EBADBLOB, 0, { NULL } },
	/* names of a type and of a parameter, not of a function */
	{ "long", LRUCOST_BTF_ENOFUNC, 0, { NULL } },
	{ "lruvec", LRUCOST_BTF_ENOFUNC, 0, { NULL } },
	{ "absent", LRUCOST_BTF_ENOFUNC, 0, { NULL } },
};
#define NR_FUNCS	(sizeof(funcs) / sizeof(funcs[0]))

/* the parameter count of a lookup that fails: left alone */
#define NR_UNSET	12345u

static void test_func_params(void **state)
{
	static const char *const sentinel = "unset";
	const char *names[4];
	unsigned int nr, i, k;
	unsigned char *copy;
	size_t at;

	(void)state;
	build_func_blob();
	for (k = 0; k < NR_FUNCS; k++) {
		for (i = 0; i < 4; i++)
			names[i] = sentinel;
		nr = NR_UNSET;
		assert_int_equal(lrucost_btf_func_params(blob, blob_len,
				 funcs[k].func, names, 4, &nr), funcs[k].err);
		if (funcs[k].err) {
			assert_int_equal(nr, NR_UNSET);
			assert_ptr_equal(names[0], sentinel);
			continue;
		}
		assert_int_equal(nr, funcs[k].nr);
		for (i = 0; i < nr; i++) {
			assert_string_equal(names[i], funcs[k].names[i]);
			/* names are the blob's strings, but for "..." */
			if (strcmp(names[i], "..."))
				assert_true(names[i] > (char *)blob &&
					    names[i] < (char *)blob + blob_len);
		}
		for (; i < 4; i++)
			assert_ptr_equal(names[i], sentinel);
	}
	/* fewer slots than parameters: the true count, @max names */
	names[0] = names[1] = sentinel;
	assert_int_equal(lrucost_btf_func_params(blob, blob_len, "shrink_lruvec",
						 names, 1, &nr), 0);
	assert_int_equal(nr, 2);
	assert_string_equal(names[0], "lruvec");
	assert_ptr_equal(names[1], sentinel);
	assert_int_equal(lrucost_btf_func_params(blob, blob_len, "printk",
						 NULL, 0, &nr), 0);
	assert_int_equal(nr, 3);

	copy = malloc(blob_len);
	assert_non_null(copy);
	/* a parameter name outside the string section */
	memcpy(copy, blob, blob_len);
	copy[func_rec[3] + 12] = 0xff;
	copy[func_rec[3] + 13] = 0xff;
	assert_int_equal(lrucost_btf_func_params(copy, blob_len, "shrink_lruvec",
						 names, 4, &nr),
			 LRUCOST_BTF_EBADBLOB);
	/* a prototype id past the last type */
	memcpy(copy, blob, blob_len);
	copy[func_rec[19] + 8] = FUNC_LAST + 1;
	assert_int_equal(lrucost_btf_func_params(copy, blob_len, "move_folios_to_lru",
						 names, 4, &nr),
			 LRUCOST_BTF_EBADBLOB);
	/* void: id 0 */
	copy[func_rec[19] + 8] = 0;
	assert_int_equal(lrucost_btf_func_params(copy, blob_len, "move_folios_to_lru",
						 names, 4, &nr),
			 LRUCOST_BTF_EBADBLOB);
	/* a record of no known kind after every function found */
	memcpy(copy, blob, blob_len);
	copy[func_rec[FUNC_LAST] + 7] = 31;
	for (k = 0; k < NR_FUNCS; k++)
		assert_int_equal(lrucost_btf_func_params(copy, blob_len,
				 funcs[k].func, names, 4, &nr),
				 LRUCOST_BTF_EBADBLOB);
	/* a duplicate that differs with a name out of range: malformed */
	memcpy(copy, blob, blob_len);
	copy[func_rec[10] + 12] = 0xff;
	copy[func_rec[10] + 13] = 0xff;
	assert_int_equal(lrucost_btf_func_params(copy, blob_len, "clash",
						 names, 4, &nr),
			 LRUCOST_BTF_EBADBLOB);
	/* the last parameter is variadic only with name 0 and type 0 */
	memcpy(copy, blob, blob_len);
	at = func_rec[8] + 12 + 2 * 8 + 4;
	copy[at] = 2;
	assert_int_equal(lrucost_btf_func_params(copy, blob_len, "printk",
						 names, 4, &nr), 0);
	assert_int_equal(nr, 3);
	assert_string_equal(names[2], "");
	/* ... and is last: (0, 0) first is an unnamed void, "" */
	memcpy(copy, blob, blob_len);
	copy[func_rec[8] + 12 + 4] = 0;
	assert_int_equal(lrucost_btf_func_params(copy, blob_len, "printk",
						 names, 4, &nr), 0);
	assert_string_equal(names[0], "");
	assert_string_equal(names[2], "...");
	free(copy);
	/* a truncated blob, and none */
	for (at = 0; at < blob_len; at++) {
		copy = malloc(at ? at : 1);
		memcpy(copy, blob, at);
		for (k = 0; k < NR_FUNCS; k++)
			assert_int_not_equal(lrucost_btf_func_params(copy, at,
					     funcs[k].func, names, 4, &nr),
					     LRUCOST_BTF_OK);
		free(copy);
	}
	assert_int_equal(lrucost_btf_func_params(NULL, 100, "shrink_lruvec", names,
						 4, &nr), LRUCOST_BTF_EBADBLOB);
	assert_string_equal(lrucost_btf_strerror(LRUCOST_BTF_ENOFUNC),
			    "function not in BTF");
	assert_string_equal(lrucost_btf_strerror(LRUCOST_BTF_EAMBIG),
			    "functions of that name have different "
			    "prototypes");
}

/*
 * A reference reading of a BTF blob, for the corruption test below: written
 * from the UAPI (linux/btf.h, Documentation/bpf/btf.rst), apart from btf.c,
 * to the contract btf.c documents: the header must place both sections
 * inside the blob, the string section must start and end with a NUL; the
 * type records are read in order up to the first one that does not fit or
 * has no known kind; the first struct of the name among them is used, and
 * its first member of the name; a name outside the string section matches
 * nothing; a member's size is its type's, through typedefs, qualifiers and
 * arrays, and a member whose type has no size (void, a function, a forward
 * declaration, a zero size, a cycle, an id past the records read) makes
 * the blob malformed.  btf.c stops after 32 typedef/array hops; fewer than
 * 32 records fit in this blob, so only a cycle is that long.
 */
#define REF_MAX_TYPES	(sizeof(blob) / sizeof(struct btf_type))

struct ref_btf {
	const char *strs;
	uint64_t strs_len;
	struct btf_type t[REF_MAX_TYPES + 1];	/* by type id, from 1 */
	const unsigned char *extra[REF_MAX_TYPES + 1];	/* what follows */
	unsigned int n;		/* records read */
	int bad_tail;		/* and a record after them did not decode */
};

/* Bytes that follow a struct btf_type of this kind, or -1. */
static long ref_extra(const struct btf_type *t)
{
	long vlen = BTF_INFO_VLEN(t->info);

	switch (BTF_INFO_KIND(t->info)) {
	case BTF_KIND_INT:
		return sizeof(uint32_t);
	case BTF_KIND_VAR:
		return sizeof(struct btf_var);
	case BTF_KIND_DECL_TAG:
		return sizeof(struct btf_decl_tag);
	case BTF_KIND_ARRAY:
		return sizeof(struct btf_array);
	case BTF_KIND_STRUCT:
	case BTF_KIND_UNION:
		return vlen * (long)sizeof(struct btf_member);
	case BTF_KIND_ENUM:
		return vlen * (long)sizeof(struct btf_enum);
	case BTF_KIND_ENUM64:
		return vlen * (long)sizeof(struct btf_enum64);
	case BTF_KIND_FUNC_PROTO:
		return vlen * (long)sizeof(struct btf_param);
	case BTF_KIND_DATASEC:
		return vlen * (long)sizeof(struct btf_var_secinfo);
	case BTF_KIND_PTR: case BTF_KIND_FWD: case BTF_KIND_TYPEDEF:
	case BTF_KIND_VOLATILE: case BTF_KIND_CONST: case BTF_KIND_RESTRICT:
	case BTF_KIND_FUNC: case BTF_KIND_FLOAT: case BTF_KIND_TYPE_TAG:
		return 0;
	default:
		return -1;
	}
}

static int ref_init(struct ref_btf *r, const unsigned char *b, size_t len)
{
	struct btf_header h;
	const unsigned char *types;
	uint64_t pos = 0;

	memset(r, 0, sizeof(*r));
	if (len < sizeof(h))
		return -1;
	memcpy(&h, b, sizeof(h));
	if (h.magic != BTF_MAGIC || h.version != 1 || h.hdr_len < sizeof(h) ||
	    h.hdr_len > len ||
	    (uint64_t)h.hdr_len + h.type_off + h.type_len > len ||
	    (uint64_t)h.hdr_len + h.str_off + h.str_len > len)
		return -1;
	r->strs = (const char *)b + h.hdr_len + h.str_off;
	r->strs_len = h.str_len;
	if (!h.str_len || r->strs[0] || r->strs[h.str_len - 1])
		return -1;
	types = b + h.hdr_len + h.type_off;
	while (pos < h.type_len) {
		struct btf_type t;
		long extra;

		if (h.type_len - pos < sizeof(t)) {
			r->bad_tail = 1;
			break;
		}
		memcpy(&t, types + pos, sizeof(t));
		extra = ref_extra(&t);
		if (extra < 0 ||
		    (uint64_t)extra > h.type_len - pos - sizeof(t)) {
			r->bad_tail = 1;
			break;
		}
		assert_true(r->n < REF_MAX_TYPES);
		r->n++;
		r->t[r->n] = t;
		r->extra[r->n] = types + pos + sizeof(t);
		pos += sizeof(t) + (uint64_t)extra;
	}
	return 0;
}

static int ref_name_is(const struct ref_btf *r, uint32_t off,
		       const char *name)
{
	return off < r->strs_len && !strcmp(r->strs + off, name);
}

/* Size of type @id in bytes, 0 when it has none; @hops so far. */
static uint64_t ref_size(const struct ref_btf *r, uint32_t id,
			 unsigned int hops)
{
	const struct btf_type *t;
	struct btf_array a;
	uint64_t n;

	if (!id || id > r->n || hops >= r->n)	/* void, unread, a cycle */
		return 0;
	t = &r->t[id];
	switch (BTF_INFO_KIND(t->info)) {
	case BTF_KIND_INT: case BTF_KIND_STRUCT: case BTF_KIND_UNION:
	case BTF_KIND_ENUM: case BTF_KIND_ENUM64: case BTF_KIND_FLOAT:
		return t->size;
	case BTF_KIND_PTR:
		return sizeof(void *);
	case BTF_KIND_ARRAY:
		memcpy(&a, r->extra[id], sizeof(a));
		n = ref_size(r, a.type, hops + 1);
		return a.nelems && n > UINT64_MAX / a.nelems ? 0 :
		       n * a.nelems;
	case BTF_KIND_TYPEDEF: case BTF_KIND_VOLATILE: case BTF_KIND_CONST:
	case BTF_KIND_RESTRICT: case BTF_KIND_TYPE_TAG:
		return ref_size(r, t->type, hops + 1);
	default:
		return 0;
	}
}

static int ref_find(const unsigned char *b, size_t len, const char *sname,
		    const char *mname, struct lrucost_btf_member *out)
{
	struct ref_btf r;
	unsigned int id, i;

	if (ref_init(&r, b, len))
		return LRUCOST_BTF_EBADBLOB;
	assert_true(r.n < 32);	/* no chain of 32 hops but a cycle */
	for (id = 1; id <= r.n; id++) {
		const struct btf_type *t = &r.t[id];

		if (BTF_INFO_KIND(t->info) != BTF_KIND_STRUCT ||
		    !ref_name_is(&r, t->name_off, sname))
			continue;
		for (i = 0; i < BTF_INFO_VLEN(t->info); i++) {
			struct btf_member m;
			uint32_t off;

			memcpy(&m, r.extra[id] + i * sizeof(m), sizeof(m));
			if (!ref_name_is(&r, m.name_off, mname))
				continue;
			off = m.offset;
			if (BTF_INFO_KFLAG(t->info)) {
				out->bit_offset = BTF_MEMBER_BIT_OFFSET(off);
				out->bit_size = BTF_MEMBER_BITFIELD_SIZE(off);
			} else {
				out->bit_offset = off;
				out->bit_size = 0;
			}
			out->byte_size = ref_size(&r, m.type, 0);
			return out->byte_size ? LRUCOST_BTF_OK :
						LRUCOST_BTF_EBADBLOB;
		}
		return LRUCOST_BTF_ENOMEMBER;
	}
	return r.bad_tail ? LRUCOST_BTF_EBADBLOB : LRUCOST_BTF_ENOSTRUCT;
}

/*
 * Every truncation fails.  Every single-byte corruption (every byte, every
 * value) gets, for every member name, the answer and the error of the
 * reference reading of the corrupted bytes: a lookup fails or returns what
 * the bytes say, the uncorrupted member or another one.
 */
static void test_malformed(void **state)
{
	const size_t members = sizeof(demo) / sizeof(demo[0]);
	struct lrucost_btf_member out, ref;
	unsigned char *copy;
	size_t len, i, k;
	int v, same = 0, moved = 0, bad = 0, nostruct = 0, nomember = 0;

	(void)state;
	build_blob();
	for (len = 0; len < blob_len; len++) {
		copy = malloc(len ? len : 1);
		memcpy(copy, blob, len);
		assert_int_not_equal(lrucost_btf_find_member(copy, len,
				     "demo", "p", &out), LRUCOST_BTF_OK);
		free(copy);
	}
	assert_int_equal(lrucost_btf_find_member(NULL, 100, "demo", "p",
						 &out), LRUCOST_BTF_EBADBLOB);
	/* the reference reads the intact blob as build_blob() wrote it */
	for (k = 0; k < members; k++) {
		assert_int_equal(ref_find(blob, blob_len, "demo", demo[k].name,
					  &ref), LRUCOST_BTF_OK);
		assert_int_equal(ref.bit_offset, demo[k].bit_offset);
		assert_int_equal(ref.bit_size, demo[k].bit_size);
		assert_int_equal(ref.byte_size, demo[k].byte_size);
	}
	assert_int_equal(ref_find(blob, blob_len, "demo", "nope", &ref),
			 LRUCOST_BTF_ENOMEMBER);
	/* in a buffer of the blob's size, so valgrind sees reads past it */
	copy = malloc(blob_len);
	assert_non_null(copy);
	memcpy(copy, blob, blob_len);
	for (i = 0; i < blob_len; i++) {
		for (v = 0; v < 256; v++) {
			copy[i] = (unsigned char)v;
			/* each member, and one that is not there */
			for (k = 0; k <= members; k++) {
				const char *m = k < members ? demo[k].name :
							      "nope";
				int got, want;

				memset(&out, 0, sizeof(out));
				memset(&ref, 0, sizeof(ref));
				got = lrucost_btf_find_member(copy, blob_len,
							      "demo", m, &out);
				want = ref_find(copy, blob_len, "demo", m,
						&ref);

				if (got != want ||
				    (!got && (out.bit_offset != ref.bit_offset ||
					      out.bit_size != ref.bit_size ||
					      out.byte_size != ref.byte_size)))
					fail_msg("byte %zu = %d, demo.%s: btf.c "
						 "%d bit %lu width %u size %lu, "
						 "reference %d bit %lu width %u "
						 "size %lu", i, v, m, got,
						 out.bit_offset, out.bit_size,
						 out.byte_size, want,
						 ref.bit_offset, ref.bit_size,
						 ref.byte_size);
				if (got == LRUCOST_BTF_EBADBLOB)
					bad++;
				else if (got == LRUCOST_BTF_ENOSTRUCT)
					nostruct++;
				else if (got == LRUCOST_BTF_ENOMEMBER)
					nomember++;
				else if (k < members &&
					 out.bit_offset == demo[k].bit_offset &&
					 out.bit_size == demo[k].bit_size &&
					 out.byte_size == demo[k].byte_size)
					same++;
				else
					moved++;
			}
		}
		copy[i] = blob[i];
	}
	free(copy);
	print_message("corruptions: %d found unchanged, %d found changed, "
		      "%d malformed, %d no struct, %d no member\n", same,
		      moved, bad, nostruct, nomember);
	/* every outcome is reached, so each is compared */
	assert_true(same && moved && bad && nostruct && nomember);
	assert_string_equal(lrucost_btf_strerror(LRUCOST_BTF_ENOMEMBER),
			    "member not in struct");
}

/*
 * The reference reading of a function's parameters, to the contract
 * btf.c documents: every type record must decode (else the blob is
 * malformed, whatever else is wrong); each function of the name must have
 * a prototype for its type, all of whose parameter names lie in the string
 * section (else malformed); a last parameter of name 0 and type 0 is
 * "..."; all functions of the name must have the same names, else they
 * are ambiguous.
 */
static const char ref_dots[] = "...";

static const char *ref_param_name(const struct ref_btf *r, unsigned int id,
				  unsigned int i)
{
	unsigned int vlen = BTF_INFO_VLEN(r->t[id].info);
	struct btf_param p;

	memcpy(&p, r->extra[id] + i * sizeof(p), sizeof(p));
	if (!p.name_off && !p.type && i + 1 == vlen)
		return ref_dots;
	return p.name_off < r->strs_len ? r->strs + p.name_off : NULL;
}

static int ref_params(const unsigned char *b, size_t len, const char *func,
		      const char **names, unsigned int max, unsigned int *nr)
{
	struct ref_btf r;
	unsigned int id, i, first = 0;
	int ambig = 0;

	if (ref_init(&r, b, len) || r.bad_tail)
		return LRUCOST_BTF_EBADBLOB;
	for (id = 1; id <= r.n; id++) {
		const struct btf_type *t = &r.t[id];
		unsigned int p = t->type, vlen;

		if (BTF_INFO_KIND(t->info) != BTF_KIND_FUNC ||
		    !ref_name_is(&r, t->name_off, func))
			continue;
		if (!p || p > r.n ||
		    BTF_INFO_KIND(r.t[p].info) != BTF_KIND_FUNC_PROTO)
			return LRUCOST_BTF_EBADBLOB;
		vlen = BTF_INFO_VLEN(r.t[p].info);
		for (i = 0; i < vlen; i++)
			if (!ref_param_name(&r, p, i))
				return LRUCOST_BTF_EBADBLOB;
		if (!first) {
			first = p;
			continue;
		}
		if (vlen != BTF_INFO_VLEN(r.t[first].info)) {
			ambig = 1;
			continue;
		}
		for (i = 0; i < vlen; i++)
			if (strcmp(ref_param_name(&r, p, i),
				   ref_param_name(&r, first, i)))
				ambig = 1;
	}
	if (!first)
		return LRUCOST_BTF_ENOFUNC;
	if (ambig)
		return LRUCOST_BTF_EAMBIG;
	*nr = BTF_INFO_VLEN(r.t[first].info);
	for (i = 0; i < *nr && i < max; i++)
		names[i] = ref_param_name(&r, first, i);
	return LRUCOST_BTF_OK;
}

/*
 * Every single-byte corruption of build_func_blob()'s blob (every byte,
 * every value) gets, for every lookup, the error, count and names of the
 * reference reading; the names are the same pointers into the blob, so
 * none can lie outside it (and valgrind sees any read past it).
 */
static void test_func_malformed(void **state)
{
	const char *got[3], *want[3];
	unsigned int got_nr, want_nr, i, k;
	unsigned char *copy;
	size_t at;
	int v, same = 0, moved = 0, bad = 0, nofunc = 0, ambig = 0;

	(void)state;
	build_func_blob();
	/* the reference reads the intact blob as the table says */
	for (k = 0; k < NR_FUNCS; k++) {
		want_nr = NR_UNSET;
		assert_int_equal(ref_params(blob, blob_len, funcs[k].func,
					    want, 3, &want_nr), funcs[k].err);
		if (funcs[k].err)
			continue;
		assert_int_equal(want_nr, funcs[k].nr);
		for (i = 0; i < want_nr; i++)
			assert_string_equal(want[i], funcs[k].names[i]);
	}
	copy = malloc(blob_len);
	assert_non_null(copy);
	memcpy(copy, blob, blob_len);
	for (at = 0; at < blob_len; at++) {
		for (v = 0; v < 256; v++) {
			copy[at] = (unsigned char)v;
			for (k = 0; k < NR_FUNCS; k++) {
				const char *f = funcs[k].func;
				int e, w, changed = 0;

				got_nr = want_nr = NR_UNSET;
				for (i = 0; i < 3; i++)
					got[i] = want[i] = NULL;
				/* max 2: printk's third name is not filled */
				e = lrucost_btf_func_params(copy, blob_len, f,
							    got, 2, &got_nr);
				w = ref_params(copy, blob_len, f, want, 2,
					       &want_nr);
				if (e != w || got_nr != want_nr)
					fail_msg("byte %zu = %d, %s(): btf.c %d "
						 "nr %u, reference %d nr %u",
						 at, v, f, e, got_nr, w,
						 want_nr);
				for (i = 0; i < 3; i++) {
					if (want[i] == ref_dots ?
					    !got[i] || strcmp(got[i], "...") ||
					    (got[i] >= (char *)copy &&
					     got[i] < (char *)copy + blob_len) :
					    got[i] != want[i])
						fail_msg("byte %zu = %d, %s() "
							 "name %u: btf.c %s, "
							 "reference %s", at, v,
							 f, i, got[i],
							 want[i]);
					if (!e && !funcs[k].err &&
					    i < got_nr && i < funcs[k].nr &&
					    i < 2 &&
					    strcmp(got[i], funcs[k].names[i]))
						changed = 1;
				}
				if (e == LRUCOST_BTF_EBADBLOB)
					bad++;
				else if (e == LRUCOST_BTF_ENOFUNC)
					nofunc++;
				else if (e == LRUCOST_BTF_EAMBIG)
					ambig++;
				else if (funcs[k].err || changed ||
					 got_nr != funcs[k].nr)
					moved++;
				else
					same++;
			}
		}
		copy[at] = blob[at];
	}
	free(copy);
	print_message("corruptions: %d found unchanged, %d found changed, "
		      "%d malformed, %d no function, %d ambiguous\n", same,
		      moved, bad, nofunc, ambig);
	assert_true(same && moved && bad && nofunc && ambig);
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

/* @func's parameter names in @b, joined by ", " into @buf */
static const char *params_of(const unsigned char *b, size_t len,
			     const char *func, char *buf, size_t size)
{
	const char *names[LRUCOST_BTF_MAX_PARAMS];
	unsigned int nr, i;
	size_t at = 0;
	int err = lrucost_btf_func_params(b, len, func, names,
					  LRUCOST_BTF_MAX_PARAMS, &nr);

	if (err)
		fail_msg("%s(): %s", func, lrucost_btf_strerror(err));
	assert_true(nr <= LRUCOST_BTF_MAX_PARAMS);
	buf[0] = '\0';
	for (i = 0; i < nr; i++) {
		int n = snprintf(buf + at, size - at, "%s%s", i ? ", " : "",
				 names[i]);

		assert_true(n >= 0 && (size_t)n < size - at);
		at += (size_t)n;
	}
	return buf;
}

/* The members and function parameters lrucost reads, in every real blob. */
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
		char buf[256];
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
		/* the functions lrucost's probes read arguments of */
		assert_string_equal(params_of(b, len, "shrink_lruvec", buf,
					      sizeof(buf)), "lruvec, sc");
		assert_string_equal(params_of(b, len, "workingset_refault", buf,
					      sizeof(buf)), "folio, shadow");
		/* 6.1 and 6.12 pass the lruvec; later kernels do not */
		params_of(b, len, "move_folios_to_lru", buf, sizeof(buf));
		print_message("  move_folios_to_lru(%s)\n", buf);
		assert_true(!strcmp(buf, "lruvec, list") ||
			    !strcmp(buf, "list"));
		free(b);
		seen++;
	}
	free(list);
	assert_true(seen > 0);
}

static int write_blob(const char *path)
{
	FILE *f = fopen(path, "wb");

	if (!f)
		return 1;
	if (fwrite(blob, 1, blob_len, f) != blob_len) {
		fclose(f);
		return 1;
	}
	return fclose(f) != 0;
}

/*
 * test_btf --write-seed FILE: the synthetic blobs, small fuzzing seeds:
 * struct demo's in FILE, the functions' in FILE.funcs
 */
static int write_seed(const char *path)
{
	char funcs_path[4096];

	if (snprintf(funcs_path, sizeof(funcs_path), "%s.funcs", path) >=
	    (int)sizeof(funcs_path))
		return 1;
	build_blob();
	if (write_blob(path))
		return 1;
	build_func_blob();
	return write_blob(funcs_path);
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_synthetic),
		cmocka_unit_test(test_malformed),
		cmocka_unit_test(test_func_params),
		cmocka_unit_test(test_func_malformed),
		cmocka_unit_test(test_real_blobs),
	};

	if (argc == 3 && !strcmp(argv[1], "--write-seed"))
		return write_seed(argv[2]);
	return cmocka_run_group_tests_name("btf", tests, NULL, NULL);
}
