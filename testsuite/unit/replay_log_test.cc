// SPDX-License-Identifier: GPL-3.0-or-later
// ReplayLog (plugin/replay_log.h): which file of a path holds a TU's log,
// which TU of a file is the one compiled, and the decisions by key.
#include "replay_log.h"
#include "scratch_dir.h"

#include "encode.h"
#include "error.h"
#include "format.h"

#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <sys/stat.h>

using namespace inlinetune;
using log::Pass;
using log::Site;

namespace {

Site site(Pass pass, const std::string &caller, std::vector<std::string> chain,
          const std::string &callee, const std::string &location, bool inlined) {
  Site s;
  s.pass = pass;
  s.caller = s.lexical_caller = {caller, caller};
  if (chain.size() > 1)
    s.lexical_caller = {chain.back(), chain.back()};
  s.callee = {callee, callee};
  s.location = location;
  s.chain = std::move(chain);
  s.inlined = inlined;
  s.reason = inlined ? "OK" : "MAX_INLINE_INSNS_AUTO_LIMIT";
  s.reason_text = inlined ? "inlined" : "--param max-inline-insns-auto limit reached";
  return s;
}

std::string tu_log(const std::string &source, const std::string &object,
                   const std::vector<Site> &sites) {
  log::TuHeader h;
  h.gcc_version = "12.2.0";
  h.gcc_target = "x86_64-linux-gnu";
  h.source = source;
  h.object = object;
  return log::encode_log(h, sites, {});
}

void write(const std::string &path, const std::string &text) {
  std::ofstream(path) << text;
}

std::string id_of(const Site &s) { return log::site_id(s); }

} // namespace

TEST(ReplayLog, DecisionsByInlinerCallerChainAndId) {
  const ScratchDir scratch("replay_log_test");
  ASSERT_FALSE(scratch.path.empty());
  const std::string &dir = scratch.path;
  const Site early = site(Pass::einline, "f", {"f"}, "g", "a.c:3:5", true);
  const Site ipa = site(Pass::ipa, "f", {"f"}, "g", "a.c:3:5", false);
  const Site copy = site(Pass::ipa, "f", {"f", "h"}, "k", "a.c:9:1", true);
  // One call written in h, inlined twice into f: its two copies disagree.
  const Site twice_a = site(Pass::ipa, "f", {"f", "h"}, "m", "a.c:10:1", true);
  const Site twice_b = site(Pass::ipa, "f", {"f", "h"}, "m", "a.c:10:1", false);
  write(dir + "/" + log::log_file_name("a.o"),
        tu_log("a.c", "a.o", {early, ipa, copy, twice_a, twice_b}));

  ReplayLog r = ReplayLog::load(dir, "a.c", "a.o");
  ASSERT_TRUE(r.found());
  EXPECT_EQ(r.origin(), dir + "/a.o.jsonl");
  EXPECT_EQ(r.decision(Pass::einline, "f", {"f"}, {}, id_of(early)), std::optional<bool>(true));
  EXPECT_EQ(r.decision(Pass::ipa, "f", {"f"}, {}, id_of(ipa)), std::optional<bool>(false));
  EXPECT_EQ(r.decision(Pass::ipa, "f", {"f", "h"}, {}, id_of(copy)), std::optional<bool>(true));
  // Another chain, caller or inliner: not known.
  EXPECT_EQ(r.decision(Pass::ipa, "f", {"f", "x"}, {}, id_of(copy)), std::nullopt);
  EXPECT_EQ(r.decision(Pass::ipa, "q", {"q"}, {}, id_of(ipa)), std::nullopt);
  EXPECT_EQ(r.decision(Pass::einline, "f", {"f", "h"}, {}, id_of(copy)), std::nullopt);
  // Records that disagree decide nothing.
  EXPECT_EQ(r.decision(Pass::ipa, "f", {"f", "h"}, {}, id_of(twice_a)), std::nullopt);
  EXPECT_EQ(r.ambiguous(), 1u);
  EXPECT_EQ(r.unmatched(), 0u); // every key was asked for
  // A copy's call by the function whose copy it is in.
  EXPECT_EQ(r.copy_decision("f", "h", id_of(copy)), std::optional<bool>(true));
  EXPECT_EQ(r.copy_decision("f", "h", id_of(twice_a)), std::nullopt);
  EXPECT_EQ(r.copy_decision("f", "z", id_of(copy)), std::nullopt);
}

