#ifndef HTTP_H
#define HTTP_H
#include <stdio.h>
#include "curl/curl.h"

#define MAX_LEN 10
#define SQUARE(x) ((x)*(x))

/* A point. */
struct point {
  int x, y;
};

typedef struct node {
  struct node *next;
} node_t;

enum color { RED, GREEN };

static const int limit = 5;

int add(int a, int b);

/* Adds things. */
static int *make_point(struct point *p, size_t n)
{
  return helper(p->x, SQUARE(n));
}
#endif
