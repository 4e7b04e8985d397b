// SPDX-License-Identifier: GPL-3.0-or-later
// The guest profile reader (inputs/guest_profile.h) on hand-written format 2
// profiles: what it keeps of the fully associative counts (the _fa ones) and
// the refusals they add.  guest-profiles.test runs the same refusals through
// the CLI.
#include "error.h"
#include "inputs/guest_profile.h"

#include <gtest/gtest.h>

#include <string>

using namespace inlinetune;

namespace {

// One model, n1 (L2 hit 10 cycles, memory 100), one region of two functions.
// Line 3 is the region line, 4 and 5 its function lines.
struct Text {
  std::string version = "2";
  std::string run = R"("l1i": 9, "l1d": 8, "l2": 7, "l1i_fa": 6, "l1d_fa": 5, "l2_fa": 4)";
  // f: 3/2/1, fa 2/1/1; g: 1/1/1, fa 2/1/0 (an L1I conflict count of -1).
  std::string region = R"("l1i": 4, "l1d": 3, "l2": 2, "l1i_fa": 4, "l1d_fa": 2, "l2_fa": 1)";
  std::string f = R"("l1i": 3, "l1d": 2, "l2": 1, "l1i_fa": 2, "l1d_fa": 1, "l2_fa": 1)";
  std::string g = R"("l1i": 1, "l1d": 1, "l2": 1, "l1i_fa": 2, "l1d_fa": 1, "l2_fa": 0)";
  // 30 + (4 + 3) x 10 + 2 x 100; fa: 30 + (4 + 2) x 10 + 1 x 100.
  std::string cycles = "300", cycles_fa = "190";

  std::string str() const {
    return R"({"format": "inlinetune-guest-profile", "format_version": )" + version +
           R"(, "models": [{"name": "n1", "l1i": {"size": 65536, "ways": 4, "line": 64}, )"
           R"("l1d": {"size": 65536, "ways": 4, "line": 64}, )"
           R"("l2": {"size": 1048576, "ways": 8, "line": 64}, )"
           R"("latency": {"l2_hit": 10, "memory": 100}}], "complete": true, "regions": 1})"
           "\n"
           R"({"kind": "run", "insns": 1000, "misses": {"n1": {)" +
           run +
           "}}}\n"
           R"({"kind": "region", "region": 1, "workload": "stat", "insns": 30, "misses": {"n1": {)" +
           region + R"(}}, "cycles": {"n1": )" + cycles + R"(}, "cycles_fa": {"n1": )" + cycles_fa +
           "}}\n"
           R"({"kind": "function", "region": 1, "function": "f", "addr": "0x10", "space": "kernel", "insns": 20, "calls": 2, "misses": {"n1": {)" +
           f +
           "}}}\n"
           R"({"kind": "function", "region": 1, "function": "g", "addr": "0x20", "space": "kernel", "insns": 10, "calls": 1, "misses": {"n1": {)" +
           g + "}}}\n";
  }
};

std::string refusal(const Text &t) {
  try {
    parse_guest_profile(t.str(), "p.prof");
  } catch (const Error &e) {
    return e.what();
  }
  return "(read)";
}

} // namespace

TEST(GuestProfile, KeepsTheFullyAssociativeCounts) {
  const GuestProfile p = parse_guest_profile(Text().str(), "p.prof");
  ASSERT_EQ(p.models.size(), 1u);
  EXPECT_EQ(p.run_misses.at(0), (Misses{9, 8, 7}));
  EXPECT_EQ(p.run_misses_fa.at(0), (Misses{6, 5, 4}));
  ASSERT_EQ(p.regions.size(), 1u);
  const GuestRegion &r = p.regions[0];
  EXPECT_EQ(r.misses.at(0), (Misses{4, 3, 2}));
  EXPECT_EQ(r.misses_fa.at(0), (Misses{4, 2, 1}));
  EXPECT_EQ(r.cycles.at(0), 300u);
  EXPECT_EQ(r.cycles_fa.at(0), 190u);
  EXPECT_EQ(r.cycles_fa.at(0), modelled_cycles(p.models[0], r.insns, r.misses_fa[0]));
  ASSERT_EQ(r.functions.size(), 2u);
  EXPECT_EQ(r.functions[0].misses.at(0), (Misses{3, 2, 1}));
  EXPECT_EQ(r.functions[0].misses_fa.at(0), (Misses{2, 1, 1}));
  // More fully associative misses than set-associative ones (LRU is not
  // optimal): read, not refused.
  EXPECT_EQ(r.functions[1].misses_fa.at(0), (Misses{2, 1, 0}));
}

TEST(GuestProfile, RefusesFormat1) {
  Text t;
  t.version = "1";
  EXPECT_EQ(refusal(t), "p.prof:1: format_version 1: this inlinetune reads format 2");
}

TEST(GuestProfile, RefusesAMissingFullyAssociativeCount) {
  Text t;
  t.f = R"("l1i": 3, "l1d": 2, "l2": 1, "l1d_fa": 1, "l2_fa": 1)";
  EXPECT_EQ(refusal(t), "p.prof:4: no l1i_fa misses of cache model n1");
  t = Text();
  t.region = R"("l1i": 4, "l1d": 3, "l2": 2, "l1i_fa": 4, "l1d_fa": 2)";
  EXPECT_EQ(refusal(t), "p.prof:3: no l2_fa misses of cache model n1");
  t = Text();
  t.run = R"("l1i": 9, "l1d": 8, "l2": 7, "l1i_fa": 6, "l1d_fa": -5, "l2_fa": 4)";
  EXPECT_EQ(refusal(t), "p.prof:2: the l1d_fa misses of cache model n1 are not a count");
}

TEST(GuestProfile, RefusesCyclesFaNotTheFormula) {
  Text t;
  t.cycles_fa = "300"; // the set-associative misses' cycles
  EXPECT_EQ(refusal(t), "p.prof:3: region 1: modelled cycles_fa of n1 are 300, the formula of "
                        "docs/guest-profile.md gives 190");
  t.cycles_fa = R"("190")";
  EXPECT_EQ(refusal(t), "p.prof:3: no modelled cycles_fa of cache model n1");
}

TEST(GuestProfile, RefusesMissingCyclesFa) {
  std::string text = Text().str();
  const std::string cut = R"(, "cycles_fa": {"n1": 190})";
  ASSERT_NE(text.find(cut), std::string::npos);
  text.erase(text.find(cut), cut.size());
  EXPECT_THROW(parse_guest_profile(text, "p.prof"), Error);
}

TEST(GuestProfile, RefusesFullyAssociativeCountsThatDoNotSum) {
  Text t;
  t.g = R"("l1i": 1, "l1d": 1, "l2": 1, "l1i_fa": 2, "l1d_fa": 1, "l2_fa": 1)";
  EXPECT_EQ(refusal(t), "p.prof:3: region 1: its function lines sum to 4/2/2 L1I_FA/L1D_FA/L2_FA "
                        "misses of n1, the region line says 4/2/1");
}
