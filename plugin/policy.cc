// SPDX-License-Identifier: GPL-3.0-or-later
// The policy model and its INI reader.  The format and every diagnostic are
// described in docs/policy.md; keep the two in step.
#include "policy.h"

#include "did_you_mean.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ini.h>
#include <set>

namespace inlinetune {

namespace {

using ProfileMap = std::map<std::string, ParamProfile, std::less<>>;

constexpr const char *kBuiltinFile = "<built-in>";

std::string_view trim(std::string_view s) {
  const char *ws = " \t\r\n\f\v";
  size_t b = s.find_first_not_of(ws);
  if (b == std::string_view::npos)
    return {};
  return s.substr(b, s.find_last_not_of(ws) - b + 1);
}

// A place as a policy and the log write it: "FILE:LINE" or
// "FILE:LINE:COL" (numbers from 1; FILE may hold ':' before them).  False,
// with nothing set, for anything else.
bool split_place(std::string_view at, std::string_view *file, int *line, int *column) {
  auto number = [](std::string_view t, int *out) {
    if (t.empty() || t.size() > 9 || t.find_first_not_of("0123456789") != std::string_view::npos)
      return false;
    *out = std::atoi(std::string(t).c_str());
    return *out > 0;
  };
  const size_t c2 = at.rfind(':');
  if (c2 == std::string_view::npos || c2 == 0)
    return false;
  int a = 0, b = 0;
  if (!number(at.substr(c2 + 1), &b))
    return false;
  const size_t c1 = at.rfind(':', c2 - 1);
  if (c1 != std::string_view::npos && c1 > 0 && number(at.substr(c1 + 1, c2 - c1 - 1), &a)) {
    *file = at.substr(0, c1);
    *line = a;
    *column = b;
  } else {
    *file = at.substr(0, c2);
    *line = b;
    *column = 0;
  }
  return true;
}

bool has_space(std::string_view s) {
  return std::any_of(s.begin(), s.end(), [](char c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v';
  });
}

std::string quote(std::string_view s) {
  return "'" + std::string(s) + "'";
}

// inih's own rule for where a key or a section name ends: at one of CHARS, or
// at an inline ';' comment, which needs whitespace before it.  Mirrored so that
// the line reader below classifies lines exactly as inih will.
size_t find_chars_or_comment(std::string_view s, std::string_view chars) {
  bool was_space = false;
  for (size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    if (chars.find(c) != std::string_view::npos || (was_space && c == ';'))
      return i;
    was_space = c == ' ' || c == '\t';
  }
  return std::string_view::npos;
}

// GCC spells params with letters, digits, '-' and '_' (and mixed case, as in
// "sra-max-scalarization-size-Ospeed").  Whether the name exists is for the
// plugin to check against GCC's own tables.
bool plausible_param_name(std::string_view name) {
  if (name.empty() || !((name[0] >= 'a' && name[0] <= 'z') || (name[0] >= 'A' && name[0] <= 'Z')))
    return false;
  return std::all_of(name.begin(), name.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
           c == '_';
  });
}

// " (did you mean 'rfc'?)" for the closest of the known profiles, or "".
std::string closest_profile(std::string_view name, const ProfileMap &profiles,
                            std::string_view except = {}) {
  std::vector<std::string_view> names;
  for (const auto &entry : profiles)
    if (entry.first != except)
      names.push_back(entry.first);
  std::string best = closest_word(name, names);
  return best.empty() ? std::string() : " (did you mean '" + best + "'?)";
}

std::string known_profiles(const ProfileMap &profiles, std::string_view except = {}) {
  std::string out;
  for (const auto &entry : profiles) {
    if (entry.first == except)
      continue;
    if (!out.empty())
      out += ", ";
    out += entry.first;
  }
  return out;
}

// Splits a comma-separated list; an empty item is reported as ERROR.
bool split_list(std::string_view value, std::vector<std::string_view> *items, std::string *error) {
  size_t start = 0;
  for (;;) {
    size_t comma = value.find(',', start);
    std::string_view item =
        trim(value.substr(start, comma == std::string_view::npos ? comma : comma - start));
    if (item.empty()) {
      *error = "empty item in list " + quote(value);
      return false;
    }
    items->push_back(item);
    if (comma == std::string_view::npos)
      return true;
    start = comma + 1;
  }
}

// Reads one policy text into PROFILES and RULES.
//
// Debian's libinih is built without INI_HANDLER_LINENO, so the key handler is
// not told the line, and it is never called for section headers, so two
// "[rule]" sections in a row look like one.  ini_parse_stream takes a reader
// instead of a file: ours hands inih one line at a time, counts lines (the
// handler for a line runs before the next line is read), and opens a new
// section whenever it passes a header.  It also strips leading whitespace, which
// turns off inih's multi-line continuation, so an indented "key = value" is an
// ordinary setting rather than a silent continuation of the key above; and it
// reports syntax errors itself, because inih returns only the first one.
constexpr size_t kMaxErrorsPerFile = 20;

class Parser {
public:
  Parser(ProfileMap &profiles, std::vector<Rule> &rules, const std::string &file,
         std::string_view text, std::vector<PolicyDiagnostic> *diags)
      : profiles_(profiles), rules_(rules), file_(file), text_(text), diags_(diags) {}

