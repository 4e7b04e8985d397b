// Replay (docs/replay.md, "How") drops a function whose last call it
// inlined after GCC's IPA inliner, as GCC's inliner drops one whose last
// call it inlined: the RFC's params inline apply (its ipa-cp clone) into
// both callers and then cb, whose address apply was given; replayed at
// GCC's params, where GCC's inliner leaves apply to replay, cb must be gone
// too, and the code is the RFC's.  Kept, cb was emitted out of line.
//
// RUN: rm -rf %t && split-file %s %t && cd %t
// RUN: %cc -O2 -fchecking -c t.c -o gcc.o -fplugin=%plugin -fplugin-arg-inlinetune-log=off
// RUN: %cc -O2 -fchecking -c t.c -o rfc.o -fplugin=%plugin -fplugin-arg-inlinetune-profile=rfc -fplugin-arg-inlinetune-log=rfc
// RUN: not cmp -s gcc.o rfc.o
// RUN: %cc -O2 -fchecking -c t.c -o rep.o -fplugin=%plugin -fplugin-arg-inlinetune-replay=rfc/rfc.o.jsonl -fplugin-arg-inlinetune-log=off
// RUN: %objdump -t rep.o | FileCheck %s
// RUN: cmp rfc.o rep.o
//
// CHECK-NOT: {{ }}cb{{$}}
// CHECK-NOT: apply
// CHECK: {{ }}user1{{$}}

//--- t.c
extern volatile int sink[64];
static int cb(int x) { sink[1] = x; return x * 3 + sink[2]; }
static int apply(int (*fn)(int), int x) {
  int s = 0;
  for (int i = 0; i < x; i++) {
    s += fn(i) ^ sink[i & 7];
    if (s > 1000)
      s -= sink[i & 3];
  }
  sink[9] = s;
  return s + sink[10];
}
int user1(int x) { return apply(cb, x); }
int user2(int x) { return apply(cb, x + 1) * 2; }
