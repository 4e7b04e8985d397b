// A never-inline name gives exactly the code of a source __attribute__((noinline)):
// static, extern, `inline` and called-once functions.
//
// (log=off where assembly is compared: log-obj.test shows the log changes no code.)
// RUN: %cc -O2 -S -DNOINLINE='__attribute__((noinline))' %s -o %t.attr.s 2>/dev/null
// RUN: %cc -O2 -S -fplugin=%plugin -fplugin-arg-inlinetune-log=off -fplugin-arg-inlinetune-noinline=st,ext,inl,once %s -o %t.plugin.s 2>%t.err
// RUN: diff %t.attr.s %t.plugin.s
// RUN: count 0 < %t.err
//
// The same through a policy file, with a glob:
// RUN: printf '[rule]\nnever-inline = st, e?t\nnever-inline = inl,once\n' > %t.ini
// RUN: %cc -O2 -S -fplugin=%plugin -fplugin-arg-inlinetune-log=off -fplugin-arg-inlinetune-policy=%t.ini %s -o %t.policy.s
// RUN: diff %t.attr.s %t.policy.s
//
// Without either, GCC inlines all four (else the diffs prove nothing):
// RUN: %cc -O2 -S %s -o %t.base.s
// RUN: FileCheck %s --check-prefix=BASE < %t.base.s
// RUN: FileCheck %s --check-prefix=LISTED < %t.plugin.s

#ifndef NOINLINE
#define NOINLINE
#endif

NOINLINE static int st(int x) { return x * 3 + 1; }
NOINLINE int ext(int x) { return x * 5 + 2; }
NOINLINE static inline int inl(int x) { return x * 7 + 3; }
NOINLINE static int once(int *a, int n) {
  int s = 0;
  for (int i = 0; i < n; i++)
    s += a[i] * a[i];
  for (int i = 0; i < n; i++)
    s ^= a[i] << 2;
  return s;
}

int user(int *a, int n) { return st(n) + ext(n) + inl(n) + once(a, n); }

// BASE-LABEL: {{^}}user:
// BASE-NOT:   {{^[[:space:]]+(call|bl)[[:space:]]}}
// BASE:       .size{{.*}}user

// LISTED-LABEL: {{^}}user:
// LISTED-DAG:   {{^[[:space:]]+(call|bl)[[:space:]]+}}st
// LISTED-DAG:   {{^[[:space:]]+(call|bl)[[:space:]]+}}ext
// LISTED-DAG:   {{^[[:space:]]+(call|bl)[[:space:]]+}}inl
// LISTED-DAG:   {{^[[:space:]]+(call|bl)[[:space:]]+}}once
// LISTED:       .size{{.*}}user
