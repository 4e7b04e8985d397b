// SPDX-License-Identifier: GPL-3.0-or-later
// The policy slice inlinetune-cc hands the plugin: what it keeps and drops,
// that it is canonical (the same text for policies of the same effect on a
// TU), and, over many random policies, that the plugin's queries give the
// same answers on the slice as on the policy for every TU and function.
#include "policy_slice.h"

#include <gtest/gtest.h>

#include <random>
#include <set>
#include <string>
#include <vector>

namespace inlinetune {
namespace {

Policy parsed(const std::string &text) {
  Policy p;
  std::vector<PolicyDiagnostic> diags;
  EXPECT_TRUE(p.load_text(text, "p.ini", &diags)) << text;
  for (const PolicyDiagnostic &d : diags)
    ADD_FAILURE() << d.describe() << "\nin:\n" << text;
  return p;
}

// The slice's text without its first line (the comment that names it).
std::string body(const std::string &slice) {
  return slice.substr(slice.find('\n') + 1);
}

TEST(PolicySlice, KeepsOnlyTheRulesOfTheTuWithProfilesExpanded) {
  const Policy p =
      parsed("[rule]\nprofile = rfc\n"
             "[rule fs]\ntu = fs/**\nmax-inline-insns-auto = 40\nnever-inline = vfs_*\n"
             "[rule net]\ntu = net/**\nmax-inline-insns-auto = 10\n");
  EXPECT_EQ(body(policy_slice_for_tu(p, "fs/open.c")),
            "[rule]\nearly-inlining-insns = 14\ninline-heuristics-hint-percent = 600\n"
            "inline-min-speedup = 15\nmax-inline-insns-auto = 40\nmax-inline-insns-single = 200\n"
            "never-inline = vfs_*\n");
  EXPECT_EQ(body(policy_slice_for_tu(p, "mm/slub.c")),
            "[rule]\nearly-inlining-insns = 14\ninline-heuristics-hint-percent = 600\n"
            "inline-min-speedup = 15\nmax-inline-insns-auto = 30\nmax-inline-insns-single = 200\n");
}

TEST(PolicySlice, NoRuleOfTheTuIsAnEmptyPolicy) {
  const Policy p = parsed("[rule]\ntu = fs/**\nmax-inline-insns-auto = 40\n");
  const std::string s = policy_slice_for_tu(p, "net/core/dev.c");
  EXPECT_EQ(body(s), "");
  const Policy empty = parsed(s);
  EXPECT_TRUE(empty.rules().empty());
}

TEST(PolicySlice, KeepsTheOrderOfFunctionRulesAndTuWideRules) {
  // f's max-inline-insns-auto: 5 (its rule), then 7 (the TU-wide rule below
  // wins back); max-inline-insns-single: f's 9 stays.
  const Policy p = parsed("[rule]\nmax-inline-insns-auto = 3\n"
                          "[rule]\nfunction = f\nmax-inline-insns-auto = 5\n"
                          "max-inline-insns-single = 9\n"
                          "[rule]\nmax-inline-insns-auto = 7\n");
  const std::string s = policy_slice_for_tu(p, "a.c");
  // The first TU-wide setting and f's own auto are dead: the last rule sets
  // auto for the TU and for f.
  EXPECT_EQ(body(s), "[rule]\nfunction = f\nmax-inline-insns-single = 9\n"
                     "[rule]\nmax-inline-insns-auto = 7\n");
  const Policy q = parsed(s);
  EXPECT_EQ(effective(q.function_params("a.c", {"f"})).at("max-inline-insns-auto").value, "7");
  EXPECT_EQ(effective(q.function_params("a.c", {"f"})).at("max-inline-insns-single").value, "9");
}

TEST(PolicySlice, IsTheSameForPoliciesOfTheSameEffect) {
  // Different labels, another TU's rule, a setting overridden, lists in
  // another order and repeated, two rules where one would do.
  const Policy a = parsed("[rule x]\nprofile = rfc\nnever-inline = a, b\n"
                          "[rule]\ntu = net/**\nmax-inline-insns-auto = 1\n"
                          "[rule]\nfunction = g*\nmax-inline-insns-single = 4\n");
  const Policy b = parsed("[rule other label]\nmax-inline-insns-auto = 99\n"
                          "[rule]\nprofile = rfc\n[rule]\nnever-inline = b\nnever-inline = a, b\n"
                          "[rule]\nfunction = g*\nmax-inline-insns-single = 2\n"
                          "[rule]\nfunction = g*\nmax-inline-insns-single = 4\n");
  EXPECT_EQ(policy_slice_for_tu(a, "fs/open.c"), policy_slice_for_tu(b, "fs/open.c"));
  EXPECT_NE(policy_slice_for_tu(a, "net/x.c"), policy_slice_for_tu(b, "net/x.c"));
}

TEST(PolicySlice, ListsAndCallSitesGoInTheFirstRule) {
  const Policy p = parsed("[rule]\nfunction = f\nmax-inline-insns-auto = 5\n"
                          "[rule]\ntu = fs/open.c\ninline-site = f -> g @ fs/open.c:3\n"
                          "never-inline-call = f -> h\nnever-inline-site = 03daee83fc8c5d78\n"
                          "inline-call = k -> *\n");
  EXPECT_EQ(body(policy_slice_for_tu(p, "fs/open.c")),
            "[rule]\ninline-call = k -> *\ninline-site = f -> g @ fs/open.c:3\n"
            "never-inline-call = f -> h\nnever-inline-site = 03daee83fc8c5d78\n"
            "[rule]\nfunction = f\nmax-inline-insns-auto = 5\n");
}

TEST(PolicySlice, WholeKeepsEveryRuleWithItsScope) {
  const Policy p = parsed("[rule]\ntu = fs/**\nfunction = f\nprofile = rfc\n"
                          "[rule]\ntu = net/**\nnever-inline = x\n");
  const std::string s = policy_slice_whole(p);
  EXPECT_NE(s.find("tu = fs/**\nfunction = f\nearly-inlining-insns = 14\n"), std::string::npos)
      << s;
  EXPECT_NE(s.find("tu = net/**\nnever-inline = x\n"), std::string::npos) << s;
  const Policy q = parsed(s);
  EXPECT_EQ(q.rules().size(), 2u);
}

// ---- the property: random policies ------------------------------------------

const std::vector<std::string> kTus = {"fs/open.c", "fs/namei.c", "net/ipv4/tcp.c", "mm/slub.c",
                                       "/abs/outside.c"};
const std::vector<std::string> kTuGlobs = {"fs/**",     "net/**", "fs/open.c",
                                           "**/tcp*.c", "mm/*.c", "**"};
const std::vector<std::vector<std::string>> kFunctions = {
    {"f"}, {"foo"}, {"foo_slow"}, {"bar"}, {"_ZN2ns1mEi", "ns::m(int)", "ns::m"}};
const std::vector<std::string> kFunctionGlobs = {"f*", "foo", "*_slow", "bar", "ns::*", "?oo"};
const std::vector<std::string> kParams = {"max-inline-insns-auto", "max-inline-insns-single",
                                          "early-inlining-insns", "inline-min-speedup"};
const std::vector<std::string> kLists = {"never-inline = foo",
                                         "never-inline = b*",
                                         "never-inline-call = f -> *",
                                         "never-inline-site = 03daee83fc8c5d78",
                                         "inline-call = bar -> foo",
                                         "inline-site = f -> g @ fs/open.c:12",
                                         "inline-site = f -> g @ fs/*.c:12:3"};

std::string random_policy(std::mt19937 &rng) {
  auto pick = [&](const auto &v) { return v[rng() % v.size()]; };
  std::string text;
  const int rules = 1 + rng() % 7;
  for (int r = 0; r < rules; ++r) {
    text += "[rule r" + std::to_string(r) + "]\n";
    if (rng() % 3)
      for (int n = 1 + rng() % 2; n > 0; --n)
        text += "tu = " + pick(kTuGlobs) + "\n";
    const bool function_rule = rng() % 2;
    if (function_rule)
      for (int n = 1 + rng() % 2; n > 0; --n)
        text += "function = " + pick(kFunctionGlobs) + "\n";
    bool set = false;
    if (rng() % 4 == 0) {
      text += "profile = rfc\n";
      set = true;
    }
    for (int n = rng() % 4; n > 0 || !set; --n) {
      if (!function_rule && rng() % 3 == 0)
        text += pick(kLists) + "\n";
      else
        text += pick(kParams) + " = " + std::to_string(1 + rng() % 50) + "\n";
      set = true;
    }
  }
  return text;
}

std::set<std::string> lists_of(const Policy &p, const std::string &tu) {
  std::set<std::string> out;
  for (const NeverInline *n : p.never_inline(tu))
    out.insert("never-inline = " + n->name.pattern());
  for (const CallSelector *c : p.forbidden_calls(tu))
    out.insert(c->key + " = " + c->text);
  for (const CallSelector *c : p.forced_calls(tu))
    out.insert(c->key + " = " + c->text);
  return out;
}

std::map<std::string, std::string> values(const EffectiveParams &e) {
  std::map<std::string, std::string> out;
  for (const auto &[name, setting] : e)
    out[name] = setting.value;
  return out;
}

// What the plugin asks of a policy for TU: the same answers from both.
void expect_same_effect(const Policy &a, const Policy &b, const std::string &tu,
                        const std::string &context) {
  EXPECT_EQ(values(effective(a.tu_params(tu))), values(effective(b.tu_params(tu)))) << tu << "\n"
                                                                                    << context;
  for (const auto &names : kFunctions)
    EXPECT_EQ(values(effective(a.function_params(tu, names))),
              values(effective(b.function_params(tu, names))))
        << tu << " " << names.front() << "\n"
        << context;
  EXPECT_EQ(lists_of(a, tu), lists_of(b, tu)) << tu << "\n" << context;
}

TEST(PolicySlice, RandomPoliciesHaveTheSameEffectAsTheirSlices) {
  std::mt19937 rng(20261204);
  for (int i = 0; i < 300; ++i) {
    const std::string text = random_policy(rng);
    const Policy p = parsed(text);
    const Policy whole = parsed(policy_slice_whole(p));
    for (const std::string &tu : kTus) {
      const std::string s = policy_slice_for_tu(p, tu);
      const Policy q = parsed(s);
      expect_same_effect(p, q, tu, "policy:\n" + text + "slice:\n" + s);
      expect_same_effect(p, whole, tu, "policy:\n" + text + "whole:\n" + policy_slice_whole(p));
      // Canonical: slicing the slice changes nothing.
      EXPECT_EQ(policy_slice_for_tu(q, tu), s) << text;
    }
    if (HasFailure())
      return; // the first failing policy is enough to read
  }
}

} // namespace
} // namespace inlinetune
