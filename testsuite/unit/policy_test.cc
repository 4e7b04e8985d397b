// SPDX-License-Identifier: GPL-3.0-or-later
// Policy: the INI format, every diagnostic (line and message), profile
// expansion, rule order and the queries the plugin makes.
#include "policy.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace inlinetune {
namespace {

// testsuite/policies, found from this file's own path so that the tests run
// from the top of the tree (as "make check-unit" does) or with an absolute
// __FILE__.
std::string policy_dir() {
  std::string here = __FILE__;
  return here.substr(0, here.rfind('/')) + "/../policies/";
}

// "name=value" for each setting, in order, to compare whole lists at once.
std::vector<std::string> texts(const std::vector<const ParamSetting *> &settings) {
  std::vector<std::string> out;
  for (const ParamSetting *p : settings)
    out.push_back(p->name + "=" + p->value);
  return out;
}

std::vector<std::string> texts(const std::vector<ParamSetting> &settings) {
  std::vector<std::string> out;
  for (const ParamSetting &p : settings)
    out.push_back(p.name + "=" + p.value);
  return out;
}

std::vector<std::string> texts(const EffectiveParams &params) {
  std::vector<std::string> out;
  for (const auto &entry : params)
    out.push_back(entry.first + "=" + entry.second.value);
  return out;
}

std::vector<std::string> described(const std::vector<PolicyDiagnostic> &diags) {
  std::vector<std::string> out;
  for (const PolicyDiagnostic &d : diags)
    out.push_back(d.describe());
  return out;
}

const std::vector<std::string> kRfc = {
    "early-inlining-insns=14",  "inline-heuristics-hint-percent=600", "inline-min-speedup=15",
    "max-inline-insns-auto=30", "max-inline-insns-single=200",
};

// Loads TEXT as "p.ini" and expects exactly one error, on LINE, whose message
// contains every string in PARTS.
void expect_one_error(const std::string &text, int line, std::vector<std::string> parts) {
  Policy p;
  std::vector<PolicyDiagnostic> diags;
  EXPECT_FALSE(p.load_text(text, "p.ini", &diags)) << text;
  ASSERT_EQ(diags.size(), 1u) << ::testing::PrintToString(described(diags));
  EXPECT_EQ(diags[0].origin.file, "p.ini");
  EXPECT_EQ(diags[0].origin.line, line) << diags[0].describe();
  for (const std::string &part : parts)
    EXPECT_NE(diags[0].message.find(part), std::string::npos)
        << "'" << part << "' not in: " << diags[0].describe();
}

Policy load_ok(const std::string &text) {
  Policy p;
  std::vector<PolicyDiagnostic> diags;
  EXPECT_TRUE(p.load_text(text, "p.ini", &diags)) << ::testing::PrintToString(described(diags));
  EXPECT_TRUE(diags.empty());
  return p;
}

// ---- origins and built-ins ---------------------------------------------------

TEST(Origin, Describe) {
  EXPECT_EQ((Origin{"policy.ini", 12}).describe(), "policy.ini:12");
  EXPECT_EQ((Origin{"policy.ini", 0}).describe(), "policy.ini");
  EXPECT_EQ((Origin{"", 7}).describe(), "command line");
  EXPECT_EQ((PolicyDiagnostic{Origin{"a.ini", 3}, "oops"}).describe(), "a.ini:3: oops");
  EXPECT_EQ((PolicyDiagnostic{Origin{}, "oops"}).describe(), "command line: oops");
}

TEST(Builtins, RfcAndGcc) {
  Policy p;
  const ParamProfile *rfc = p.find_profile("rfc");
  ASSERT_NE(rfc, nullptr);
  EXPECT_EQ(texts(rfc->params), kRfc);
  EXPECT_EQ(rfc->params[0].origin.describe(), "<built-in>");
  const ParamProfile *gcc = p.find_profile("gcc");
  ASSERT_NE(gcc, nullptr);
  EXPECT_TRUE(gcc->params.empty());
  EXPECT_EQ(p.find_profile("aggressive"), nullptr);
  EXPECT_TRUE(p.rules().empty());
  EXPECT_EQ(p.all_params().size(), 5u);
}

// ---- the format ----------------------------------------------------------------

TEST(Format, ExampleFile) {
  Policy p;
  std::vector<PolicyDiagnostic> diags;
  std::string path = policy_dir() + "example.ini";
  ASSERT_TRUE(p.load_file(path, &diags)) << ::testing::PrintToString(described(diags));

  const ParamProfile *aggressive = p.find_profile("aggressive");
  ASSERT_NE(aggressive, nullptr);
  std::vector<std::string> want = kRfc;
  want.push_back("max-inline-insns-single=400");
  want.push_back("inline-unit-growth=80");
  EXPECT_EQ(texts(aggressive->params), want);
  EXPECT_EQ(aggressive->origin.line, 3);
  EXPECT_EQ(aggressive->params[5].origin.line, 5);

  const std::vector<Rule> &rules = p.rules();
  ASSERT_EQ(rules.size(), 4u);
  EXPECT_EQ(rules[0].label, "baseline");
  EXPECT_EQ(rules[0].origin.line, 13);
  EXPECT_EQ(rules[1].label, "networking fast path");
  ASSERT_EQ(rules[1].tus.size(), 2u);
  EXPECT_EQ(rules[1].tus[0].pattern(), "net/ipv4/tcp*.c");
  EXPECT_EQ(rules[1].tus[1].pattern(), "net/core/**");
  EXPECT_EQ(rules[2].label, "fs");
  ASSERT_EQ(rules[2].never_inline.size(), 2u);
  EXPECT_EQ(rules[2].never_inline[1].name.pattern(), "do_sys_openat2");
  EXPECT_EQ(rules[2].never_inline[1].origin.line, 23);
  ASSERT_EQ(rules[2].forbidden_calls.size(), 1u);
  EXPECT_EQ(rules[2].forbidden_calls[0].caller.pattern(), "do_symlinkat");
  EXPECT_EQ(rules[2].forbidden_calls[0].callee.pattern(), "vfs_*");
  EXPECT_TRUE(rules[3].is_function_rule());
  ASSERT_EQ(rules[3].functions.size(), 2u);
  EXPECT_EQ(rules[3].functions[1].pattern(), "ns::cls::*");

  // Every TU gets the RFC; fs/ overrides one threshold.
  EXPECT_EQ(texts(effective(p.tu_params("mm/slub.c"))), kRfc);
  EXPECT_EQ(effective(p.tu_params("fs/open.c"))["max-inline-insns-auto"].value, "40");
  EXPECT_EQ(effective(p.tu_params("fs/open.c"))["max-inline-insns-auto"].origin.line, 22);
  EXPECT_EQ(effective(p.tu_params("net/ipv4/tcp_ipv4.c"))["max-inline-insns-single"].value, "400");
  EXPECT_EQ(effective(p.tu_params("net/ipv4/sub/tcp.c"))["max-inline-insns-single"].value, "200");
  EXPECT_EQ(effective(p.tu_params("net/core/dev/x.c"))["inline-unit-growth"].value, "80");

  // The per-function rule applies in fs/ only, and only to its functions.
  EXPECT_TRUE(p.has_function_rules("fs/ext4/inode.c"));
  EXPECT_FALSE(p.has_function_rules("mm/slub.c"));
  EXPECT_EQ(
      effective(p.function_params("fs/open.c", {"do_slowpath"}))["max-inline-insns-auto"].value,
      "10");
  EXPECT_EQ(effective(p.function_params("fs/open.c", {"do_open"}))["max-inline-insns-auto"].value,
            "40");
  EXPECT_EQ(
      effective(p.function_params("mm/slub.c", {"do_slowpath"}))["max-inline-insns-auto"].value,
      "30");
  // Any spelling of the function may match.
  EXPECT_EQ(effective(p.function_params("fs/x.c",
                                        {"_ZN2ns3cls1fEv", "ns::cls::f()"}))["early-inlining-insns"]
                .value,
            "6");

  ASSERT_EQ(p.never_inline("fs/namei.c").size(), 2u);
  EXPECT_EQ(p.never_inline("fs/namei.c")[0]->name.pattern(), "vfs_symlink");
  EXPECT_TRUE(p.never_inline("net/socket.c").empty());
  EXPECT_EQ(p.forbidden_calls("fs/namei.c").size(), 1u);
  EXPECT_TRUE(p.forbidden_calls("kernel/fork.c").empty());

  ASSERT_EQ(p.files().size(), 1u);
  EXPECT_EQ(p.files()[0].first, path);
  EXPECT_NE(p.files()[0].second.find("[rule cold helpers]"), std::string::npos);
}

TEST(Format, CommentsBlankLinesAndInlineComments) {
  Policy p = load_ok("# hash comment\n"
                     "; semicolon comment\n"
                     "\n"
                     "[rule]   ; a rule\n"
                     "max-inline-insns-auto = 40 ; why 40\n"
                     "   # indented comment\n");
  ASSERT_EQ(p.rules().size(), 1u);
  EXPECT_EQ(texts(p.rules()[0].params), std::vector<std::string>{"max-inline-insns-auto=40"});
  EXPECT_EQ(p.rules()[0].params[0].origin.line, 5);
}

TEST(Format, RepeatedRuleSectionsAreSeparateRules) {
  Policy p = load_ok("[rule]\ntu = fs/**\nmax-inline-insns-auto = 1\n"
                     "[rule]\nmax-inline-insns-auto = 2\n");
  ASSERT_EQ(p.rules().size(), 2u);
  EXPECT_EQ(p.rules()[0].tus.size(), 1u);
  EXPECT_TRUE(p.rules()[1].tus.empty());
  EXPECT_EQ(p.rules()[1].origin.line, 4);
  EXPECT_EQ(texts(p.tu_params("mm/x.c")), std::vector<std::string>{"max-inline-insns-auto=2"});
}

TEST(Format, IndentedKeysAreNotContinuations) {
  // inih would otherwise read the second line as more of the first's value.
  Policy p = load_ok("[rule]\n  tu = fs/**\n  max-inline-insns-auto = 40\n");
  ASSERT_EQ(p.rules().size(), 1u);
  EXPECT_EQ(p.rules()[0].tus.size(), 1u);
  EXPECT_EQ(texts(p.rules()[0].params), std::vector<std::string>{"max-inline-insns-auto=40"});
}

TEST(Format, CrlfAndByteOrderMark) {
  Policy p = load_ok("\xEF\xBB\xBF[rule crlf]\r\ntu = fs/**\r\nmax-inline-insns-auto = 40\r\n");
  ASSERT_EQ(p.rules().size(), 1u);
  EXPECT_EQ(p.rules()[0].label, "crlf");
  EXPECT_TRUE(p.rules()[0].matches_tu("fs/open.c"));
  EXPECT_EQ(p.rules()[0].params[0].value, "40");
}

TEST(Format, RepeatedListKeysAccumulate) {
  Policy p = load_ok("[rule]\ntu = fs/*.c\ntu = mm/*.c, kernel/*.c\n"
                     "never-inline = a\nnever-inline = b , c\nmax-inline-insns-auto = 1\n");
  const Rule &r = p.rules()[0];
  ASSERT_EQ(r.tus.size(), 3u);
  EXPECT_EQ(r.tus[2].pattern(), "kernel/*.c");
  ASSERT_EQ(r.never_inline.size(), 3u);
  EXPECT_EQ(r.never_inline[2].name.pattern(), "c");
  EXPECT_EQ(r.never_inline[2].origin.line, 5);
}

TEST(Format, ColonSeparator) {
  Policy p = load_ok("[rule]\ntu: fs/**\nfunction = ns::cls::*\nmax-inline-insns-auto: 7\n");
  const Rule &r = p.rules()[0];
  EXPECT_EQ(r.tus[0].pattern(), "fs/**");
  // '=' comes first on the line, so the "::" stay in the value.
  EXPECT_EQ(r.functions[0].pattern(), "ns::cls::*");
  EXPECT_EQ(texts(r.params), std::vector<std::string>{"max-inline-insns-auto=7"});
}

TEST(Format, ParamNamesKeepTheirCase) {
  Policy p = load_ok("[profile o]\nsra-max-scalarization-size-Ospeed = 32\n");
  EXPECT_EQ(texts(p.find_profile("o")->params),
            (std::vector<std::string>{"sra-max-scalarization-size-Ospeed=32"}));
}

// ---- profiles ------------------------------------------------------------------

TEST(Profiles, IncludesExpandInPlace) {
  Policy p = load_ok("[profile a]\nmax-inline-insns-auto = 1\n"
                     "[profile b]\nearly-inlining-insns = 2\nprofile = a\ninline-min-speedup = 3\n"
                     "[rule]\nmax-inline-insns-single = 9\nprofile = b\n");
  EXPECT_EQ(texts(p.find_profile("b")->params),
            (std::vector<std::string>{"early-inlining-insns=2", "max-inline-insns-auto=1",
                                      "inline-min-speedup=3"}));
  EXPECT_EQ(texts(p.rules()[0].params),
            (std::vector<std::string>{"max-inline-insns-single=9", "early-inlining-insns=2",
                                      "max-inline-insns-auto=1", "inline-min-speedup=3"}));
  // Expanded settings keep the line that wrote them.
  EXPECT_EQ(p.rules()[0].params[2].origin.line, 2);
}

TEST(Profiles, BuiltinInclude) {
  Policy p = load_ok("[profile mine]\nprofile = rfc\nmax-inline-insns-auto = 50\n");
  std::vector<std::string> want = kRfc;
  want.push_back("max-inline-insns-auto=50");
  EXPECT_EQ(texts(p.find_profile("mine")->params), want);
  // 5 built-in + 6 in "mine".
  EXPECT_EQ(p.all_params().size(), 11u);
}

TEST(Profiles, AcrossFiles) {
  Policy p;
  std::vector<PolicyDiagnostic> diags;
  ASSERT_TRUE(p.load_file(policy_dir() + "base.ini", &diags));
  ASSERT_TRUE(p.load_file(policy_dir() + "override.ini", &diags))
      << ::testing::PrintToString(described(diags));
  EXPECT_EQ(p.rules().size(), 2u);
  EXPECT_EQ(p.files().size(), 2u);
  EXPECT_EQ(effective(p.tu_params("mm/slub.c"))["max-inline-insns-auto"].value, "50");
  EXPECT_EQ(effective(p.tu_params("fs/open.c"))["max-inline-insns-auto"].value, "20");

  // Loading base.ini again redefines "base".
  EXPECT_FALSE(p.load_file(policy_dir() + "base.ini", &diags));
  ASSERT_EQ(diags.size(), 1u);
  EXPECT_EQ(diags[0].origin.line, 2);
  EXPECT_NE(
      diags[0].message.find("profile 'base' is already defined at " + policy_dir() + "base.ini:2"),
      std::string::npos)
      << diags[0].message;
}

// ---- rule order and queries ------------------------------------------------------

TEST(Rules, LaterRulesOverrideEarlierOnes) {
  Policy p = load_ok("[rule all]\nmax-inline-insns-auto = 10\nearly-inlining-insns = 5\n"
                     "[rule fs]\ntu = fs/**\nmax-inline-insns-auto = 20\n"
                     "[rule all again]\nearly-inlining-insns = 7\n");
  EXPECT_EQ(texts(p.tu_params("fs/open.c")),
            (std::vector<std::string>{"max-inline-insns-auto=10", "early-inlining-insns=5",
                                      "max-inline-insns-auto=20", "early-inlining-insns=7"}));
  EXPECT_EQ(texts(effective(p.tu_params("fs/open.c"))),
            (std::vector<std::string>{"early-inlining-insns=7", "max-inline-insns-auto=20"}));
  EXPECT_EQ(texts(effective(p.tu_params("mm/slub.c"))),
            (std::vector<std::string>{"early-inlining-insns=7", "max-inline-insns-auto=10"}));
  EXPECT_EQ(effective(p.tu_params("fs/open.c"))["max-inline-insns-auto"].origin.line, 6);
}

TEST(Rules, FunctionRulesAreNotTuWide) {
  Policy p = load_ok("[rule]\nmax-inline-insns-auto = 10\n"
                     "[rule hot]\ntu = net/**\nfunction = tcp_*\nmax-inline-insns-auto = 90\n"
                     "[rule late]\ntu = net/**\nearly-inlining-insns = 3\n");
  EXPECT_EQ(texts(p.tu_params("net/ipv4/tcp.c")),
            (std::vector<std::string>{"max-inline-insns-auto=10", "early-inlining-insns=3"}));
  // In rule order: a later TU-wide rule still comes after the function rule.
  EXPECT_EQ(texts(p.function_params("net/ipv4/tcp.c", {"tcp_v4_rcv"})),
            (std::vector<std::string>{"max-inline-insns-auto=10", "max-inline-insns-auto=90",
                                      "early-inlining-insns=3"}));
  EXPECT_EQ(texts(p.function_params("net/ipv4/tcp.c", {"udp_rcv"})),
            (std::vector<std::string>{"max-inline-insns-auto=10", "early-inlining-insns=3"}));
  EXPECT_EQ(texts(p.function_params("fs/open.c", {"tcp_v4_rcv"})),
            (std::vector<std::string>{"max-inline-insns-auto=10"}));
  EXPECT_TRUE(p.has_function_rules("net/ipv4/tcp.c"));
  EXPECT_FALSE(p.has_function_rules("fs/open.c"));
}

TEST(Rules, MatchesTuAndFunction) {
  Policy p = load_ok("[rule]\ntu = fs/*.c, mm/**\nfunction = a*, b\nmax-inline-insns-auto = 1\n");
  const Rule &r = p.rules()[0];
  EXPECT_TRUE(r.matches_tu("fs/open.c"));
  EXPECT_TRUE(r.matches_tu("mm/a/b.c"));
  EXPECT_FALSE(r.matches_tu("fs/ext4/inode.c"));
  EXPECT_TRUE(r.matches_function({"x", "abc"}));
  EXPECT_TRUE(r.matches_function({"b"}));
  EXPECT_FALSE(r.matches_function({"bb", "x"}));
  EXPECT_FALSE(r.matches_function({}));
  Rule every;
  EXPECT_TRUE(every.matches_tu("anything.c"));
  EXPECT_TRUE(every.matches_function({}));
}

TEST(Rules, NeverInlineAndForbiddenCallsFollowTheTu) {
  Policy p = load_ok("[rule]\nnever-inline = kmalloc\n"
                     "[rule]\ntu = fs/**\nnever-inline = vfs_*\n"
                     "never-inline-call = do_symlinkat -> vfs_symlink\n"
                     "never-inline-call = ns::a::*  ->  operator new*\n");
  ASSERT_EQ(p.never_inline("fs/namei.c").size(), 2u);
  EXPECT_EQ(p.never_inline("fs/namei.c")[1]->name.pattern(), "vfs_*");
  ASSERT_EQ(p.never_inline("mm/slub.c").size(), 1u);
  EXPECT_EQ(p.never_inline("mm/slub.c")[0]->name.pattern(), "kmalloc");
  auto calls = p.forbidden_calls("fs/namei.c");
  ASSERT_EQ(calls.size(), 2u);
  EXPECT_EQ(calls[1]->caller.pattern(), "ns::a::*");
  EXPECT_EQ(calls[1]->callee.pattern(), "operator new*");
  EXPECT_TRUE(calls[1]->callee.matches("operator new[](unsigned long)"));
  EXPECT_EQ(calls[0]->origin.line, 6);
  EXPECT_TRUE(p.forbidden_calls("mm/slub.c").empty());
}

// ---- the command line --------------------------------------------------------------

TEST(CommandLine, ProfileRule) {
  Policy p;
  std::vector<PolicyDiagnostic> diags;
  ASSERT_TRUE(p.add_profile_rule("rfc", Origin{}, &diags));
  ASSERT_EQ(p.rules().size(), 1u);
  EXPECT_EQ(p.rules()[0].label, "profile=rfc");
  EXPECT_EQ(p.rules()[0].origin.describe(), "command line");
  EXPECT_EQ(texts(p.tu_params("any/file.c")), kRfc);

  // "gcc" is accepted and changes nothing.
  ASSERT_TRUE(p.add_profile_rule("gcc", Origin{}, &diags));
  EXPECT_EQ(p.rules().size(), 2u);
  EXPECT_EQ(texts(p.tu_params("any/file.c")), kRfc);
  EXPECT_TRUE(diags.empty());
}

TEST(CommandLine, ProfileRuleAfterFileUsesFileProfiles) {
  Policy p = load_ok("[profile fast]\nmax-inline-insns-auto = 99\n");
  std::vector<PolicyDiagnostic> diags;
  ASSERT_TRUE(p.add_profile_rule("fast", Origin{}, &diags));
  EXPECT_EQ(texts(p.tu_params("x.c")), std::vector<std::string>{"max-inline-insns-auto=99"});
}

TEST(CommandLine, UnknownProfile) {
  Policy p = load_ok("[profile fast]\nmax-inline-insns-auto = 99\n");
  std::vector<PolicyDiagnostic> diags;
  EXPECT_FALSE(p.add_profile_rule("turbo", Origin{}, &diags));
  ASSERT_EQ(diags.size(), 1u);
  EXPECT_EQ(diags[0].describe(),
            "command line: unknown profile 'turbo'; known profiles: fast, gcc, rfc");
  EXPECT_TRUE(p.rules().empty());
}

TEST(CommandLine, NeverInlineList) {
  Policy p;
  std::vector<PolicyDiagnostic> diags;
  ASSERT_TRUE(p.add_never_inline_list(" vfs_symlink , do_sys_*,x", Origin{}, &diags));
  ASSERT_EQ(p.rules().size(), 1u);
  auto names = p.never_inline("fs/namei.c");
  ASSERT_EQ(names.size(), 3u);
  EXPECT_EQ(names[0]->name.pattern(), "vfs_symlink");
  EXPECT_EQ(names[1]->name.pattern(), "do_sys_*");
  EXPECT_EQ(names[2]->name.pattern(), "x");
  EXPECT_EQ(names[0]->origin.describe(), "command line");
  EXPECT_TRUE(p.tu_params("fs/namei.c").empty());
}

TEST(CommandLine, NeverInlineListErrors) {
  Policy p;
  std::vector<PolicyDiagnostic> diags;
  EXPECT_FALSE(p.add_never_inline_list("a,,b", Origin{}, &diags));
  EXPECT_FALSE(p.add_never_inline_list("a,", Origin{}, &diags));
  EXPECT_FALSE(p.add_never_inline_list("", Origin{}, &diags));
  EXPECT_FALSE(p.add_never_inline_list("ok, bad[", Origin{}, &diags));
  ASSERT_EQ(diags.size(), 4u);
  EXPECT_EQ(diags[0].describe(), "command line: empty item in list 'a,,b' of never-inline names");
  EXPECT_NE(diags[1].message.find("empty item in list 'a,'"), std::string::npos);
  EXPECT_NE(diags[2].message.find("empty item in list ''"), std::string::npos);
  EXPECT_EQ(diags[3].message, "bad never-inline glob 'bad[': unterminated '[' (no closing ']')");
  EXPECT_TRUE(p.rules().empty());
}

// ---- errors ------------------------------------------------------------------------

TEST(Errors, UnreadableFile) {
  Policy p;
  std::vector<PolicyDiagnostic> diags;
  EXPECT_FALSE(p.load_file("/nonexistent-inlinetune/policy.ini", &diags));
  ASSERT_EQ(diags.size(), 1u);
  EXPECT_EQ(diags[0].origin.line, 0);
  EXPECT_EQ(diags[0].describe(),
            "/nonexistent-inlinetune/policy.ini: cannot read policy file: No such file or "
            "directory");
  diags.clear();
  EXPECT_FALSE(p.load_file(policy_dir(), &diags));
  ASSERT_EQ(diags.size(), 1u);
  EXPECT_NE(diags[0].message.find("Is a directory"), std::string::npos);
  EXPECT_TRUE(p.files().empty());
}

TEST(Errors, SyntaxLineWithoutEquals) {
  expect_one_error("[rule]\nmax-inline-insns-auto = 1\njust words\n", 3,
                   {"expected 'KEY = VALUE'", "'just words'"});
}

TEST(Errors, SectionWithoutClosingBracket) {
  expect_one_error("# c\n[rule\nmax-inline-insns-auto = 1\n", 2,
                   {"section header '[rule' has no closing ']'"});
  // An inline comment ends the header before the ']', as inih reads it.
  expect_one_error("[rule ; x]\n", 1, {"has no closing ']'"});
}

TEST(Errors, EverySyntaxErrorIsReported) {
  // inih itself returns only the first.
  Policy p;
  std::vector<PolicyDiagnostic> diags;
  EXPECT_FALSE(p.load_text("[rule]\nmax-inline-insns-auto = 1\nfoo\nbar\n", "p.ini", &diags));
  EXPECT_EQ(described(diags),
            (std::vector<std::string>{
                "p.ini:3: expected 'KEY = VALUE', '[SECTION]' or a comment, got 'foo'",
                "p.ini:4: expected 'KEY = VALUE', '[SECTION]' or a comment, got 'bar'"}));
}

TEST(Errors, TextAfterSectionHeader) {
  expect_one_error("[rule] junk\nmax-inline-insns-auto = 1\n", 1,
                   {"unexpected text 'junk' after section header"});
}

TEST(Errors, KeyOutsideAnySection) {
  expect_one_error("\nmax-inline-insns-auto = 30\n[rule]\nearly-inlining-insns = 1\n", 2,
                   {"'max-inline-insns-auto = 30' is outside any section"});
}

TEST(Errors, UnknownSectionKind) {
  expect_one_error("[rules]\nmax-inline-insns-auto = 1\n", 1,
                   {"unknown section '[rules]'", "'[profile NAME]'", "'[rule LABEL]'"});
  expect_one_error("[]\n", 1, {"unknown section '[]'"});
  expect_one_error("[Rule]\nx = 1\n", 1, {"unknown section '[Rule]'"});
}

TEST(Errors, ProfileWithoutName) {
  expect_one_error("[profile]\nmax-inline-insns-auto = 1\n", 1, {"'[profile]' needs a name"});
  expect_one_error("[profile   ]\n", 1, {"'[profile]' needs a name"});
}

TEST(Errors, ProfileNameWithSpaces) {
  expect_one_error("[profile very fast]\nmax-inline-insns-auto = 1\n", 1,
                   {"profile name 'very fast' contains whitespace"});
}

TEST(Errors, DuplicateProfileInOneFile) {
  expect_one_error("[profile a]\nmax-inline-insns-auto = 1\n\n[profile a]\nx = 2\n", 4,
                   {"profile 'a' is already defined at p.ini:1"});
}

TEST(Errors, DuplicateBuiltinProfile) {
  expect_one_error("[profile rfc]\nmax-inline-insns-auto = 1\n", 1,
                   {"profile 'rfc' is already defined as a built-in profile"});
  expect_one_error("[profile gcc]\nmax-inline-insns-auto = 1\n", 1,
                   {"profile 'gcc' is already defined"});
}

TEST(Errors, UnknownProfile) {
  expect_one_error("[profile a]\nx = 1\n[rule]\nprofile = b\n", 4,
                   {"unknown profile 'b'", "known profiles: a, gcc, rfc"});
  // Defined later is too late.
  expect_one_error(
      "[rule]\nprofile = later\n[profile later]\nx = 1\n", 2,
      {"unknown profile 'later'", "known profiles: gcc, rfc", "defined before it is used"});
  expect_one_error("[profile a]\nprofile = nope\n", 2,
                   {"unknown profile 'nope'", "known profiles: gcc, rfc"});
}

TEST(Errors, ProfileIncludingItself) {
  expect_one_error("[profile a]\nprofile = a\n", 2, {"profile 'a' cannot include itself"});
}

TEST(Errors, BadGlobs) {
  expect_one_error("[rule]\ntu = fs//x\nmax-inline-insns-auto = 1\n", 2,
                   {"bad tu glob 'fs//x'", "empty path segment"});
  expect_one_error("[rule]\ntu = fs/ok.c, fs/a**b\nmax-inline-insns-auto = 1\n", 2,
                   {"bad tu glob 'fs/a**b'", "'**' must be a whole path segment"});
  expect_one_error("[rule]\ntu = /abs/x.c\nx = 1\n", 2,
                   {"bad tu glob '/abs/x.c'", "relative to the source tree"});
  expect_one_error("[rule]\nfunction = tcp_[\nx = 1\n", 2,
                   {"bad function glob 'tcp_['", "unterminated '['"});
  expect_one_error("[rule]\nnever-inline = fs/open\n", 2,
                   {"bad never-inline glob 'fs/open'", "'/' in a function name glob"});
  expect_one_error("[rule]\nnever-inline-call = a[ -> b\n", 2,
                   {"bad caller glob 'a['", "unterminated '['"});
  expect_one_error("[rule]\nnever-inline-call = a -> b\\\n", 2,
                   {"bad callee glob 'b\\'", "trailing backslash"});
}

TEST(Errors, EmptyListItem) {
  expect_one_error("[rule]\ntu = fs/**,,mm/**\nx = 1\n", 2,
                   {"empty item in list 'fs/**,,mm/**' of 'tu'"});
  expect_one_error("[rule]\nnever-inline = a,\n", 2, {"empty item in list 'a,'"});
}

TEST(Errors, EmptyValue) {
  expect_one_error("[rule]\ntu =\nx = 1\n", 2, {"empty value for 'tu'"});
  expect_one_error("[profile p]\nmax-inline-insns-auto =   ; nothing\n", 2,
                   {"empty value for 'max-inline-insns-auto'"});
}

TEST(Errors, MissingKey) {
  expect_one_error("[rule]\n= 3\nx = 1\n", 2, {"missing key before '='", "'3'"});
}

TEST(Errors, ImplausibleParamName) {
  expect_one_error("[rule]\nmax inline insns = 3\n", 2,
                   {"'max inline insns' is not a GCC param name"});
  expect_one_error("[rule]\n--param=max-inline-insns-auto = 3\n", 2,
                   {"'--param' is not a GCC param name", "without '--param='"});
  expect_one_error("[profile p]\nmax.inline = 3\n", 2, {"'max.inline' is not a GCC param name"});
  expect_one_error("[profile p]\n1max = 3\n", 2, {"'1max' is not a GCC param name"});
}

TEST(Errors, ValueWithWhitespace) {
  expect_one_error("[rule]\nmax-inline-insns-auto = 30 40\n", 2,
                   {"value '30 40' of 'max-inline-insns-auto' contains whitespace"});
}

TEST(Errors, SelectorsInProfile) {
  expect_one_error("[profile p]\ntu = fs/**\nx = 1\n", 2,
                   {"selector 'tu' is not allowed in [profile p]"});
  expect_one_error("[profile p]\nfunction = f\nx = 1\n", 2,
                   {"selector 'function' is not allowed in [profile p]"});
  expect_one_error("[profile p]\nnever-inline = f\nx = 1\n", 2,
                   {"'never-inline' is not allowed in [profile p]"});
  expect_one_error("[profile p]\nnever-inline-call = f -> g\nx = 1\n", 2,
                   {"'never-inline-call' is not allowed in [profile p]"});
}

TEST(Errors, NeverInlineInFunctionRule) {
  expect_one_error("[rule]\nfunction = f\nnever-inline = g\nx = 1\n", 3,
                   {"'never-inline' is not allowed in a rule with 'function'"});
  expect_one_error("[rule]\nfunction = f\nnever-inline-call = g -> h\nx = 1\n", 3,
                   {"'never-inline-call' is not allowed in a rule with 'function'"});
  // The other order is caught at the 'function' line.
  expect_one_error("[rule]\nnever-inline = g\nfunction = f\n", 3,
                   {"'function' is not allowed in a rule with 'never-inline'"});
  expect_one_error("[rule]\nnever-inline-call = g -> h\nfunction = f\n", 3,
                   {"'function' is not allowed in a rule with 'never-inline-call'"});
}

TEST(Errors, MalformedNeverInlineCall) {
  expect_one_error("[rule]\nnever-inline-call = do_symlinkat vfs_symlink\n", 2,
                   {"no '->' in never-inline-call 'do_symlinkat vfs_symlink'", "CALLER -> CALLEE"});
  expect_one_error("[rule]\nnever-inline-call = a -> b -> c\n", 2,
                   {"more than one '->' in never-inline-call 'a -> b -> c'"});
  expect_one_error("[rule]\nnever-inline-call = -> b\n", 2,
                   {"empty caller in never-inline-call '-> b'"});
  expect_one_error("[rule]\nnever-inline-call = a ->\n", 2,
                   {"empty callee in never-inline-call 'a ->'"});
}

TEST(CallSites, FormsAndMatching) {
  Policy p;
  std::vector<PolicyDiagnostic> diags;
  ASSERT_TRUE(p.load_text("[rule]\ntu = fs/**\n"
                          "inline-call = do_* -> vfs_*\n"
                          "inline-site = 03daee83fc8c5d78\n"
                          "inline-site = a -> big @ fs/open.c:12\n"
                          "never-inline-site = a -> big @ fs/*.c:13:7\n",
                          "p.ini", &diags))
      << described(diags).front();
  const std::vector<const ForcedCall *> forced = p.forced_calls("fs/open.c");
  ASSERT_EQ(forced.size(), 3u);
  EXPECT_TRUE(p.forced_calls("mm/slub.c").empty());
  EXPECT_EQ(forced[0]->form, CallSelector::Form::Pair);
  EXPECT_FALSE(forced[0]->is_site());
  EXPECT_TRUE(forced[0]->matches({"do_open"}, {"vfs_open"}, "fs/open.c:3:1", 0));
  EXPECT_FALSE(forced[0]->matches({"path_open"}, {"vfs_open"}, "fs/open.c:3:1", 0));
  EXPECT_EQ(forced[1]->form, CallSelector::Form::Id);
  EXPECT_EQ(forced[1]->id, 0x03daee83fc8c5d78ull);
  EXPECT_TRUE(forced[1]->matches({"x"}, {"y"}, "z.c:1:1", 0x03daee83fc8c5d78ull));
  EXPECT_FALSE(forced[1]->matches({"x"}, {"y"}, "z.c:1:1", 1));
  EXPECT_EQ(forced[2]->form, CallSelector::Form::Located);
  EXPECT_EQ(forced[2]->line, 12);
  EXPECT_EQ(forced[2]->column, 0); // any column
  EXPECT_TRUE(forced[2]->matches({"a"}, {"big"}, "fs/open.c:12:11", 0));
  EXPECT_TRUE(forced[2]->matches({"a"}, {"big"}, "fs/open.c:12:30", 0));
  EXPECT_FALSE(forced[2]->matches({"a"}, {"big"}, "fs/open.c:13:11", 0));
  EXPECT_FALSE(forced[2]->matches({"a"}, {"big"}, "fs/namei.c:12:11", 0));
  EXPECT_FALSE(forced[2]->matches({"b"}, {"big"}, "fs/open.c:12:11", 0));
  EXPECT_EQ(forced[2]->describe(), "inline-site = a -> big @ fs/open.c:12 (p.ini:5)");
  // never-inline-site is forbidden; the column must match when given.
  const std::vector<const ForbiddenCall *> forbidden = p.forbidden_calls("fs/open.c");
  ASSERT_EQ(forbidden.size(), 1u);
  EXPECT_EQ(forbidden[0]->key, "never-inline-site");
  EXPECT_TRUE(forbidden[0]->matches({"a"}, {"big"}, "fs/namei.c:13:7", 0));
  EXPECT_FALSE(forbidden[0]->matches({"a"}, {"big"}, "fs/namei.c:13:8", 0));
  // A file name with ':' in it: the last two numbers are the place.
  ASSERT_TRUE(p.load_text("[rule]\ninline-site = a -> b @ odd:name.c:4:2\n", "q.ini", &diags));
  EXPECT_TRUE(p.forced_calls("x.c").back()->matches({"a"}, {"b"}, "odd:name.c:4:2", 0));
}

TEST(Errors, MalformedCallSites) {
  expect_one_error("[rule]\ninline-site = 03daee83fc8c5d7\n", 2,
                   {"bad site '03daee83fc8c5d7' in inline-site", "16 hex digits"});
  expect_one_error("[rule]\ninline-site = a -> b\n", 2,
                   {"no '@ FILE:LINE' in inline-site 'a -> b'", "'inline-call'"});
  expect_one_error("[rule]\nnever-inline-site = a -> b\n", 2,
                   {"no '@ FILE:LINE' in never-inline-site", "'never-inline-call'"});
  expect_one_error("[rule]\ninline-call = a -> b @ x.c:3\n", 2,
                   {"'@' in inline-call", "'inline-site = CALLER -> CALLEE @ FILE:LINE'"});
  expect_one_error("[rule]\ninline-site = a -> b @ x.c\n", 2,
                   {"bad place 'x.c' in inline-site", "FILE:LINE or FILE:LINE:COL"});
  expect_one_error("[rule]\ninline-site = a -> b @ x.c:0\n", 2, {"bad place 'x.c:0'"});
  expect_one_error("[rule]\ninline-site = a -> b @ x.c:3:z\n", 2, {"bad place 'x.c:3:z'"});
  expect_one_error("[rule]\ninline-call = a b\n", 2, {"no '->' in inline-call 'a b'"});
  expect_one_error("[rule]\ninline-site = -> b @ x.c:1\n", 2, {"empty caller in inline-site"});
  expect_one_error("[rule]\ninline-site = a -> b @ x[.c:1\n", 2, {"bad file glob 'x[.c'"});
  expect_one_error("[rule]\nfunction = f\ninline-call = g -> h\n", 3,
                   {"'inline-call' is not allowed in a rule with 'function'"});
  expect_one_error("[rule]\ninline-site = g -> h @ a.c:1\nfunction = f\n", 3,
                   {"'function' is not allowed in a rule with 'inline-site'"});
  expect_one_error("[profile p]\ninline-call = f -> g\nx = 1\n", 2,
                   {"'inline-call' is not allowed in [profile p]"});
}

TEST(Errors, RuleWithoutSettings) {
  expect_one_error("[rule]\ntu = fs/**\nfunction = f\n\n[rule next]\nx = 1\n", 1,
                   {"rule has no settings"});
  expect_one_error("[rule x]\nmax-inline-insns-auto = 1\n[rule empty]\n", 3,
                   {"rule has no settings"});
  // profile = gcc adds nothing and cannot reset earlier rules.
  expect_one_error("[rule]\ntu = fs/**\nprofile = gcc\n", 1,
                   {"rule has no settings: profile 'gcc' has no params"});
}

TEST(Errors, LongLine) {
  std::string names;
  for (int i = 0; i < 40; ++i)
    names += (i ? ", function_" : "function_") + std::to_string(i);
  expect_one_error("[rule]\nnever-inline = f\nnever-inline = " + names + "\n", 3,
                   {"line is longer than the INI parser's limit of",
                    "split the list over several 'never-inline =' lines"});
}

TEST(Errors, NulByte) {
  expect_one_error(std::string("[rule]\nmax-inline-insns-auto = 1\nx = 1") + '\0' + "junk\n", 3,
                   {"line contains a NUL byte"});
}

TEST(Errors, HashAfterTextIsNotAComment) {
  // inih's rule: '#' is a comment at the start of a line only.
  const std::string msg = "'#' after text is not a comment";
  expect_one_error("[rule]\nmax-inline-insns-auto = 3 # why\n", 2,
                   {msg, "the value of 'max-inline-insns-auto' would be '3 # why'",
                    "only a line that starts with '#' is a comment", "' ; text'"});
  // The same for every key, also where the value would pass: a never-inline
  // name 'f # why' would match nothing, silently.
  expect_one_error("[rule]\nnever-inline = f # why\n", 2, {msg, "'never-inline'"});
  expect_one_error("[rule]\ntu = fs/**\t# why\nx = 1\n", 2, {msg, "'tu'"});
  expect_one_error("[rule]\nprofile = rfc # why\n", 2, {msg, "'profile'"});
  // A ';' after whitespace is a comment (inih's), and so is '#' at the start.
  Policy p = load_ok("# head\n[rule]\n  # indented\nnever-inline = f ; why\nx = 3;4\n");
  ASSERT_EQ(p.rules().size(), 1u);
  ASSERT_EQ(p.rules()[0].never_inline.size(), 1u);
  EXPECT_EQ(p.rules()[0].never_inline[0].name.pattern(), "f");
  EXPECT_EQ(texts(p.rules()[0].params), std::vector<std::string>{"x=3;4"});
}

// ---- did you mean ---------------------------------------------------------------

TEST(DidYouMean, KeyNearAPolicyKey) {
  // Any other key is a GCC param, which only the plugin can check: the
  // parser keeps the key it is near, for the plugin's message.
  Policy p = load_ok("[rule]\nprofle = rfc\nfunctoin = f\nmax-inline-insns-auto = 3\n"
                     "[profile q]\nProfile = rfc\n");
  std::vector<std::string> near;
  for (const ParamSetting *s : p.all_params())
    if (s->origin.file == "p.ini")
      near.push_back(s->name + ":" + s->near_key);
  EXPECT_EQ(near, (std::vector<std::string>{"Profile:profile", "profle:profile",
                                            "functoin:function", "max-inline-insns-auto:"}));
}

TEST(DidYouMean, UnknownProfile) {
  expect_one_error("[rule]\nprofile = rfcc\n", 2,
                   {"unknown profile 'rfcc' (did you mean 'rfc'?); known profiles: gcc, rfc"});
  expect_one_error("[profile fast]\nx = 1\n[rule]\nprofile = fats\n", 4,
                   {"unknown profile 'fats' (did you mean 'fast'?)"});
  // Not the profile itself, which cannot include itself anyway.
  expect_one_error("[profile rfd]\nprofile = rfcd\n", 2,
                   {"unknown profile 'rfcd' (did you mean 'rfc'?)"});
  expect_one_error("[rule]\nprofile = turbo\n", 2, {"unknown profile 'turbo'; known profiles"});
  Policy cl;
  std::vector<PolicyDiagnostic> diags;
  EXPECT_FALSE(cl.add_profile_rule("RFC", Origin{}, &diags));
  ASSERT_EQ(diags.size(), 1u);
  EXPECT_EQ(diags[0].describe(),
            "command line: unknown profile 'RFC' (did you mean 'rfc'?); known profiles: gcc, rfc");
}

TEST(DidYouMean, UnknownSection) {
  expect_one_error("[rules]\nx = 1\n", 1, {"unknown section '[rules]' (did you mean '[rule]'?)"});
  expect_one_error("[Rule tcp]\nx = 1\n", 1,
                   {"unknown section '[Rule tcp]' (did you mean '[rule tcp]'?)"});
  expect_one_error("[profil fast]\nx = 1\n", 1,
                   {"unknown section '[profil fast]' (did you mean '[profile fast]'?)"});
  expect_one_error("[options]\nx = 1\n", 1, {"unknown section '[options]': expected"});
}

TEST(Errors, AllErrorsInFileOrder) {
  Policy p;
  std::vector<PolicyDiagnostic> diags;
  std::string path = policy_dir() + "errors.ini";
  EXPECT_FALSE(p.load_file(path, &diags));
  std::vector<std::pair<int, std::string>> want = {
      {3, "'orphan = 1' is outside any section"},
      {5, "selector 'tu' is not allowed in [profile fast]"},
      {6, "value '30 40' of 'max-inline-insns-auto' contains whitespace"},
      {7, "profile 'fast' is already defined at " + path + ":4"},
      {9, "unknown section '[rules]'"},
      {12, "bad tu glob 'fs//open.c'"},
      {13, "unknown profile 'turbo'; known profiles: fast, gcc, rfc"},
      {14, "more than one '->'"},
      {15, "got 'this line has no equals sign'"},
      {16, "rule has no settings"},
  };
  ASSERT_EQ(diags.size(), want.size()) << ::testing::PrintToString(described(diags));
  for (size_t i = 0; i < want.size(); ++i) {
    EXPECT_EQ(diags[i].origin.file, path);
    EXPECT_EQ(diags[i].origin.line, want[i].first) << diags[i].describe();
    EXPECT_NE(diags[i].message.find(want[i].second), std::string::npos) << diags[i].describe();
  }
}

TEST(Errors, FailedLoadLeavesPolicyUnchanged) {
  Policy p = load_ok("[profile keep]\nx = 1\n[rule]\nprofile = keep\n");
  std::vector<PolicyDiagnostic> diags;
  EXPECT_FALSE(p.load_text("[profile added]\ny = 2\n[rule]\nprofile = added\n[rule]\nbad\n",
                           "q.ini", &diags));
  EXPECT_EQ(diags.size(), 1u);
  EXPECT_EQ(p.find_profile("added"), nullptr);
  EXPECT_NE(p.find_profile("keep"), nullptr);
  EXPECT_EQ(p.rules().size(), 1u);
  EXPECT_EQ(p.files().size(), 1u);
  EXPECT_EQ(p.files()[0].first, "p.ini");
}

} // namespace
} // namespace inlinetune
