// SPDX-License-Identifier: GPL-2.0
/*
 * resident FILE: print how many of FILE's pages are in the page cache
 * (mincore), and how many pages it has, so a test knows how many pages
 * reclaim evicted and must refault when FILE is read again.  Built
 * statically for the test VM.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	long page = sysconf(_SC_PAGESIZE);
	size_t pages, i, in = 0;
	unsigned char *vec;
	struct stat st;
	void *map;
	int fd;

	if (argc != 2) {
		fprintf(stderr, "usage: resident FILE\n");
		return 2;
	}
	fd = open(argv[1], O_RDONLY);
	if (fd < 0 || fstat(fd, &st) < 0) {
		perror(argv[1]);
		return 1;
	}
	pages = (st.st_size + page - 1) / page;
	if (!pages) {
		printf("0 0\n");
		return 0;
	}
	/* a mapping only: mincore() looks at the page cache, faults nothing */
	map = mmap(NULL, st.st_size, PROT_READ, MAP_SHARED, fd, 0);
	vec = malloc(pages);
	if (map == MAP_FAILED || !vec || mincore(map, st.st_size, vec) < 0) {
		perror("mincore");
		return 1;
	}
	for (i = 0; i < pages; i++)
		in += vec[i] & 1;
	printf("%zu %zu\n", in, pages);
	return 0;
}
