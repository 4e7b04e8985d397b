// SPDX-License-Identifier: GPL-3.0-or-later
#include "params.h"

#include "spellcheck.h"

namespace inlinetune {

static std::string closest_param(const std::string &name) {
  auto_vec<const char *> candidates;
  static const char prefix[] = "--param="; // cl_options spells params this way
  for (unsigned i = 0; i < cl_options_count; i++) {
    const char *opt = cl_options[i].opt_text;
    if ((cl_options[i].flags & CL_PARAMS) && strncmp(opt, prefix, sizeof prefix - 1) == 0)
      candidates.safe_push(opt + sizeof prefix - 1);
  }
  std::string target = name + "=";
  const char *best = find_closest_string(target.c_str(), &candidates);
  if (!best)
    return {};
  std::string s(best);
  if (!s.empty() && s.back() == '=')
    s.pop_back();
  return s;
}

bool check_param(const ParamSetting &setting, GccParam *out, std::string *error) {
  // Decoded exactly as cc1 decodes its own command line.  The strings must live
  // as long as cc1: GCC keeps pointers to them in the decoded option.
  char *text = xstrdup(("--param=" + setting.name + "=" + setting.value).c_str());
  const char *argv[] = {"cc1", text};
  cl_decoded_option *decoded = nullptr;
  unsigned int count = 0;
  decode_cmdline_options_to_array(2, argv, CL_COMMON | CL_PARAMS | lang_hooks.option_lang_mask(),
                                  &decoded, &count);
  // decoded[0] is the program name.
  if (count != 2 || decoded[1].opt_index == OPT_SPECIAL_unknown ||
      !(cl_options[decoded[1].opt_index].flags & CL_PARAMS)) {
    // A key near a policy key ("profle") is that key misspelt rather than a
    // param, even when some param is as near: the policy's keys are few.
    if (!setting.near_key.empty()) {
      *error = "'" + setting.name + "' is neither a policy key nor a GCC param (did you mean '" +
               setting.near_key + "'?)";
      return false;
    }
    std::string hint = closest_param(setting.name);
    *error = "unknown GCC param '" + setting.name + "'";
    if (!hint.empty())
      *error += " (did you mean '" + hint + "'?)";
    return false;
  }
  const cl_decoded_option &d = decoded[1];
  const cl_option &opt = cl_options[d.opt_index];
  if (!(opt.flags & CL_OPTIMIZATION)) {
    *error = "GCC param '" + setting.name +
             "' is not per-function (GCC applies it to the whole compilation), so a policy "
             "cannot scope it";
    return false;
  }
  // Not a number first: GCC flags '0x' out of a param's range too.
  if (d.errors & (CL_ERR_UINT_ARG | CL_ERR_ENUM_ARG | CL_ERR_MISSING_ARG)) {
    *error = "value '" + setting.value + "' of GCC param '" + setting.name + "' is not " +
             (d.errors & CL_ERR_ENUM_ARG ? "one of its allowed values" : "a non-negative integer");
    return false;
  }
  if (d.errors & CL_ERR_INT_RANGE_ARG) {
    *error = "value '" + setting.value + "' of GCC param '" + setting.name +
             "' is out of GCC's range [" + std::to_string(opt.range_min) + ", " +
             std::to_string(opt.range_max) + "]";
    return false;
  }
  if (d.errors) {
    *error = "GCC rejects '--param=" + setting.name + "=" + setting.value + "'";
    return false;
  }
  // GCC's decoder lets two kinds of too-large value through: one above
  // INT_MAX, which set_option() only refuses when the param is applied (with
  // no file:line, and only in the TUs a rule matches), and one beyond 64
  // bits, which it reads as -1 and applies without a word (`--param` on the
  // command line does the same).  Both are refused here, for every TU.
  if (opt.cl_uinteger && !opt.cl_host_wide_int && (d.value < 0 || d.value > INT_MAX)) {
    *error = "value '" + setting.value + "' of GCC param '" + setting.name +
             "' is too large (at most " + std::to_string(INT_MAX) + ")";
    return false;
  }
  out->setting = setting;
  out->decoded = d;
  return true;
}

static void set_param(const GccParam &p) {
  set_option(&global_options, &global_options_set, p.decoded.opt_index, p.decoded.value,
             p.decoded.arg, DK_UNSPECIFIED, UNKNOWN_LOCATION, global_dc);
}

void apply_tu_params(const std::vector<GccParam> &params) {
  if (params.empty())
    return;
  for (const GccParam &p : params) {
    set_param(p);
    gcc::remember_as_command_line_option(p.decoded);
  }
  // Functions without their own node use the default node; without rebuilding
  // it the early inliner (global options) and the IPA inliner (opt_for_fn)
  // would read different values.
  optimization_default_node = build_optimization_node(&global_options, &global_options_set);
  optimization_current_node = optimization_default_node;
}

void apply_function_params(tree fndecl, const std::vector<GccParam> &params) {
  cl_optimization saved;
  cl_optimization_save(&saved, &global_options, &global_options_set);
  gcc_options saved_set = global_options_set;

  tree base = DECL_FUNCTION_SPECIFIC_OPTIMIZATION(fndecl);
  if (!base)
    base = optimization_default_node;
  cl_optimization_restore(&global_options, &global_options_set, TREE_OPTIMIZATION(base));
  for (const GccParam &p : params)
    set_param(p);
  DECL_FUNCTION_SPECIFIC_OPTIMIZATION(fndecl) =
      build_optimization_node(&global_options, &global_options_set);

  cl_optimization_restore(&global_options, &global_options_set, &saved);
  global_options_set = saved_set;
}

void raise_params(tree fndecl, const std::vector<GccParam> &params, RaisedParams *saved) {
  saved->decl = fndecl;
  saved->node = DECL_FUNCTION_SPECIFIC_OPTIMIZATION(fndecl);
  cl_optimization_save(&saved->globals, &global_options, &global_options_set);
  saved->globals_set = global_options_set;
  apply_function_params(fndecl, params);
  for (const GccParam &p : params)
    set_param(p);
}

void restore_params(const RaisedParams &saved) {
  DECL_FUNCTION_SPECIFIC_OPTIMIZATION(saved.decl) = saved.node;
  cl_optimization_restore(&global_options, &global_options_set,
                          const_cast<cl_optimization *>(&saved.globals));
  global_options_set = saved.globals_set;
}

void set_global_params(const std::vector<GccParam> &params, SavedGlobals *saved) {
  if (params.empty())
    return;
  cl_optimization_save(&saved->globals, &global_options, &global_options_set);
  saved->globals_set = global_options_set;
  saved->saved = true;
  for (const GccParam &p : params)
    set_param(p);
}

void restore_globals(SavedGlobals *saved) {
  if (!saved->saved)
    return;
  cl_optimization_restore(&global_options, &global_options_set, &saved->globals);
  global_options_set = saved->globals_set;
  saved->saved = false;
}

std::optional<std::string> global_param_value(const std::string &name) {
  const std::string text = "--param=" + name + "=";
  for (unsigned i = 0; i < cl_options_count; i++) {
    if (!(cl_options[i].flags & CL_PARAMS) || text != cl_options[i].opt_text)
      continue;
    cl_option_state state;
    if (!get_option_state(&global_options, i, &state) || state.size != sizeof(int))
      return std::nullopt;
    int v;
    memcpy(&v, state.data, sizeof v);
    return std::to_string(v);
  }
  return std::nullopt;
}

std::vector<ParamValue> inliner_param_values() {
  // The params GCC's two inliners read (ipa-inline.cc, ipa-fnsummary.cc).
  static const char *const names[] = {
      "early-inlining-insns",     "max-early-inliner-iterations", "inline-heuristics-hint-percent",
      "inline-min-speedup",       "max-inline-insns-auto",        "max-inline-insns-single",
      "max-inline-insns-size",    "max-inline-insns-small",       "max-inline-insns-recursive",
      "max-inline-insns-recursive-auto", "max-inline-recursive-depth",
      "max-inline-recursive-depth-auto", "inline-unit-growth",    "large-function-growth",
      "large-function-insns",     "large-stack-frame",            "large-stack-frame-growth",
      "large-unit-insns",         "uninlined-function-insns",     "uninlined-function-time",
      "uninlined-thunk-insns",    "uninlined-thunk-time"};
  std::vector<ParamValue> values;
  for (const char *name : names)
    if (std::optional<std::string> v = global_param_value(name))
      values.push_back({name, *v});
  return values;
}

} // namespace inlinetune
