// A never-inline name that this TU does not define changes nothing and says
// nothing, also with verbose off.
//
// (log=off where assembly is compared: log-obj.test shows the log changes no code.)
// RUN: %cc -O2 -S %s -o %t.base.s
// RUN: %cc -O2 -S -fplugin=%plugin -fplugin-arg-inlinetune-log=off -fplugin-arg-inlinetune-noinline=not_here,nor_this %s -o %t.plugin.s 2>%t.err
// RUN: diff %t.base.s %t.plugin.s
// RUN: count 0 < %t.err
// With verbose, the TU's summary says it was not defined here:
// RUN: %cc -O2 -S -fplugin=%plugin -fplugin-arg-inlinetune-log=off -fplugin-arg-inlinetune-noinline=not_here,helper -fplugin-arg-inlinetune-verbose %s -o /dev/null 2>&1 | FileCheck %s
// CHECK: inlinetune: {{.*}}never-inline-absent.c: params (gcc's); per-function overrides 0; never-inline not_here (not defined here) helper (applied to 1); forbidden call sites 0

static int helper(int x) { return x + 1; }
int user(int x) { return helper(x) * 2; }