  bool run() {
    size_t first = diags_->size();
    int rc = ini_parse_stream(&Parser::read_line, this, &Parser::on_key, this);
    close_section();
    if (rc > 0 && !syntax_lines_.count(rc))
      error(rc, "syntax error");
    else if (rc < 0)
      error(0, "the INI parser failed (code " + std::to_string(rc) + ")");
    // The end-of-section checks run late; report in file order anyway.
    std::stable_sort(
        diags_->begin() + first, diags_->end(),
        [](const PolicyDiagnostic &a, const PolicyDiagnostic &b) { return a.origin.line < b.origin.line; });
    // As a compiler stops after -fmax-errors: a file that is not a policy at
    // all (a binary given by mistake) would otherwise print an error per line.
    const size_t found = diags_->size() - first;
    if (found > kMaxErrorsPerFile) {
      diags_->erase(diags_->begin() + first + kMaxErrorsPerFile, diags_->end());
      diags_->push_back(PolicyDiagnostic{
          Origin{file_, 0}, std::to_string(found - kMaxErrorsPerFile) + " more errors not shown (" +
                                std::to_string(found) + " in all): is this a policy file?"});
    }
    return errors_ == 0;
  }

private:
  enum class Section { None, Skip, ParamProfile, Rule };

  static char *read_line(char *str, int num, void *stream) {
    return static_cast<Parser *>(stream)->next_line(str, num);
  }

  // The handler always succeeds: its errors are reported here with their own
  // text, so a positive return from inih means a syntax error of inih's.
  static int on_key(void *user, const char *section, const char *name, const char *value) {
    static_cast<Parser *>(user)->key(name, value);
    return 1;
  }

  char *next_line(char *str, int num) {
    if (pos_ >= text_.size())
      return nullptr;
    size_t nl = text_.find('\n', pos_);
    std::string_view raw = text_.substr(pos_, nl == std::string_view::npos ? nl : nl - pos_);
    pos_ = nl == std::string_view::npos ? text_.size() : nl + 1;
    ++line_;
    if (line_ == 1 && raw.substr(0, 3) == "\xEF\xBB\xBF")
      raw.remove_prefix(3);
    std::string_view body = trim(raw);

    if (body.find('\0') != std::string_view::npos) {
      error(line_, "line contains a NUL byte");
      body = {};
    } else if (body.size() + 2 > static_cast<size_t>(num)) {
      // inih would read the rest of the line as a line of its own.
      std::string msg = "line is longer than the INI parser's limit of " + std::to_string(num - 2) +
                        " characters";
      size_t eq = body.find('=');
      if (body[0] != '[' && eq != std::string_view::npos)
        msg += "; split the list over several " +
               quote(std::string(trim(body.substr(0, eq))) + " =") + " lines";
      error(line_, msg);
      if (body[0] == '[') {
        close_section();
        section_ = Section::Skip;
      }
      body = {};
    } else if (!body.empty() && body[0] != ';' && body[0] != '#') {
      if (body[0] == '[')
        open_section(body);
      else if (find_chars_or_comment(body, "=:") == std::string_view::npos) {
        syntax_lines_.insert(line_);
        error(line_, "expected 'KEY = VALUE', '[SECTION]' or a comment, got " + quote(body));
      }
    }
    body.copy(str, body.size());
    str[body.size()] = '\n';
    str[body.size() + 1] = '\0';
    return str;
  }

