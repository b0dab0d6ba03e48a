// SPDX-License-Identifier: GPL-2.0
/*
 * btf_offsets BLOB [STRUCT.]FIELD|FUNC()...: print where struct members lie
 * in a BTF blob (scan_control's when no STRUCT is named), and what the parameters of each FUNC() are called, in
 * the format of the module's status file, so that a VM test can compare
 * what the module read from kernel memory with what the host read from the
 * vmlinuz.  A trailing ? makes a FIELD or FUNC() optional: absent, it
 * prints nothing.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lrucost_btf.h"

/* "proto FUNC: a, b"; 0, or 1 after saying what went wrong */
static int print_proto(const unsigned char *buf, unsigned long len,
		       const char *func, int optional)
{
	const char *few[LRUCOST_BTF_MAX_PARAMS], **names = few;
	unsigned int nr, i;
	int err = lrucost_btf_func_params(buf, len, func, few,
					  LRUCOST_BTF_MAX_PARAMS, &nr);

	if (err == LRUCOST_BTF_ENOFUNC && optional)
		return 0;
	if (!err && nr > LRUCOST_BTF_MAX_PARAMS) {
		names = calloc(nr, sizeof(*names));
		if (!names) {
			perror("btf_offsets");
			return 1;
		}
		err = lrucost_btf_func_params(buf, len, func, names, nr, &nr);
	}
	if (err) {
		fprintf(stderr, "%s(): %s\n", func, lrucost_btf_strerror(err));
	} else {
		/* as t-load.sh makes of the status file: "f: " for f() */
		printf("proto %s: ", func);
		for (i = 0; i < nr; i++)
			printf("%s%s", i ? ", " : "", names[i]);
		printf("\n");
	}
	if (names != few)
		free(names);
	return err != 0;
}

int main(int argc, char **argv)
{
	FILE *f;
	unsigned char *buf;
	long len;
	int i, rc = 0;

	if (argc < 3) {
		fprintf(stderr,
			"usage: btf_offsets BLOB [STRUCT.]FIELD[?]|FUNC()[?]...\n");
		return 2;
	}
	f = fopen(argv[1], "rb");
	if (!f || fseek(f, 0, SEEK_END) || (len = ftell(f)) <= 0 ||
	    fseek(f, 0, SEEK_SET)) {
		perror(argv[1]);
		return 1;
	}
	buf = malloc((size_t)len);
	if (!buf || fread(buf, 1, (size_t)len, f) != (size_t)len) {
		perror(argv[1]);
		return 1;
	}
	fclose(f);
	for (i = 2; i < argc; i++) {
		struct lrucost_btf_member m;
		const char *type, *field;
		char *dot;
		size_t n = strlen(argv[i]);
		/* NAME? is optional: absent, it prints nothing */
		int optional = n && argv[i][n - 1] == '?';
		int err;

		if (optional)
			argv[i][--n] = '\0';
		/* FUNC(): the names of its parameters */
		if (n > 2 && !strcmp(argv[i] + n - 2, "()")) {
			argv[i][n - 2] = '\0';
			rc |= print_proto(buf, (unsigned long)len, argv[i],
					  optional);
			continue;
		}
		/* STRUCT.FIELD, or FIELD of scan_control */
		type = "scan_control";
		field = argv[i];
		dot = strchr(argv[i], '.');
		if (dot) {
			*dot = '\0';
			type = argv[i];
			field = dot + 1;
		}
		err = lrucost_btf_find_member(buf, (unsigned long)len, type,
					      field, &m);
		if (err == LRUCOST_BTF_ENOMEMBER && optional)
			continue;
		if (err) {
			fprintf(stderr, "%s.%s: %s\n", type, field,
				lrucost_btf_strerror(err));
			rc = 1;
		} else if (m.bit_size) {
			printf("%s.%s: offset %lu bit %lu width %u\n", type,
			       field, m.bit_offset / 8, m.bit_offset % 8,
			       m.bit_size);
		} else {
			printf("%s.%s: offset %lu size %lu\n", type, field,
			       m.bit_offset / 8, m.byte_size);
		}
	}
	free(buf);
	return rc;
}
