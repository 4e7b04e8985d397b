// SPDX-License-Identifier: GPL-3.0-or-later
#include "replay_slice.h"

#include "replay_log.h"

#include <algorithm>
#include <unordered_set>

namespace inlinetune {

namespace {

// NAME without the extension of its last path component.
std::string without_extension(const std::string &name) {
  const size_t slash = name.rfind('/');
  const size_t dot = name.rfind('.');
  if (dot == std::string::npos || (slash != std::string::npos && dot < slash) ||
      dot == (slash == std::string::npos ? 0 : slash + 1))
    return name;
  return name.substr(0, dot);
}

} // namespace

std::string compile_object(const std::optional<std::string> &output, const std::string &source) {
  if (output)
    return without_extension(*output) + ".o";
  const size_t slash = source.rfind('/');
  return without_extension(slash == std::string::npos ? source : source.substr(slash + 1)) + ".o";
}

ReplaySlice replay_slice_for_tu(const Options &options, std::string_view tu_path,
                                const std::string &object) {
  ReplaySlice out;
  if (!options.replay)
    return out;
  // The plugin's own scope (plugin/replayed_sites.cc).
  out.in_scope = in_scope(options.replay_tus, tu_path);
  if (!out.in_scope)
    return out;
  std::optional<RecordedTu> tu = find_recorded_tu(*options.replay, std::string(tu_path), object);
  if (!tu)
    return out;
  if (!options.replay_functions.empty() && options.replay_fallback == "gcc") {
    // Every name under which the scope can match a function of the log.
    std::unordered_set<std::string> names;
    auto add = [&names](const std::string &symbol) {
      for (std::string &n : replay_function_names(symbol))
        names.insert(std::move(n));
    };
    read_recorded_tu(
        *tu, [&add](const log::Site &site) { add(site.caller.symbol); },
        [&add](const log::Function &f) { add(f.function.symbol); });
    std::vector<std::string> kept;
    for (const Glob &glob : options.replay_functions) {
      // A literal glob (no wildcard, no escape: glob.h) is looked up; any
      // other is matched as the plugin matches it.
      if (glob.is_literal()
              ? names.count(glob.pattern()) > 0
              : std::any_of(names.begin(), names.end(),
                            [&glob](const std::string &n) { return glob.matches(n); }))
        kept.push_back(glob.pattern());
    }
    if (kept.empty()) {
      out.in_scope = false;
      return out;
    }
    out.functions = std::move(kept);
  }
  out.log_text = std::move(tu->text);
  return out;
}

} // namespace inlinetune
