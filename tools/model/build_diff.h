// SPDX-License-Identifier: GPL-3.0-or-later
// Two builds of the same sources compared, as data: what `inlinetune diff`
// prints (tools/commands/diff.cc) and what `correlate` and `report` join with
// workload results (tools/model/correlation.h).  TUs are matched by source file,
// sites by id, functions by symbol; docs/cli.md ("diff") says what each
// field means.  Nothing here prints.
#pragma once

#include "model/build_model.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace inlinetune {

// A call site in both builds whose decision differs (a site flip), or one
// copy of it whose decision differs while the site's own (inlined when any
// copy is) does not (a copy flip: inlined in both builds, out of line in
// some copies of one).
struct Flip {
  std::string tu; // the TU's key
  std::string id, caller, caller_symbol, callee, callee_symbol, location;
  bool to_inlined = false;
  std::string base_reason, new_reason;
  std::optional<Limit> base_limit, new_limit;
  // The functions holding a copy of the call in each build (symbols, each
  // mapped to the function it belongs to, see FunctionDiff::symbol), sorted:
  // where its code sits out of line there.
  std::vector<std::string> base_holders, new_holders;
  // A copy flip's chain (the function holding the copy, then each function
  // inlined on the way down to the call, each mapped as the holders are);
  // empty for a site flip.  Its reasons are the copy's, its limits null.
  std::vector<std::string> chain;
  // The site's copies in each build and how many of them are inlined.
  uint32_t base_copies = 0, base_copies_inlined = 0, new_copies = 0, new_copies_inlined = 0;
  bool copy_flip() const { return !chain.empty(); }
};

// How a flip explains a function's row: the call is written in it
// ("caller"), written in a function inlined into it ("copy"), or is a call of
// it ("callee"; only for a function that vanished or appeared).
enum class FlipSide { caller, copy, callee };
const char *flip_side_name(FlipSide side);

enum class FunctionStatus { vanished, appeared, grown, shrunk, same, not_emitted };
const char *function_status_name(FunctionStatus status); // "not emitted" for not_emitted

// One function (one TU and symbol) of a TU in both builds.
struct FunctionDiff {
  std::string tu, name, symbol;
  FunctionStatus status = FunctionStatus::same;
  // Bytes in each build: null when not out of line there, or when either
  // build has no symbol table for the TU (bytes_known false).
  std::optional<int64_t> bytes_base, bytes_new;
  std::optional<int64_t> est_base, est_new; // size_after while out of line
  int64_t delta = 0, est_delta = 0;         // NEW - BASE, null as 0
  bool bytes_known = false;
  // Its FunctionModel in each build (indices into Build::functions), or
  // nullopt where the TU has no record of it.
  std::optional<size_t> base_index, new_index;
  // The flips that explain it (indices into BuildDiff::flips), sorted by
  // caller, callee, location and id.
  std::vector<std::pair<size_t, FlipSide>> flips;

  // What diff lists in its main table: out of line in either build and
  // changed, vanished or appeared, or with flips.
  bool changed() const;
};

// Sums over functions and flips (the whole diff, a subsystem, a group).
struct DiffTotals {
  int64_t bytes_base = 0, bytes_new = 0, est_base = 0, est_new = 0;
  int64_t to_inlined = 0, to_not_inlined = 0, vanished = 0, appeared = 0;
  int64_t copies_to_inlined = 0, copies_to_not_inlined = 0; // copy flips
};

struct BuildDiff {
  std::vector<std::string> base_paths, new_paths;
  Build base, next;
  std::vector<std::pair<uint32_t, uint32_t>> common; // TUs in both: (base index, new index)
  std::vector<std::string> only_base, only_new;      // TU keys in one build only
  std::vector<Flip> flips;             // by TU, then site id (a site's, then its copies')
  std::vector<FunctionDiff> functions; // every function of a common TU, by TU, symbol
  size_t sites_common = 0, sites_only_base = 0, sites_only_new = 0;
  size_t site_flips = 0, copy_flips = 0; // of flips
  size_t tus_without_symbols = 0;        // common TUs without a symbol table in either build
  // The source of each common TU whose key is not its source alone (a
  // source compiled twice: "fs/x.c (fs/a.o)"), for grouping by directory;
  // kept when the models go.
  std::map<std::string, std::string> sources;
  const std::string &source_of(const std::string &key) const {
    auto it = sources.find(key);
    return it == sources.end() ? key : it->second;
  }

  size_t errors() const { return base.errors + next.errors; }
  // Frees the two models (the most memory by far), keeping their counts
  // (errors, files): for a caller done with them, as diff is once compared.
  // FunctionDiff::base_index and new_index then point nowhere.
  void drop_models();
};

// Compares two loaded builds (on worker_threads() threads, tools/support/parallel.h;
// the result is the same whatever their number).  Throws Error when either
// has no TU, or when they share no source file (the message names both by
// BASE_NAME and NEW_NAME).
BuildDiff diff_builds(Build base, Build next, std::vector<std::string> base_paths,
                      std::vector<std::string> new_paths);
// Loads both, at once on two threads (problems go to SINK, from the calling
// thread, BASE's and then NEW's, and count in errors()), and compares them.
BuildDiff load_diff(const std::vector<std::string> &base_paths,
                    const std::vector<std::string> &new_paths, const DiagnosticSink &sink,
                    const LoadOptions &options = {});

// What load_diff and drop_models() leave, made without ever holding the
// two models: each TU pair read, modelled (TuModeller), compared and dropped
// on every core, TU by TU, so that memory holds the comparison only (some
// 0.5 GB less on a kernel, bench/tools.sh).  The result, the problems
// reported and the errors thrown are load_diff's, but for the order of
// two copies of a call whose chains map to the same holders (decided by
// the TU's own names, not the build's).  For diff, which needs no model.
BuildDiff stream_diff(const std::vector<std::string> &base_paths,
                      const std::vector<std::string> &new_paths, const DiagnosticSink &sink,
                      const LoadOptions &options = {});

// The paths of the two builds from the command line: BASE NEW (POSITIONAL,
// one path each), or --base PATH... and --new PATH... (BASE, NEXT), not both
// forms.  Throws UsageError otherwise.
std::pair<std::vector<std::string>, std::vector<std::string>>
diff_paths(const std::vector<std::string> &positional, const std::vector<std::string> &base,
           const std::vector<std::string> &next);

// The warning for TUs in one build only ("N TUs only in base (a.c, b.c), M
// only in new (...); comparing the K TUs in both"), or "" when there are none.
std::string tu_mismatch_warning(const BuildDiff &diff);

// "a, b, c, ..." (the first three).
std::string list_some(const std::vector<std::string> &names);

} // namespace inlinetune