  Origin here() const { return Origin{file_, line_}; }

  void error(int line, std::string message) {
    diags_->push_back(PolicyDiagnostic{Origin{file_, line}, std::move(message)});
    ++errors_;
    ++section_errors_;
  }

  void open_section(std::string_view body) {
    close_section();
    section_errors_ = 0;
    size_t end = find_chars_or_comment(body.substr(1), "]");
    if (end == std::string_view::npos || body[1 + end] != ']') {
      syntax_lines_.insert(line_);
      error(line_, "section header " + quote(body) + " has no closing ']'");
      section_ = Section::Skip;
      return;
    }
    std::string_view inner = trim(body.substr(1, end));
    std::string_view after = trim(body.substr(end + 2));
    if (!after.empty() && after[0] != ';')
      error(line_, "unexpected text " + quote(after) + " after section header");

    size_t ws = inner.find_first_of(" \t");
    std::string_view kind = inner.substr(0, ws);
    std::string_view rest =
        ws == std::string_view::npos ? std::string_view() : trim(inner.substr(ws));

    if (kind == "profile") {
      section_ = Section::Skip;
      if (rest.empty()) {
        error(line_, "section '[profile]' needs a name, as in '[profile aggressive]'");
        return;
      }
      if (has_space(rest)) {
        error(line_, "profile name " + quote(rest) + " contains whitespace");
        return;
      }
      section_ = Section::ParamProfile;
      profile_ = ParamProfile{std::string(rest), {}, here()};
      auto it = profiles_.find(rest);
      register_profile_ = it == profiles_.end();
      if (!register_profile_) {
        const Origin &first = it->second.origin;
        error(line_, "profile " + quote(rest) + " is already defined " +
                         (first.file == kBuiltinFile ? std::string("as a built-in profile")
                                                     : "at " + first.describe()));
      }
      return;
    }
    if (kind == "rule") {
      section_ = Section::Rule;
      rule_ = Rule{};
      rule_.label = std::string(rest);
      rule_.origin = here();
      empty_profile_.clear();
      return;
    }
    section_ = Section::Skip;
    std::string hint = closest_word(kind, {"profile", "rule"});
    error(line_, "unknown section " + quote("[" + std::string(inner) + "]") +
                     (hint.empty() ? ""
                                   : " (did you mean '[" + hint +
                                         (rest.empty() ? "" : " " + std::string(rest)) + "]'?)") +
                     ": expected '[profile NAME]', '[rule]' or '[rule LABEL]'");
  }

  void close_section() {
    if (section_ == Section::ParamProfile && register_profile_)
      profiles_[profile_.name] = profile_;
    if (section_ == Section::Rule) {
      bool empty = rule_.params.empty() && rule_.never_inline.empty() &&
                   rule_.forbidden_calls.empty() && rule_.forced_calls.empty();
      // Errors inside the section already explain why it may be empty.
      if (empty && section_errors_ == 0) {
        std::string msg = "rule has no settings: add params, 'profile =', 'never-inline =', "
                          "or a call site key ('never-inline-call', 'never-inline-site', "
                          "'inline-call', 'inline-site')";
        if (!empty_profile_.empty())
          msg = "rule has no settings: profile " + quote(empty_profile_) +
                " has no params, and a rule cannot undo what earlier rules set";
        error(rule_.origin.line, msg);
      }
      rules_.push_back(std::move(rule_));
    }
    section_ = Section::None;
  }

  void key(std::string_view name, std::string_view value) {
    if (section_ == Section::Skip)
      return;
    if (section_ == Section::None) {
      error(line_, quote(std::string(name) + " = " + std::string(value)) +
                       " is outside any section: put it under '[profile NAME]' or '[rule]'");
      return;
    }
    if (name.empty()) {
      error(line_, "missing key before '=' (value " + quote(value) + ")");
      return;
    }
    if (value.empty()) {
      error(line_, "empty value for " + quote(name));
      return;
    }
    // inih's rule, which docs/policy.md repeats: '#' starts a comment only at
    // the start of a line; after text only ';' does (after whitespace).  No
    // value has a use for a '#' after whitespace (a param value, a glob, a
    // function name), and some would otherwise pass silently: a never-inline
    // name 'f # why' matches nothing.
    for (size_t i = 1; i < value.size(); ++i)
      if (value[i] == '#' && (value[i - 1] == ' ' || value[i - 1] == '\t')) {
        error(line_, "'#' after text is not a comment: the value of " + quote(name) + " would be " +
                         quote(value) +
                         "; only a line that starts with '#' is a comment (end a "
                         "line with ' ; text' instead)");
        return;
      }
    if (section_ == Section::ParamProfile)
      profile_key(name, value);
    else
      rule_key(name, value);
  }

