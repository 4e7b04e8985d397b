// A forbidden call site ("caller -> callee") is inlined by neither the early
// nor the IPA inliner; other calls of the same callee still are.  A site
// belongs to the function whose source body holds the call, also after that
// function was inlined elsewhere (mid -> helper, inside c).
//
// RUN: split-file %s %t
// RUN: %cc -O2 -S %t/calls.c -o %t/base.s
// RUN: FileCheck %s --check-prefix=BASE < %t/base.s
// RUN: %cc -O2 -S -fplugin=%plugin -fplugin-arg-inlinetune-policy=%t/policy.ini %t/calls.c -o %t/early.s 2>%t/err
// RUN: count 0 < %t/err
// RUN: FileCheck %s --check-prefix=FORBID < %t/early.s
// With early inlining off, the IPA inliner is the one that must refuse:
// RUN: %cc -O2 -fno-early-inlining -S %t/calls.c -o %t/ipa-base.s
// RUN: FileCheck %s --check-prefix=BASE < %t/ipa-base.s
// RUN: %cc -O2 -fno-early-inlining -S -fplugin=%plugin -fplugin-arg-inlinetune-policy=%t/policy.ini %t/calls.c -o %t/ipa.s
// RUN: FileCheck %s --check-prefix=FORBID < %t/ipa.s
// RUN: %cc -O2 -S -fplugin=%plugin -fplugin-arg-inlinetune-policy=%t/policy.ini -fplugin-arg-inlinetune-verbose %t/calls.c -o /dev/null 2>&1 | FileCheck %s --check-prefix=VERBOSE
//
// BASE-LABEL: {{^}}a:
// BASE-NOT:   helper
// BASE-LABEL: {{^}}b:
// BASE-NOT:   helper
// BASE-LABEL: {{^}}c:
// BASE-NOT:   helper
// BASE:       .size{{.*}}c,
//
// FORBID-LABEL: {{^}}a:
// FORBID:       {{^[[:space:]]+(call|bl)[[:space:]]+}}helper
// FORBID-LABEL: {{^}}b:
// FORBID-NOT:   helper
// FORBID-LABEL: {{^}}c:
// FORBID:       {{^[[:space:]]+(call|bl)[[:space:]]+}}helper
// FORBID:       {{^[[:space:]]+(call|bl)[[:space:]]+}}helper
// FORBID:       .size{{.*}}c,
//
// VERBOSE: forbidden call sites 3

//--- policy.ini
[rule]
never-inline-call = a -> helper
never-inline-call = mid -> helper

//--- calls.c
static int helper(int x) { return x * 3 + 1; }
static inline int mid(int x) { return helper(x) + helper(x + 1); }
int a(int x) { return helper(x) + 5; }
int b(int x) { return helper(x) + 6; }
int c(int x) { return mid(x) + 7; }
