// SPDX-License-Identifier: GPL-2.0
/*
 * mapread FILE PASSES: map FILE read-only and read one byte of every page,
 * PASSES times.  The reads are page faults, not read() calls: under MGLRU
 * a refault in a fault is one the kernel may count as a workingset
 * restore (6.1, 6.12: lru_gen_refault()), where read() refaults mostly
 * are not.  Built statically for the test VM.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	volatile const unsigned char *p;
	unsigned long sum = 0;
	struct stat st;
	long passes, n;
	size_t i;
	int fd;

	if (argc != 3) {
		fprintf(stderr, "usage: mapread FILE PASSES\n");
		return 2;
	}
	passes = atol(argv[2]);
	fd = open(argv[1], O_RDONLY);
	if (fd < 0 || fstat(fd, &st)) {
		perror(argv[1]);
		return 1;
	}
	p = mmap(NULL, st.st_size, PROT_READ, MAP_SHARED, fd, 0);
	if (p == MAP_FAILED) {
		perror("mmap");
		return 1;
	}
	/* fault page by page: no readahead around the faults */
	madvise((void *)p, st.st_size, MADV_RANDOM);
	for (n = 0; n < passes; n++)
		for (i = 0; i < (size_t)st.st_size; i += 4096)
			sum += p[i];
	return sum == 1; /* keep sum alive */
}