  void profile_key(std::string_view name, std::string_view value) {
    std::string where = "[profile " + profile_.name + "]";
    if (name == "tu" || name == "function") {
      error(line_, "selector " + quote(name) + " is not allowed in " + where +
                       ": profiles hold params only; select TUs and functions in a [rule]");
    } else if (name == "never-inline" || is_call_key(name)) {
      error(line_, quote(name) + " is not allowed in " + where +
                       ": profiles hold params only; put it in a [rule]");
    } else if (name == "profile") {
      include(value, &profile_.params);
    } else {
      param(name, value, &profile_.params);
    }
  }

  void rule_key(std::string_view name, std::string_view value) {
    if (name == "tu") {
      globs(name, value, Glob::Kind::Path, &rule_.tus);
    } else if (name == "function") {
      if (!rule_.never_inline.empty() || !rule_.forbidden_calls.empty() ||
          !rule_.forced_calls.empty()) {
        const std::string what =
            !rule_.never_inline.empty()    ? "never-inline"
            : !rule_.forced_calls.empty()  ? rule_.forced_calls.front().key
                                           : rule_.forbidden_calls.front().key;
        error(line_, "'function' is not allowed in a rule with " + quote(what) +
                         ": those apply to the whole TU; put them in a rule without 'function'");
        return;
      }
      globs(name, value, Glob::Kind::Name, &rule_.functions);
    } else if (name == "profile") {
      include(value, &rule_.params);
    } else if (name == "never-inline" || is_call_key(name)) {
      if (rule_.is_function_rule()) {
        error(line_, quote(name) + " is not allowed in a rule with 'function': it applies "
                                   "to the whole TU (to name one caller's calls, use "
                                   "'CALLER -> CALLEE' in a rule without 'function')");
        return;
      }
      if (name == "never-inline") {
        std::vector<Glob> names;
        globs(name, value, Glob::Kind::Name, &names);
        for (Glob &g : names)
          rule_.never_inline.push_back(NeverInline{std::move(g), here()});
      } else {
        call_selector(name, value);
      }
    } else {
      param(name, value, &rule_.params);
    }
  }

  void globs(std::string_view key, std::string_view value, Glob::Kind kind,
             std::vector<Glob> *out) {
    std::vector<std::string_view> items;
    std::string msg;
    if (!split_list(value, &items, &msg)) {
      error(line_, msg + " of " + quote(key));
      return;
    }
    for (std::string_view item : items) {
      Glob g;
      if (!Glob::compile(item, kind, &g, &msg)) {
        error(line_, "bad " + std::string(key) + " glob " + quote(item) + ": " + msg);
        continue;
      }
      out->push_back(std::move(g));
    }
  }

  static bool is_call_key(std::string_view name) {
    return name == "never-inline-call" || name == "never-inline-site" || name == "inline-call" ||
           name == "inline-site";
  }