// What replay asks before the IPA inliner has placed a call: whether the
// key has records at all, whether the records of a body's copies disagree,
// and the decision on every call written at a location (an indirect call's
// callee is not known yet).
TEST(ReplayLog, BodiesAndLocations) {
  const ScratchDir scratch("replay_log_test");
  ASSERT_FALSE(scratch.path.empty());
  const std::string &dir = scratch.path;
  // m's call in h: inlined in h's copy in f1, refused in f2's.
  const Site in_f1 = site(Pass::ipa, "f1", {"f1", "h"}, "m", "a.c:10:1", true);
  const Site in_f2 = site(Pass::ipa, "f2", {"f2", "h"}, "m", "a.c:10:1", false);
  // Two calls at one location in g (a macro), both refused; and one in k
  // whose records at its location disagree.
  const Site g_a = site(Pass::ipa, "g", {"g"}, "p", "a.c:20:3", false);
  const Site g_b = site(Pass::ipa, "g", {"g"}, "q", "a.c:20:3", false);
  const Site k_a = site(Pass::ipa, "k", {"k"}, "p", "a.c:30:3", false);
  const Site k_b = site(Pass::ipa, "k", {"k"}, "q", "a.c:30:3", true);
  write(dir + "/" + log::log_file_name("a.o"),
        tu_log("a.c", "a.o", {in_f1, in_f2, g_a, g_b, k_a, k_b}));
  ReplayLog r = ReplayLog::load(dir, "a.c", "a.o");
  ASSERT_TRUE(r.found());
  EXPECT_TRUE(r.body_disagrees("h", id_of(in_f1)));
  EXPECT_EQ(r.body_decision("h", id_of(in_f1)), std::nullopt);
  EXPECT_FALSE(r.body_disagrees("g", id_of(g_a)));
  EXPECT_FALSE(r.body_disagrees("z", id_of(in_f1)));
  EXPECT_TRUE(r.knows(Pass::ipa, "f1", {"f1", "h"}, id_of(in_f1)));
  EXPECT_FALSE(r.knows(Pass::ipa, "h", {"h"}, id_of(in_f1))); // h's own body: not recorded
  EXPECT_FALSE(r.knows(Pass::einline, "f1", {"f1", "h"}, id_of(in_f1)));
  EXPECT_EQ(r.location_decision("g", "a.c:20:3"), std::optional<bool>(false));
  EXPECT_EQ(r.location_decision("k", "a.c:30:3"), std::nullopt);
  EXPECT_EQ(r.location_decision("g", "a.c:21:3"), std::nullopt);
  EXPECT_EQ(r.location_decision("h", "a.c:10:1"), std::nullopt); // disagree
}

// Two copies of h in f, made by two calls of f's (ids "1..." and "2..."):
// the call in h decided otherwise in each.  The ids of the calls that made
// the copies ("chain_sites") pick the copy; without them, or with ids the
// log does not have, the records disagree and decide nothing.
TEST(ReplayLog, ChainSitesTellTwoCopiesApart) {
  const ScratchDir scratch("replay_log_test");
  ASSERT_FALSE(scratch.path.empty());
  const std::string &dir = scratch.path;
  const std::string first = "1111111111111111", second = "2222222222222222";
  Site a = site(Pass::ipa, "f", {"f", "h"}, "m", "a.c:10:1", true);
  a.chain_sites = {first};
  Site b = site(Pass::ipa, "f", {"f", "h"}, "m", "a.c:10:1", false);
  b.chain_sites = {second};
  write(dir + "/" + log::log_file_name("a.o"), tu_log("a.c", "a.o", {a, b}));

  ReplayLog r = ReplayLog::load(dir, "a.c", "a.o");
  ASSERT_TRUE(r.found());
  EXPECT_EQ(r.ambiguous(), 0u); // told apart
  EXPECT_EQ(r.decision(Pass::ipa, "f", {"f", "h"}, {first}, id_of(a)), std::optional<bool>(true));
  EXPECT_EQ(r.decision(Pass::ipa, "f", {"f", "h"}, {second}, id_of(a)), std::optional<bool>(false));
  EXPECT_EQ(r.decision(Pass::ipa, "f", {"f", "h"}, {}, id_of(a)), std::nullopt);
  EXPECT_EQ(r.decision(Pass::ipa, "f", {"f", "h"}, {"3333333333333333"}, id_of(a)), std::nullopt);
  // Another chain with the same ids is another site.
  EXPECT_EQ(r.decision(Pass::ipa, "f", {"f", "x"}, {first}, id_of(a)), std::nullopt);
  EXPECT_EQ(r.unmatched(), 0u);

  // Two records of one copy that disagree: ambiguous still.
  Site c = b;
  c.chain_sites = {first};
  write(dir + "/" + log::log_file_name("a.o"), tu_log("a.c", "a.o", {a, b, c}));
  ReplayLog again = ReplayLog::load(dir, "a.c", "a.o");
  EXPECT_EQ(again.ambiguous(), 1u);
  EXPECT_EQ(again.decision(Pass::ipa, "f", {"f", "h"}, {first}, id_of(a)), std::nullopt);
  EXPECT_EQ(again.decision(Pass::ipa, "f", {"f", "h"}, {second}, id_of(a)),
            std::optional<bool>(false));
}

