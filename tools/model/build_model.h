// SPDX-License-Identifier: GPL-3.0-or-later
// One build's inlining decisions as the subcommands see them: its TUs, its
// call sites (one per TU and site id, both inliners and every inline copy
// folded into one decision) and its functions (one per TU and symbol, with the
// estimated size after inlining and the real bytes of the object's symbols).
// Built from a LogSet with ReadOptions::function_sizes; records go through
// log/decode.h, never as raw JSON.  Grouping (directory, subsystem, file) is
// here too, so that every subcommand groups alike.  docs/cli.md says what
// each number means.
#pragma once

#include "decode.h"
#include "read/log_reader.h"

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
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
  NameId intern(std::string_view s) { return intern(s, hash(s)); }
  std::optional<NameId> find(std::string_view s) const;
  // What names are looked up by, computed once by a caller that has it:
  // intern(S, hash(S)) is intern(S).
  static uint64_t hash(std::string_view s);
  NameId intern(std::string_view s, uint64_t hash);
  // Asks the CPU to load the slot a name of this hash is looked up in, ahead
  // of interning it (a kernel build's table is far larger than the caches).
  void prefetch(uint64_t hash) const;
  // Valid as long as the Names (moving it keeps them valid too).
  std::string_view operator[](NameId id) const { return views_[id]; }
  size_t size() const { return views_.size(); }

private:
  // The characters, in blocks that never move (each a name's bytes in a row,
  // no terminator), and an open-addressing table of ids with their hashes
  // (so that a probe reads one slot, not the name): some 40 bytes a name
  // plus its length, where a std::string each and an unordered_map took
  // about 100 (a kernel build has some two million names; bench/tools.sh).
  std::vector<std::unique_ptr<char[]>> blocks_;
  size_t block_used_ = 0, block_size_ = 0; // of the last block
  std::vector<std::string_view> views_;    // per id
  // hash >> 32 << 32 | (id + 1), 0 when empty; a power of two, at most half full.
  std::vector<uint64_t> slots_;
};

// A SiteModel's callers: a range of Build::caller_ids.
class NameRange {
public:
  NameRange(const NameId *first, const NameId *last) : first_(first), last_(last) {}
  const NameId *begin() const { return first_; }
  const NameId *end() const { return last_; }
  size_t size() const { return static_cast<size_t>(last_ - first_); }
  bool empty() const { return first_ == last_; }
  NameId operator[](size_t i) const { return first_[i]; }

private:
  const NameId *first_, *last_;
};

// One inline copy of a call site: the call as it sits in the body of one
// out-of-line function after inlining, named by its chain (that function,
// then each function inlined on the way down to the call; one name for the
// call in its own function's body).  A site inlined by the any-copy rule
// (SiteModel::inlined) may still be out of line in some copies: diff's copy
// flips and explain's copy table come from these.
struct CopyModel {
  uint32_t chain_at = 0; // Build::chain_ids
  uint32_t chain_len = 0;
  NameId reason = 0; // "OK" when inlined, else the refusal that stands (as SiteModel::reason)
  bool inlined = false;
  // Inlined by the early inliner: before the IPA inliner copied the body,
  // so into every copy of it (which have no record of the call).
  bool early_inlined = false;
  // Whether the copy is code of the build: HOLDER_EMITTED says whether the
  // function holding it (its chain's first) is emitted.  A body inlined into
  // all its callers is gone, and its IPA records with it; what the early
  // inliner did in it lives on in the copies.
  bool in_code(bool holder_emitted) const { return holder_emitted || early_inlined; }
};

// The refusal that stands for a site or one of its copies: the first,
// replaced by the IPA inliner's first (it decided last).  Whether a refusal
// by PASS replaces the one standing (REFUSED false: none yet).
inline bool refusal_replaces(bool refused, bool refused_by_ipa, Pass pass) {
  return !refused || (pass == Pass::ipa && !refused_by_ipa);
}

// Limit with its param interned (Build::limit gives it back as a Limit).
struct SiteLimit {
  int64_t value = 0;
  std::optional<int64_t> flip_at;
  NameId param = 0;
  NameId params_of = 0; // the symbol of the function whose params GCC read
};

struct TuModel {
  std::string key; // the TU's name in this model: its source (see Build::tus)
  // As logged, but for "source", which is relative to the build's output
  // directory for a file in it (objtree_relative_source); logged_source is
  // the log's.
  TuHeader header;
  std::string logged_source;
  std::string origin;       // the file it was read from
  size_t index = 0;         // its position there (1-based)
  bool has_symbols = false; // read from an object: real bytes are known
  size_t records = 0;       // lines, the header included
};

