// Replay (docs/replay.md, "How") decides an indirect call that GCC's IPA
// inliner makes direct: run calls through a pointer, and once run is
// inlined into user1 and user2, which pass cb, the call is a call of cb.
// A log that refuses cb there (GCC's own log, edited), replayed at the
// RFC's params, which inline cb (checked first), keeps both calls: the
// indirect call was marked before the IPA inliner, and GCC keeps the mark
// when it makes the call direct.  Without the mark GCC inlined cb against
// the log ("inlined_against_log":2).
// -fno-early-inlining: run's copies are the IPA inliner's; -fno-ipa-cp:
// no clone of run with cb propagated.
//
// RUN: rm -rf %t && split-file %s %t && cd %t
// RUN: %cc -O2 -fno-early-inlining -fno-ipa-cp -fchecking -S t.c -o rfc.s -fplugin=%plugin -fplugin-arg-inlinetune-profile=rfc -fplugin-arg-inlinetune-log=off
// RUN: FileCheck %s --check-prefix=INLINED < rfc.s
// RUN: %cc -O2 -fno-early-inlining -fno-ipa-cp -fchecking -c t.c -o gcc.o -fplugin=%plugin -fplugin-arg-inlinetune-log=gcc
// RUN: python3 refuse.py gcc/gcc.o.jsonl refused.jsonl
// RUN: %cc -O2 -fno-early-inlining -fno-ipa-cp -fchecking -S t.c -o rep.s -fplugin=%plugin -fplugin-arg-inlinetune-profile=rfc -fplugin-arg-inlinetune-replay=refused.jsonl -fplugin-arg-inlinetune-log=rep
// RUN: FileCheck %s --check-prefix=CALLS < rep.s
// RUN: FileCheck %s --check-prefix=LOG < rep/rep.o.jsonl
//
// INLINED-NOT: {{^[[:space:]]+(call|bl)[[:space:]]+}}cb
// CALLS-LABEL: {{^}}user1:
// CALLS:       {{^[[:space:]]+(call|bl|b|jmp)[[:space:]]+}}cb
// CALLS-LABEL: {{^}}user2:
// CALLS:       {{^[[:space:]]+(call|bl|b|jmp)[[:space:]]+}}cb
// LOG: "inlined_against_log":0}
// LOG-DAG: "caller":"user1","lexical_caller":"run","callee":"cb",{{.*}}"inlined":false,"reason":"REPLAYED_REFUSAL"
// LOG-DAG: "caller":"user2","lexical_caller":"run","callee":"cb",{{.*}}"inlined":false,"reason":"REPLAYED_REFUSAL"

//--- t.c
extern volatile int sink[64];
typedef int (*fn_t)(int);
static int cb(int x) {
  sink[0] = x; sink[1] = x + 1; sink[2] = x * 3; sink[3] = x ^ 5;
  sink[4] = x - 7; sink[5] = x * x; sink[6] = x >> 2; sink[7] = x << 3;
  sink[8] = x | 9; sink[9] = x & 10;
  return sink[12] + x;
}
static int run(fn_t fn, int x) { return fn(x) + sink[30]; }
int user1(int x) { return run(cb, x); }
int user2(int x) { return run(cb, x + 1) * 2; }
//--- refuse.py
# refuse.py LOG OUT: LOG with the IPA inliner's records of the calls of cb
# (both inlined by GCC) refused.
import json, sys
records = [json.loads(line) for line in open(sys.argv[1])]
calls = [r for r in records if r.get('record') == 'site' and r['pass'] == 'inline'
         and r['callee'] == 'cb']
assert len(calls) == 2 and all(r['inlined'] for r in calls), calls
for r in calls:
    r['inlined'], r['reason'] = False, 'MAX_INLINE_INSNS_AUTO_LIMIT'
with open(sys.argv[2], 'w') as f:
    for r in records:
        f.write(json.dumps(r, separators=(',', ':')) + '\n')
