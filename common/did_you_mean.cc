// SPDX-License-Identifier: GPL-3.0-or-later
#include "did_you_mean.h"

#include <algorithm>

namespace inlinetune {

namespace {

constexpr unsigned kBaseCost = 2; // one edit
constexpr unsigned kCaseCost = 1; // a letter in the other case

char lower(char c) {
  return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

// GCC's get_edit_distance_cutoff, in whole edits: no suggestion between words
// of one letter; lengths within one of each other round down (at least one
// edit), others round up.
unsigned cutoff(size_t goal_len, size_t candidate_len) {
  size_t longer = std::max(goal_len, candidate_len);
  size_t shorter = std::min(goal_len, candidate_len);
  if (longer <= 1)
    return 0;
  if (longer - shorter <= 1)
    return static_cast<unsigned>(std::max<size_t>(longer / 3, 1));
  return static_cast<unsigned>((longer + 2) / 3);
}

} // namespace

unsigned edit_distance(std::string_view a, std::string_view b) {
  // Three rows of the optimal-string-alignment table: i-2, i-1, i.
  const size_t n = b.size();
  std::vector<unsigned> before(n + 1), prev(n + 1), cur(n + 1);
  for (size_t j = 0; j <= n; ++j)
    prev[j] = static_cast<unsigned>(j) * kBaseCost;
  for (size_t i = 1; i <= a.size(); ++i) {
    cur[0] = static_cast<unsigned>(i) * kBaseCost;
    for (size_t j = 1; j <= n; ++j) {
      unsigned subst = a[i - 1] == b[j - 1]                 ? 0
                       : lower(a[i - 1]) == lower(b[j - 1]) ? kCaseCost
                                                            : kBaseCost;
      cur[j] = std::min({prev[j] + kBaseCost, cur[j - 1] + kBaseCost, prev[j - 1] + subst});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] && a[i - 1] != b[j - 1])
        cur[j] = std::min(cur[j], before[j - 2] + kBaseCost);
    }
    std::swap(before, prev);
    std::swap(prev, cur);
  }
  return prev[n];
}

std::string closest_word(std::string_view goal, const std::vector<std::string_view> &candidates) {
  std::string_view best;
  unsigned best_distance = 0;
  for (std::string_view c : candidates) {
    if (c == goal)
      return {};
    unsigned d = edit_distance(goal, c);
    // A word in another case is the same word, however many letters changed
    // ("RFC": "rfc"), where GCC's cutoff alone would say nothing.
    const bool same_letters =
        goal.size() == c.size() && std::equal(goal.begin(), goal.end(), c.begin(),
                                              [](char a, char b) { return lower(a) == lower(b); });
    if (d > cutoff(goal.size(), c.size()) * kBaseCost && !same_letters)
      continue;
    if (best.empty() || d < best_distance) {
      best = c;
      best_distance = d;
    }
  }
  return std::string(best);
}

} // namespace inlinetune
