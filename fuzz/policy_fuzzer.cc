// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target "policy": arbitrary bytes as a policy file
// (plugin/policy.h, docs/policy.md) and as a command line's noinline= list,
// then every question the plugin asks of a policy, for some TU paths and
// function names: fixed ones and every glob's own pattern (text the input
// controls, for the glob matcher).
//
// Checks what policy.h promises: a load succeeds exactly when it reports
// nothing, and a failed load leaves the policy as it was; and what
// launcher/policy_slice.h promises: a loaded policy's slice for a TU loads
// without a diagnostic and answers the plugin's questions for that TU as the
// policy does.
// Build and run: `make bench-fuzz` (README.md).
#include "policy.h"
#include "policy_slice.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>
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

// The values of the effective params, to compare two policies' answers.
std::map<std::string, std::string> values(const EffectiveParams &e) {
  std::map<std::string, std::string> out;
  for (const auto &[name, setting] : e)
    out[name] = setting.value;
  return out;
}

std::vector<std::string> lists(const Policy &p, std::string_view tu) {
  std::vector<std::string> out;
  for (const NeverInline *n : p.never_inline(tu))
    out.push_back(n->name.pattern());
  for (const CallSelector *c : p.forbidden_calls(tu))
    out.push_back(c->key + " " + c->text);
  for (const CallSelector *c : p.forced_calls(tu))
    out.push_back(c->key + " " + c->text);
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

void check_slice(const Policy &policy, std::string_view tu, const std::vector<std::string> &names) {
  Policy sliced;
  std::vector<PolicyDiagnostic> diags;
  if (!sliced.load_text(policy_slice_for_tu(policy, tu), "slice.ini", &diags))
    fail("a policy's slice does not load");
  if (values(effective(sliced.tu_params(tu))) != values(effective(policy.tu_params(tu))))
    fail("a slice gives the TU other params");
  for (const std::string &n : names)
    if (values(effective(sliced.function_params(tu, {n}))) !=
        values(effective(policy.function_params(tu, {n}))))
      fail("a slice gives a function other params");
  if (lists(sliced, tu) != lists(policy, tu))
    fail("a slice has other never-inline names or call sites");
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

  // Its slices, for the paths and names its own globs give (as below).
  if (ok) {
    std::vector<std::string> names = {"do_sys_openat2", "ns::K::f(int)"};
    std::vector<std::string> paths = {"fs/open.c", "a/b/c/d.c"};
    for (const Rule &r : policy.rules()) {
      for (const Glob &g : r.tus)
        paths.push_back(g.pattern());
      for (const Glob &g : r.functions)
        names.push_back(g.pattern());
      if (paths.size() + names.size() > 32)
        break;
    }
    for (const std::string &tu : paths)
      check_slice(policy, tu, names);
  }

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
