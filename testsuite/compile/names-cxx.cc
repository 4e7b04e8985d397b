// Huge and odd C++ names: templates whose mangled names are 1 KB and 8.7 KB
// (the demangled 1 KB one is 1.7 KB), operators, lambdas, a conversion, a
// user-defined literal, UTF-8 identifiers.  The plugin logs them as valid
// JSON; a never-inline entry names an operator (from a policy file: on the
// command line, GCC would cut 'operator==' at its second '=') and a UTF-8
// method; the CLI finds them.  A symbol that libiberty's demangler refuses
// (its recursion limit, as c++filt without --no-recurse-limit) keeps its
// mangled form as its name.
// REQUIRES: cxx
//
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: printf '[rule]\nnever-inline = V::operator==\nnever-inline = ñ::型::方法\n' > policy.ini
// RUN: %cxx -O2 -c %s -o names.o -fplugin=%plugin -fplugin-arg-inlinetune-policy=policy.ini -fplugin-arg-inlinetune-log=%t/logs 2>err
// RUN: count 0 < err
// RUN: python3 %root/testsuite/scripts/validate_log.py logs/names.o.jsonl | FileCheck %s --check-prefix=SCHEMA
// SCHEMA: {{[0-9]+}} records in 1 logs, 0 problems
// RUN: FileCheck %s < logs/names.o.jsonl
// CHECK: "never_inline":[{"name":"V::operator==","origin":"policy.ini:2","status":"applied","functions":["V::operator==(V const&) const"]},{"name":"ñ::型::方法","origin":"policy.ini:3","status":"applied","functions":["ñ::型::方法(int)"]}]
// CHECK-DAG: "pass":"inline","caller":"eq(V, V)","caller_symbol":"_Z2eq1VS_","callee":"V::operator==(V const&) const","callee_symbol":"_ZNK1VeqERKS_",{{.*}}"inlined":false,"reason":"NEVER_INLINE_LIST"
// CHECK-DAG: "caller":"add(V, V)","caller_symbol":"_Z3add1VS_","callee":"V::operator+(V const&) const","callee_symbol":"_ZNK1VplERKS_",{{.*}}"inlined":true
// CHECK-DAG: "callee":"V::operator()(int) const","callee_symbol":"_ZNK1VclEi",{{.*}}"inlined":true
// CHECK-DAG: "callee":"V::operator int() const","callee_symbol":"_ZNK1VcviEv",{{.*}}"inlined":true
// CHECK-DAG: "callee":"operator\"\" _k(unsigned long long)","callee_symbol":"_Zli2_ky",{{.*}}"inlined":true
// CHECK-DAG: "callee":"lam(int)::{lambda(int)#1}::operator()(int) const","callee_symbol":"_ZZ3lamiENKUliE_clEi",
// GCC 13 and later name the generic lambda #1 (symbol ...UlT_E_...), GCC 11
// and 12 #2 (...UlT_E0_...): from 13 on, lambdas of different signatures are
// numbered apart (docs/toolchains.md).
// CHECK-DAG: "callee":"auto lam(int)::{lambda(auto:1)#{{[12]}}}::operator()<int>(int) const","callee_symbol":"_ZZ3lamiENKUlT_E{{0?}}_clIiEEDaS_",
// CHECK-DAG: "pass":"inline","caller":"uses_utf8(int)","caller_symbol":"_Z9uses_utf8i","callee":"ñ::型::方法(int)","callee_symbol":"_ZN2ñ3型6方法Ei",{{.*}}"reason":"NEVER_INLINE_LIST"
// CHECK-DAG: {"record":"function","name":"ñ::型::方法(int)","symbol":"_ZN2ñ3型6方法Ei",{{.*}}"never_inline":true}
// The 8.7 KB symbol is its own name (no "symbol" key); the 1 KB one is demangled:
// CHECK-DAG: {"record":"function","name":"_Z4userI4PackIJ3LvlILi0EES1_ILi1EES1_ILi2EE{{[A-Za-z0-9_]+}}",
// CHECK-DAG: {"record":"function","name":"int medium<Pack<Lvl<0>, Lvl<1>, Lvl<2>, {{[^"]*}}Lvl<99> > >(Pack<Lvl<0>, {{[^"]*}}, int)","symbol":"_Z6mediumI4PackIJ3LvlILi0EES1_ILi1EE{{[A-Za-z0-9_]+}}",
// RUN: python3 -c 'import json,sys; n=[json.loads(l) for l in open(sys.argv[1])]; f=[r for r in n if r["record"]=="function"]; print(max(len(r.get("symbol",r["name"])) for r in f), max(len(r["name"]) for r in f if "symbol" in r))' logs/names.o.jsonl | FileCheck %s --check-prefix=LENGTHS
// LENGTHS: {{^(8[0-9]|9[0-9])[0-9][0-9] (1[6-9])[0-9][0-9]$}}
//
// The object's log, read by the CLI: the three formats, explain by operator,
// by UTF-8 name, by a glob over the mangled 8.7 KB name.
// RUN: %cxx -O2 -c %s -o names.o -fplugin=%plugin -fplugin-arg-inlinetune-policy=policy.ini
// RUN: %inlinetune summary names.o --by function > summary.txt
// RUN: FileCheck %s --check-prefix=TABLE < summary.txt
// TABLE: function {{.*}} bytes
// TABLE-DAG: {{^}}V::operator==(V const&) const {{.*}} {{[1-9][0-9]*$}}
// TABLE-DAG: {{^}}ñ::型::方法(int) {{.*}} {{[1-9][0-9]*$}}
// TABLE-DAG: {{^}}_Z4userI4PackIJ3LvlILi0EE{{[A-Za-z0-9_]+}} {{.*}} {{[1-9][0-9]*$}}
// RUN: %inlinetune summary names.o --by function --format csv | FileCheck %s --check-prefix=CSV
// CSV-DAG: {{^}}"add(V, V)",
// CSV-DAG: {{^}}"operator"""" _k(unsigned long long)",
// RUN: %inlinetune summary names.o --by function --format json | python3 -c 'import json,sys; d=json.load(sys.stdin); print(len(d["rows"]), sum(r["sites"] for r in d["rows"]) == d["summary"]["sites"])' | FileCheck %s --check-prefix=JSON
// JSON: {{^[1-9][0-9]* True$}}
// RUN: %inlinetune explain 'V::operator==' names.o | FileCheck %s --check-prefix=EXPLAIN-OP
// EXPLAIN-OP: V::operator==: 1 function in 1 TU; calls into it: 1 sites, 0 inlined, 1 refused
// EXPLAIN-OP: NEVER_INLINE_LIST
// RUN: %inlinetune explain 'ñ::型::方法' names.o | FileCheck %s --check-prefix=EXPLAIN-UTF8
// EXPLAIN-UTF8: ñ::型::方法: 1 function in 1 TU; calls into it: 1 sites, 0 inlined, 1 refused
// RUN: %inlinetune explain '_Z4userI4Pack*' names.o --format json | python3 -c 'import json,sys; d=json.load(sys.stdin); print(len(d["functions"]), len(d["functions"][0]["function"]), d["functions"][0]["bytes"] > 0)' | FileCheck %s --check-prefix=EXPLAIN-HUGE
// EXPLAIN-HUGE: {{^1 (8[0-9]|9[0-9])[0-9][0-9] True$}}
// RUN: %inlinetune explain 'int medium<*' names.o | FileCheck %s --check-prefix=EXPLAIN-MEDIUM
// EXPLAIN-MEDIUM: 1 function in 1 TU; calls into it: 1 sites, 0 inlined, 1 refused

