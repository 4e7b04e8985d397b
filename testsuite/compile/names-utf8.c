// UTF-8 identifiers (GCC 10 and later accept them in C): the log holds them as
// UTF-8 (valid JSON, schema-valid), a never-inline entry names them, and the
// CLI's summary and explain find them by name.  A glob's '?' and '[...]'
// match one byte, whatever the locale (docs/bad-input.md): 'caf?' does not
// match the five bytes of 'café', 'caf*' does.
//
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %cc -O2 -c %s -o utf8.o -fplugin=%plugin -fplugin-arg-inlinetune-noinline=café 2>err
// RUN: count 0 < err
// RUN: %cc -O2 -c %s -o utf8.o -fplugin=%plugin -fplugin-arg-inlinetune-noinline=café -fplugin-arg-inlinetune-log=%t/logs
// RUN: python3 %root/testsuite/scripts/validate_log.py logs/utf8.o.jsonl | FileCheck %s --check-prefix=SCHEMA
// SCHEMA: {{[0-9]+}} records in 1 logs, 0 problems
// RUN: FileCheck %s < logs/utf8.o.jsonl
// CHECK: "never_inline":[{"name":"café","origin":"command line","status":"applied","functions":["café"]}]
// CHECK-DAG: {"record":"site",{{.*}}"pass":"inline","caller":"函数","callee":"café","location":"{{.*}}names-utf8.c:[[#@LINE+33]]:{{[0-9]+}}","inlined":false,"reason":"NEVER_INLINE_LIST",
// CHECK-DAG: {"record":"site",{{.*}}"caller":"函数","callee":"naïve_helper",{{.*}}"inlined":true,
// CHECK-DAG: {"record":"function","name":"café",{{.*}}"out_of_line":true,"never_inline":true}
//
// The object's log, read by the CLI: café stays out of line with its bytes
// from the symbol table; explain finds it by its UTF-8 name and by 'caf*'.
// RUN: %cc -O2 -c %s -o utf8.o -fplugin=%plugin -fplugin-arg-inlinetune-noinline=café
// RUN: %inlinetune summary utf8.o --by function --format csv | FileCheck %s --check-prefix=SUMMARY
// SUMMARY: function,file,sites,inlined,refused,calls_in,inlined_in,est_growth,est_size,bytes
// SUMMARY-DAG: 函数,{{.*}}names-utf8.c,2,1,1,0,0,{{.*}}
// SUMMARY-DAG: café,{{.*}}names-utf8.c,0,0,0,1,0,{{-?[0-9]+}},{{[0-9]+}},{{[1-9][0-9]*}}
// SUMMARY-DAG: naïve_helper,{{.*}}names-utf8.c,0,0,0,1,1,
// RUN: %inlinetune explain café utf8.o | FileCheck %s --check-prefix=EXPLAIN
// RUN: %inlinetune explain 'caf*' utf8.o | FileCheck %s --check-prefix=EXPLAIN
// EXPLAIN: 1 function in 1 TU; calls into it: 1 sites, 0 inlined, 1 refused; calls from it: 0 sites, 0 inlined, 0 refused
// EXPLAIN: NEVER_INLINE_LIST
// RUN: %inlinetune explain 函数 utf8.o --format json | python3 -c 'import json,sys; d=json.load(sys.stdin); print(sorted({r["callee"] for r in d["sites"]}))' | FileCheck %s --check-prefix=CALLEES
// CALLEES: ['café', 'naïve_helper']
// RUN: not %inlinetune explain 'caf?' utf8.o 2>&1 | FileCheck %s --check-prefix=BYTE
// BYTE: inlinetune: error: no function matching 'caf?' in the 1 TUs read
//
// The plugin's globs too, under a UTF-8 locale as under C: the same bytes.
// RUN: env LC_ALL=C.UTF-8 %cc -O2 -c %s -o q.o -fplugin=%plugin -fplugin-arg-inlinetune-noinline='caf?' -fplugin-arg-inlinetune-verbose 2>&1 | FileCheck %s --check-prefix=QMARK
// RUN: env LC_ALL=C %cc -O2 -c %s -o q.o -fplugin=%plugin -fplugin-arg-inlinetune-noinline='caf?' -fplugin-arg-inlinetune-verbose 2>&1 | FileCheck %s --check-prefix=QMARK
// QMARK: never-inline caf? (not defined here)

static int café(int x) { return x * 3 + 1; }
static int naïve_helper(int *a, int n) {
  int s = 0;
  for (int i = 0; i < n; i++)
    s += a[i] ^ (s >> 2);
  return s;
}
int 函数(int *a, int n) { return café(n) + naïve_helper(a, n); }
