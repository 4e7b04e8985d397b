// SPDX-License-Identifier: GPL-3.0-or-later
// launcher/policy_slice.h: the part of a policy that can change one TU's
// code, written as a policy file of its own.  GCC-free.
//
// inlinetune-cc (launcher/main.cc) hands the plugin this slice instead of the
// policy files, so that a compiler cache keys each object on the settings
// that reach its TU and not on the whole policy: a policy that changes the
// rules of one TU misses the cache for that TU only.  The slice is
// canonical, so that two policies with the same effect on a TU give the same
// text: rules whose `tu` does not match are gone (they cannot apply, by the
// plugin's own rule, Rule::matches_tu), profiles are expanded, a param that a
// later TU-wide rule sets again is dropped before it (the later one wins for
// the TU and every function), adjacent rules of one kind merge, lists are
// sorted and without repeats.  It keeps the order of what is left, which
// decides a function's params (docs/policy.md, "How settings combine").
// A slice may differ for policies of the same effect (two function rules
// that could merge but are not adjacent): then the cache misses; it never
// holds less than the TU's settings.
#pragma once

#include "policy.h"

#include <string>
#include <string_view>

namespace inlinetune {

// The rules of POLICY that apply to the TU at TU_PATH (relative to the
// source tree, as the plugin matches it), canonical, as policy-file text.
std::string policy_slice_for_tu(const Policy &policy, std::string_view tu_path);

// Every rule of POLICY, profiles expanded, `tu` kept: for a command whose TU
// is not known before it runs (a preprocessed file, several inputs, a flag
// probe), so that the text still changes with every setting.
std::string policy_slice_whole(const Policy &policy);

} // namespace inlinetune
