// SPDX-License-Identifier: GPL-3.0-or-later
// Reading inlinetune's decision logs: finding them in paths (objects, archives,
// thin archives, directories, log directories), decoding the zstd frames of
// the .inlinetune.log section, splitting them into translation units and
// checking every record.  Shared by the subcommands of tools/ and free of CLI
// code: problems are reported to a DiagnosticSink, never printed.  Where logs
// live and how duplicates are resolved: docs/log-format.md.
#pragma once

#include "read/decoded_cache.h"
#include "read/elf_file.h"

#include "decode.h"
#include "format.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <set>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

namespace inlinetune {

// The log library's names, as tools/ uses them (log/).
using log::check_record;
using log::Function;
using log::FunctionView;
using log::kLogNoteOwner;
using log::kLogNoteType;
using log::kLogSchema;
using log::kLogSection;
using log::Limit;
using log::NeverInlineStatus;
using log::object_symbol;
using log::parse_function;
using log::parse_header;
using log::parse_record;
using log::parse_site;
using log::Pass;
using log::pass_name;
using log::Record;
using log::RecordReader;
using log::Site;
using log::SiteView;
using log::TuHeader;

struct Diagnostic {
  enum class Level { error, warning, note };
  Level level;
  std::string file; // the file (or "archive(member)") it is about
  std::string message;
};
using DiagnosticSink = std::function<void(const Diagnostic &)>;

// ---- the pieces ----------------------------------------------------------

// Decompresses DATA, one or more concatenated zstd frames, with streaming
// decompression: frames need not record their size, and memory stays bounded
// (zstd's default window limit, 128 MiB).  Calls TEXT with pieces of a frame's
// output and FRAME_END with each frame's bytes after it.  NUL bytes between frames (padding an
// `ld -r` merge adds when the section is aligned) and zstd's skippable frames
// are skipped.  Throws Error("corrupt zstd data at byte N: ...") or
// Error("truncated zstd frame at byte N") where N is the frame's offset.
// One decompression context per thread: TEXT and FRAME_END must not call
// decode_frames themselves.
void decode_frames(std::string_view data, const std::function<void(std::string_view)> &text,
                   const std::function<void(std::string_view frame)> &frame_end);

// What LogSet identifies a TU's text by: hash_bytes() of each line (without
// its '\n'), folded in order, so that it can be had line by line as the
// text is read (TuText::digest) or from the whole (text_digest).
inline constexpr uint64_t kDigestSeed = 0x243f6a8885a308d3ull;
uint64_t digest_line(uint64_t digest, std::string_view line);
uint64_t text_digest(std::string_view text);

// One TU's log as read: its lines, each checked, '\n'-terminated.
struct TuText {
  size_t index = 0;              // 1-based position among the TUs of its origin
  Record header;                 // the first line, parsed
  std::string text;              // every line, the header's included (unless not kept: keep_text)
  size_t size = 0;               // of the text, kept or not
  uint64_t digest = kDigestSeed; // of the text, kept or not (text_digest)
  size_t lines = 0;
  size_t offset = 0; // where the text starts in its stream (the stream's bytes from there on)
};

// Splits log streams (a zstd frame's text, a .jsonl file) into TUs.  A TU
// starts at each header record ({"record":"tu","schema":2,...}); a stream must
// start with one.  Every line must pass check_record().  A TU with a bad line, an unsupported
// schema, a last line without '\n' or more than MAX_TU_BYTES of text is reported (an error naming
// the origin, the TU and the line within the TU) and dropped whole; reading goes on at the next
// header.
class TuSplitter {
public:
  TuSplitter(std::string origin, size_t max_tu_bytes, DiagnosticSink sink,
             std::function<void(TuText &&)> on_tu);
  // Whether TuText::text is filled (the default): a caller that can read
  // the text again from its stream (LogSet, from a .jsonl file) needs only
  // its size, digest and offset.
  void keep_text(bool keep) { keep_text_ = keep; }
  void feed(std::string_view text); // any split, down to single bytes
  void end_stream();                // the stream ended
  void abandon();                   // the stream broke off (already reported): drop the partial TU
  size_t tus() const { return tus_; }       // headers seen
  size_t errors() const { return errors_; } // errors reported

private:
  enum class State { before_header, in_tu, dropping };
  void line(std::string_view line);
  void overlong_line(); // a line of more than max_tu_bytes_: its TU is dropped
  void fail(const std::string &where, const std::string &what);
  std::string where_tu() const;
  void close_tu();
  void reset_stream();
  void take(std::string_view line); // a line of the TU being read

