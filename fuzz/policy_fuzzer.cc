// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target "policy": arbitrary bytes as a policy file
// (plugin/policy.h, docs/policy.md) and as a command line's noinline= list,
// then every question the plugin asks of a policy, for some TU paths and
// function names: fixed ones and every glob's own pattern (text the input
// controls, for the glob matcher).
//
// Checks what policy.h promises: a load succeeds exactly when it reports
// nothing, and a failed load leaves the policy as it was.
// Build and run: `make bench-fuzz` (README.md).
#include "policy.h"

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

using namespace inlinetune;

namespace {

[[noreturn]] void fail(const char *what) {
  std::fprintf(stderr, "policy fuzzer: invariant broken: %s\n", what);
  std::abort();
}

// Everything the plugin reads of a policy for one TU and its functions.
size_t ask(const Policy &policy, std::string_view tu, const std::vector<std::string> &names) {
  size_t n = effective(policy.tu_params(tu)).size();
  n += policy.has_function_rules(tu);
  n += effective(policy.function_params(tu, names)).size();
  for (const NeverInline *ni : policy.never_inline(tu))
    for (const std::string &name : names)
      n += ni->name.matches(name) + ni->origin.describe().size();
  for (const ForbiddenCall *fc : policy.forbidden_calls(tu))
    for (const std::string &name : names)
      n += fc->caller.matches(name) + fc->callee.matches(name);
  return n;
}

size_t shape(const Policy &policy) {
  return policy.rules().size() * 1000003 + policy.all_params().size() * 101 + policy.files().size();
}

} // namespace

volatile size_t policy_fuzzer_sink; // keeps the questions from being optimised away

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *bytes, size_t size) {
  std::string_view text(reinterpret_cast<const char *>(bytes), size);

  Policy policy;
  std::vector<PolicyDiagnostic> diags;
  size_t before = shape(policy);
  bool ok = policy.load_text(text, "fuzz.ini", &diags);
  if (ok != diags.empty())
    fail("load_text's result and its diagnostics disagree");
  if (!ok && shape(policy) != before)
    fail("a failed load changed the policy");
  for (const PolicyDiagnostic &d : diags)
    if (d.message.empty() || d.describe().empty())
      fail("empty diagnostic");

  // The same text again: a second file after the first (profiles now clash).
  before = shape(policy);
  diags.clear();
  if (!policy.load_text(text, "again.ini", &diags) && shape(policy) != before)
    fail("a failed second load changed the policy");

  // The text as -fplugin-arg-inlinetune-noinline=... (an option's value has
  // no NUL byte).
  if (text.find('\0') == std::string_view::npos) {
    diags.clear();
    before = shape(policy);
    if (!policy.add_never_inline_list(text, Origin{}, &diags) && shape(policy) != before)
      fail("a failed noinline= list changed the policy");
  }

  // Questions, with names and paths from the policy's own globs.
  std::vector<std::string> names = {"do_sys_openat2", "_ZN2ns1K1fEi", "ns::K::f(int)", ""};
  std::vector<std::string> paths = {"fs/open.c", "/usr/src/linux/net/ipv4/tcp.c", "a/b/c/d.c"};
  for (const Rule &r : policy.rules()) {
    for (const Glob &g : r.tus)
      paths.push_back(g.pattern());
    for (const Glob &g : r.functions)
      names.push_back(g.pattern());
    for (const NeverInline &ni : r.never_inline)
      names.push_back(ni.name.pattern());
    if (paths.size() + names.size() > 64)
      break;
  }
  size_t sum = 0;
  for (const std::string &tu : paths)
    sum += ask(policy, tu, names);
  // A literal glob (no wildcard, no escape) names exactly the text it matches.
  for (const Rule &r : policy.rules()) {
    for (const Glob &g : r.tus)
      if (g.is_literal() && !g.matches(g.pattern()))
        fail("a literal TU glob does not match its own text");
    for (const Glob &g : r.functions)
      if (g.is_literal() && !g.matches(g.pattern()))
        fail("a literal function glob does not match its own text");
  }
  policy_fuzzer_sink = sum;
  return 0;
}
