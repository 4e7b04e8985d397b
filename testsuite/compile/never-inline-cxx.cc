// C++: a never-inline name matches the mangled symbol, the demangled name with
// parameter types, or the demangled name without them; the code equals a source
// __attribute__((noinline)).
// REQUIRES: cxx
//
// (log=off where assembly is compared: log-obj.test shows the log changes no code.)
// RUN: %cxx -O2 -S -DNOINLINE='__attribute__((noinline))' %s -o %t.attr.s
// RUN: %cxx -O2 -S -fplugin=%plugin -fplugin-arg-inlinetune-log=off '-fplugin-arg-inlinetune-noinline=ns::K::f,_ZN2ns2twIiEET_S1_,ns::g(int),ns::operator+' %s -o %t.plugin.s 2>%t.err
// RUN: diff %t.attr.s %t.plugin.s
// RUN: count 0 < %t.err
// RUN: %cxx -O2 -S %s -o %t.base.s
// RUN: FileCheck %s --check-prefix=BASE < %t.base.s
// RUN: FileCheck %s --check-prefix=LISTED < %t.plugin.s

#ifndef NOINLINE
#define NOINLINE
#endif

namespace ns {
struct K {
  NOINLINE int f(int x) { return x * 3 + 1; }
};
template <typename T> NOINLINE T tw(T x) { return x * 9 + 4; }
NOINLINE static int g(int x) { return x + 11; }
struct V {
  int v;
};
NOINLINE inline V operator+(V a, V b) { return V{a.v * 2 + b.v}; }
} // namespace ns

int user(int n) {
  ns::K k;
  ns::V a{n}, b{n + 1};
  return k.f(n) + ns::tw<int>(n) + ns::g(n) + (a + b).v;
}

// BASE-LABEL: {{^}}_Z4useri:
// BASE-NOT:   {{^[[:space:]]+(call|bl)[[:space:]]}}
// BASE:       .size{{.*}}_Z4useri

// LISTED-LABEL: {{^}}_Z4useri:
// LISTED-DAG:   {{^[[:space:]]+(call|bl)[[:space:]]+}}_ZN2ns1K1fEi
// LISTED-DAG:   {{^[[:space:]]+(call|bl)[[:space:]]+}}_ZN2ns2twIiEET_S1_
// LISTED-DAG:   {{^[[:space:]]+(call|bl)[[:space:]]+}}_ZN2nsL1gEi
// LISTED-DAG:   {{^[[:space:]]+(call|bl)[[:space:]]+}}_ZN2nsplENS_1VES0_
// LISTED:       .size{{.*}}_Z4useri
