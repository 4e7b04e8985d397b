// SPDX-License-Identifier: GPL-3.0-or-later
// The inlining policy: named profiles of GCC params, rules that scope them to
// translation units and functions, never-inline functions and forbidden call
// sites.  GCC-free: param names and values are kept as text here and checked
// against GCC's own option tables by the plugin (plugin/params.cc), so that the
// same model serves the unit tests and the CLI.  The file format is specified in
// docs/policy.md.
#pragma once

#include "glob.h"

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace inlinetune {

// Where a setting came from: a policy file and line, or the command line
// (file empty; line unused).  Built-in profiles' params say "<built-in>", line 0.
struct Origin {
  std::string file;
  int line = 0;
  std::string describe() const; // "policy.ini:12" or "command line"
};

struct PolicyDiagnostic {
  Origin origin;
  std::string message;
  std::string describe() const; // "policy.ini:12: message"
};

struct ParamSetting {
  std::string name;  // GCC's spelling without "--param=", e.g. "max-inline-insns-auto"
  std::string value; // as written, e.g. "30"
  Origin origin;
  // A policy key NAME is a likely misspelling of ("profle": "profile"), or
  // empty.  Any key that is not a policy key is a param, and only GCC knows
  // its params: the plugin says "did you mean" this key when GCC has no
  // param NAME.
  std::string near_key;
};

// The keys a policy file gives a meaning to (any other key is a GCC param).
const std::vector<std::string_view> &policy_keys();

struct ParamProfile {
  std::string name;
  std::vector<ParamSetting> params; // in order; includes of other profiles expanded in place
  Origin origin;
};

struct NeverInline {
  Glob name;
  Origin origin;
};

// Calls a policy names (docs/policy.md, "Call sites"): every call from a
// CALLER to a CALLEE (the *-call keys), or one call site (the *-site keys):
// by the decision log's site `id`, or as CALLER -> CALLEE @ FILE:LINE[:COL],
// where the call is written (the log's `location`).  A site inlined into
// several functions is every copy of it.
struct CallSelector {
  enum class Form { Pair, Id, Located };
  Form form = Form::Pair;
  Glob caller, callee; // Pair and Located
  uint64_t id = 0;     // Id
  Glob file;           // Located: a path glob, relative to the source tree as `location` is
  int line = 0;        // Located
  int column = 0;      // Located; 0: any column of LINE
  std::string key;     // the policy key it came from ("never-inline-call", "inline-site", ...)
  std::string text;    // its value as written
  Origin origin;

  bool is_site() const { return form != Form::Pair; }
  // Whether a call from CALLER to CALLEE (each given as its spellings:
  // assembler name, demangled forms), written at LOCATION ("file:line:col",
  // as the log writes it) whose site id is ID, is one this names.
  bool matches(const std::vector<std::string> &caller_names,
               const std::vector<std::string> &callee_names, std::string_view location,
               uint64_t site_id) const;
  std::string describe() const; // "inline-site = ... (policy.ini:3)"
};
using ForbiddenCall = CallSelector; // never-inline-call, never-inline-site
using ForcedCall = CallSelector;    // inline-call, inline-site

struct Rule {
  std::string label;     // "[rule LABEL]"; "profile=NAME" or "noinline=LIST" for the command line
  Origin origin;         // the section header
  std::vector<Glob> tus; // empty: every TU
  std::vector<Glob> functions; // empty: TU-wide
  std::vector<ParamSetting> params;
  std::vector<NeverInline> never_inline;
  std::vector<ForbiddenCall> forbidden_calls;
  std::vector<ForcedCall> forced_calls;

  bool matches_tu(std::string_view tu_path) const;
  // NAMES are the spellings of one function (assembler name, demangled forms).
  bool matches_function(const std::vector<std::string> &names) const;
  bool is_function_rule() const { return !functions.empty(); }
};

// Later settings override earlier ones: the effective value of each param.
using EffectiveParams = std::map<std::string, ParamSetting>;
EffectiveParams effective(const std::vector<const ParamSetting *> &ordered);

class Policy {
public:
  Policy(); // knows the built-in profiles "gcc" and "rfc"

  // The command line's profile=NAME: a TU-wide rule for every TU.
  bool add_profile_rule(std::string_view name, const Origin &origin,
                        std::vector<PolicyDiagnostic> *diags);
  // The command line's noinline=a,b,c.
  bool add_never_inline_list(std::string_view comma_list, const Origin &origin,
                             std::vector<PolicyDiagnostic> *diags);
  // A policy file; appends its profiles and rules after what is there.  On any
  // error the policy is left as it was and every problem is in *diags.
  bool load_file(const std::string &path, std::vector<PolicyDiagnostic> *diags);
  bool load_text(std::string_view text, const std::string &file_name,
                 std::vector<PolicyDiagnostic> *diags);

  const ParamProfile *find_profile(std::string_view name) const;
  const std::vector<Rule> &rules() const { return rules_; }
  // Every param setting anywhere (profiles and rules), for validation up front.
  std::vector<const ParamSetting *> all_params() const;
  // Policy files as loaded, for hashing: (path, contents).
  const std::vector<std::pair<std::string, std::string>> &files() const { return files_; }

  // Settings of the TU-wide rules that match TU_PATH, in order.
  std::vector<const ParamSetting *> tu_params(std::string_view tu_path) const;
  // Settings of every rule that matches TU_PATH and the function, TU-wide and
  // per-function alike, in order: the function's params relative to GCC's.
  std::vector<const ParamSetting *> function_params(std::string_view tu_path,
                                                    const std::vector<std::string> &names) const;
  // True when some per-function rule matches TU_PATH (the plugin skips the
  // per-function walk otherwise).
  bool has_function_rules(std::string_view tu_path) const;
  std::vector<const NeverInline *> never_inline(std::string_view tu_path) const;
  std::vector<const ForbiddenCall *> forbidden_calls(std::string_view tu_path) const;
  std::vector<const ForcedCall *> forced_calls(std::string_view tu_path) const;

private:
  std::map<std::string, ParamProfile, std::less<>> profiles_;
  std::vector<Rule> rules_;
  std::vector<std::pair<std::string, std::string>> files_;
};

} // namespace inlinetune
