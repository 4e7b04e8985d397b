// The decision log names C++ functions by their demangled names, with the
// symbol beside the name only where it differs (caller_symbol, callee_symbol,
// lexical_caller_symbol, a function record's symbol); chain holds symbols. An
// extern "C" function's symbol is its name: none is written.
// Schema: docs/log-format.md.
// REQUIRES: cxx
//
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %cxx -O2 -c %s -o log.o -fplugin=%plugin -fplugin-arg-inlinetune-log=%t/logs
// RUN: python3 %root/testsuite/scripts/validate_log.py logs/log.o.jsonl | FileCheck %s --check-prefix=SCHEMA
// SCHEMA: {{[0-9]+}} records in 1 logs, 0 problems
// RUN: FileCheck %s < logs/log.o.jsonl
// RUN: not grep -E 'null|reason_text' logs/log.o.jsonl
//
// CHECK-DAG: {"record":"site","id":"{{[0-9a-f]+}}","pass":"einline","caller":"ns::caller(int)","caller_symbol":"_ZN2ns6callerEi","callee":"ns::helper(int)","callee_symbol":"_ZN2nsL6helperEi","location":"{{.*}}log-cxx.cc:[[#@LINE+9]]:{{[0-9]+}}","inlined":true,"reason":"OK",
// CHECK-DAG: {"record":"site","id":"{{[0-9a-f]+}}","pass":"einline","caller":"plain","callee":"ns::caller(int)","callee_symbol":"_ZN2ns6callerEi",
// CHECK-DAG: {"record":"site","id":"{{[0-9a-f]+}}","pass":"einline","caller":"ns::top(int*, int)","caller_symbol":"_ZN2ns3topEPii","lexical_caller":"ns::mid(int*, int)","lexical_caller_symbol":"_ZN2nsL3midEPii","callee":"ns::work(int*, int)","callee_symbol":"_ZN2nsL4workEPii","location":"{{[^"]*}}","chain":["_ZN2ns3topEPii","_ZN2nsL3midEPii"],"chain_sites":["{{[0-9a-f]+}}"],"inlined":false,
// CHECK-DAG: {"record":"function","name":"plain","size_before":
// CHECK-DAG: {"record":"function","name":"ns::top(int*, int)","symbol":"_ZN2ns3topEPii","size_before":
// CHECK-DAG: {"record":"function","name":"ns::helper(int)","symbol":"_ZN2nsL6helperEi","inlined_callees":0,"out_of_line":false,"never_inline":false}

namespace ns {
static int helper(int x) { return x * 2; }
int caller(int x) { return helper(x) + 1; }
static int work(int *a, int n) {
  int s = 0;
  for (int i = 0; i < n; i++) {
    s += a[i] * a[i] ^ (s >> 3);
    if (s > 1000)
      s -= a[i / 2];
    s += a[(i * 7) % n];
  }
  for (int i = 0; i < n; i++)
    s ^= a[i] + 17 * i;
  return s;
}
static int mid(int *a, int n) { return work(a, n) * 3; }
int top(int *a, int n) { return mid(a, n - 1); }
} // namespace ns
extern "C" int plain(int x) { return ns::caller(x) - 1; }
