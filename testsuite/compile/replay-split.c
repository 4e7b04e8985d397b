// Replay and ipa-split (docs/replay.md): at the RFC's params ipa-split
// cuts work's cold tail off as work.part.0 and GCC inlines the rest (a
// partial inlining); at GCC's own params it does not.  Replaying the RFC's
// log at GCC's params makes ipa-split run on work at the params the log
// recorded for it, so the part, and the recorded decisions on its calls,
// come back: the RFC's object.  The reverse too (GCC's log at the RFC's
// params: GCC's object); a self replay changes no param; out of the
// replay-functions scope, ipa-split keeps this build's params.
//
// RUN: rm -rf %t && split-file %s %t && mkdir %t/rfc %t/gcc %t/cross %t/reverse %t/self %t/scoped
// RUN: cd %t/rfc && %cc -O2 -fchecking -c ../split.c -o t.o -fplugin=%plugin -fplugin-arg-inlinetune-profile=rfc -fplugin-arg-inlinetune-log=../rfc-log
// RUN: cd %t/gcc && %cc -O2 -fchecking -c ../split.c -o t.o -fplugin=%plugin -fplugin-arg-inlinetune-log=../gcc-log
// The input does what this test needs: only the RFC's params split work.
// RUN: %readelf -sW %t/rfc/t.o | FileCheck %s --check-prefix=PART
// RUN: %readelf -sW %t/gcc/t.o | FileCheck %s --check-prefix=NO-PART
// RUN: grep -q '"callee":"work.part.0"' %t/rfc-log/t.o.jsonl
// RUN: not grep -q 'work.part' %t/gcc-log/t.o.jsonl
//
// The RFC's log at GCC's params: every recorded site found, the RFC's code.
// RUN: cd %t/cross && %cc -O2 -fchecking -c ../split.c -o t.o -fplugin=%plugin -fplugin-arg-inlinetune-replay=../rfc-log -fplugin-arg-inlinetune-log=../cross-log
// RUN: cmp %t/rfc/t.o %t/cross/t.o
// RUN: FileCheck %s --check-prefix=CROSS < %t/cross-log/t.o.jsonl
// RUN: python3 %root/testsuite/scripts/validate_log.py %t/cross-log/t.o.jsonl
//
// GCC's log at the RFC's params: GCC's code, no part.
// RUN: cd %t/reverse && %cc -O2 -fchecking -c ../split.c -o t.o -fplugin=%plugin -fplugin-arg-inlinetune-profile=rfc -fplugin-arg-inlinetune-replay=../gcc-log -fplugin-arg-inlinetune-log=../reverse-log
// RUN: cmp %t/gcc/t.o %t/reverse/t.o
// RUN: FileCheck %s --check-prefix=CROSS < %t/reverse-log/t.o.jsonl
//
// A self replay: the recorded params are this build's, none is set.
// RUN: cd %t/self && %cc -O2 -fchecking -c ../split.c -o t.o -fplugin=%plugin -fplugin-arg-inlinetune-profile=rfc -fplugin-arg-inlinetune-replay=../rfc-log -fplugin-arg-inlinetune-log=../self-log
// RUN: cmp %t/rfc/t.o %t/self/t.o
// RUN: FileCheck %s --check-prefix=SELF < %t/self-log/t.o.jsonl
//
// Replay scoped to user1: only user1 is split at the recorded params; work
// is out of scope, ipa-split runs on it at this build's params and cuts no
// part.
// RUN: cd %t/scoped && %cc -O2 -fchecking -c ../split.c -o t.o -fplugin=%plugin -fplugin-arg-inlinetune-replay=../rfc-log -fplugin-arg-inlinetune-replay-functions=user1 -fplugin-arg-inlinetune-log=../scoped-log
// RUN: %readelf -sW %t/scoped/t.o | FileCheck %s --check-prefix=NO-PART
// RUN: FileCheck %s --check-prefix=SCOPED < %t/scoped-log/t.o.jsonl
//
// PART:    work.part.0
// NO-PART-NOT: work.part
// CROSS:   "replay":{"log":"../{{rfc|gcc}}-log/t.o.jsonl","found":true,"fallback":"gcc","replayed":{{[1-9][0-9]*}},"not_found":0,"unmatched":0,"ambiguous":0,"refused":0,"split_at_recorded_params":{{[1-9][0-9]*}},"left_to_gcc":0,"inlined_against_log":0}
// SELF:    "split_at_recorded_params":0,"left_to_gcc":{{[0-9]+}},"inlined_against_log":0}
// SCOPED:  "split_at_recorded_params":1,"left_to_gcc":0,"inlined_against_log":0}

//--- split.c
extern void report(const char *, int, int);
extern int table[64];
int counter;

// A header of about 28 of GCC's size units, over max-inline-insns-auto
// (15) + 10 at GCC's params and under it (30) + 10 at the RFC's; a cold
// tail too large to be inlined back.
int work(int a, int b, int c)
{
  int h = table[a & 63] * 3 + table[b & 63] * 5 + table[c & 63] * 7;
  h ^= table[(a + b) & 63] + table[(b + c) & 63];
  h += table[(a ^ c) & 63] * 9;
  if (__builtin_expect(h > 1000, 0)) {
    for (int i = 0; i < a; i++) {
      report("r0", i * 1, a);
      report("r1", i * 2, b);
      report("r2", i * 3, c);
      report("r3", i * 4, a);
      report("r4", i * 5, b);
      report("r5", i * 6, c);
      report("r6", i * 7, a);
      report("r7", i * 8, b);
      report("r8", i * 9, c);
      report("r9", i * 10, a);
      report("r10", i * 11, b);
      report("r11", i * 12, c);
      report("r12", i * 13, a);
      report("r13", i * 14, b);
      report("r14", i * 15, c);
      report("r15", i * 16, a);
      report("r16", i * 17, b);
      report("r17", i * 18, c);
      report("r18", i * 19, a);
      report("r19", i * 20, b);
      report("r20", i * 21, c);
      report("r21", i * 22, a);
      report("r22", i * 23, b);
      report("r23", i * 24, c);
      report("r24", i * 25, a);
      report("r25", i * 26, b);
      report("r26", i * 27, c);
      report("r27", i * 28, a);
      report("r28", i * 29, b);
      report("r29", i * 30, c);
      report("r30", i * 31, a);
      report("r31", i * 32, b);
      report("r32", i * 33, c);
      report("r33", i * 34, a);
      report("r34", i * 35, b);
      report("r35", i * 36, c);
      report("r36", i * 37, a);
      report("r37", i * 38, b);
      report("r38", i * 39, c);
      report("r39", i * 40, a);
      counter += table[i & 63];
    }
    return counter;
  }
  return h;
}

int user1(int x) { return work(x, x + 1, x + 2) + 1; }
int user2(int x) { return work(x, 2, 3) * 2; }
int user3(int x, int y) { return work(y, x, 3) - work(x, y, 5); }
