// SPDX-License-Identifier: GPL-3.0-or-later
// Reading inlinetune's decision logs: finding them in paths (objects, archives,
// thin archives, directories, log directories), decoding the zstd frames of
// the .inlinetune.log section, splitting them into translation units and
// checking every record.  Shared by the subcommands of tools/ and free of CLI
// code: problems are reported to a DiagnosticSink, never printed.  Where logs
// live and how duplicates are resolved: docs/log-format.md.
#pragma once

#include "elf_file.h"

#include "log_sink.h" // kLogSection, kLogNoteOwner, kLogNoteType

#include <nlohmann/json.hpp>

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

// One record, one line of a log.  Ordered, so that a record written back out
// keeps the plugin's key order.
using Record = nlohmann::ordered_json;

inline constexpr int kLogSchema = 2; // the "schema" this reader knows

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
// output and FRAME_END after each frame.  NUL bytes between frames (padding an
// `ld -r` merge adds when the section is aligned) and zstd's skippable frames
// are skipped.  Throws Error("corrupt zstd data at byte N: ...") or
// Error("truncated zstd frame at byte N") where N is the frame's offset.
void decode_frames(std::string_view data, const std::function<void(std::string_view)> &text,
                   const std::function<void()> &frame_end);

// Checks one line of a log (without its '\n'): a JSON object, nested at most
// 64 deep, with a string "record", which goes to *KIND.  Returns what is
// wrong with it, or "".
std::string check_record(std::string_view line, std::string *kind);

// One TU's log as read: its lines, each checked, '\n'-terminated.
struct TuText {
  size_t index = 0; // 1-based position among the TUs of its origin
  Record header;    // the first line, parsed
  std::string text; // every line, the header's included
  size_t lines = 0;
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

  std::string origin_;
  size_t max_tu_bytes_;
  DiagnosticSink sink_;
  std::function<void(TuText &&)> on_tu_;
  std::string pending_;       // the unfinished line
  bool discard_line_ = false; // skipping the rest of an overlong line
  State state_ = State::before_header;
  size_t stream_line_ = 0; // lines of this stream so far
  TuText tu_;              // the TU being read (in_tu, dropping)
  std::string object_;     // its header's "object", for messages
  size_t tus_ = 0;
  size_t errors_ = 0;
};

// ---- the whole -----------------------------------------------------------

struct ReadOptions {
  bool function_sizes = false;             // read symbol tables (TuInfo::functions)
  size_t max_tu_bytes = size_t(256) << 20; // per TU, of uncompressed text
};

// A TU in a LogSet.
struct TuInfo {
  std::string object;       // the header's "object"; the origin when it has none
  std::string origin;       // "fs/open.o", "fs/built-in.a(open.o)", "logs/fs%open.o.jsonl"
  size_t index = 0;         // 1-based position among the origin's TUs
  size_t records = 0;       // lines, the header included
  bool from_object = false; // from an ELF object, not a .jsonl file
  // The origin object's function sizes, when ReadOptions::function_sizes (else null; null for
  // .jsonl).
  std::shared_ptr<const FunctionSizes> functions;

  // Kept by LogSet: the text, compressed, and what identifies copies.
  std::string packed;
  size_t size = 0;
  uint64_t digest = 0;
  size_t origin_id = 0;
  size_t sequence = 0;
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

  std::string text(const TuInfo &tu) const;            // the TU's lines, as read
  std::vector<Record> records(const TuInfo &tu) const; // the same, parsed; header first
  const ReadStats &stats() const { return stats_; }

private:
  struct Scope; // counts objects without logs under one named path
  struct Origin {
    size_t tus = 0;
    bool from_object = false;
    std::shared_ptr<const FunctionSizes> functions;
  };
  using FileId = std::tuple<uint64_t, uint64_t, uint64_t>; // device, inode, archive offset

  void read_file(const std::string &path, const std::string &display, Scope &scope, bool named,
                 int depth);
  void read_archive(const ElfFile &archive, const std::string &display, uint64_t dev, uint64_t ino,
                    Scope &scope);
  void read_thin_archive(const std::string &path, const std::string &display, Scope &scope,
                         int depth);
  void read_object(const std::string &display, Elf *elf, Scope &scope, bool named);
  void read_jsonl(const std::string &path, const std::string &display);
  void read_directory(const std::string &path);
  size_t begin_origin(bool from_object, std::shared_ptr<const FunctionSizes> functions);
  TuSplitter splitter(const std::string &origin, size_t origin_id);
  void end_origin(const std::string &origin, const TuSplitter &splitter);
  bool first_time(FileId id) { return seen_.insert(id).second; }
  void report(Diagnostic::Level level, const std::string &file, const std::string &message);

  ReadOptions options_;
  DiagnosticSink sink_;
  ReadStats stats_;
  std::set<FileId> seen_;
  std::vector<Origin> origins_;
  std::vector<TuInfo> tus_;
  bool finished_ = false;
};

} // namespace inlinetune
