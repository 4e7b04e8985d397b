// SPDX-License-Identifier: GPL-3.0-or-later
#include "commands/option_groups.h"

#include "error.h"
#include "model/build_diff.h"

namespace inlinetune {

void TwoBuildsOptions::declare(Args &args) {
  args.positionals("BASE NEW", &positional, false,
                   "The two builds: each a build directory, an object, an archive or a .jsonl "
                   "log");
  args.multi_option("--base", "PATH", &base,
                    "A path of the base build (repeatable; instead of BASE NEW)");
  args.multi_option("--new", "PATH", &next,
                    "A path of the new build (repeatable; instead of BASE NEW)");
}

std::pair<std::vector<std::string>, std::vector<std::string>> TwoBuildsOptions::paths() const {
  return diff_paths(positional, base, next);
}

void ResultsFileOptions::declare(Args &args, const char *results_help,
                                 const char *base_variant_help, const char *new_variant_help) {
  args.option("--results", "FILE", &results, results_help);
  args.option("--base-variant", "NAME", &base_variant, base_variant_help);
  args.option("--new-variant", "NAME", &new_variant, new_variant_help);
}

void ResultsFileOptions::check_variants() const {
  if (results.empty() && (!base_variant.empty() || !new_variant.empty()))
    throw UsageError("--base-variant and --new-variant go with --results");
}

Results ResultsFileOptions::read() const {
  return read_results(results, {base_variant, new_variant}, report);
}

// --profile, --profile-format and --profile-build are the options' first
// names, kept so that scripts written for them still run; the documented ones
// say "exec" because a *param* profile (the plugin's profile=) is another thing.
void ExecutionProfileOptions::declare(Args &args, const char *profile_help) {
  args.option("--exec-profile,--profile", "FILE", &profile, profile_help);
  args.option("--exec-profile-format,--profile-format", "FORMAT", &format,
              "auto (the default), perf-report, perf-script or csv");
  args.option("--exec-profile-build,--profile-build", "BUILD", &build,
              "The build the execution profile was recorded on: new (the default) or base");
}

ExecutionProfileFormat ExecutionProfileOptions::check() const {
  const ExecutionProfileFormat f = parse_profile_format(format);
  if (build != "new" && build != "base")
    throw UsageError("--exec-profile-build: '{}' is not one of: new, base", build);
  return f;
}

std::optional<ExecutionProfile> ExecutionProfileOptions::read() const {
  if (profile.empty())
    return std::nullopt;
  ExecutionProfile p = read_execution_profile(profile, check(), report);
  p.build = build == "base" ? ExecutionProfileBuild::base : ExecutionProfileBuild::next;
  return p;
}

void TableOutputOptions::declare(Args &args, const char *top_help) {
  args.option("--top", "N", &top, top_help);
  args.option("--format", "FORMAT", &format, "table (the default), csv or json");
  args.option("-o,--output", "FILE", &output,
              "Write to FILE (replaced atomically) instead of standard output");
}

} // namespace inlinetune