#include <utility>

template <int N> struct Lvl {};
template <typename... Ts> struct Pack {};
template <typename Seq> struct MakePack;
template <int... Is> struct MakePack<std::integer_sequence<int, Is...>> {
  using type = Pack<Lvl<Is>...>;
};
template <int N> using PackOf = typename MakePack<std::make_integer_sequence<int, N>>::type;

template <typename T> static int helper(T, int x) { return x * 3 + 1; }
template <typename T> __attribute__((noinline)) int user(T t, int x) {
  return helper(t, x) + helper(t, x + 1);
}
template <typename T> __attribute__((noinline)) int medium(T t, int x) {
  return helper(t, x) - helper(t, x + 2);
}
int use_huge(int x) { return user(PackOf<800>{}, x) + medium(PackOf<100>{}, x); }

struct V {
  int a;
  V operator+(const V &o) const { return {a + o.a}; }
  bool operator==(const V &o) const { return a == o.a; }
  int operator()(int x) const { return a * x; }
  operator int() const { return a; }
};
V add(V a, V b) { return a + b; }
bool eq(V a, V b) { return a == b; }
int call(V a, int x) { return a(x) + int(a); }
constexpr unsigned long long operator""_k(unsigned long long v) { return v * 1000; }
__attribute__((noinline)) unsigned long long kilo(unsigned long long v) { return operator""_k(v); }

int lam(int x) {
  auto f = [x](int y) { return x * y + 1; };
  auto g = [&](auto z) { return f(z) + f(z + 1); };
  return g(x) + g(2);
}

namespace ñ {
struct 型 {
  static int 方法(int x) { return x * 2 + 1; }
};
} // namespace ñ
int uses_utf8(int x) { return ñ::型::方法(x); }