  // The value of a call key: "CALLER -> CALLEE" for the *-call keys; for
  // the *-site keys, a site id (16 hex digits, as the log writes it) or
  // "CALLER -> CALLEE @ FILE:LINE[:COL]".
  void call_selector(std::string_view key, std::string_view value) {
    const bool site = key.size() > 5 && key.substr(key.size() - 5) == "-site";
    const std::string k(key);
    const std::string form =
        site ? ": expected a site id (16 hex digits, the log's \"id\") or 'CALLER -> CALLEE @ "
               "FILE:LINE[:COL]', as in '" +
                   k + " = do_symlinkat -> vfs_symlink @ fs/namei.c:4470'"
             : ": expected 'CALLER -> CALLEE', as in '" + k + " = do_symlinkat -> vfs_symlink'";
    CallSelector call;
    call.key = k;
    call.text = std::string(value);
    call.origin = here();
    if (site && value.find("->") == std::string_view::npos) {
      if (value.size() != 16 || value.find_first_not_of("0123456789abcdefABCDEF") !=
                                    std::string_view::npos) {
        error(line_, "bad site " + quote(value) + " in " + k + form);
        return;
      }
      call.form = CallSelector::Form::Id;
      call.id = std::strtoull(std::string(value).c_str(), nullptr, 16);
      push_call(std::move(call));
      return;
    }
    std::string_view pair = value, at;
    if (site) {
      const size_t sign = value.rfind('@');
      if (sign == std::string_view::npos) {
        error(line_, "no '@ FILE:LINE' in " + k + " " + quote(value) + form +
                         " (every call of the pair: '" +
                         (key == "inline-site" ? "inline-call" : "never-inline-call") + "')");
        return;
      }
      pair = value.substr(0, sign);
      at = trim(value.substr(sign + 1));
    } else if (value.find('@') != std::string_view::npos) {
      error(line_, "'@' in " + k + " " + quote(value) + form + " (one call site: '" +
                       (key == "inline-call" ? "inline-site" : "never-inline-site") +
                       " = CALLER -> CALLEE @ FILE:LINE')");
      return;
    }
    const size_t arrow = pair.find("->");
    if (arrow == std::string_view::npos) {
      error(line_, "no '->' in " + k + " " + quote(value) + form);
      return;
    }
    if (pair.find("->", arrow + 2) != std::string_view::npos) {
      error(line_, "more than one '->' in " + k + " " + quote(value) + form);
      return;
    }
    std::string_view caller = trim(pair.substr(0, arrow));
    std::string_view callee = trim(pair.substr(arrow + 2));
    if (caller.empty() || callee.empty()) {
      error(line_, std::string(caller.empty() ? "empty caller" : "empty callee") + " in " + k +
                       " " + quote(value) + form);
      return;
    }
    std::string msg;
    bool ok = true;
    if (!Glob::compile(caller, Glob::Kind::Name, &call.caller, &msg)) {
      error(line_, "bad caller glob " + quote(caller) + ": " + msg);
      ok = false;
    }
    if (!Glob::compile(callee, Glob::Kind::Name, &call.callee, &msg)) {
      error(line_, "bad callee glob " + quote(callee) + ": " + msg);
      ok = false;
    }
    if (site && ok) {
      std::string_view file;
      if (!split_place(at, &file, &call.line, &call.column))
        call.line = 0;
      if (file.empty() || call.line == 0) {
        error(line_, "bad place " + quote(at) + " in " + k + " " + quote(value) +
                         ": expected FILE:LINE or FILE:LINE:COL (numbers from 1), FILE as the "
                         "log's \"location\" writes it");
        ok = false;
      } else if (!Glob::compile(file, Glob::Kind::Path, &call.file, &msg)) {
        error(line_, "bad file glob " + quote(file) + " in " + k + ": " + msg);
        ok = false;
      }
      call.form = CallSelector::Form::Located;
    }
    if (ok)
      push_call(std::move(call));
  }

  void push_call(CallSelector &&call) {
    if (call.key == "inline-call" || call.key == "inline-site")
      rule_.forced_calls.push_back(std::move(call));
    else
      rule_.forbidden_calls.push_back(std::move(call));
  }

  void include(std::string_view name, std::vector<ParamSetting> *out) {
    bool in_profile = section_ == Section::ParamProfile;
    if (in_profile && name == profile_.name) {
      error(line_, "profile " + quote(name) + " cannot include itself");
      return;
    }
    auto it = profiles_.find(name);
    if (it == profiles_.end()) {
      error(line_,
            "unknown profile " + quote(name) +
                closest_profile(name, profiles_, in_profile ? profile_.name : "") +
                "; known profiles: " + known_profiles(profiles_, in_profile ? profile_.name : "") +
                " (a profile must be defined before it is used)");
      return;
    }
    out->insert(out->end(), it->second.params.begin(), it->second.params.end());
    if (it->second.params.empty())
      empty_profile_ = std::string(name);
  }

