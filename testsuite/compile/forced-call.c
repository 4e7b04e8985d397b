// Forced call sites (docs/policy.md, "Call sites"): a forced call is
// inlined, by the early inliner or, when it cannot (early inlining off), by
// the IPA one, while another call of the same callee in the same caller
// stays a call; forcing a whole caller -> callee pair inlines every call of
// it; calls GCC may not inline stay calls, their records saying why; a call
// both forced and forbidden is an error.  -fchecking makes GCC verify its
// call graph and bodies after each change.
//
// RUN: split-file %s %t
// RUN: %cc -O2 -S %t/calls.c -o %t/base.s
// RUN: FileCheck %s --check-prefix=BASE < %t/base.s
// RUN: cd %t && %cc -O2 -fchecking -S -fplugin=%plugin -fplugin-arg-inlinetune-policy=site.ini -fplugin-arg-inlinetune-log=early calls.c -o early.s 2>%t/err
// RUN: count 0 < %t/err
// RUN: FileCheck %s --check-prefix=SITE < %t/early.s
// RUN: FileCheck %s --check-prefix=EARLY-LOG < %t/early/early.o.jsonl
// With early inlining off, the IPA inliner's turn:
// RUN: cd %t && %cc -O2 -fchecking -fno-early-inlining -S -fplugin=%plugin -fplugin-arg-inlinetune-policy=site.ini -fplugin-arg-inlinetune-log=ipa calls.c -o ipa.s
// RUN: FileCheck %s --check-prefix=SITE < %t/ipa.s
// RUN: FileCheck %s --check-prefix=IPA-LOG < %t/ipa/ipa.o.jsonl
// Sites are named as the log's "location" writes them (relative to the
// source tree: here the current directory).  The site by its id in the
// log, and the pair:
// RUN: python3 -c "import json,sys; print('[rule]\ninline-site = ' + [r['id'] for r in map(json.loads, open(sys.argv[1])) if r.get('location','').endswith(':12:11') and r['callee'] == 'big'][0])" %t/early/early.o.jsonl > %t/id.ini
// RUN: cd %t && %cc -O2 -fchecking -S -fplugin=%plugin -fplugin-arg-inlinetune-policy=id.ini calls.c -o id.s
// RUN: FileCheck %s --check-prefix=SITE < %t/id.s
// RUN: cd %t && %cc -O2 -fchecking -S -fplugin=%plugin -fplugin-arg-inlinetune-policy=pair.ini -fplugin-arg-inlinetune-log=pair calls.c -o pair.s
// RUN: FileCheck %s --check-prefix=PAIR < %t/pair.s
// RUN: FileCheck %s --check-prefix=REFUSED < %t/pair/pair.o.jsonl
// RUN: cd %t && not %cc -O2 -S -fplugin=%plugin -fplugin-arg-inlinetune-policy=both.ini calls.c -o /dev/null 2>&1 | FileCheck %s --check-prefix=BOTH
// RUN: %cc -O2 -S -fplugin=%plugin -fplugin-arg-inlinetune-policy=%t/pair.ini -fplugin-arg-inlinetune-verbose %t/calls.c -o /dev/null 2>&1 | FileCheck %s --check-prefix=VERBOSE
//
// GCC inlines big nowhere:
// BASE-LABEL: {{^}}a:
// BASE:       {{^[[:space:]]+(call|bl)[[:space:]]+}}big
// BASE:       {{^[[:space:]]+(call|bl)[[:space:]]+}}big
// BASE:       .size{{.*}}a,
//
// SITE-LABEL: {{^}}a:
// SITE:       {{^[[:space:]]+(call|bl)[[:space:]]+}}big
// SITE-NOT:   {{^[[:space:]]+(call|bl)[[:space:]]+}}big
// SITE:       .size{{.*}}a,
// SITE-LABEL: {{^}}b:
// SITE:       {{^[[:space:]]+(call|bl)[[:space:]]+}}big
// SITE:       .size{{.*}}b,
//
// EARLY-LOG: "forced_sites":["calls.c:12:11 a -> big"]
// EARLY-LOG: {"record":"site",{{.*}}"pass":"einline","caller":"a","callee":"big","location":"calls.c:12:11","inlined":true,"reason":"FORCED_BY_POLICY"
// IPA-LOG:   {"record":"site",{{.*}}"pass":"inline","caller":"a","callee":"big","location":"calls.c:12:11","inlined":true,"reason":"FORCED_BY_POLICY"
//
// PAIR-LABEL: {{^}}a:
// PAIR-NOT:   {{^[[:space:]]+(call|bl)[[:space:]]+}}big
// PAIR:       .size{{.*}}a,
// PAIR-LABEL: {{^}}b:
// PAIR:       {{^[[:space:]]+(call|bl)[[:space:]]+}}big
// PAIR:       .size{{.*}}b,
// PAIR-LABEL: {{^}}r:
// PAIR:       {{^[[:space:]]+(call|bl)[[:space:]]+}}kept
// PAIR:       {{^[[:space:]]+(call|bl)[[:space:]]+}}ext
// PAIR:       {{^[[:space:]]+(call|bl)[[:space:]]+}}o1
//
// REFUSED-DAG: "caller":"r","callee":"kept",{{.*}}"inlined":false,"reason":"FORCE_REFUSED_FUNCTION_NOT_INLINABLE"
// REFUSED-DAG: "caller":"r","callee":"ext",{{.*}}"inlined":false,"reason":"FORCE_REFUSED_BODY_NOT_AVAILABLE"
// REFUSED-DAG: "caller":"r","callee":"o1",{{.*}}"inlined":false,"reason":"FORCE_REFUSED_OPTIMIZATION_MISMATCH"
// REFUSED-DAG: "caller":"fact","callee":"fact",{{.*}}"inlined":false,"reason":"FORCE_REFUSED_RECURSIVE_INLINING"
// REFUSED-DAG: "FORCE_REFUSED_FUNCTION_NOT_INLINABLE":"call site forced by an inlinetune policy cannot be inlined: function not inlinable"
//
// BOTH: calls.c:12:11: error: inlinetune: the call from 'a' to 'big' is both forced (inline-site = a -> big @ calls.c:12 (both.ini:2)) and forbidden (never-inline-call = a -> big (both.ini:3))
//
// VERBOSE: forced call sites 2 inlined, {{[1-9][0-9]*}} refused

//--- site.ini
[rule]
inline-site = a -> big @ calls.c:12

//--- pair.ini
[rule]
inline-call = a -> big
inline-call = r -> *
inline-call = fact -> fact

//--- both.ini
[rule]
inline-site = a -> big @ calls.c:12
never-inline-call = a -> big

//--- calls.c
extern int ext(int);
int big(int x) {
  int s = x;
  for (int i = 0; i < (x & 15); i++)
    s = ext(s * 31 + (s >> 3) + i * x);
  for (int i = 0; i < (x & 7); i++)
    s ^= ext(s << i) + ext(s >> i);
  return s ^ ext(x << 5) ^ ext(x >> 2) ^ ext(x * 3);
}
int a(int x) {
  int p = big(x);
  int q = big(x + 1);
  return p + q;
}
int b(int x) { return big(x) + 2; }
__attribute__((noinline)) int kept(int x) { return x * 3 + 1; }
__attribute__((optimize("O1"))) int o1(int x) { return x * 7; }
int fact(int x) { return x <= 1 ? 1 : x * fact(x - 1); }
int r(int x) { return kept(x) + ext(x) + o1(x); }
