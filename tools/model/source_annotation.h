// SPDX-License-Identifier: GPL-3.0-or-later
// The call sites written in some source files, with what one build (or each
// of two) decided on them: what `inlinetune annotate` lays beside the source
// text and `report --annotate` shows for the files with the most flips, as
// LLVM's opt-viewer lays optimization remarks beside it.  A site here is one
// call as written (its id: lexical caller, callee, file:line:col), folded
// over every TU that compiled it (a header's) and every copy of it; its
// decision per TU is the build model's (SiteModel: inlined when either
// inliner inlined any copy), and the per-inliner details (each inliner's
// records, reasons, growth, limit) come from the records kept whole while
// loading (LoadOptions::keep_site with keep_record()).  Nothing here reads
// the source text or prints.
#pragma once

#include "glob.h"
#include "model/build_model.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace inlinetune {

// A site record's "location", "file:line:col" (the file relative to the
// source tree; it may hold ':'), split; nullopt for "?" (a call GCC made up)
// or anything without a line and a column.
struct SourceLocation {
  std::string_view file;
  int line = 0, column = 0;
};
std::optional<SourceLocation> parse_location(std::string_view location);

// Which files FILE (annotate's argument) names, as the logs name them: the
// file itself, a path glob (common/glob.h, Kind::Path: "fs/*.c",
// "**/open.c"), or a path that ends in FILE after a '/' ("open.c" for
// "fs/open.c").  Safe to call from several threads at once.
class SourceFileMatcher {
public:
  // Throws UsageError for a malformed glob.
  explicit SourceFileMatcher(const std::string &pattern);
  bool operator()(std::string_view file) const;
  // Of the files that matched, those FILE names best: the one equal to it
  // when there is one, else all of them (sorted, unique).
  std::vector<std::string> best(std::vector<std::string> files) const;
  const std::string &pattern() const { return pattern_; }

private:
  std::string pattern_;
  std::optional<Glob> glob_; // when FILE has wildcards
};

// One inliner's records of a site (every copy, every TU).
struct PassDecisions {
  uint32_t records = 0, inlined = 0;
  // Each refusal reason and how many records gave it, in the order first
  // met (TU order, then record order).
  std::vector<std::pair<std::string, uint32_t>> refusals;
  // Of the first refusal record where it has them, else of the first record.
  std::optional<int64_t> growth, callee_size;
  std::optional<Limit> limit; // of the first refusal record with one
};

// One build's decisions on one site.
struct SiteDecision {
  uint32_t tus = 0, tus_inlined = 0;         // TUs holding the site, of them inlined there
  uint32_t records = 0, inlined_records = 0; // both inliners, every copy
  // "OK" when inlined in every TU; else the refusal that stands (the model's
  // rule, SiteModel::reason) in the first TU (by key) that refused it.
  std::string reason;
  std::optional<Limit> limit; // of that refusal
  // The out-of-line functions holding a copy (symbols; sorted, unique).
  std::vector<std::string> callers;
  // From the records kept whole; nullopt when none were kept (report) or
  // the inliner left no record.
  std::optional<PassDecisions> einline, ipa;
  std::vector<std::string> clones; // IPA clones called ("foo.constprop.0"), sorted, unique
  bool details = false;            // records were kept for it (einline, ipa, clones)

  bool inlined() const { return tus_inlined > 0; }
  bool partly() const { return tus_inlined > 0 && tus_inlined < tus; }
};

// How a site differs between two builds.
enum class SiteChange { none, to_inlined, to_refused, added, removed, changed };
// "", "to inlined", "to refused", "new", "gone", "changed".
const char *site_change_name(SiteChange change);

struct AnnotatedSite {
  int line = 0, column = 0;
  std::string location, id, callee, callee_symbol, lexical_caller;
  // One build: NEXT only.  Two: either may be missing (a site of one build).
  std::optional<SiteDecision> base, next;
  SiteChange change = SiteChange::none;
  // NEXT's decision, else BASE's: what one build shows.
  const SiteDecision &shown() const { return next ? *next : *base; }
};

struct AnnotatedFile {
  std::string file;                 // as the logs name it
  std::vector<std::string> tus;     // the TUs holding its sites (keys; NEXT's, then BASE's only)
  std::vector<AnnotatedSite> sites; // by line, column, callee, id
};

struct Annotation {
  bool two_builds = false;
  std::vector<AnnotatedFile> files; // by file
  size_t sites() const;
};

// The records a build keeps whole for annotate (LoadOptions::keep_site):
// those whose location is in a file MATCH accepts.
bool keep_record(const Site &site, const SourceFileMatcher &match);

// The sites of BUILD written in the files WANTED accepts.
Annotation annotate_build(const Build &build,
                          const std::function<bool(std::string_view file)> &wanted);
// The same for two builds, sites matched by id.
Annotation annotate_builds(const Build &base, const Build &next,
                           const std::function<bool(std::string_view file)> &wanted);

// Where BUILD's sources may be, for a file named relative to the source
// tree: each TU's compile directory where its origin shows it (an origin
// "b/fs/open.o" of object "fs/open.o" was compiled in "b"), each of PATHS,
// each of those followed by "/source" (kbuild's link to the source tree in
// an O= tree), and ".", without repeats.  Strings only: the caller looks
// which hold the file.
std::vector<std::string> candidate_source_roots(const Build &build,
                                                const std::vector<std::string> &paths);

} // namespace inlinetune
