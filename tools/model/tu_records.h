// SPDX-License-Identifier: GPL-3.0-or-later
// One TU's records as a reading thread leaves them for the model
// (build_model.cc adds them to a Build, in TU order): read once from the
// TU's text, or from the payload the decoded-log cache kept of an earlier
// read (read/decoded_cache.h), which is this struct written out
// (encode_read_tu).  Either way the model is the same: the payload holds
// what the text gave, before the symbol table's bytes, which are joined
// each time (an object's symbols are not part of its log's key).
#pragma once

#include "model/build_model.h"

#include <exception>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace inlinetune {

// One TU's records as a reading thread leaves them for the model (read_tu):
// every name an id into LOCAL, interned into the Build's names when the TU
// is added, in TU order, so that the model is the one a single thread makes.
struct ReadTu {
  struct ReadSite {
    NameId id, lexical_caller, lexical_caller_symbol, callee, callee_symbol, location;
    NameId caller_symbol, reason;
    uint32_t chain_at, chain_len; // ReadTu::chains
    Pass pass;
    bool inlined;
    std::optional<SiteLimit> limit; // its param and params_of local ids too
  };
  struct ReadFunction {
    NameId name, symbol;
    std::optional<int64_t> size_before, size_after;
    int64_t inlined_callees;
    bool out_of_line, never_inline, emitted;
    std::optional<uint64_t> bytes;
    // The record's "elf_bytes" (extract --with-symbols): there, and its value.
    bool has_elf_bytes = false;
    std::optional<uint64_t> elf_bytes;
  };
  enum class Kind : uint8_t { site, function, problem };
  struct Entry {
    Kind kind;
    uint32_t index; // into sites, functions or problems
    size_t line;
  };

  TuHeader header;
  std::optional<std::string> header_problem;
  size_t records = 1; // lines, the header included
  Names local;
  std::vector<uint64_t> hashes; // Names::hash of each local name
  std::vector<Entry> entries;   // the records, in line order
  std::vector<ReadSite> sites;
  std::vector<NameId> chains; // ReadSite::chain_at
  std::vector<ReadFunction> functions;
  std::vector<std::string> problems;
  std::vector<Site> kept; // LoadOptions::keep_site
  // What broke off the reading (other than a bad record, a problem), thrown
  // again when the TU is added: after the problems found before it.
  std::exception_ptr failure;

  // The records carry real bytes (a .jsonl of extract --with-symbols): the
  // TU has them as if read from its object (TuModel::has_symbols).
  bool recorded_bytes() const {
    for (const ReadFunction &f : functions)
      if (f.has_elf_bytes)
        return true;
    return false;
  }
};

// Reads one TU (any thread): from the decoded-log cache when LogSet found
// it there, else from its text, whose payload then goes to the cache (when
// the TU has a cache key).  A record that does not parse becomes a problem;
// bytes come from the symbol table, or the records' "elf_bytes".  HASHES: the local names' hashes too
// (for interning them into a build's).
void read_tu(const LogSet &logs, const TuInfo &info, const LoadOptions &options, ReadTu &t,
             bool hashes = true);

// The payloads' format, part of every cache key (ReadOptions::cache_format):
// change it with encode_read_tu and decode_read_tu.
inline constexpr const char *kReadTuFormat = "read-tu-3";
// T as a payload, with the header's line (parsed again when decoded).
std::string encode_read_tu(const ReadTu &t, std::string_view header_line);
// PAYLOAD back into T, the header parsed from its line.  Throws Error when
// it is damaged.
void decode_read_tu(std::string_view payload, ReadTu &t);

} // namespace inlinetune
