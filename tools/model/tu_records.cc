// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/tu_records.h"

#include "error.h"
#include "support/bytes.h"

#include <fmt/format.h>

#include <unordered_map>

namespace inlinetune {

namespace {

// Chains are kept only for a model of copies (LoadOptions::copies).
void drop_chains(ReadTu &t) {
  for (ReadTu::ReadSite &r : t.sites)
    r.chain_at = r.chain_len = 0;
  t.chains = {};
}

// TU's text parsed, once.  Chains are read when the model compares copies,
// and for the cache, which keeps them whatever the reader asked.
void parse_tu(const LogSet &logs, const TuInfo &info, const LoadOptions &options, ReadTu &t) {
  // One RecordReader, Site and Function per thread, reused: a kernel build
  // has millions of records (bench/tools.sh).
  thread_local RecordReader reader;
  thread_local Site whole; // for keep_site
  thread_local SiteView s;
  thread_local FunctionView f;
  const bool store = !info.cache_key.empty();
  const bool chains = options.copies || store;
  const std::string text = logs.text(info);
  // Lines are parsed where they are: the text has room after it.
  const char *const room = text.data() + text.capacity();
  // Every line ends in '\n' (LogSet checked); the first is the header.
  std::string_view rest = text;
  const std::string_view header_line = take_line(&rest);
  try {
    t.header = parse_header(parse_record(header_line));
  } catch (const Error &e) {
    t.header_problem = e.what();
  }
  std::vector<char> has_function; // per local name
  while (!rest.empty()) {
    const size_t line = ++t.records;
    const std::string_view line_text = take_line(&rest);
    const std::string_view kind =
        room - (line_text.data() + line_text.size()) >= ptrdiff_t(RecordReader::kPadding)
            ? reader.parse_padded(line_text)
            : reader.parse(line_text);
    try {
      if (kind == "site") {
        // Views where nothing keeps the record, else a whole Site.
        if (options.keep_site) {
          reader.site(t.header, whole);
          s.id = whole.id;
          s.lexical_caller = {whole.lexical_caller.name, whole.lexical_caller.symbol};
          s.callee = {whole.callee.name, whole.callee.symbol};
          s.location = whole.location;
          s.caller.symbol = whole.caller.symbol;
          s.chain.assign(whole.chain.begin(), whole.chain.end());
          s.reason = whole.reason;
          s.pass = whole.pass;
          s.inlined = whole.inlined;
          s.limit.reset();
          if (whole.limit)
            s.limit =
                log::BasicLimit<std::string_view>{whole.limit->param, whole.limit->value,
                                                  whole.limit->flip_at, whole.limit->params_of};
        } else {
          reader.site(t.header, s);
        }
        ReadTu::ReadSite r;
        Names &n = t.local;
        r.id = n.intern(s.id);
        r.lexical_caller = n.intern(s.lexical_caller.name);
        r.lexical_caller_symbol = s.lexical_caller.symbol == s.lexical_caller.name
                                      ? r.lexical_caller
                                      : n.intern(s.lexical_caller.symbol);
        r.callee = n.intern(s.callee.name);
        r.callee_symbol = s.callee.symbol == s.callee.name ? r.callee : n.intern(s.callee.symbol);
        r.location = n.intern(s.location);
        r.caller_symbol = s.caller.symbol == s.lexical_caller.symbol ? r.lexical_caller_symbol
                                                                     : n.intern(s.caller.symbol);
        r.reason = n.intern(s.reason);
        r.chain_at = static_cast<uint32_t>(t.chains.size());
        r.chain_len = chains ? static_cast<uint32_t>(s.chain.size()) : 0;
        if (chains)
          for (std::string_view c : s.chain)
            t.chains.push_back(c == s.caller.symbol ? r.caller_symbol : n.intern(c));
        r.pass = s.pass;
        r.inlined = s.inlined;
        if (s.limit)
          r.limit = SiteLimit{s.limit->value, s.limit->flip_at, n.intern(s.limit->param),
                              n.intern(s.limit->params_of)};
        t.entries.push_back({ReadTu::Kind::site, static_cast<uint32_t>(t.sites.size()), line});
        t.sites.push_back(r);
        if (options.keep_site && options.keep_site(whole))
          t.kept.push_back(whole);
      } else if (kind == "function") {
        reader.function(f);
        const NameId symbol = t.local.intern(f.function.symbol);
        if (symbol >= has_function.size())
          has_function.resize(t.local.size() * 2);
        if (has_function[symbol])
          throw Error("a second function record for {}", f.function.symbol);
        has_function[symbol] = 1;
        ReadTu::ReadFunction r;
        r.symbol = symbol;
        r.name = f.function.name == f.function.symbol ? symbol : t.local.intern(f.function.name);
        r.size_before = f.size_before;
        r.size_after = f.size_after;
        r.inlined_callees = f.inlined_callees;
        r.out_of_line = f.out_of_line;
        r.never_inline = f.never_inline;
        r.emitted = f.out_of_line;
        if (f.has_elf_bytes)
          r.elf_bytes = f.elf_bytes ? std::optional<uint64_t>(*f.elf_bytes) : std::nullopt;
        r.has_elf_bytes = f.has_elf_bytes;
        t.entries.push_back(
            {ReadTu::Kind::function, static_cast<uint32_t>(t.functions.size()), line});
        t.functions.push_back(r);
      }
      // Other records (a later schema's) are not ours to read.
    } catch (const Error &e) {
      t.entries.push_back({ReadTu::Kind::problem, static_cast<uint32_t>(t.problems.size()), line});
      t.problems.push_back(fmt::format("{} record: {}", kind, e.what()));
    }
  }
  if (store)
    logs.store_decoded(info, encode_read_tu(t, header_line));
  if (!options.copies)
    drop_chains(t);
}

} // namespace

void read_tu(const LogSet &logs, const TuInfo &info, const LoadOptions &options, ReadTu &t,
             bool hashes) {
  try {
    std::optional<std::string> payload = info.from_cache() ? logs.decoded(info) : std::nullopt;
    if (payload) {
      decode_read_tu(*payload, t);
      if (!options.copies)
        drop_chains(t);
    } else {
      parse_tu(logs, info, options, t);
    }
  } catch (...) {
    t.failure = std::current_exception();
    return;
  }
  if (hashes) {
    t.hashes.resize(t.local.size());
    for (NameId local = 0; local < t.local.size(); ++local)
      t.hashes[local] = Names::hash(t.local[local]);
  }

  // Real bytes: from the object's symbol table, each symbol to the function
  // it counts toward (owned_bytes); else from the records' "elf_bytes" (an
  // extract --with-symbols of the objects, which counted them the same way).
  if (info.functions) {
    std::vector<std::string> symbols;
    symbols.reserve(t.functions.size());
    for (const ReadTu::ReadFunction &fn : t.functions)
      symbols.push_back(object_symbol(std::string(t.local[fn.symbol])));
    const std::vector<std::optional<uint64_t>> bytes = owned_bytes(symbols, *info.functions);
    for (size_t i = 0; i < t.functions.size(); ++i) {
      t.functions[i].bytes = bytes[i].value_or(0);
      t.functions[i].emitted = bytes[i].has_value();
    }
  } else if (t.recorded_bytes()) {
    for (ReadTu::ReadFunction &fn : t.functions) {
      fn.bytes = fn.elf_bytes.value_or(0);
      fn.emitted = fn.elf_bytes.has_value();
    }
  }
}

// ---- the cache's payload -------------------------------------------------------

// Numbers as varints (ids are small), flags in a byte: some 25 bytes a
// record, where the JSON takes some 330.
enum : uint8_t { kIpa = 1, kInlined = 2, kLimit = 4, kFlipAt = 8 };
enum : uint8_t {
  kSizeBefore = 1,
  kSizeAfter = 2,
  kOutOfLine = 4,
  kNeverInline = 8,
  kHasElfBytes = 16,
  kElfBytes = 32
};

std::string encode_read_tu(const ReadTu &t, std::string_view header_line) {
  ByteWriter w;
  w.str(header_line);
  w.var(t.records);
  w.var(t.local.size());
  for (NameId n = 0; n < t.local.size(); ++n)
    w.str(t.local[n]);
  w.var(t.entries.size());
  for (const ReadTu::Entry &e : t.entries) {
    w.u8(static_cast<uint8_t>(e.kind));
    w.var(e.index);
    w.var(e.line);
  }
  w.var(t.sites.size());
  for (const ReadTu::ReadSite &r : t.sites) {
    for (NameId n : {r.id, r.lexical_caller, r.lexical_caller_symbol, r.callee, r.callee_symbol,
                     r.location, r.caller_symbol, r.reason})
      w.var(n);
    w.var(r.chain_at);
    w.var(r.chain_len);
    w.u8((r.pass == Pass::ipa ? kIpa : 0) | (r.inlined ? kInlined : 0) | (r.limit ? kLimit : 0) |
         (r.limit && r.limit->flip_at ? kFlipAt : 0));
    if (r.limit) {
      w.svar(r.limit->value);
      if (r.limit->flip_at)
        w.svar(*r.limit->flip_at);
      w.var(r.limit->param);
      w.var(r.limit->params_of);
    }
  }
  w.var(t.chains.size());
  for (NameId n : t.chains)
    w.var(n);
  w.var(t.functions.size());
  for (const ReadTu::ReadFunction &f : t.functions) {
    w.var(f.name);
    w.var(f.symbol);
    w.u8((f.size_before ? kSizeBefore : 0) | (f.size_after ? kSizeAfter : 0) |
         (f.out_of_line ? kOutOfLine : 0) | (f.never_inline ? kNeverInline : 0) |
         (f.has_elf_bytes ? kHasElfBytes : 0) | (f.elf_bytes ? kElfBytes : 0));
    if (f.size_before)
      w.svar(*f.size_before);
    if (f.size_after)
      w.svar(*f.size_after);
    w.svar(f.inlined_callees);
    if (f.elf_bytes)
      w.var(*f.elf_bytes);
  }
  w.var(t.problems.size());
  for (const std::string &p : t.problems)
    w.str(p);
  return std::move(w.bytes());
}

void decode_read_tu(std::string_view payload, ReadTu &out) {
  // Into a ReadTu of its own: OUT stays as it was when this throws.
  ReadTu t;
  ByteReader r(payload);
  const std::string_view header_line = r.str();
  t.records = r.var();
  const uint64_t names = r.count(1);
  for (uint64_t n = 0; n < names; ++n)
    if (t.local.intern(r.str()) != n)
      throw Error("internal error: a decoded-log cache entry repeats a name");
  t.entries.resize(r.count(3));
  for (ReadTu::Entry &e : t.entries) {
    e.kind = static_cast<ReadTu::Kind>(r.u8());
    e.index = static_cast<uint32_t>(r.var());
    e.line = r.var();
  }
  auto id = [&r] { return static_cast<NameId>(r.var()); };
  t.sites.resize(r.count(11));
  for (ReadTu::ReadSite &s : t.sites) {
    for (NameId *n : {&s.id, &s.lexical_caller, &s.lexical_caller_symbol, &s.callee,
                      &s.callee_symbol, &s.location, &s.caller_symbol, &s.reason})
      *n = id();
    s.chain_at = static_cast<uint32_t>(r.var());
    s.chain_len = static_cast<uint32_t>(r.var());
    const uint8_t flags = r.u8();
    s.pass = flags & kIpa ? Pass::ipa : Pass::einline;
    s.inlined = flags & kInlined;
    s.limit.reset();
    if (flags & kLimit) {
      SiteLimit limit;
      limit.value = r.svar();
      if (flags & kFlipAt)
        limit.flip_at = r.svar();
      limit.param = id();
      limit.params_of = id();
      s.limit = limit;
    }
  }
  t.chains.resize(r.count(1));
  for (NameId &n : t.chains)
    n = id();
  t.functions.resize(r.count(4));
  for (ReadTu::ReadFunction &f : t.functions) {
    f.name = id();
    f.symbol = id();
    const uint8_t flags = r.u8();
    f.size_before = flags & kSizeBefore ? std::optional<int64_t>(r.svar()) : std::nullopt;
    f.size_after = flags & kSizeAfter ? std::optional<int64_t>(r.svar()) : std::nullopt;
    f.inlined_callees = r.svar();
    f.elf_bytes = flags & kElfBytes ? std::optional<uint64_t>(r.var()) : std::nullopt;
    f.has_elf_bytes = flags & kHasElfBytes;
    f.out_of_line = flags & kOutOfLine;
    f.never_inline = flags & kNeverInline;
    f.emitted = f.out_of_line;
  }
  const uint64_t problems = r.count(1);
  for (uint64_t p = 0; p < problems; ++p)
    t.problems.emplace_back(r.str());
  if (!r.ok() || !r.at_end())
    throw Error("internal error: a decoded-log cache entry is damaged");
  // Names and entries point where they should (the checksum caught damage
  // on disk; a payload of another layout would be a bug: the format is part
  // of the key), so that the model never indexes out of bounds.
  bool in_bounds = true;
  auto name = [&](NameId n) { in_bounds = in_bounds && n < names; };
  for (const ReadTu::Entry &e : t.entries)
    in_bounds = in_bounds && (e.kind == ReadTu::Kind::site       ? e.index < t.sites.size()
                              : e.kind == ReadTu::Kind::function ? e.index < t.functions.size()
                              : e.kind == ReadTu::Kind::problem  ? e.index < t.problems.size()
                                                                 : false);
  for (const ReadTu::ReadSite &s : t.sites) {
    for (NameId n : {s.id, s.lexical_caller, s.lexical_caller_symbol, s.callee, s.callee_symbol,
                     s.location, s.caller_symbol, s.reason})
      name(n);
    if (s.limit) {
      name(s.limit->param);
      name(s.limit->params_of);
    }
    in_bounds = in_bounds && uint64_t(s.chain_at) + s.chain_len <= t.chains.size();
  }
  for (NameId n : t.chains)
    name(n);
  for (const ReadTu::ReadFunction &f : t.functions) {
    name(f.name);
    name(f.symbol);
  }
  if (!in_bounds)
    throw Error("internal error: a decoded-log cache entry is damaged");
  try {
    t.header = parse_header(parse_record(header_line));
  } catch (const Error &e) {
    t.header_problem = e.what();
  }
  out = std::move(t);
}

} // namespace inlinetune