  std::string origin_;
  size_t max_tu_bytes_;
  DiagnosticSink sink_;
  std::function<void(TuText &&)> on_tu_;
  std::string pending_;       // the unfinished line
  bool discard_line_ = false; // skipping the rest of an overlong line
  bool keep_text_ = true;
  State state_ = State::before_header;
  size_t stream_line_ = 0; // lines of this stream so far
  size_t fed_ = 0;         // bytes of this stream fed so far
  size_t line_start_ = 0;  // where the line being read starts in the stream
  TuText tu_;              // the TU being read (in_tu, dropping)
  std::string object_;     // its header's "object", for messages
  size_t tus_ = 0;
  size_t errors_ = 0;
};

// ---- the whole -----------------------------------------------------------

struct ReadOptions {
  bool function_sizes = false;             // read symbol tables (TuInfo::functions)
  size_t max_tu_bytes = size_t(256) << 20; // per TU, of uncompressed text
  // Threads to read a directory's files with (0: worker_threads(),
  // tools/support/parallel.h); what is read is the same whatever their number.
  size_t jobs = 1;
  // The decoded-log cache (null: none).  A stream found there is not split
  // again: its TUs come with their payloads (TuInfo::decoded) and without
  // text, so only a reader that never needs the text (the model's, which
  // parses each TU once: LoadOptions::keep_site unset) sets it.
  std::shared_ptr<DecodedCache> cache;
  // The payloads' format (tools/model/tu_records.h): part of every key.
  std::string cache_format;
};

// A TU in a LogSet.
struct TuInfo {
  std::string object;       // the header's "object"; the origin when it has none
  std::string origin;       // "fs/open.o", "fs/built-in.a(open.o)", "logs/fs%open.o.jsonl"
  size_t index = 0;         // 1-based position among the origin's TUs
  size_t records = 0;       // lines, the header included
  bool from_object = false; // from an ELF object, not a .jsonl file
  // The header's "source" and "object" as log::parse_header reads them
  // (both "" when it throws): what the model names the TU by, known before
  // any TU is modelled (a diff pairs TUs before reading their records).
  std::string header_source, header_object;
  // The origin object's function sizes, when ReadOptions::function_sizes (else null; null for
  // .jsonl).
  std::shared_ptr<const FunctionSizes> functions;

  // Kept by LogSet: the text, compressed, and what identifies copies.  The
  // text of a TU read from a regular .jsonl file is not kept but read again
  // from FILE (bytes FILE_OFFSET to FILE_OFFSET + SIZE), which must not have
  // changed since (its size, its mtime and the text's DIGEST are checked;
  // LogSet::text throws Error otherwise): a kernel's logs are some 700 MB of
  // text, and compressing them took a fifth of `inlinetune summary`'s time.
  std::string packed;
  std::string file;
  uint64_t file_offset = 0, file_size = 0;
  int64_t file_mtime_ns = 0;
  size_t size = 0;
  uint64_t digest = 0; // text_digest() of the text
  size_t origin_id = 0;
  size_t sequence = 0;
  // From the decoded-log cache: where its payload is (LogSet::decoded reads
  // it); the text is then not kept.
  std::string decoded_file;
  bool from_cache() const { return !decoded_file.empty(); }
  // The key of its stream, when the cache is on and the stream was read
  // without errors: the model stores the TU's payload under it
  // (LogSet::store_decoded).
  std::string cache_key;
};

struct ReadStats {
  size_t files = 0;       // objects (archive members included) and .jsonl files read
  size_t without_log = 0; // objects among them without a .inlinetune.log section
  size_t duplicates = 0;  // TUs dropped as copies of another (finish())
  size_t errors = 0;      // errors reported
};

// All TUs found under some paths.  Each file is read once however it is
// reached, copies of a TU are kept once, and TUs come out sorted by object;
// see docs/log-format.md, "Where logs live".
// The first line of *REST (without its '\n'), removed from *REST: a TU's
// text (LogSet::text) read line by line.
inline std::string_view take_line(std::string_view *rest) {
  const size_t nl = rest->find('\n');
  const std::string_view line = rest->substr(0, nl);
  rest->remove_prefix(nl == std::string_view::npos ? rest->size() : nl + 1);
  return line;
}

class LogSet {
public:
  LogSet(ReadOptions options, DiagnosticSink sink);

  // A path the user named: an object, an archive, a thin archive, a .jsonl
  // log or a directory.  Problems are reported; nothing is thrown for them.
  void add_path(const std::string &path);

  // The log in DATA, as if read from ORIGIN: zstd frames when COMPRESSED (a
  // section's contents), else JSON Lines.
  void add_log(const std::string &origin, std::string_view data, bool compressed,
               std::shared_ptr<const FunctionSizes> functions = nullptr);

  // Drops copies and sorts by (object, origin, index).  Call once, last.
  const std::vector<TuInfo> &finish();

