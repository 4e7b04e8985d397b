// Replay (docs/replay.md, "How") and a call in a body the IPA inliner
// moves without copying it: h is inlined into f1 and f2 and nowhere else,
// so GCC's inliner copies h for the first and moves h's own body into the
// second (no hook sees that).  A log that inlines m in one of h's two
// copies and not in the other (GCC's log, which refuses m in both,
// edited), replayed at the RFC's params, which inline m everywhere
// (checked first), gives each copy its own decision, whichever copy GCC
// moves: the call in h's own body is refused until it has its place, and
// then takes the log's decision there.  Before, the moved body's call was
// left to GCC, which inlined m in both when the log inlined it in f2's copy.
// -fno-early-inlining: h's copies are the IPA inliner's.
//
// RUN: rm -rf %t && split-file %s %t && cd %t
// RUN: %cc -O2 -fno-early-inlining -fno-ipa-cp -fno-partial-inlining -fchecking -S t.c -o rfc.s -fplugin=%plugin -fplugin-arg-inlinetune-profile=rfc -fplugin-arg-inlinetune-log=off
// RUN: FileCheck %s --check-prefix=RFC < rfc.s
// RUN: %cc -O2 -fno-early-inlining -fno-ipa-cp -fno-partial-inlining -fchecking -c t.c -o gcc.o -fplugin=%plugin -fplugin-arg-inlinetune-log=gcc
// RUN: python3 edit.py gcc/gcc.o.jsonl in-f1.jsonl f1
// RUN: python3 edit.py gcc/gcc.o.jsonl in-f2.jsonl f2
// RUN: %cc -O2 -fno-early-inlining -fno-ipa-cp -fno-partial-inlining -fchecking -S t.c -o in-f1.s -fplugin=%plugin -fplugin-arg-inlinetune-profile=rfc -fplugin-arg-inlinetune-replay=in-f1.jsonl -fplugin-arg-inlinetune-log=off
// RUN: FileCheck %s --check-prefix=IN-F1 < in-f1.s
// RUN: %cc -O2 -fno-early-inlining -fno-ipa-cp -fno-partial-inlining -fchecking -S t.c -o in-f2.s -fplugin=%plugin -fplugin-arg-inlinetune-profile=rfc -fplugin-arg-inlinetune-replay=in-f2.jsonl -fplugin-arg-inlinetune-log=off
// RUN: FileCheck %s --check-prefix=IN-F2 < in-f2.s
//
// RFC-NOT: {{^[[:space:]]+(call|bl)[[:space:]]+}}m
// IN-F1-LABEL: {{^}}f1:
// IN-F1-NOT:   {{^[[:space:]]+(call|bl|b|jmp)[[:space:]]+}}m
// IN-F1-LABEL: {{^}}f2:
// IN-F1:       {{^[[:space:]]+(call|bl)[[:space:]]+}}m
// IN-F2-LABEL: {{^}}f1:
// IN-F2:       {{^[[:space:]]+(call|bl)[[:space:]]+}}m
// IN-F2-LABEL: {{^}}f2:
// IN-F2-NOT:   {{^[[:space:]]+(call|bl|b|jmp)[[:space:]]+}}m
// IN-F2-LABEL: {{^}}f3:

//--- t.c
extern volatile int sink[64];
static int m(int x) {
  sink[0] = x; sink[1] = x + 1; sink[2] = x * 3; sink[3] = x ^ 5;
  sink[4] = x - 7; sink[5] = x * x; sink[6] = x >> 2; sink[7] = x << 3;
  sink[8] = x | 9; sink[9] = x & 10; sink[10] = x + 11; sink[11] = x * 12;
  sink[12] = x - 13; sink[13] = x ^ 14; sink[14] = x + 15; sink[15] = x * 16;
  return sink[20] + x;
}
static int h(int x) { return m(x) + 1; }
int f1(int a) { return h(a) * 3; }
int f2(int b) { return h(b) * 5; }
int f3(int c) { return m(c) * 7; }
//--- edit.py
# edit.py LOG OUT CALLER: LOG with the IPA inliner's record of the call of
# m in h's copy in CALLER inlined (GCC refused it in both copies).
import json, sys
src, out, caller = sys.argv[1:4]
records = [json.loads(line) for line in open(src)]
copies = [r for r in records if r.get('record') == 'site' and r['pass'] == 'inline'
          and r['callee'] == 'm' and r.get('chain') == [r['caller'], 'h']]
assert sorted(r['caller'] for r in copies) == ['f1', 'f2'], copies
assert not any(r['inlined'] for r in copies), 'GCC inlined m'
for r in copies:
    if r['caller'] == caller:
        r['inlined'], r['reason'] = True, 'OK'
with open(out, 'w') as f:
    for r in records:
        f.write(json.dumps(r, separators=(',', ':')) + '\n')
