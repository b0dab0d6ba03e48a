// SPDX-License-Identifier: GPL-2.0
/*
 * btf_offsets BLOB FIELD...: print where struct scan_control's FIELDs lie in
 * a BTF blob, in the format of the module's status file, so that a VM test
 * can compare what the module read from kernel memory with what the host
 * read from the vmlinuz.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lrucost_btf.h"

int main(int argc, char **argv)
{
	FILE *f;
	unsigned char *buf;
	long len;
	int i, rc = 0;

	if (argc < 3) {
		fprintf(stderr, "usage: btf_offsets BLOB FIELD[?]...\n");
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
		size_t n = strlen(argv[i]);
		/* NAME? is optional: absent, it prints nothing */
		int optional = n && argv[i][n - 1] == '?';
		int err;

		if (optional)
			argv[i][n - 1] = '\0';
		err = lrucost_btf_find_member(buf, (unsigned long)len,
					      "scan_control", argv[i], &m);
		if (err == LRUCOST_BTF_ENOMEMBER && optional)
			continue;
		if (err) {
			fprintf(stderr, "scan_control.%s: %s\n", argv[i],
				lrucost_btf_strerror(err));
			rc = 1;
		} else if (m.bit_size) {
			printf("scan_control.%s: offset %lu bit %lu width %u\n",
			       argv[i], m.bit_offset / 8, m.bit_offset % 8,
			       m.bit_size);
		} else {
			printf("scan_control.%s: offset %lu size %lu\n",
			       argv[i], m.bit_offset / 8, m.byte_size);
		}
	}
	free(buf);
	return rc;
}
