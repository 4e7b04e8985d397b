// SPDX-License-Identifier: GPL-3.0-or-later
// Glob patterns on top of fnmatch(3).  fnmatch has no '**' and reports no
// malformed pattern (an unterminated '[' silently matches only itself), so
// compile() validates the whole pattern first and matches() runs fnmatch per
// path segment, handling '**' segments itself.
#include "glob.h"

#include <fnmatch.h>
#include <locale.h>

namespace inlinetune {

namespace {

// fnmatch follows the thread's locale: in a UTF-8 locale '?' and '[...]'
// match one character, in "C" one byte.  cc1 runs in the user's locale (GCC
// calls setlocale) and the CLI in "C"; a policy must match the same functions
// in every build and the CLI must agree with the plugin, so every match runs
// in the "C" locale, byte by byte (docs/bad-input.md).
int fnmatch_bytes(const char *pattern, const char *text) {
  static const locale_t c_locale = newlocale(LC_ALL_MASK, "C", locale_t(0));
  locale_t previous = uselocale(c_locale);
  int result = fnmatch(pattern, text, 0);
  uselocale(previous);
  return result;
}

std::vector<std::string> split_slash(std::string_view s) {
  std::vector<std::string> out;
  size_t start = 0;
  for (;;) {
    size_t slash = s.find('/', start);
    if (slash == std::string_view::npos) {
      out.emplace_back(s.substr(start));
      return out;
    }
    out.emplace_back(s.substr(start, slash - start));
    start = slash + 1;
  }
}

// Walks PATTERN the way fnmatch will read it, checking escapes and brackets,
// and notes where '*', '?', '[' and '/' occur outside brackets.
struct Scan {
  bool wildcard = false; // any unescaped '*', '?' or '[...]'
  bool star_run = false; // two unescaped '*' in a row outside brackets
  bool slash_in_bracket = false;
};

bool scan(std::string_view p, Scan *out, std::string *error) {
  bool prev_star = false;
  for (size_t i = 0; i < p.size(); ++i) {
    char c = p[i];
    if (c == '\\') {
      if (i + 1 == p.size()) {
        *error = "trailing backslash escapes nothing";
        return false;
      }
      if (p[i + 1] == '/') {
        *error = "'\\/': a path separator cannot be escaped";
        return false;
      }
      // An escape makes the pattern differ from the name it matches, so the
      // pattern is not "literal" in the sense of is_literal().
      out->wildcard = true;
      ++i;
      prev_star = false;
      continue;
    }
    if (c == '*') {
      out->wildcard = true;
      if (prev_star)
        out->star_run = true;
      prev_star = true;
      continue;
    }
    prev_star = false;
    if (c == '?') {
      out->wildcard = true;
      continue;
    }
    if (c != '[')
      continue;
    // Bracket expression: optional '!' or '^', then a ']' right after that is
    // an ordinary member (POSIX), classes like [:alpha:] may contain ']'.
    out->wildcard = true;
    size_t j = i + 1;
    if (j < p.size() && (p[j] == '!' || p[j] == '^'))
      ++j;
    if (j < p.size() && p[j] == ']')
      ++j;
    bool closed = false;
    for (; j < p.size(); ++j) {
      if (p[j] == '\\') {
        if (j + 1 == p.size()) {
          *error = "trailing backslash escapes nothing";
          return false;
        }
        ++j;
      } else if (p[j] == '[' && j + 1 < p.size() &&
                 (p[j + 1] == ':' || p[j + 1] == '.' || p[j + 1] == '=')) {
        char delim = p[j + 1];
        size_t end = p.find(std::string{delim, ']'}, j + 2);
        if (end == std::string_view::npos) {
          *error = std::string("unterminated '[") + delim + "' inside '[...]'";
          return false;
        }
        j = end + 1;
      } else if (p[j] == '/') {
        out->slash_in_bracket = true;
      } else if (p[j] == ']') {
        closed = true;
        break;
      }
    }
    if (!closed) {
      *error = "unterminated '[' (no closing ']')";
      return false;
    }
    i = j;
  }
  return true;
}

// Segment-level wildcard match with '**' as "any number of segments": the
// classic greedy match with one backtrack point, which is exact because every
// other pattern segment consumes exactly one text segment.
bool match_segments(const std::vector<std::string> &pat, const std::vector<std::string> &text) {
  size_t p = 0, t = 0;
  size_t star_p = std::string::npos, star_t = 0;
  auto one = [&](size_t pi, size_t ti) {
    // Only '**' consumes the empty first segment of an absolute path, so a
    // file outside the source tree is matched by "**/..." and nothing else.
    if (text[ti].empty())
      return false;
    return fnmatch_bytes(pat[pi].c_str(), text[ti].c_str()) == 0;
  };
  while (t < text.size()) {
    if (p < pat.size() && pat[p] == "**") {
      star_p = p++;
      star_t = t;
    } else if (p < pat.size() && one(p, t)) {
      ++p;
      ++t;
    } else if (star_p != std::string::npos) {
      p = star_p + 1;
      t = ++star_t;
    } else {
      return false;
    }
  }
  while (p < pat.size() && pat[p] == "**")
    ++p;
  return p == pat.size();
}

} // namespace

bool Glob::compile(std::string_view pattern, Kind kind, Glob *out, std::string *error) {
  if (pattern.empty()) {
    *error = "empty pattern";
    return false;
  }
  Scan s;
  if (!scan(pattern, &s, error))
    return false;

  Glob g;
  g.pattern_ = std::string(pattern);
  g.kind_ = kind;
  g.literal_ = !s.wildcard;

  if (kind == Kind::Name) {
    if (pattern.find('/') != std::string_view::npos) {
      *error = "'/' in a function name glob (function names never contain '/'; "
               "paths go in 'tu =')";
      return false;
    }
    *out = std::move(g);
    return true;
  }

  if (s.slash_in_bracket) {
    *error = "'/' inside '[...]' never matches: '[...]' stands for one character "
             "within a path segment";
    return false;
  }
  if (pattern.front() == '/') {
    *error = "leading '/': paths are relative to the source tree, as in 'fs/open.c'";
    return false;
  }
  if (pattern.back() == '/') {
    *error = "trailing '/': write 'DIR/**' to match every file under a directory";
    return false;
  }
  g.segments_ = split_slash(pattern);
  for (const std::string &seg : g.segments_) {
    if (seg.empty()) {
      *error = "empty path segment ('//')";
      return false;
    }
    if (seg == "." || seg == "..") {
      *error = "'" + seg + "' segment: paths are matched in normalised form, so it never matches";
      return false;
    }
    if (seg == "**")
      continue;
    Scan seg_scan;
    if (!scan(seg, &seg_scan, error))
      return false;
    if (seg_scan.star_run) {
      *error = "'**' must be a whole path segment, as in 'fs/**/inode.c' ('*' "
               "within a segment already matches any characters but '/')";
      return false;
    }
  }
  *out = std::move(g);
  return true;
}

bool Glob::matches(std::string_view text) const {
  if (kind_ == Kind::Name)
    return fnmatch_bytes(pattern_.c_str(), std::string(text).c_str()) == 0;
  return match_segments(segments_, split_slash(text));
}

bool in_scope(const std::vector<Glob> &globs, std::string_view text) {
  if (globs.empty())
    return true;
  for (const Glob &g : globs)
    if (g.matches(text))
      return true;
  return false;
}

bool in_scope(const std::vector<Glob> &globs, const std::vector<std::string> &names) {
  if (globs.empty())
    return true;
  for (const Glob &g : globs)
    for (const std::string &n : names)
      if (g.matches(n))
        return true;
  return false;
}

} // namespace inlinetune