  void param(std::string_view name, std::string_view value, std::vector<ParamSetting> *out) {
    if (!plausible_param_name(name)) {
      error(line_, quote(name) +
                       " is not a GCC param name (a letter, then letters, digits, '-' and '_'; "
                       "write it without '--param=')");
      return;
    }
    if (has_space(value)) {
      error(line_, "value " + quote(value) + " of " + quote(name) + " contains whitespace");
      return;
    }
    out->push_back(ParamSetting{std::string(name), std::string(value), here(),
                                closest_word(name, policy_keys())});
  }

  ProfileMap &profiles_;
  std::vector<Rule> &rules_;
  const std::string &file_;
  std::string_view text_;
  std::vector<PolicyDiagnostic> *diags_;

  size_t pos_ = 0;
  int line_ = 0;
  int errors_ = 0;
  int section_errors_ = 0;
  std::set<int> syntax_lines_;

  Section section_ = Section::None;
  ParamProfile profile_;
  bool register_profile_ = false;
  Rule rule_;
  std::string empty_profile_; // a params-less profile the current rule included
};

} // namespace

const std::vector<std::string_view> &policy_keys() {
  static const std::vector<std::string_view> keys = {
      "tu",          "function",          "profile",     "never-inline", "never-inline-call",
      "never-inline-site", "inline-call", "inline-site"};
  return keys;
}

std::string Origin::describe() const {
  if (file.empty())
    return "command line";
  if (line <= 0)
    return file;
  return file + ":" + std::to_string(line);
}

std::string PolicyDiagnostic::describe() const {
  return origin.describe() + ": " + message;
}

bool Rule::matches_tu(std::string_view tu_path) const { return in_scope(tus, tu_path); }

bool Rule::matches_function(const std::vector<std::string> &names) const {
  return in_scope(functions, names);
}

EffectiveParams effective(const std::vector<const ParamSetting *> &ordered) {
  EffectiveParams out;
  for (const ParamSetting *p : ordered)
    out[p->name] = *p;
  return out;
}

Policy::Policy() {
  Origin builtin{kBuiltinFile, 0};
  profiles_["gcc"] = ParamProfile{"gcc", {}, builtin};
  // The thresholds proposed for the kernel in the inlining RFC.
  std::vector<ParamSetting> rfc;
  static const std::pair<const char *, const char *> kRfc[] = {
      {"early-inlining-insns", "14"},     {"inline-heuristics-hint-percent", "600"},
      {"inline-min-speedup", "15"},       {"max-inline-insns-auto", "30"},
      {"max-inline-insns-single", "200"},
  };
  for (const auto &[name, value] : kRfc)
    rfc.push_back(ParamSetting{name, value, builtin, {}});
  profiles_["rfc"] = ParamProfile{"rfc", std::move(rfc), builtin};
}

bool Policy::add_profile_rule(std::string_view name, const Origin &origin,
                              std::vector<PolicyDiagnostic> *diags) {
  const ParamProfile *p = find_profile(name);
  if (!p) {
    diags->push_back(PolicyDiagnostic{
        origin, "unknown profile " + quote(name) + closest_profile(name, profiles_) +
                    "; known profiles: " + known_profiles(profiles_)});
    return false;
  }
  Rule r;
  r.label = "profile=" + std::string(name);
  r.origin = origin;
  r.params = p->params;
  rules_.push_back(std::move(r));
  return true;
}

bool Policy::add_never_inline_list(std::string_view comma_list, const Origin &origin,
                                   std::vector<PolicyDiagnostic> *diags) {
  std::vector<std::string_view> items;
  std::string msg;
  if (!split_list(comma_list, &items, &msg)) {
    diags->push_back(PolicyDiagnostic{origin, msg + " of never-inline names"});
    return false;
  }
  Rule r;
  r.label = "noinline=" + std::string(comma_list);
  r.origin = origin;
  bool ok = true;
  for (std::string_view item : items) {
    Glob g;
    if (!Glob::compile(item, Glob::Kind::Name, &g, &msg)) {
      diags->push_back(PolicyDiagnostic{origin, "bad never-inline glob " + quote(item) + ": " + msg});
      ok = false;
      continue;
    }
    r.never_inline.push_back(NeverInline{std::move(g), origin});
  }
  if (ok)
    rules_.push_back(std::move(r));
  return ok;
}

