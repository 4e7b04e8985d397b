// SPDX-License-Identifier: GPL-3.0-or-later
// Glob patterns for translation-unit paths and function names.  GCC-free.
//
// Path globs (Glob::Kind::Path) match '/'-separated paths relative to the source
// tree: '*', '?' and '[...]' never cross a '/', and a whole segment '**' matches
// zero or more segments ("fs/**" matches every file under fs/, "**/tcp*.c" any
// tcp*.c).  Name globs (Glob::Kind::Name) match a whole symbol name; there '*'
// matches any character, including ':' of C++ names.
//
// Written on top of fnmatch(3), which lacks '**' and does not report malformed
// patterns; compile() rejects those so a policy typo is an error, not a silent
// never-matching rule.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace inlinetune {

class Glob {
public:
  enum class Kind { Path, Name };

  // Parses PATTERN; on failure returns false and sets *error to a message that
  // names the problem (it does not repeat the pattern).
  static bool compile(std::string_view pattern, Kind kind, Glob *out, std::string *error);

  bool matches(std::string_view text) const;
  const std::string &pattern() const { return pattern_; }
  // True when the pattern has no wildcard, so it names exactly one string.
  bool is_literal() const { return literal_; }

private:
  std::string pattern_;
  Kind kind_ = Kind::Name;
  bool literal_ = true;
  std::vector<std::string> segments_; // Path kind: pattern split at '/'
};

// A scope of globs (a rule's tu = and function = lists, replay's
// replay-tus= and replay-functions=): whether TEXT, or one of NAMES (the
// spellings of one function), is in it.  No globs: everything is.
bool in_scope(const std::vector<Glob> &globs, std::string_view text);
bool in_scope(const std::vector<Glob> &globs, const std::vector<std::string> &names);

} // namespace inlinetune
