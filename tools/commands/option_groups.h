// SPDX-License-Identifier: GPL-3.0-or-later
// The option groups several subcommands share, declared once: each group
// is its values, declare() (the options, in the order --help lists them)
// and what turns the values into inputs.  A subcommand holds the groups it
// takes in its Options and declares each where it belongs in its --help.
#pragma once

#include "commands/commands.h"
#include "inputs/execution_profile.h"
#include "inputs/guest_profile.h"
#include "inputs/results_reader.h"
#include "model/attribution.h"
#include "model/build_model.h"
#include "output/row_shaping.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace inlinetune {

// Two builds: BASE NEW, or --base PATH... --new PATH... (diff, correlate,
// report).
struct TwoBuildsOptions {
  std::vector<std::string> positional, base, next;
  void declare(Args &args);
  // The paths of each build; throws UsageError as diff_paths does.
  std::pair<std::vector<std::string>, std::vector<std::string>> paths() const;
};

// Measured results: --results FILE [--base-variant V] [--new-variant V]
// (correlate, report, db).  The helps say what the subcommand does with them.
struct ResultsFileOptions {
  std::string results, base_variant, new_variant;
  void declare(Args &args, const char *results_help,
               const char *base_variant_help =
                   "Long-layout results: the base build's variant (default: baseline)",
               const char *new_variant_help =
                   "Long-layout results: the new build's variant (default: the only other one)");
  // Throws UsageError for a variant without --results.
  void check_variants() const;
  Results read() const; // problems go to report()
};

// An execution profile: --exec-profile FILE [--exec-profile-format F] [--exec-profile-build B]
// (correlate, report).
struct ExecutionProfileOptions {
  std::string profile, format = "auto", build = "new";
  void declare(Args &args, const char *profile_help);
  // Checks --exec-profile-format and --exec-profile-build (UsageError); the format.
  ExecutionProfileFormat check() const;
  // The profile, when --exec-profile was given (problems go to report()).
  std::optional<ExecutionProfile> read() const;
};

// Guest profiles and what of them to show: --guest-profiles BASE NEW
// [--workload GLOB]... [--model NAME] [--cycles KIND] [--coverage PERCENT]
// (correlate, report; db takes one profile, --guest-profile, and stores
// its counts: none of these).
struct GuestProfileOptions {
  std::vector<std::string> profiles, workloads;
  std::string model, cycles, coverage;
  void declare(Args &args);
  bool given() const { return !profiles.empty(); }
  // Throws UsageError for a --model, --cycles or --coverage without
  // --guest-profiles, a bad glob, KIND or PERCENT.
  AttributionOptions options() const;
  // Both profiles, BASE's first (Error for one that cannot be read).
  std::pair<GuestProfile, GuestProfile> read() const;
  // Warns on standard error of workloads in one profile only.
  static void warn(const Attribution &a);
};

// Which rows and columns: --function, --file, --reason, --pass, --decision,
// --sort, --columns (summary, diff, explain, correlate).  Declared after the
// subcommand's own options, before TableOutputOptions.
struct RowOptions {
  std::vector<std::string> functions, files, reasons;
  std::string pass, decision, sort, columns;
  // DEFAULT_SORT: what --help says the subcommand sorts by.
  void declare(Args &args, const char *default_sort);
  // The shaping, --top's count included (TOP); throws UsageError.
  RowShaping shaping(size_t top) const;
  // --file as a LoadOptions::keep_tu (none without --file); throws UsageError.
  std::function<bool(std::string_view source)> keep_tu() const;
};

// How a table comes out: --top N --format F -o FILE (summary, diff, explain,
// correlate).
struct TableOutputOptions {
  std::string top = "0", format = "table", output;
  void declare(Args &args, const char *top_help = "Only the first N rows of each table (0: all)");
};

} // namespace inlinetune
