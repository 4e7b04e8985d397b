// C++: forced call sites name their functions as never-inline lists do
// (demangled with or without parameter types, or mangled); a forced call
// of a member function inside a namespace is inlined, the other call of
// it in the same caller is not.
// REQUIRES: cxx
//
// RUN: split-file %s %t
// RUN: cd %t && %cxx -O2 -S calls.cc -o base.s
// RUN: FileCheck %s --check-prefix=BASE < %t/base.s
// RUN: cd %t && %cxx -O2 -fchecking -S -fplugin=%plugin -fplugin-arg-inlinetune-policy=site.ini -fplugin-arg-inlinetune-log=log calls.cc -o site.s 2>%t/err
// RUN: count 0 < %t/err
// RUN: FileCheck %s --check-prefix=SITE < %t/site.s
// RUN: FileCheck %s --check-prefix=LOG < %t/log/site.o.jsonl
//
// BASE-LABEL: {{^}}_ZN2ns3useEi:
// BASE:       {{^[[:space:]]+(call|bl)[[:space:]]+}}_ZN2ns1K3bigEi
// BASE:       {{^[[:space:]]+(call|bl)[[:space:]]+}}_ZN2ns1K3bigEi
// BASE:       .size{{.*}}_ZN2ns3useEi,
//
// SITE-LABEL: {{^}}_ZN2ns3useEi:
// SITE:       {{^[[:space:]]+(call|bl)[[:space:]]+}}_ZN2ns1K3bigEi
// SITE-NOT:   {{^[[:space:]]+(call|bl)[[:space:]]+}}_ZN2ns1K3bigEi
// SITE:       .size{{.*}}_ZN2ns3useEi,
//
// LOG: "location":"calls.cc:15:{{[0-9]+}}","inlined":true,"reason":"FORCED_BY_POLICY"

//--- site.ini
[rule]
inline-site = ns::use(int) -> ns::K::big @ calls.cc:15

//--- calls.cc
extern int ext(int);
namespace ns {
struct K {
  int k;
  int big(int x);
};
int K::big(int x) {
  int s = x + k;
  for (int i = 0; i < (x & 15); i++)
    s = ext(s * 31 + (s >> 3) + i * x);
  return s ^ ext(x << 5) ^ ext(x >> 2) ^ ext(x * 3);
}
int use(int x) {
  K a{1};
  int p = a.big(x);
  return p + a.big(x + 1);
}
} // namespace ns
