// SPDX-License-Identifier: GPL-3.0-or-later
// GCC params by name: checked against GCC's own option tables at run time (so a
// newer GCC's params work without code changes) and applied to the TU or to one
// function.
#pragma once

#include "gcc_compat.h"
#include "records.h"
#include "policy.h"

#include <optional>
#include <string>
#include <vector>

namespace inlinetune {

using log::ParamValue;

// A param setting checked against this GCC: the decoded option, as if it had
// been given as --param=NAME=VALUE.
struct GccParam {
  ParamSetting setting;
  cl_decoded_option decoded;
};

// Checks SETTING; on failure returns false and sets *error ("unknown GCC param
// 'x' (did you mean 'y'?)", "... out of range [0, 100]", "... not per-function").
bool check_param(const ParamSetting &setting, GccParam *out, std::string *error);

// Applies PARAMS to the TU: to the global options, recorded as command-line
// options, and rebuilt into the default optimization node so that the early and
// the IPA inliner see the same values.
void apply_tu_params(const std::vector<GccParam> &params);

// Gives FNDECL its own optimization node: its current options (an `optimize`
// attribute's, or the TU's) with PARAMS applied on top.
void apply_function_params(tree fndecl, const std::vector<GccParam> &params);

// Params raised for one function while one pass runs on it, and put back
// after: FNDECL's optimization node (what opt_for_fn reads) and the global
// options (what a pass reads for cfun, which must be FNDECL's) both get
// PARAMS.
struct RaisedParams {
  tree decl = nullptr, node = nullptr;
  cl_optimization globals;
  gcc_options globals_set;
};
void raise_params(tree fndecl, const std::vector<GccParam> &params, RaisedParams *saved);
void restore_params(const RaisedParams &saved);

// Params set in the global options alone while one pass runs on cfun, and
// put back after: for a pass that reads param_* (the global options, which
// are cfun's while it runs) rather than opt_for_fn, as ipa-split does.
struct SavedGlobals {
  bool saved = false;
  cl_optimization globals;
  gcc_options globals_set;
};
void set_global_params(const std::vector<GccParam> &params, SavedGlobals *saved);
void restore_globals(SavedGlobals *saved);

// The value of the integer GCC param NAME in the global options now, as
// text; nullopt when this GCC has no such param.
std::optional<std::string> global_param_value(const std::string &name);

// The values GCC's inliner params have in the global options now (the TU's),
// by name, in a fixed order.
std::vector<ParamValue> inliner_param_values();

} // namespace inlinetune