bool Policy::load_file(const std::string &path, std::vector<PolicyDiagnostic> *diags) {
  std::string text;
  FILE *f = std::fopen(path.c_str(), "rb");
  int err = 0;
  if (!f) {
    err = errno;
  } else {
    char buf[8192];
    size_t n;
    while ((n = std::fread(buf, 1, sizeof buf, f)) > 0)
      text.append(buf, n);
    if (std::ferror(f))
      err = errno ? errno : EIO; // e.g. EISDIR: fopen opens directories
    std::fclose(f);
  }
  if (err) {
    diags->push_back(
        PolicyDiagnostic{Origin{path, 0}, std::string("cannot read policy file: ") + std::strerror(err)});
    return false;
  }
  return load_text(text, path, diags);
}

bool Policy::load_text(std::string_view text, const std::string &file_name,
                       std::vector<PolicyDiagnostic> *diags) {
  // Parse into copies so that a failed load leaves the policy as it was.
  ProfileMap profiles = profiles_;
  std::vector<Rule> rules = rules_;
  Parser parser(profiles, rules, file_name, text, diags);
  if (!parser.run())
    return false;
  profiles_ = std::move(profiles);
  rules_ = std::move(rules);
  files_.emplace_back(file_name, std::string(text));
  return true;
}

const ParamProfile *Policy::find_profile(std::string_view name) const {
  auto it = profiles_.find(name);
  return it == profiles_.end() ? nullptr : &it->second;
}

std::vector<const ParamSetting *> Policy::all_params() const {
  std::vector<const ParamSetting *> out;
  for (const auto &entry : profiles_)
    for (const ParamSetting &p : entry.second.params)
      out.push_back(&p);
  for (const Rule &r : rules_)
    for (const ParamSetting &p : r.params)
      out.push_back(&p);
  return out;
}

std::vector<const ParamSetting *> Policy::tu_params(std::string_view tu_path) const {
  std::vector<const ParamSetting *> out;
  for (const Rule &r : rules_)
    if (!r.is_function_rule() && r.matches_tu(tu_path))
      for (const ParamSetting &p : r.params)
        out.push_back(&p);
  return out;
}

std::vector<const ParamSetting *>
Policy::function_params(std::string_view tu_path, const std::vector<std::string> &names) const {
  std::vector<const ParamSetting *> out;
  for (const Rule &r : rules_)
    if (r.matches_tu(tu_path) && r.matches_function(names))
      for (const ParamSetting &p : r.params)
        out.push_back(&p);
  return out;
}

bool Policy::has_function_rules(std::string_view tu_path) const {
  return std::any_of(rules_.begin(), rules_.end(),
                     [&](const Rule &r) { return r.is_function_rule() && r.matches_tu(tu_path); });
}

// Every ITEMS entry of the rules that match TU_PATH, in rule order.
template <typename T>
std::vector<const T *> of_tu(const std::vector<Rule> &rules, std::string_view tu_path,
                             const std::vector<T> Rule::*items) {
  std::vector<const T *> out;
  for (const Rule &r : rules)
    if (r.matches_tu(tu_path))
      for (const T &item : r.*items)
        out.push_back(&item);
  return out;
}

std::vector<const NeverInline *> Policy::never_inline(std::string_view tu_path) const {
  return of_tu(rules_, tu_path, &Rule::never_inline);
}

std::vector<const ForbiddenCall *> Policy::forbidden_calls(std::string_view tu_path) const {
  return of_tu(rules_, tu_path, &Rule::forbidden_calls);
}

std::vector<const ForcedCall *> Policy::forced_calls(std::string_view tu_path) const {
  return of_tu(rules_, tu_path, &Rule::forced_calls);
}

bool CallSelector::matches(const std::vector<std::string> &caller_names,
                           const std::vector<std::string> &callee_names,
                           std::string_view location, uint64_t site_id) const {
  if (form == Form::Id)
    return site_id == id;
  auto any = [](const Glob &g, const std::vector<std::string> &names) {
    return std::any_of(names.begin(), names.end(),
                       [&](const std::string &n) { return g.matches(n); });
  };
  if (!any(caller, caller_names) || !any(callee, callee_names))
    return false;
  if (form == Form::Pair)
    return true;
  std::string_view f;
  int l = 0, c = 0;
  return split_place(location, &f, &l, &c) && l == line && (column == 0 || c == column) &&
         file.matches(f);
}

std::string CallSelector::describe() const {
  return key + " = " + text + " (" + origin.describe() + ")";
}

} // namespace inlinetune
