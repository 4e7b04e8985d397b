// Replay (docs/replay.md): a build's decisions, recorded at the RFC's
// params, replayed into a build at GCC's own params give the RFC's code
// (the object, log form and build tree ways of naming the log); replaying
// GCC's own decisions is a fixed point; the scope options and the fallback
// decide what replay touches; bad input is an error naming it.
// -fchecking makes GCC verify its call graph and bodies after each change.
//
// RUN: rm -rf %t && split-file %s %t && mkdir %t/rfc %t/gcc %t/rep %t/self %t/obj %t/never %t/scoped
// RUN: cd %t/rfc && %cc -O2 -fchecking -c ../calls.c -o t.o -fplugin=%plugin -fplugin-arg-inlinetune-profile=rfc -fplugin-arg-inlinetune-log=../rfc-log
// RUN: cd %t/rfc && %cc -O2 -fchecking -c ../calls.c -o obj.o -fplugin=%plugin -fplugin-arg-inlinetune-profile=rfc
// RUN: cd %t/gcc && %cc -O2 -fchecking -c ../calls.c -o t.o -fplugin=%plugin -fplugin-arg-inlinetune-log=../gcc-log
// The RFC's params inline more than GCC's here (else the test proves nothing):
// RUN: not cmp -s %t/rfc/t.o %t/gcc/t.o
//
// The RFC's log (a log directory) replayed at GCC's params: the RFC's code.
// RUN: cd %t/rep && %cc -O2 -fchecking -c ../calls.c -o t.o -fplugin=%plugin -fplugin-arg-inlinetune-replay=../rfc-log -fplugin-arg-inlinetune-log=../rep-log 2>err
// RUN: count 0 < %t/rep/err
// RUN: cmp %t/rfc/t.o %t/rep/t.o
// RUN: FileCheck %s --check-prefix=HEADER < %t/rep-log/t.o.jsonl
// RUN: FileCheck %s --check-prefix=REASONS < %t/rep-log/t.o.jsonl
// RUN: python3 %root/testsuite/scripts/validate_log.py %t/rep-log/t.o.jsonl
// The same from the object's own note (a file), and from a build tree (a
// directory holding the object at the compile's -o):
// RUN: cd %t/obj && %cc -O2 -fchecking -c ../calls.c -o obj.o -fplugin=%plugin -fplugin-arg-inlinetune-replay=../rfc/obj.o -fplugin-arg-inlinetune-log=off
// RUN: cmp %t/rfc/t.o %t/obj/obj.o
// RUN: cd %t/obj && %cc -O2 -fchecking -c ../calls.c -o obj.o -fplugin=%plugin -fplugin-arg-inlinetune-replay=../rfc -fplugin-arg-inlinetune-log=off
// RUN: cmp %t/rfc/t.o %t/obj/obj.o
//
// GCC's own log replayed at GCC's params: the same code (a fixed point).
// At its log's params a TU leaves the IPA inliner's recorded refusals to
// GCC's inliner: unmarked, with GCC's reasons, the IPA inliner's records
// those of the recorded log (the RFC's log replayed at other params, above,
// leaves none).
// RUN: cd %t/self && %cc -O2 -fchecking -c ../calls.c -o t.o -fplugin=%plugin -fplugin-arg-inlinetune-replay=../gcc-log -fplugin-arg-inlinetune-log=../self-log
// RUN: cmp %t/gcc/t.o %t/self/t.o
// RUN: FileCheck %s --check-prefix=SELF-HEADER < %t/self-log/t.o.jsonl
// RUN: grep -o '"pass":"inline",[^}]*"reason":"[A-Z_]*"' %t/gcc-log/t.o.jsonl > %t/gcc-ipa.txt
// RUN: grep -o '"pass":"inline",[^}]*"reason":"[A-Z_]*"' %t/self-log/t.o.jsonl > %t/self-ipa.txt
// RUN: grep -q '"inlined":false' %t/gcc-ipa.txt
// RUN: diff %t/gcc-ipa.txt %t/self-ipa.txt
//
// Scope: only in hot_path's code, only in TUs matching other/**: GCC's
// decisions elsewhere.
// RUN: cd %t/scoped && %cc -O2 -fchecking -S ../calls.c -o t.s -fplugin=%plugin -fplugin-arg-inlinetune-replay=../rfc-log -fplugin-arg-inlinetune-replay-functions=hot_path -fplugin-arg-inlinetune-log=off
// RUN: FileCheck %s --check-prefix=SCOPED < %t/scoped/t.s
// RUN: cd %t/rep && %cc -O2 -fchecking -c ../calls.c -o t.o -fplugin=%plugin -fplugin-arg-inlinetune-replay=../rfc-log -fplugin-arg-inlinetune-replay-tus='other/**' -fplugin-arg-inlinetune-log=../out-of-scope
// RUN: cmp %t/gcc/t.o %t/rep/t.o
// RUN: not grep -q '"replay"' %t/out-of-scope/t.o.jsonl
//
// A log that does not hold this TU: every site is the fallback's.  With
// never, no call is inlined (but the always_inline one).
// RUN: cd %t/never && %cc -O2 -fchecking -S ../calls.c -o never.s -fplugin=%plugin -fplugin-arg-inlinetune-replay=../gcc -fplugin-arg-inlinetune-replay-fallback=never -fplugin-arg-inlinetune-log=../never-log
// RUN: FileCheck %s --check-prefix=NEVER < %t/never/never.s
// RUN: FileCheck %s --check-prefix=NEVER-HEADER < %t/never-log/never.o.jsonl
// RUN: python3 %root/testsuite/scripts/validate_log.py %t/never-log/never.o.jsonl
// RUN: cd %t/never && %cc -O2 -fchecking -S ../calls.c -o always.s -fplugin=%plugin -fplugin-arg-inlinetune-replay=../gcc -fplugin-arg-inlinetune-replay-fallback=always -fplugin-arg-inlinetune-verbose 2>verbose
// RUN: FileCheck %s --check-prefix=ALWAYS < %t/never/always.s
// RUN: FileCheck %s --check-prefix=VERBOSE < %t/never/verbose
//
// Bad input: a path that is not there, a damaged log, a fallback it does
// not know, a scope without a log.
// RUN: cd %t && not %cc -O2 -c calls.c -o /dev/null -fplugin=%plugin -fplugin-arg-inlinetune-replay=nowhere 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: mkdir %t/bad && head -c 300 %t/rfc-log/t.o.jsonl > %t/bad/t.o.jsonl && echo >> %t/bad/t.o.jsonl
// RUN: cd %t/rfc && not %cc -O2 -c ../calls.c -o t.o -fplugin=%plugin -fplugin-arg-inlinetune-replay=../bad -fplugin-arg-inlinetune-log=off 2>&1 | FileCheck %s --check-prefix=DAMAGED
// RUN: cd %t && not %cc -O2 -c calls.c -o /dev/null -fplugin=%plugin -fplugin-arg-inlinetune-replay=rfc-log -fplugin-arg-inlinetune-replay-fallback=sometimes 2>&1 | FileCheck %s --check-prefix=FALLBACK
// RUN: cd %t && not %cc -O2 -c calls.c -o /dev/null -fplugin=%plugin -fplugin-arg-inlinetune-replay-tus='fs/**' 2>&1 | FileCheck %s --check-prefix=NO-LOG
//
// HEADER: "replay":{"log":"../rfc-log/t.o.jsonl","found":true,"fallback":"gcc","replayed":{{[1-9][0-9]*}},"not_found":0,"unmatched":0,"ambiguous":0,"refused":0,"split_at_recorded_params":{{[0-9]+}},"left_to_gcc":0,"inlined_against_log":0}
// SELF-HEADER: "replay":{"log":"../gcc-log/t.o.jsonl","found":true,{{.*}}"left_to_gcc":{{[1-9][0-9]*}},"inlined_against_log":0}
// REASONS: "reason":"REPLAYED_INLINE"
//
// SCOPED-LABEL: {{^}}hot_path:
// SCOPED-NOT:   {{^[[:space:]]+(call|bl)[[:space:]]+}}mid
// SCOPED:       .size{{.*}}hot_path,
// SCOPED-LABEL: {{^}}cold_path:
// SCOPED:       {{^[[:space:]]+(call|bl)[[:space:]]+}}mid
// SCOPED:       .size{{.*}}cold_path,
//
// NEVER-LABEL: {{^}}mid:
// NEVER:       {{^[[:space:]]+(call|bl)[[:space:]]+}}leaf
// NEVER:       .size{{.*}}mid,
// NEVER-LABEL: {{^}}hot_path:
// NEVER-NOT:   always
// NEVER:       {{^[[:space:]]+(call|bl)[[:space:]]+}}mid
// NEVER:       .size{{.*}}hot_path,
// NEVER-HEADER: "replay":{"log":"../gcc","found":false,"fallback":"never","replayed":0,"not_found":{{[1-9][0-9]*}},
// (ext has no body: forcing its calls is refused, and counted.)
// ALWAYS-LABEL: {{^}}hot_path:
// ALWAYS-NOT:  {{^[[:space:]]+(call|bl)[[:space:]]+}}{{mid|leaf}}
// ALWAYS:      .size{{.*}}hot_path,
// VERBOSE: replay found no log in ../gcc: 0 sites replayed, {{[1-9][0-9]*}} not in the log (always), {{[1-9][0-9]*}} refused
//
// MISSING: error: inlinetune: replay log 'nowhere': No such file or directory
// DAMAGED: error: inlinetune: replay log ../bad/t.o.jsonl: {{.*}}
// FALLBACK: replay-fallback= takes 'gcc', 'never' or 'always'
// NO-LOG: '-fplugin-arg-inlinetune-replay-tus=fs/**' needs a log to replay: replay=PATH

//--- calls.c
extern int ext(int);
static inline __attribute__((always_inline)) int always(int x) { return x ^ 5; }
int leaf(int x) {
  int s = 0;
  for (int i = 0; i < x; i++)
    s += ext(i) * i + (s >> 2) - always(i);
  return s;
}
int mid(int x) {
  int s = ext(x) + (x << 3);
  if (s > 100)
    s = ext(s) ^ ext(s + 1);
  return s + leaf(s);
}
int hot_path(int x) { return mid(x) + mid(x * 3) + always(x); }
int cold_path(int x) { return mid(x - 1) + 7; }
