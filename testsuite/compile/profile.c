// profile=rfc is exactly the RFC's five --param flags, functions with an
// `optimize` attribute or `#pragma GCC optimize` included; profile=gcc changes
// nothing.
//
// (log=off where assembly is compared: log-obj.test shows the log changes no code.)
// RUN: %cc -O2 -S %s -o %t.base.s
// RUN: %cc -O2 %rfc_params -S %s -o %t.rfc.s
// RUN: %cc -O2 -fplugin=%plugin -fplugin-arg-inlinetune-log=off -fplugin-arg-inlinetune-profile=rfc -S %s -o %t.plugin.s 2>%t.err
// RUN: diff %t.rfc.s %t.plugin.s
// RUN: count 0 < %t.err
// RUN: %cc -O2 -fplugin=%plugin -fplugin-arg-inlinetune-log=off -fplugin-arg-inlinetune-profile=gcc -S %s -o %t.gcc.s
// RUN: diff %t.base.s %t.gcc.s
// The plugin's values win over the command line's own --param:
// RUN: %cc -O2 --param=max-inline-insns-auto=15 --param=early-inlining-insns=6 -fplugin=%plugin -fplugin-arg-inlinetune-log=off -fplugin-arg-inlinetune-profile=rfc -S %s -o %t.over.s
// RUN: diff %t.rfc.s %t.over.s
//
// The params change this file, in every kind of function (else the diffs above
// prove nothing):
// RUN: FileCheck %s --check-prefix=BASE < %t.base.s
// RUN: FileCheck %s --check-prefix=RFC < %t.plugin.s

static int work(int *a, int n) {
  int s = 0;
  for (int i = 0; i < n; i++) {
    s += a[i] * a[i] ^ (s >> 3);
    if (s > 1000)
      s -= a[i / 2];
    s += a[(i * 7) % n];
  }
  for (int i = 0; i < n; i++)
    s ^= a[i] + 17 * i;
  return s;
}

int work2(int *a, int n) {
  int s = 0;
  for (int i = 0; i < n; i++) {
    s += a[i] * 3 ^ (s >> 2);
    if (s > 100)
      s -= a[i / 3];
    s += a[(i * 5) % n];
  }
  return s;
}

int caller1(int *a, int n) { return work(a, n) + work2(a, n) + 1; }
int caller2(int *a, int n) { return work(a, n + 1) + work2(a, n + 1) + 2; }

__attribute__((optimize("O2"))) int caller3(int *a, int n) { return work2(a, n + 3) + 3; }

#pragma GCC push_options
#pragma GCC optimize("O2")
int caller4(int *a, int n) { return work2(a, n + 4) + 4; }
#pragma GCC pop_options

// BASE-LABEL: {{^}}caller1:
// BASE:       {{^[[:space:]]+(call|bl)[[:space:]]+}}work2
// BASE-LABEL: {{^}}caller3:
// BASE:       {{^[[:space:]]+(call|bl|jmp|b)[[:space:]]+}}work2
// BASE-LABEL: {{^}}caller4:
// BASE:       {{^[[:space:]]+(call|bl|jmp|b)[[:space:]]+}}work2

// RFC-LABEL: {{^}}caller1:
// RFC-NOT:   work2
// RFC:       .size{{.*}}caller1
// RFC-LABEL: {{^}}caller3:
// RFC-NOT:   work2
// RFC:       .size{{.*}}caller3
// RFC-LABEL: {{^}}caller4:
// RFC-NOT:   work2
// RFC:       .size{{.*}}caller4