// The params ipa-split is replayed at (replayed_sites.h, before_split): the
// TU's, a per-function rule's on top, nothing for a param not recorded.
TEST(ReplayLog, RecordedParamsOfAFunction) {
  const ScratchDir scratch("replay_log_test");
  ASSERT_FALSE(scratch.path.empty());
  const std::string &dir = scratch.path;
  log::TuHeader h;
  h.gcc_version = "12.2.0";
  h.gcc_target = "x86_64-linux-gnu";
  h.source = "a.c";
  h.object = "a.o";
  h.params = {{"max-inline-insns-auto", "30"}, {"max-inline-insns-single", "200"}};
  log::FunctionParams fp;
  fp.function = {"hot", "hot"};
  fp.params = {{"max-inline-insns-auto", "80"}};
  h.function_params = {fp};
  write(dir + "/a.o.jsonl",
        log::encode_log(h, {site(Pass::einline, "f", {"f"}, "g", "a.c:3:5", true)}, {}));

  ReplayLog r = ReplayLog::load(dir, "a.c", "a.o");
  ASSERT_TRUE(r.found());
  EXPECT_EQ(r.recorded_param("f", "max-inline-insns-auto"), std::optional<std::string>("30"));
  EXPECT_EQ(r.recorded_param("hot", "max-inline-insns-auto"), std::optional<std::string>("80"));
  EXPECT_EQ(r.recorded_param("hot", "max-inline-insns-single"),
            std::optional<std::string>("200"));
  EXPECT_EQ(r.recorded_param("f", "early-inlining-insns"), std::nullopt);
}

TEST(ReplayLog, UnmatchedCountsKeysNeverAskedFor) {
  const ScratchDir scratch("replay_log_test");
  ASSERT_FALSE(scratch.path.empty());
  const std::string &dir = scratch.path;
  write(dir + "/a.o.jsonl", tu_log("a.c", "a.o",
                                   {site(Pass::einline, "f", {"f"}, "g", "a.c:3:5", true),
                                    site(Pass::einline, "f", {"f"}, "g", "a.c:4:5", false)}));
  ReplayLog r = ReplayLog::load(dir, "a.c", "a.o");
  EXPECT_EQ(r.keys(), 2u);
  EXPECT_EQ(r.unmatched(), 2u);
  r.decision(Pass::einline, "f", {"f"}, {},
             id_of(site(Pass::einline, "f", {"f"}, "g", "a.c:3:5", true)));
  EXPECT_EQ(r.unmatched(), 1u);
}

TEST(ReplayLog, FindsTheTuInABuildTreeAFileOrNowhere) {
  const ScratchDir scratch("replay_log_test");
  ASSERT_FALSE(scratch.path.empty());
  const std::string &dir = scratch.path;
  // A file with two TUs: the one compiled is picked by source and object.
  const std::string two = tu_log("a.c", "a.o", {site(Pass::ipa, "f", {"f"}, "g", "a.c:1:1", true)}) +
                          tu_log("b.c", "b.o", {site(Pass::ipa, "f", {"f"}, "g", "b.c:1:1", false)});
  write(dir + "/all.jsonl", two);
  ReplayLog b = ReplayLog::load(dir + "/all.jsonl", "b.c", "b.o");
  ASSERT_TRUE(b.found());
  EXPECT_EQ(b.decision(Pass::ipa, "f", {"f"}, {},
                       id_of(site(Pass::ipa, "f", {"f"}, "g", "b.c:1:1", false))),
            std::optional<bool>(false));
  // The same source built to another object: by its source alone.
  EXPECT_TRUE(ReplayLog::load(dir + "/all.jsonl", "a.c", "elsewhere/a.o").found());
  // Not in the file, not under the directory (no log file, no object of that name).
  EXPECT_FALSE(ReplayLog::load(dir + "/all.jsonl", "c.c", "c.o").found());
  ReplayLog none = ReplayLog::load(dir, "a.c", "a.o");
  EXPECT_FALSE(none.found());
  EXPECT_EQ(none.origin(), dir);
  // A log directory names an object's log by its path (log_file_name);
  // a build tree (the object at the compile's -o) is the compile tests'.
  write(dir + "/fs%open.o.jsonl", tu_log("fs/open.c", "fs/open.o", {}));
  EXPECT_TRUE(ReplayLog::load(dir, "fs/open.c", "fs/open.o").found());
  // Two logs of one source, neither of this object: which one is unknown.
  write(dir + "/twice.jsonl", tu_log("a.c", "x/a.o", {}) + tu_log("a.c", "y/a.o", {}));
  EXPECT_THROW(ReplayLog::load(dir + "/twice.jsonl", "a.c", "z/a.o"), Error);
}

TEST(ReplayLog, BadInputIsAnError) {
  const ScratchDir scratch("replay_log_test");
  ASSERT_FALSE(scratch.path.empty());
  const std::string &dir = scratch.path;
  EXPECT_THROW(ReplayLog::load(dir + "/nowhere", "a.c", "a.o"), Error);
  std::string text = tu_log("a.c", "a.o", {site(Pass::ipa, "f", {"f"}, "g", "a.c:1:1", true)});
  write(dir + "/cut.jsonl", text.substr(0, text.size() / 2) + "\n");
  try {
    ReplayLog::load(dir + "/cut.jsonl", "a.c", "a.o");
    FAIL() << "a damaged log was read";
  } catch (const Error &e) {
    EXPECT_NE(std::string(e.what()).find(dir + "/cut.jsonl"), std::string::npos) << e.what();
  }
}