  // The TU's lines, as read (header first), for the one parse of each line
  // into the model (build_model.cc's read_tu).  Safe to call from several
  // threads at once.  Throws Error when the TU was read
  // from a .jsonl file that has changed since.  The text's capacity leaves
  // kTextPadding bytes after it, for a parser that reads past the end of a
  // line (RecordReader::parse_padded).
  static constexpr size_t kTextPadding = 64;
  std::string text(const TuInfo &tu) const;
  // A TU from the decoded-log cache (TuInfo::from_cache): its payload, or
  // nullopt when its file is gone or damaged since find() checked it, and
  // the TU's text can serve (a .jsonl file's); Error when it cannot (an
  // object's: its text is not kept).
  std::optional<std::string> decoded(const TuInfo &tu) const;
  // The payload the model made of TU's text, for the cache (nothing when
  // the TU has no cache key).
  void store_decoded(const TuInfo &tu, std::string_view payload) const;
  // TU I of finish()'s list is done with: its kept text and its object's
  // symbol sizes (TuInfo::functions, when no other TU shares them) are
  // freed, so that a caller that reads each TU once holds only those not
  // read yet (stream_diff).  text() must not be called for it again.  Safe
  // to call from several threads at once, for different TUs.
  void release(size_t i);
  const ReadStats &stats() const { return stats_; }
  // The paths given to add_path, in order.
  const std::vector<std::string> &paths() const { return paths_; }

private:
  struct Scope; // counts objects without logs under one named path
  struct Origin {
    size_t tus = 0;
    bool from_object = false;
    std::shared_ptr<const FunctionSizes> functions;
    std::string file; // a regular .jsonl file, whose TUs are read again from it (TuInfo::file)
    uint64_t file_size = 0;
    int64_t file_mtime_ns = 0;
    // The zstd frame whose end is being read, and the text it gave: a TU that
    // is the whole frame (as the plugin writes each TU) keeps the frame as its
    // TuInfo::packed instead of compressing the text again, which took a
    // fifth of `inlinetune diff`'s time on a kernel's objects.
    std::string_view frame;
    size_t frame_text = 0;
    // Its key in the decoded-log cache ("" when not cached) and its TUs as
    // the cache keeps them, filled as they are split.
    std::string cache_key;
    std::vector<CachedTu> cached;
  };
  using FileId = std::tuple<uint64_t, uint64_t, uint64_t>; // device, inode, archive offset

  void read_file(const std::string &path, const std::string &display, Scope &scope, bool named,
                 int depth);
  void read_archive(const ElfFile &archive, const std::string &display, uint64_t dev, uint64_t ino,
                    Scope &scope);
  void read_thin_archive(const std::string &path, const std::string &display, Scope &scope,
                         int depth);
  // An object file ST says is at PATH: from the decoded-log cache when it
  // knows the file (KNOWN: what the cache said of it; read_file asks), else
  // read_object.
  void read_object_file(const std::string &path, const std::string &display, const struct stat &st,
                        Scope &scope, bool named, std::optional<DecodedCache::KnownFile> known);
  // Returns the key its stream has in the decoded-log cache when it is
  // there (found or stored), else "".  With ALL_FUNCTIONS, the object's
  // function sizes are read into it whatever ReadOptions::function_sizes
  // says (for the cache to keep).
  std::string read_object(const std::string &display, Elf *elf, Scope &scope, bool named,
                          std::shared_ptr<const FunctionSizes> *all_functions = nullptr);
  void read_jsonl(const std::string &path, const std::string &display);
  void read_directory(const std::string &path);
  void read_files(const std::vector<std::string> &files, Scope &scope);
  // DATA's zstd frames into SPLIT, each frame a stream of ORIGIN_ID's.
  void decode_frames_into(TuSplitter &split, size_t origin_id, std::string_view data);
  size_t begin_origin(bool from_object, std::shared_ptr<const FunctionSizes> functions);
  TuSplitter splitter(const std::string &origin, size_t origin_id);
  void end_origin(const std::string &origin, const TuSplitter &splitter);
  // A new key in the decoded-log cache for a stream of KIND, its bytes yet
  // to be added; null when the cache is off.
  std::unique_ptr<CacheKey> stream_key(std::string_view kind) const;
  // What a stream's key depends on beside its bytes: KIND, the payload's
  // format, the reading limits (also what a file's identity is known under).
  std::string stream_context(std::string_view kind) const;
  // A stream found in the cache under KEY: its TUs added as split before.
  void add_cached(size_t origin_id, const std::string &origin, const std::string &key,
                  std::vector<CachedTu> &&tus);
  // The fields of a TU of ORIGIN_ID that splitting gives, and adding it.
  TuInfo new_tu(size_t origin_id, const std::string &origin, size_t index, size_t lines,
                size_t size, uint64_t digest, uint64_t offset) const;
  void add_tu(TuInfo &&info);
  // After ORIGIN_ID's stream was split with a cache key: it is stored when
  // KEEP and it had no errors; else its TUs lose their key (their payloads
  // would never be found).  Returns whether it was stored.
  bool store_split(size_t origin_id, const TuSplitter &split, bool keep);
  bool first_time(FileId id) { return seen_.insert(id).second; }
  void report(Diagnostic::Level level, const std::string &file, const std::string &message);

  ReadOptions options_;
  DiagnosticSink sink_;
  ReadStats stats_;
  std::set<FileId> seen_;
  std::vector<Origin> origins_;
  std::vector<TuInfo> tus_;
  std::vector<std::string> paths_;
  bool finished_ = false;
};

} // namespace inlinetune
