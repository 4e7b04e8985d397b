// SPDX-License-Identifier: GPL-3.0-or-later
// One build's inlining decisions as the subcommands see them: its TUs, its
// call sites (one per TU and site id, both inliners and every inline copy
// folded into one decision) and its functions (one per TU and symbol, with the
// estimated size after inlining and the real bytes of the object's symbols).
// Built from a LogSet with ReadOptions::function_sizes; records go through
// records.h, never as raw JSON.  Grouping (directory, subsystem, file) is
// here too, so that every subcommand groups alike.  docs/cli.md says what
// each number means.
#pragma once

#include "log_reader.h"
#include "records.h"

#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace inlinetune {

// Interned strings: a kernel build repeats each function name in thousands of
// records, and its models keep only an index per name.
using NameId = uint32_t;
class Names {
public:
  NameId intern(std::string_view s);
  std::optional<NameId> find(std::string_view s) const;
  const std::string &operator[](NameId id) const { return strings_[id]; }

private:
  // An open-addressing table of ids (id + 1; 0 is empty) and each name's
  // hash: some 12 bytes a name where an unordered_map took about 60, and no
  // allocation per name (a kernel build has millions; bench/tools.sh).
  std::deque<std::string> strings_;
  std::vector<uint32_t> hashes_; // per id
  std::vector<uint32_t> slots_;  // a power of two, at most half full
};

struct TuModel {
  std::string key; // the TU's name in this model: its source (see Build::tus)
  TuHeader header;
  std::string origin;       // the file it was read from
  size_t index = 0;         // its position there (1-based)
  bool has_symbols = false; // read from an object: real bytes are known
  size_t records = 0;       // lines, the header included
};

// One call site of one TU, identified by its id: the call as written, with
// the decisions of both inliners on every copy of it.
struct SiteModel {
  uint32_t tu = 0;
  NameId id = 0;
  NameId lexical_caller = 0, lexical_caller_symbol = 0;
  NameId callee = 0, callee_symbol = 0;
  NameId location = 0;
  std::vector<NameId> callers; // symbols of the out-of-line functions holding a copy, sorted
  uint32_t records = 0;        // records with this id
  uint32_t inlined_records = 0;
  bool einline_inlined = false, ipa_inlined = false;
  // The site's decision: inlined when either inliner inlined it (any copy).
  bool inlined() const { return einline_inlined || ipa_inlined; }
  // "OK" when inlined, else the refusal that stands: the IPA inliner's when it
  // saw the call (its first record), else the early inliner's.
  NameId reason = 0;
  std::optional<Limit> limit;                       // of that refusal
  bool has_refusal = false, refused_by_ipa = false; // while loading
};

// One function defined in one TU, identified by its symbol.
struct FunctionModel {
  uint32_t tu = 0;
  NameId name = 0, symbol = 0;
  std::optional<int64_t> size_before, size_after; // GCC's estimates (function record)
  int64_t inlined_callees = 0;
  bool out_of_line = false, never_inline = false;
  // The st_size of its symbols in the object: the symbol and the pieces GCC
  // made of it (foo.constprop.0, foo.isra.0, foo.part.0, foo.cold).  nullopt
  // when the TU has no symbol table (read from a .jsonl file).
  std::optional<uint64_t> bytes;
  // Whether it exists on its own in the object: a symbol (or piece) of it
  // there, or without a symbol table the record's "out_of_line".
  bool emitted = false;
  // Estimated growth by the IPA inliner: size_after - size_before, when both
  // are known and it stays out of line; else 0.
  int64_t est_growth() const {
    return out_of_line && size_before && size_after ? *size_after - *size_before : 0;
  }
  int64_t est_size() const { return out_of_line && size_after ? *size_after : 0; }
};

struct Build {
  Names names;
  std::vector<TuModel> tus; // sorted by key
  std::vector<SiteModel> sites;
  std::vector<FunctionModel> functions;
  std::vector<std::pair<uint32_t, Site>> kept_sites; // LoadOptions::keep_site, with their TU
  size_t errors = 0;                                 // errors reported, the reader's included
  size_t files = 0;                                  // files read (the reader's count)
  bool has_symbols = false;                          // some TU came with a symbol table

  std::optional<uint32_t> find_tu(const std::string &key) const;
  // Index into sites / functions, or nullopt.
  std::optional<size_t> find_site(uint32_t tu, const std::string &id) const;
  std::optional<size_t> find_function(uint32_t tu, const std::string &symbol) const;
  const std::string &str(NameId id) const { return names[id]; }

  // Filled by the loader.
  std::unordered_map<uint64_t, size_t> site_index, function_index; // (tu << 32 | name) ->
};

struct LoadOptions {
  // Site records to keep whole (Build::kept_sites), for explain.
  std::function<bool(const Site &)> keep_site;
};

// Reads PATHS (build directories, objects, archives, .jsonl logs) with their
// symbol tables and builds the model.  Problems are reported to SINK and
// counted in Build::errors; what can be read is used.
Build load_build(const std::vector<std::string> &paths, const DiagnosticSink &sink,
                 const LoadOptions &options = {});
// The same from a LogSet whose paths are added (finish() is called here).  A
// record that does not parse is reported as "ORIGIN: TU n (object), line L:
// ..." and skipped.
Build build_model(LogSet &logs, const DiagnosticSink &sink, const LoadOptions &options = {});

// ---- grouping --------------------------------------------------------------

// How rows are grouped.  Not every subcommand takes every one.
enum class GroupBy { dir, subsystem, file, function, reason };
const char *group_by_name(GroupBy by);
// Throws UsageError when NAME is not one of ALLOWED.
GroupBy parse_group_by(const std::string &name, const std::vector<GroupBy> &allowed);

// "fs/namei.c" -> "fs"; "fs/open.c" -> "fs"; "a.c" -> "."; an absolute path
// (outside the source tree) -> its directory.
std::string directory_of(std::string_view source);
// The first path component ("fs", "mm", "kernel", "net"), the first two under
// the trees the kernel splits by architecture or bus ("arch/arm64",
// "drivers/net", "sound/soc"); "." for a file at the top; the directory for an
// absolute path.
std::string subsystem_of(std::string_view source);
// The group of a TU's source for BY (dir, subsystem or file).
std::string group_of(std::string_view source, GroupBy by);

// The function a GCC-made symbol belongs to: "foo.constprop.0.isra.0" ->
// "foo", "foo.cold" -> "foo", "foo.part.1" -> "foo"; other names as they are.
std::string symbol_base(std::string_view symbol);

} // namespace inlinetune
