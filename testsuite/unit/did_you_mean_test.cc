// SPDX-License-Identifier: GPL-3.0-or-later
// did_you_mean: the edit distance and GCC's cutoff for suggestions.
#include "did_you_mean.h"

#include <gtest/gtest.h>

namespace inlinetune {
namespace {

TEST(EditDistance, CountsHalfEdits) {
  EXPECT_EQ(edit_distance("profile", "profile"), 0u);
  EXPECT_EQ(edit_distance("profle", "profile"), 2u);  // one insertion
  EXPECT_EQ(edit_distance("porfile", "profile"), 2u); // one swap of neighbours
  EXPECT_EQ(edit_distance("prafile", "profile"), 2u); // one substitution
  EXPECT_EQ(edit_distance("Profile", "profile"), 1u); // a change of case: half an edit
  EXPECT_EQ(edit_distance("", "rule"), 8u);           // four insertions
  EXPECT_EQ(edit_distance("tu", "function"), 14u);
  EXPECT_EQ(edit_distance("ab", "ba"), 2u);
}

TEST(ClosestWord, SuggestsWithinGccsCutoff) {
  const std::vector<std::string_view> keys = {"tu", "function", "profile", "never-inline",
                                              "never-inline-call"};
  EXPECT_EQ(closest_word("profle", keys), "profile");
  EXPECT_EQ(closest_word("Profile", keys), "profile");
  EXPECT_EQ(closest_word("PROFILE", keys), "profile"); // any case: the same word
  EXPECT_EQ(closest_word("RFC", {"gcc", "rfc"}), "rfc");
  EXPECT_EQ(closest_word("functon", keys), "function");
  EXPECT_EQ(closest_word("never_inline", keys), "never-inline");
  EXPECT_EQ(closest_word("neverinline-call", keys), "never-inline-call");
  EXPECT_EQ(closest_word("ti", keys), "tu");
  // Too far from every key: a GCC param, or a typo of one.
  EXPECT_EQ(closest_word("max-inline-insns-auto", keys), "");
  EXPECT_EQ(closest_word("profiles-and-more", keys), "");
  EXPECT_EQ(closest_word("x", keys), "");
  // The word itself is nothing to suggest.
  EXPECT_EQ(closest_word("profile", keys), "");
  EXPECT_EQ(closest_word("rfcc", {"fast", "gcc", "rfc"}), "rfc");
  EXPECT_EQ(closest_word("o3", {"gcc", "rfc"}), "");
  EXPECT_EQ(closest_word("abce", {"abcd"}), "abcd"); // one edit in four letters
  EXPECT_EQ(closest_word("abxy", {"abcd"}), "");     // two are too many
  EXPECT_EQ(closest_word("anything", {}), "");
}

TEST(ClosestWord, TiesGoToTheEarlierCandidate) {
  EXPECT_EQ(closest_word("ab", {"ac", "ad"}), "ac");
  EXPECT_EQ(closest_word("ab", {"ad", "ac"}), "ad");
}

} // namespace
} // namespace inlinetune
