// A never-inline name that is always_inline is an error that names both, at
// the function, and the compile stops.
//
// RUN: not %cc -O2 -c -fplugin=%plugin -fplugin-arg-inlinetune-noinline=fast_path %s -o %t.o 2>&1 | FileCheck %s
// RUN: test ! -e %t.o
// CHECK: never-inline-always-inline.c:[[@LINE+2]]:{{[0-9]+}}: error: inlinetune: 'fast_path' is on the never-inline list ('fast_path', command line) but is declared 'always_inline'

static inline __attribute__((always_inline)) int fast_path(int x) { return x * 2; }
int user(int x) { return fast_path(x) + 1; }
