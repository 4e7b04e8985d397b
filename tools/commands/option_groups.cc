// SPDX-License-Identifier: GPL-3.0-or-later
#include "commands/option_groups.h"

#include "error.h"
#include "model/build_diff.h"

#include <fmt/format.h>

#include <cstdlib>

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

void GuestProfileOptions::declare(Args &args) {
  args.option_pair("--guest-profiles", "BASE NEW", &profiles,
                   "Guest profiles of the two builds (guestprof, format 2 of "
                   "docs/guest-profile.md): attribute each workload's change to groups of "
                   "functions");
  args.multi_option("--workload", "GLOB", &workloads, "Only workloads matching GLOB (repeatable)");
  args.option("--model", "NAME", &model,
              "With --guest-profiles: the cache model whose misses and cycles are shown "
              "(default: the first in the profiles)");
  args.option("--cycles", "KIND", &cycles,
              "With --guest-profiles: whose misses and modelled cycles are shown: "
              "set-associative (the default: the cache model's) or fully-associative (the same "
              "caches fully associative: no conflict misses)");
  args.option("--coverage", "PERCENT", &coverage,
              "With --guest-profiles: list each workload's groups, largest change first, until "
              "they cover PERCENT of the instructions moved (default 90; 100: every group that "
              "changed)");
}

AttributionOptions GuestProfileOptions::options() const {
  AttributionOptions o;
  // KIND first, with or without --guest-profiles: packaging/gen-completion.py
  // learns the kinds from this message.
  if (!cycles.empty()) {
    if (cycles == cycles_kind_name(CyclesKind::set_associative))
      o.cycles = CyclesKind::set_associative;
    else if (cycles == cycles_kind_name(CyclesKind::fully_associative))
      o.cycles = CyclesKind::fully_associative;
    else
      throw UsageError("--cycles: '{}' is not one of: set-associative, fully-associative", cycles);
  }
  if (!given() && !model.empty())
    throw UsageError("--model goes with --guest-profiles BASE NEW");
  if (given() && profiles.size() != 2)
    throw UsageError("--guest-profiles takes two files, the base build's profile and the new "
                     "build's: --guest-profiles BASE NEW");
  if (!given() && !coverage.empty())
    throw UsageError("--coverage goes with --guest-profiles BASE NEW");
  if (!given() && !cycles.empty())
    throw UsageError("--cycles goes with --guest-profiles BASE NEW");
  o.model = model;
  if (!coverage.empty()) {
    // strtod, not std::stod: no exception for text that is not a number.
    char *end = nullptr;
    const double p = std::strtod(coverage.c_str(), &end);
    if (end == coverage.c_str() || *end != '\0' || !(p > 0 && p <= 100))
      throw UsageError("--coverage '{}': want a percentage above 0, at most 100", coverage);
    o.coverage = p / 100;
  }
  for (const std::string &w : workloads) {
    Glob g;
    std::string error;
    if (!Glob::compile(w, Glob::Kind::Name, &g, &error))
      throw UsageError("--workload '{}': {}", w, error);
    o.workloads.push_back(std::move(g));
    o.globs.push_back(w);
  }
  return o;
}

std::pair<GuestProfile, GuestProfile> GuestProfileOptions::read() const {
  return {read_guest_profile(profiles.at(0)), read_guest_profile(profiles.at(1))};
}

void GuestProfileOptions::warn(const Attribution &a) {
  for (const auto &[only, which] : {std::pair(&a.only_base, "base"), std::pair(&a.only_new, "new")})
    if (!only->empty())
      fmt::print(stderr,
                 "inlinetune: warning: {} workload{} only in the {} build's guest profile, not "
                 "attributed: {}\n",
                 only->size(), only->size() == 1 ? "" : "s", which, list_some(*only));
}

void RowOptions::declare(Args &args, const char *default_sort) {
  args.multi_option("--function", "GLOB", &functions,
                    "Only rows of functions matching GLOB (repeatable; caller or callee for a "
                    "call-site row)");
  args.multi_option("--file", "GLOB", &files,
                    "Only TUs whose source matches GLOB ('fs/**', 'mm/slab.c'; repeatable)");
  args.multi_option("--reason", "GLOB", &reasons,
                    "Only rows with a reason matching GLOB ('MAX_INLINE_*', NEVER_INLINE_LIST; "
                    "repeatable)");
  args.option("--pass", "PASS", &pass,
              "Only decisions of one inliner: einline (early) or inline (IPA)");
  args.option("--decision", "D", &decision, "Only inlined or refused decisions");
  args.option("--sort", "COLUMN[:asc|:desc],...", &sort, default_sort);
  args.option("--columns", "COLUMN,...", &columns,
              "Only these columns of the main table, in this order");
}

namespace {
std::vector<Glob> compile_globs(const char *option, const std::vector<std::string> &patterns,
                                Glob::Kind kind) {
  std::vector<Glob> out;
  for (const std::string &p : patterns) {
    Glob g;
    std::string error;
    if (!Glob::compile(p, kind, &g, &error))
      throw UsageError("{} '{}': {}", option, p, error);
    out.push_back(std::move(g));
  }
  return out;
}

std::vector<std::string> split_list(const std::string &value) {
  std::vector<std::string> out;
  size_t at = 0;
  while (at <= value.size()) {
    size_t comma = std::min(value.find(',', at), value.size());
    if (comma > at)
      out.push_back(value.substr(at, comma - at));
    at = comma + 1;
  }
  return out;
}
} // namespace

RowShaping RowOptions::shaping(size_t top) const {
  RowShaping s;
  s.functions = compile_globs("--function", functions, Glob::Kind::Name);
  s.reasons = compile_globs("--reason", reasons, Glob::Kind::Name);
  compile_globs("--file", files, Glob::Kind::Path); // checked here, used by keep_tu()
  if (!pass.empty()) {
    if (pass == "einline" || pass == "early")
      s.pass = "einline";
    else if (pass == "inline" || pass == "ipa")
      s.pass = "inline";
    else
      throw UsageError("--pass: '{}' is not one of: einline, inline, early, ipa", pass);
  }
  if (!decision.empty()) {
    if (decision != "inlined" && decision != "refused")
      throw UsageError("--decision: '{}' is not one of: inlined, refused", decision);
    s.inlined = decision == "inlined";
  }
  if (!sort.empty())
    s.sort = parse_sort(sort);
  if (!columns.empty()) {
    s.columns = split_list(columns);
    if (s.columns.empty())
      throw UsageError("--columns: '{}' names no column", columns);
  }
  s.top = top;
  return s;
}

std::function<bool(std::string_view)> RowOptions::keep_tu() const {
  if (files.empty())
    return {};
  auto globs =
      std::make_shared<std::vector<Glob>>(compile_globs("--file", files, Glob::Kind::Path));
  return [globs](std::string_view source) {
    for (const Glob &g : *globs)
      if (g.matches(source))
        return true;
    return false;
  };
}

void TableOutputOptions::declare(Args &args, const char *top_help) {
  args.option("--top", "N", &top, top_help);
  args.option("--format", "FORMAT", &format, "table (the default), csv or json");
  args.option("-o,--output", "FILE", &output,
              "Write to FILE (replaced atomically) instead of standard output");
}

} // namespace inlinetune