// One call site of one TU, identified by its id: the call as written, with
// the decisions of both inliners on every copy of it.  56 bytes, its limit
// kept apart (Build::site_limit; a site in four has one): a kernel build
// has about a million.
struct SiteModel {
  uint32_t tu = 0;
  NameId id = 0;
  NameId lexical_caller = 0, lexical_caller_symbol = 0;
  NameId callee = 0, callee_symbol = 0;
  NameId location = 0;
  // The symbols of the out-of-line functions holding a copy, sorted by id:
  // Build::callers(site), entries CALLERS_AT to CALLERS_AT + CALLERS_COUNT
  // of Build::caller_ids.
  uint32_t callers_at = 0, callers_count = 0;
  // Its copies, sorted by chain: entries COPIES_AT to COPIES_AT +
  // COPIES_COUNT of Build::copy_list (Build::copies(site)).
  uint32_t copies_at = 0, copies_count = 0;
  uint32_t records = 0; // records with this id
  uint32_t inlined_records = 0;
  bool einline_inlined = false, ipa_inlined = false;
  bool has_refusal = false, refused_by_ipa = false; // while loading
  // The site's decision: inlined when either inliner inlined it (any copy).
  bool inlined() const { return einline_inlined || ipa_inlined; }
  // "OK" when inlined, else the refusal that stands: the IPA inliner's when it
  // saw the call (its first record), else the early inliner's.
  NameId reason = 0;
  uint32_t limit_at = 0; // that refusal's limit: 1 + its index in Build::limits, 0 for none
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
  std::optional<size_t> find_site(uint32_t tu, std::string_view id) const;
  std::optional<size_t> find_function(uint32_t tu, std::string_view symbol) const;
  std::string_view str(NameId id) const { return names[id]; }
  NameRange callers(const SiteModel &s) const {
    return NameRange(caller_ids.data() + s.callers_at,
                     caller_ids.data() + s.callers_at + s.callers_count);
  }
  std::optional<Limit> limit(const SiteModel &s) const;
  const CopyModel *copies_begin(const SiteModel &s) const { return copy_list.data() + s.copies_at; }
  const CopyModel *copies_end(const SiteModel &s) const {
    return copy_list.data() + s.copies_at + s.copies_count;
  }
  NameRange chain(const CopyModel &c) const {
    return NameRange(chain_ids.data() + c.chain_at, chain_ids.data() + c.chain_at + c.chain_len);
  }
  // "a > b > c".
  std::string chain_text(const CopyModel &c) const;
  // Whether copy C of a site of TU is code of this build (CopyModel::in_code):
  // the function holding it, as symbol_owner finds it, is emitted or unknown.
  bool copy_in_code(uint32_t tu, const CopyModel &c) const;

  // The same with the param interned; null when the site has no limit.
  const SiteLimit *site_limit(const SiteModel &s) const {
    return s.limit_at ? &limits[s.limit_at - 1] : nullptr;
  }

  // Filled by the loader.
  std::vector<NameId> caller_ids;   // SiteModel::callers_at
  std::vector<CopyModel> copy_list; // SiteModel::copies_at
  std::vector<NameId> chain_ids;    // CopyModel::chain_at
  std::vector<SiteLimit> limits;    // SiteModel::limit_at
  // (tu << 32 | name, index into sites / functions), sorted: some 16 bytes
  // an entry, where an unordered_map took about 40.
  std::vector<std::pair<uint64_t, uint32_t>> site_index, function_index;
  std::unordered_map<std::string, uint32_t> tu_index; // key -> index into tus
};

struct LoadOptions {
  // Site records to keep whole (Build::kept_sites), for explain.  Called
  // from the reading threads, one record at a time.
  std::function<bool(const Site &)> keep_site;
  // TUs to model, by source as the model names it (before a second TU of
  // one source gets its suffix): --file.  None: every TU.  Called on the
  // adding thread.
  std::function<bool(std::string_view source)> keep_tu;
  // When set, each TU's kept records go here, TU by TU in the model's
  // order, on the adding thread, instead of into Build::kept_sites: a
  // listing of every record streams with this (explain --format csv).
  std::function<void(const TuModel &, std::vector<Site> &&)> on_kept_tu;
  // Whether to model each site's copies (Build::copies; diff's copy flips,
  // explain BASE NEW): some 15% more memory, for the subcommands that
  // compare copies.
  bool copies = false;
  // False: only the TUs and their problems are modelled (no sites, no
  // functions, no names), for a caller that needs on_kept_tu alone.
  bool model = true;
  // Threads to read with (0: worker_threads(), tools/support/parallel.h); the model
  // is the same whatever their number.
  size_t jobs = 0;
};

// How the model reads logs: with their symbol tables, on OPTIONS.jobs
// threads, through the decoded-log cache (read/decoded_cache.h; the
// environment says where, or that it is off) unless records are kept whole
// (OPTIONS.keep_site: they come from the text).
ReadOptions model_read_options(const LoadOptions &options);

