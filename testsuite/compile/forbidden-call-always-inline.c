// Forbidding a call to an always_inline function is an error at the call that
// names caller, callee and the rule.
//
// RUN: printf '[rule]\nnever-inline-call = user -> fast_path\n' > %t.ini
// RUN: not %cc -O2 -c -fplugin=%plugin -fplugin-arg-inlinetune-policy=%t.ini %s -o %t.o 2>&1 | FileCheck %s
// CHECK: forbidden-call-always-inline.c:[[@LINE+3]]:{{[0-9]+}}: error: inlinetune: the call from 'user' to 'fast_path' is forbidden ({{.*}}.ini:2) but 'fast_path' is declared 'always_inline'

static inline __attribute__((always_inline)) int fast_path(int x) { return x * 2; }
int user(int x) { return fast_path(x) + 1; }
