// Replay (docs/replay.md) tells apart two inline copies of one function in
// one caller: h is inlined twice into f, and the log's "chain_sites" (the
// id of the call that made each copy) says which copy a record of the call
// to m in h is.  A log that inlines m in the first copy only, replayed,
// inlines m there and not in the second.  Without "chain_sites" (a log of
// an older inlinetune) the two records of that call disagree: the site is
// ambiguous and GCC decides (both calls stay).
// -fno-early-inlining: h's copies are the IPA inliner's.
//
// RUN: rm -rf %t && split-file %s %t && cd %t
// RUN: %cc -O2 -fno-early-inlining -fno-partial-inlining -fchecking -c copies.c -o rec.o -fplugin=%plugin -fplugin-arg-inlinetune-log=rec
// RUN: python3 %root/testsuite/scripts/validate_log.py rec/rec.o.jsonl
// GCC inlines m in neither copy (else the test proves nothing); the log
// inlines it in the copy the first call (line 12) made:
// RUN: python3 edit.py rec/rec.o.jsonl first.jsonl keep
// RUN: %cc -O2 -fno-early-inlining -fno-partial-inlining -fchecking -S copies.c -o first.s -fplugin=%plugin -fplugin-arg-inlinetune-replay=first.jsonl -fplugin-arg-inlinetune-log=first
// RUN: FileCheck %s --check-prefix=ONE < first.s
// RUN: python3 edit.py first/first.o.jsonl - outcome | FileCheck %s --check-prefix=FIRST
// RUN: FileCheck %s --check-prefix=HEADER < first/first.o.jsonl
//
// The same log without "chain_sites": ambiguous, GCC's decision in both.
// RUN: python3 edit.py rec/rec.o.jsonl old.jsonl strip
// RUN: %cc -O2 -fno-early-inlining -fno-partial-inlining -fchecking -S copies.c -o old.s -fplugin=%plugin -fplugin-arg-inlinetune-replay=old.jsonl -fplugin-arg-inlinetune-log=old
// RUN: FileCheck %s --check-prefix=TWO < old.s
// RUN: FileCheck %s --check-prefix=AMBIGUOUS < old/old.o.jsonl
//
// ONE-LABEL: {{^}}f:
// ONE:       {{^[[:space:]]+(call|bl)[[:space:]]+}}m
// ONE-NOT:   {{^[[:space:]]+(call|bl)[[:space:]]+}}m
// ONE:       .size{{.*}}f,
// TWO-LABEL: {{^}}f:
// TWO-COUNT-2: {{^[[:space:]]+(call|bl)[[:space:]]+}}m
// TWO:       .size{{.*}}f,
// FIRST: copies.c:12 inlined REPLAYED_INLINE
// FIRST: copies.c:13 refused
// HEADER: "replay":{{{.*}}"ambiguous":0,
// AMBIGUOUS: "replay":{{{.*}}"ambiguous":1,

//--- copies.c
extern volatile int sink[64];
static int m(int x) {
  sink[0] = x; sink[1] = x + 1; sink[2] = x * 3; sink[3] = x ^ 5;
  sink[4] = x - 7; sink[5] = x * x; sink[6] = x >> 2; sink[7] = x << 3;
  sink[8] = x | 9; sink[9] = x & 10; sink[10] = x + 11; sink[11] = x * 12;
  return sink[12] + x;
}
static int h(int x) { return m(x) + 1; }
int f(int a, int b) {
  // (the file's line 10)
  // (11)
  int first = h(a);
  int second = h(b);
  return first * second;
}
//--- edit.py
# edit.py LOG OUT keep|strip|outcome: the IPA inliner's records of the call
# to m in h's two copies in f.  keep: the copy made by the call on line 12
# inlines m (OUT: the edited log); strip: the same, and "chain_sites" left
# out of every record; outcome: prints, per copy, the line of the call that
# made it and what became of m there.
import json, sys

path, out, mode = sys.argv[1:4]
records = [json.loads(line) for line in open(path)]
calls = {r['id']: r['location'] for r in records
         if r.get('record') == 'site' and r['pass'] == 'inline' and r['callee'] == 'h'}
copies = [r for r in records if r.get('record') == 'site' and r['pass'] == 'inline'
          and r['callee'] == 'm' and r.get('chain') == ['f', 'h']]
assert len(copies) == 2, copies
where = lambda r: calls[r['chain_sites'][0]].split(':')[1]
if mode == 'outcome':
    for r in sorted(copies, key=where):
        print('copies.c:' + where(r), 'inlined' if r['inlined'] else 'refused', r['reason'])
    sys.exit(0)
assert not any(r['inlined'] for r in copies), 'GCC inlined m'
assert sorted(map(where, copies)) == ['12', '13'], copies
for r in copies:
    if where(r) == '12':
        r['inlined'], r['reason'] = True, 'OK'
if mode == 'strip':
    for r in records:
        r.pop('chain_sites', None)
with open(out, 'w') as f:
    for r in records:
        f.write(json.dumps(r, separators=(',', ':')) + '\n')