// Reads PATHS (build directories, objects, archives, .jsonl logs) with their
// symbol tables and builds the model.  Problems are reported to SINK (from
// the calling thread, in the order one thread would find them) and counted
// in Build::errors; what can be read is used.
Build load_build(const std::vector<std::string> &paths, const DiagnosticSink &sink,
                 const LoadOptions &options = {});
// Two builds read at once (each on every core), as load_build reads each;
// what they report goes to SINK as if read one after the other, BASE's then
// NEW's.
std::pair<Build, Build> load_builds(const std::vector<std::string> &base_paths,
                                    const std::vector<std::string> &new_paths,
                                    const DiagnosticSink &sink, const LoadOptions &options = {});
// The same from a LogSet whose paths are added (finish() is called here).  A
// record that does not parse is reported as "ORIGIN: TU n (object), line L:
// ..." and skipped.
Build build_model(LogSet &logs, const DiagnosticSink &sink, const LoadOptions &options = {});

// One build's TUs modelled one at a time, each as a Build of its own (the
// TU alone, its names its own), for a caller that needs each TU and never
// the whole: diff (stream_diff, build_diff.h), whose memory then holds the
// comparison and not two builds.  Each TU's model is the one build_model
// makes of it, but for its NameIds (its own, in the order of first use in
// the TU).
class TuModeller {
public:
  // Calls LOGS.finish(); LOGS must outlive this.
  TuModeller(LogSet &logs, const LoadOptions &options);
  const std::vector<TuInfo> &tus() const { return infos_; }
  // The key TU I has in build_model's model (TuModel::key), or nullopt when
  // options.keep_tu leaves it out.
  const std::optional<std::string> &key(size_t i) const { return keys_[i]; }
  // Its source in the model (TuHeader::source of its TuModel): the key
  // before a second TU of one source gets its suffix.
  const std::string &source(size_t i) const { return sources_[i]; }
  // TU I modelled (no TU in it when keep_tu leaves it out): its problems
  // go to SINK and count in ERRORS, as build_model reports them.  Throws
  // what build_model would throw for it (Error when its .jsonl file has
  // changed).  Once for each TU: its text and symbol sizes are freed
  // (LogSet::release), and tus()[I].functions with them.  Safe to call
  // from several threads at once, for different TUs.
  Build model(size_t i, const DiagnosticSink &sink, size_t &errors);
  const ReadStats &stats() const { return logs_.stats(); }

private:
  LogSet &logs_;
  LoadOptions options_;
  const std::vector<TuInfo> &infos_;
  std::vector<std::string> roots_;
  std::vector<std::optional<std::string>> keys_;
  std::vector<std::string> sources_;
};

// The name of a TU's source in the model.  The plugin names a file outside
// the source tree by its absolute path, and an O= tree's own files (kbuild's
// generated .vmlinux.export.c, foo.mod.c, ...) are outside it, at a path
// that differs from one build tree to the next: such a file is named
// relative to the build's output directory instead, as an in-tree build
// names it, so that two builds of one kernel pair it.  The output directory
// is where the compile ran, which the header's OBJECT is relative to:
// SOURCE's directory less OBJECT's (/o/samples/x.mod.c compiled to
// samples/x.mod.o ran in /o).  It counts only when it holds one of ROOTS,
// the canonical paths the user named (the build directory, or an object or
// archive in it); a file compiled anywhere else keeps its absolute path, and
// a relative SOURCE (inside the source tree) is returned as it is.
std::string objtree_relative_source(std::string_view source, std::string_view object,
                                    const std::vector<std::string> &roots);
// PATHS made canonical (symlinks resolved, as the plugin's sources are), for
// objtree_relative_source; a path that does not exist is left out.
std::vector<std::string> canonical_roots(const std::vector<std::string> &paths);

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

// The one rule for which function a symbol of an object counts toward (its
// real bytes: FunctionModel::bytes, db's symbols.function): the function
// record of that exact symbol (FIND(SYMBOL), FIND returning an optional),
// else, but for a "foo.localalias" (an alias of foo: the same bytes, counted
// once), the record of the function it is a piece of (symbol_base).
bool is_local_alias(std::string_view symbol);
template <typename Find>
auto symbol_owner(const std::string &symbol, Find &&find) -> decltype(find(symbol)) {
  if (auto exact = find(symbol))
    return exact;
  if (is_local_alias(symbol))
    return {};
  return find(symbol_base(symbol));
}

// Each function's real bytes by that rule: SYMBOLS are a TU's function
// records' object symbols (object_symbol), in order; FUNCTIONS its object's
// function symbols and sizes.  nullopt for a function no symbol counts
// toward (not emitted).  The model's bytes and extract --with-symbols'
// "elf_bytes" both come from here, so that a log extracted with them reads
// as its objects do.
std::vector<std::optional<uint64_t>> owned_bytes(const std::vector<std::string> &symbols,
                                                 const FunctionSizes &functions);

} // namespace inlinetune
