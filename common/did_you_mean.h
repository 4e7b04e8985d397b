// SPDX-License-Identifier: GPL-3.0-or-later
// "Did you mean ...?": the closest of a few known words to a misspelt one, by
// GCC's own rule (gcc/spellcheck.cc): the Damerau-Levenshtein distance
// (optimal string alignment: insert, delete, substitute, swap two neighbours),
// a change of case costing half an edit, and no suggestion beyond about a
// third of the longer word's length; and a word that differs only in case
// always (GCC's cutoff would refuse "RFC" for "rfc").  GCC-free, for the policy parser and the
// plugin's option table (the plugin suggests GCC params with GCC's own
// find_closest_string, over GCC's tables).
//
// Hand-written: GCC's spellcheck lives inside cc1 and cannot be linked into
// the GCC-free parser, its unit tests or its fuzzer, and Debian 12 packages no
// C or C++ edit-distance library (rapidfuzz-cpp is not in bookworm).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace inlinetune {

// The edit distance between A and B in half edits (a case-only change is 1,
// any other edit 2).
unsigned edit_distance(std::string_view a, std::string_view b);

// The candidate closest to GOAL within GCC's cutoff, else "" (also for GOAL
// itself among the candidates: nothing to suggest).  Ties go to the earlier
// candidate.
std::string closest_word(std::string_view goal, const std::vector<std::string_view> &candidates);

} // namespace inlinetune
