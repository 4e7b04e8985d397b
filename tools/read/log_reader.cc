// SPDX-License-Identifier: GPL-3.0-or-later
#include "read/log_reader.h"

#include "error.h"
#include "support/bytes.h"
#include "support/hash.h"
#include "support/parallel.h"

#include <simdjson.h>
#include <zstd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <numeric>
#include <sys/stat.h>
#include <unistd.h>

namespace inlinetune {

namespace fs = std::filesystem;

namespace {

constexpr int kMaxThinNesting = 8;     // thin archives naming thin archives
constexpr size_t kReadChunk = 1 << 16; // .jsonl files are read in pieces of this size

bool ends_with(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

uint32_t le32(const char *p) {
  const auto *u = reinterpret_cast<const unsigned char *>(p);
  return u[0] | u[1] << 8 | u[2] << 16 | uint32_t(u[3]) << 24;
}

} // namespace

uint64_t digest_line(uint64_t digest, std::string_view line) {
  return hash_chain(digest, line);
}

uint64_t text_digest(std::string_view text) {
  uint64_t digest = kDigestSeed;
  while (!text.empty()) {
    size_t nl = text.find('\n');
    digest = digest_line(digest, text.substr(0, nl));
    text.remove_prefix(nl == std::string_view::npos ? text.size() : nl + 1);
  }
  return digest;
}

namespace {

// One compression and two decompression contexts per thread (one-shot, for
// unpack; streaming, for decode_frames), and a scratch buffer: making and
// clearing a context for every TU or object took some 2% of a kernel's
// `inlinetune diff` read from objects.
struct Zstd {
  std::unique_ptr<ZSTD_CCtx, size_t (*)(ZSTD_CCtx *)> cctx{ZSTD_createCCtx(), ZSTD_freeCCtx};
  std::unique_ptr<ZSTD_DCtx, size_t (*)(ZSTD_DCtx *)> dctx{ZSTD_createDCtx(), ZSTD_freeDCtx};
  std::unique_ptr<ZSTD_DCtx, size_t (*)(ZSTD_DCtx *)> stream{ZSTD_createDCtx(), ZSTD_freeDCtx};
  std::unique_ptr<char[]> scratch;
  size_t scratch_size = 0;
};
Zstd &zstd() {
  thread_local Zstd z;
  if (!z.cctx || !z.dctx || !z.stream)
    throw std::bad_alloc();
  return z;
}

std::string pack(std::string_view text) {
  Zstd &z = zstd();
  const size_t bound = ZSTD_compressBound(text.size());
  if (z.scratch_size < bound) {
    z.scratch.reset(new char[bound]);
    z.scratch_size = bound;
  }
  size_t n = ZSTD_compressCCtx(z.cctx.get(), z.scratch.get(), bound, text.data(), text.size(), 1);
  if (ZSTD_isError(n))
    throw Error("zstd: {}", ZSTD_getErrorName(n));
  return std::string(z.scratch.get(), n);
}

int64_t mtime_ns(const struct stat &st) {
  return int64_t(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec;
}

// Whether FD's file is as BEFORE says (its size, mtime and ctime): read
// whole in between, its identity can name the key of its bytes
// (DecodedCache::remember).
bool unchanged_since(int fd, const struct stat &before) {
  struct stat now;
  return fstat(fd, &now) == 0 && now.st_size == before.st_size &&
         mtime_ns(now) == mtime_ns(before) && now.st_ctim.tv_sec == before.st_ctim.tv_sec &&
         now.st_ctim.tv_nsec == before.st_ctim.tv_nsec;
}

// Whether two stats of a file say it is unchanged in between (its size,
// mtime and ctime).
bool same_file_state(const struct stat &now, const struct stat &before) {
  return now.st_dev == before.st_dev && now.st_ino == before.st_ino &&
         now.st_size == before.st_size && mtime_ns(now) == mtime_ns(before) &&
         now.st_ctim.tv_sec == before.st_ctim.tv_sec &&
         now.st_ctim.tv_nsec == before.st_ctim.tv_nsec;
}

// An object's function sizes as the decoded-log cache keeps them beside its
// identity (DecodedCache::remember), sorted by name; nullopt for bytes that
// are not that.
std::string encode_function_sizes(const FunctionSizes &functions) {
  std::vector<std::pair<std::string_view, uint64_t>> sorted(functions.begin(), functions.end());
  std::sort(sorted.begin(), sorted.end());
  ByteWriter out;
  out.var(sorted.size());
  for (const auto &[name, size] : sorted) {
    out.str(name);
    out.var(size);
  }
  return std::move(out.bytes());
}

std::optional<FunctionSizes> decode_function_sizes(std::string_view bytes) {
  ByteReader in(bytes);
  FunctionSizes functions;
  const uint64_t n = in.count(2);
  functions.reserve(n);
  for (uint64_t i = 0; i < n && in.ok(); ++i) {
    std::string_view name = in.str();
    const uint64_t size = in.var();
    functions.emplace(name, size);
  }
  if (!in.ok() || !in.at_end())
    return std::nullopt;
  return functions;
}

// A TU's text read again from its .jsonl file (TuInfo::file): the same
// bytes, or Error.
std::string reread(const TuInfo &tu) {
  int fd = open(tu.file.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    throw Error("{}: {}", tu.file, std::strerror(errno));
  std::string out;
  out.reserve(tu.size + LogSet::kTextPadding);
  out.resize(tu.size);
  struct stat st;
  bool same = fstat(fd, &st) == 0 && static_cast<uint64_t>(st.st_size) == tu.file_size &&
              mtime_ns(st) == tu.file_mtime_ns;
  size_t done = 0;
  while (same && done < out.size()) {
    ssize_t got =
        pread(fd, out.data() + done, out.size() - done, static_cast<off_t>(tu.file_offset + done));
    if (got < 0 && errno == EINTR)
      continue;
    if (got <= 0)
      break;
    done += static_cast<size_t>(got);
  }
  close(fd);
  if (!same || done != out.size() || text_digest(out) != tu.digest)
    throw Error("{}: the file changed while it was being read", tu.file);
  return out;
}

// Whether the TU's text can be had: a TU from the decoded-log cache that
// was read from an object has none.
bool has_text(const TuInfo &tu) {
  return !tu.file.empty() || !tu.packed.empty();
}

std::string unpack(const TuInfo &tu) {
  if (!tu.file.empty())
    return reread(tu);
  if (!has_text(tu))
    throw Error("{}: internal error: TU {} came from the decoded-log cache, without its text",
                tu.origin, tu.index);
  std::string out;
  out.reserve(tu.size + LogSet::kTextPadding);
  out.resize(tu.size);
  size_t n = ZSTD_decompressDCtx(zstd().dctx.get(), out.data(), out.size(), tu.packed.data(),
                                 tu.packed.size());
  if (ZSTD_isError(n) || n != tu.size)
    throw Error("{}: internal error: stored log of TU {} is damaged", tu.origin, tu.index);
  return out;
}

} // namespace

// ---- decode_frames ---------------------------------------------------------

void decode_frames(std::string_view data, const std::function<void(std::string_view)> &text,
                   const std::function<void(std::string_view frame)> &frame_end) {
  ZSTD_DCtx *const dctx = zstd().stream.get(); // reset at each frame
  thread_local std::vector<char> out(ZSTD_DStreamOutSize());
  size_t pos = 0;
  while (pos < data.size()) {
    if (data[pos] == '\0') { // no zstd frame starts with 0: padding
      ++pos;
      continue;
    }
    const size_t frame_at = pos;
    if (data.size() - pos >= 4 &&
        (le32(data.data() + pos) & ZSTD_MAGIC_SKIPPABLE_MASK) == ZSTD_MAGIC_SKIPPABLE_START) {
      size_t n = ZSTD_findFrameCompressedSize(data.data() + pos, data.size() - pos);
      if (ZSTD_isError(n))
        throw Error("corrupt zstd data at byte {} of the log: {}", frame_at, ZSTD_getErrorName(n));
      pos += n;
      continue;
    }
    ZSTD_DCtx_reset(dctx, ZSTD_reset_session_only);
    ZSTD_inBuffer in{data.data(), data.size(), pos};
    for (;;) {
      ZSTD_outBuffer chunk{out.data(), out.size(), 0};
      size_t ret = ZSTD_decompressStream(dctx, &chunk, &in);
      if (ZSTD_isError(ret))
        throw Error("corrupt zstd data at byte {} of the log: {}", frame_at,
                    ZSTD_getErrorName(ret));
      if (chunk.pos)
        text(std::string_view(out.data(), chunk.pos));
      if (ret == 0) // the frame is decoded and flushed; IN stops at its end
        break;
      if (in.pos == in.size && chunk.pos < chunk.size)
        throw Error("truncated zstd frame at byte {} of the log", frame_at);
    }
    pos = in.pos;
    frame_end(data.substr(frame_at, pos - frame_at));
  }
}

// ---- TuSplitter ------------------------------------------------------------

TuSplitter::TuSplitter(std::string origin, size_t max_tu_bytes, DiagnosticSink sink,
                       std::function<void(TuText &&)> on_tu)
    : origin_(std::move(origin)), max_tu_bytes_(max_tu_bytes), sink_(std::move(sink)),
      on_tu_(std::move(on_tu)) {}

void TuSplitter::feed(std::string_view text) {
  while (!text.empty()) {
    size_t nl = text.find('\n');
    std::string_view piece = text.substr(0, nl);
    const size_t next_line = fed_ + nl + 1; // where the line after this one starts
    fed_ += nl == std::string_view::npos ? text.size() : nl + 1;
    if (discard_line_) {
      if (nl == std::string_view::npos)
        return;
      discard_line_ = false;
    } else if (nl == std::string_view::npos) {
      if (pending_.size() + piece.size() + 1 > max_tu_bytes_) {
        ++stream_line_;
        overlong_line();
        pending_ = std::string();
        discard_line_ = true;
        return;
      }
      pending_.append(piece);
      return;
    } else if (pending_.empty()) {
      line(piece);
    } else {
      pending_.append(piece);
      line(pending_);
      pending_.clear();
    }
    line_start_ = next_line;
    text.remove_prefix(nl + 1);
  }
}

// A line longer than the limit is refused before it is parsed, header or not,
// whether feed() saw it whole or gave up on it in pieces: so that how the
// stream was split cannot change what is kept (a header line over the limit
// would otherwise close the TU before it, or not).
void TuSplitter::overlong_line() {
  if (state_ != State::dropping)
    fail(state_ == State::in_tu ? fmt::format("{}, line {}", where_tu(), tu_.lines + 1)
                                : fmt::format("line {}", stream_line_),
         fmt::format("line longer than {} bytes", max_tu_bytes_));
  state_ = State::dropping;
  tu_.text = std::string();
}

void TuSplitter::line(std::string_view text) {
  ++stream_line_;
  if (text.size() + 1 > max_tu_bytes_) {
    overlong_line();
    return;
  }
  std::string kind;
  std::string problem = check_record(text, &kind);
  if (problem.empty() && kind == "tu") {
    Record record = parse_record(text);
    close_tu();
    tu_ = TuText{};
    tu_.index = ++tus_;
    tu_.lines = 1;
    tu_.offset = line_start_;
    object_ = log::header_object(record);
    problem = log::header_problem(record);
    if (!problem.empty()) {
      fail(where_tu() + ", line 1", problem);
      state_ = State::dropping;
      return;
    }
    tu_.header = std::move(record);
    take(text);
    state_ = State::in_tu;
    return;
  }
  switch (state_) {
  case State::before_header:
    fail(fmt::format("line {}", stream_line_),
         problem.empty() ? fmt::format("the log does not start with a TU header "
                                       "(\"record\":\"tu\"); found \"record\":{}",
                                       Record(kind).dump())
                         : problem);
    state_ = State::dropping;
    return;
  case State::dropping:
    ++tu_.lines;
    return;
  case State::in_tu:
    ++tu_.lines;
    if (problem.empty() && tu_.size + text.size() + 1 > max_tu_bytes_)
      problem = fmt::format("log larger than {} bytes", max_tu_bytes_);
    if (!problem.empty()) {
      fail(fmt::format("{}, line {}", where_tu(), tu_.lines), problem);
      state_ = State::dropping;
      tu_.text = std::string();
      return;
    }
    take(text);
    return;
  }
}

void TuSplitter::take(std::string_view line) {
  if (keep_text_)
    tu_.text.append(line).push_back('\n');
  tu_.size += line.size() + 1;
  tu_.digest = digest_line(tu_.digest, line);
}

void TuSplitter::end_stream() {
  if (!pending_.empty()) {
    ++stream_line_;
    if (state_ == State::in_tu)
      fail(fmt::format("{}, line {}", where_tu(), tu_.lines + 1),
           "truncated: the last line has no '\\n'");
    else if (state_ == State::before_header)
      fail(fmt::format("line {}", stream_line_), "truncated: the last line has no '\\n'");
    state_ = State::dropping;
  }
  close_tu();
  reset_stream();
}

void TuSplitter::abandon() {
  reset_stream();
}

void TuSplitter::fail(const std::string &where, const std::string &what) {
  ++errors_;
  if (sink_)
    sink_(Diagnostic{Diagnostic::Level::error, origin_, where + ": " + what});
}

std::string TuSplitter::where_tu() const {
  return fmt::format("TU {} ({})", tu_.index, object_.empty() ? "no \"object\"" : object_);
}

void TuSplitter::close_tu() {
  if (state_ == State::in_tu)
    on_tu_(std::move(tu_));
  tu_ = TuText{};
}

void TuSplitter::reset_stream() {
  pending_ = std::string();
  discard_line_ = false;
  state_ = State::before_header;
  stream_line_ = 0;
  fed_ = 0;
  line_start_ = 0;
  tu_ = TuText{};
}

// ---- LogSet ----------------------------------------------------------------

struct LogSet::Scope {
  size_t objects = 0;     // objects read (archive members included)
  size_t without_log = 0; // of which without a log section
  bool archive = false;   // a named path that is an archive
};

LogSet::LogSet(ReadOptions options, DiagnosticSink sink)
    : options_(options), sink_(std::move(sink)) {}

void LogSet::report(Diagnostic::Level level, const std::string &file, const std::string &message) {
  if (level == Diagnostic::Level::error)
    ++stats_.errors;
  if (sink_)
    sink_(Diagnostic{level, file, message});
}

void LogSet::add_path(const std::string &path) {
  paths_.push_back(path);
  struct stat st;
  if (stat(path.c_str(), &st) != 0) {
    report(Diagnostic::Level::error, path, std::strerror(errno));
    return;
  }
  if (S_ISDIR(st.st_mode)) {
    read_directory(path);
    return;
  }
  Scope scope;
  read_file(path, path, scope, true, 0);
  if (scope.archive && scope.without_log)
    report(Diagnostic::Level::note, path,
           fmt::format("{} of {} members have no .inlinetune.log section", scope.without_log,
                       scope.objects));
}

// Objects and .jsonl files first, archives after: members of thin archives
// then come up as files already read, and are named by their own paths.
void LogSet::read_directory(const std::string &path) {
  std::vector<std::string> files, archives;
  std::function<void(const fs::path &)> walk = [&](const fs::path &dir) {
    std::error_code ec;
    std::vector<fs::path> entries;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
      entries.push_back(it->path());
    if (ec) {
      report(Diagnostic::Level::error, dir.string(), ec.message());
      return;
    }
    std::sort(entries.begin(), entries.end());
    for (const fs::path &entry : entries) {
      // symlink_status: a symlink to a directory (kbuild's "source") is not followed.
      if (fs::is_directory(fs::symlink_status(entry, ec))) {
        walk(entry);
        continue;
      }
      std::string name = entry.string();
      if (ends_with(name, ".o") || ends_with(name, ".jsonl"))
        files.push_back(name);
      else if (ends_with(name, ".a"))
        archives.push_back(name);
    }
  };
  walk(path);
  Scope scope;
  read_files(files, scope);
  for (const std::string &file : archives)
    read_file(file, file, scope, false, 0);
  if (scope.without_log)
    report(Diagnostic::Level::note, path,
           fmt::format("{} of {} objects have no .inlinetune.log section", scope.without_log,
                       scope.objects));
}

// With options_.jobs threads, each file into a LogSet of its own, merged
// here in order: the TUs, their order, the diagnostics and the counts are
// those of reading the files one by one.  A file read before (a hard link)
// is dropped at the merge as read_file would skip it; one that turns out to
// be an archive (named *.o) is read again at the merge, where it is known
// which of its members were read before.
void LogSet::read_files(const std::vector<std::string> &files, Scope &scope) {
  const size_t jobs = worker_threads(options_.jobs);
  if (jobs <= 1 || files.size() < 2) {
    for (const std::string &file : files)
      read_file(file, file, scope, false, 0);
    return;
  }
  struct Part {
    std::vector<Diagnostic> diagnostics;
    std::unique_ptr<LogSet> logs;
    Scope scope;
    std::exception_ptr failed; // after DIAGNOSTICS, as one thread would have met it
  };
  std::vector<Part> parts(files.size());
  ReadOptions one = options_;
  one.jobs = 1;
  auto read = [&](size_t i) {
    Part &p = parts[i];
    p.logs =
        std::make_unique<LogSet>(one, [&p](const Diagnostic &d) { p.diagnostics.push_back(d); });
    try {
      p.logs->read_file(files[i], files[i], p.scope, false, 0);
    } catch (...) { // not an Error (read_file reports those): out of memory, say
      p.failed = std::current_exception();
    }
  };
  auto merge = [&](size_t i) {
    Part p = std::move(parts[i]);
    parts[i] = Part();
    LogSet &part = *p.logs;
    if (part.seen_.size() > 1) { // an archive
      read_file(files[i], files[i], scope, false, 0);
      return;
    }
    if (part.seen_.size() == 1 && !first_time(*part.seen_.begin()))
      return;
    for (const Diagnostic &d : p.diagnostics)
      if (sink_)
        sink_(d);
    if (p.failed)
      std::rethrow_exception(p.failed);
    stats_.files += part.stats_.files;
    stats_.without_log += part.stats_.without_log;
    stats_.errors += part.stats_.errors;
    scope.objects += p.scope.objects;
    scope.without_log += p.scope.without_log;
    scope.archive = scope.archive || p.scope.archive;
    const size_t first_origin = origins_.size();
    for (Origin &origin : part.origins_)
      origins_.push_back(std::move(origin));
    for (TuInfo &tu : part.tus_) {
      tu.origin_id += first_origin;
      tu.sequence = tus_.size();
      tus_.push_back(std::move(tu));
    }
  };
  // At most 256 files read ahead of the one merged.
  in_order(files.size(), jobs, 256, read, merge);
}

void LogSet::read_file(const std::string &path, const std::string &display, Scope &scope,
                       bool named, int depth) {
  // A member of a thin archive is called "archive(member)"; say which file failed.
  auto where = [&](const std::string &what) {
    return path == display ? what : fmt::format("{}: {}", path, what);
  };
  try {
    struct stat st;
    if (stat(path.c_str(), &st) != 0)
      throw Error(where(std::strerror(errno)));
    if (S_ISDIR(st.st_mode))
      throw Error(where("is a directory"));
    if (!first_time({st.st_dev, st.st_ino, UINT64_MAX}))
      return;
    // A file the decoded-log cache knows as an object (the same device,
    // inode, size and times as when it was read whole) is an object still:
    // its first bytes are not read again (one open of 14,000 in a kernel's
    // cached diff, bench-tools).
    std::optional<DecodedCache::KnownFile> known;
    if (options_.cache && !ends_with(path, ".jsonl") &&
        (known = options_.cache->known_file(st, stream_context("object")))) {
      read_object_file(path, display, st, scope, named, std::move(known));
      return;
    }
    char head[8] = {};
    int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0)
      throw Error(where(std::strerror(errno)));
    ssize_t got = read(fd, head, sizeof head);
    int err = errno;
    close(fd);
    if (got < 0)
      throw Error(where(std::strerror(err)));
    switch (file_kind(std::string_view(head, static_cast<size_t>(got)))) {
    case FileKind::elf:
      read_object_file(path, display, st, scope, named, std::move(known));
      break;
    case FileKind::archive: {
      scope.archive = named || scope.archive;
      ElfFile file(path);
      read_archive(file, display, st.st_dev, st.st_ino, scope);
      break;
    }
    case FileKind::thin_archive:
      scope.archive = named || scope.archive;
      if (depth >= kMaxThinNesting)
        throw Error(where("thin archives nested too deep"));
      read_thin_archive(path, display, scope, depth + 1);
      break;
    case FileKind::other:
      if (!ends_with(path, ".jsonl"))
        throw Error(where("not an ELF object, an archive or a .jsonl log"));
      read_jsonl(path, display);
      break;
    }
  } catch (const Error &e) {
    report(Diagnostic::Level::error, display, e.what());
  }
}

void LogSet::read_archive(const ElfFile &archive, const std::string &display, uint64_t dev,
                          uint64_t ino, Scope &scope) {
  archive.for_each_member([&](const std::string &name, uint64_t offset, Elf *member) {
    if (first_time({dev, ino, offset}))
      read_object(display + "(" + name + ")", member, scope, false);
  });
}

void LogSet::read_thin_archive(const std::string &path, const std::string &display, Scope &scope,
                               int depth) {
  std::string contents;
  {
    int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0)
      throw Error(std::strerror(errno));
    char buf[kReadChunk];
    ssize_t got;
    while ((got = read(fd, buf, sizeof buf)) > 0)
      contents.append(buf, static_cast<size_t>(got));
    int err = errno;
    close(fd);
    if (got < 0)
      throw Error(std::strerror(err));
  }
  for (const ThinMember &member : thin_archive_members(path, contents)) {
    std::string member_display = display + "(" + member.name + ")";
    if (!member.nested_offset) {
      read_file(member.path, member_display, scope, false, depth);
      continue;
    }
    // "/N:M": a member of a regular archive that was added to the thin one.
    try {
      struct stat st;
      if (stat(member.path.c_str(), &st) != 0)
        throw Error("{}: {}", member.path, std::strerror(errno));
      ElfFile nested(member.path);
      nested.with_member_at(
          *member.nested_offset, [&](const std::string &name, uint64_t offset, Elf *elf) {
            if (first_time({st.st_dev, st.st_ino, offset}))
              read_object(display + "(" + member.name + "(" + name + "))", elf, scope, false);
          });
    } catch (const Error &e) {
      report(Diagnostic::Level::error, member_display, e.what());
    }
  }
}

void LogSet::read_object_file(const std::string &path, const std::string &display,
                              const struct stat &st, Scope &scope, bool named,
                              std::optional<DecodedCache::KnownFile> known) {
  // The decoded-log cache may know the file: then neither its log section
  // nor its symbol table is read (the function sizes are kept beside the
  // key).
  const std::string context = options_.cache ? stream_context("object") : std::string();
  if (known) {
    std::optional<FunctionSizes> functions;
    if (options_.function_sizes)
      functions = decode_function_sizes(known->extra);
    std::optional<std::vector<CachedTu>> hit;
    if ((!options_.function_sizes || functions) &&
        (hit = options_.cache->find(known->key, false))) {
      ++stats_.files;
      ++scope.objects;
      size_t id = begin_origin(
          true, functions ? std::make_shared<const FunctionSizes>(std::move(*functions)) : nullptr);
      add_cached(id, display, known->key, std::move(*hit));
      return;
    }
  }
  ElfFile file(path);
  std::shared_ptr<const FunctionSizes> functions;
  const std::string key = read_object(display, file.elf(), scope, named, &functions);
  struct stat now;
  if (!key.empty() && (!known || known->key != key) && functions && stat(path.c_str(), &now) == 0 &&
      same_file_state(now, st))
    options_.cache->remember(st, context, key, encode_function_sizes(*functions));
}

std::string LogSet::read_object(const std::string &display, Elf *elf, Scope &scope, bool named,
                                std::shared_ptr<const FunctionSizes> *all_functions) {
  ++stats_.files;
  ++scope.objects;
  std::optional<SectionPayloads> log;
  std::shared_ptr<const FunctionSizes> functions;
  try {
    log = section_payloads(elf, kLogSection, kLogNoteOwner, kLogNoteType);
    if (log && (options_.function_sizes || all_functions))
      functions = std::make_shared<const FunctionSizes>(function_sizes(elf));
  } catch (const Error &e) {
    report(Diagnostic::Level::error, display, e.what());
    return {};
  }
  if (!log) {
    ++stats_.without_log;
    ++scope.without_log;
    if (named)
      report(Diagnostic::Level::warning, display,
             "no .inlinetune.log section (was it compiled with the plugin?)");
    return {};
  }
  if (all_functions)
    *all_functions = functions;
  size_t id = begin_origin(true, options_.function_sizes ? std::move(functions) : nullptr);
  for (const std::string &problem : log->problems)
    report(Diagnostic::Level::error, display, problem);
  // The decoded-log cache: the section's frames, as they are, are the key.
  std::unique_ptr<CacheKey> key = log->problems.empty() ? stream_key("object") : nullptr;
  std::string hex;
  if (key) {
    for (std::string_view payload : log->payloads) {
      key->add_number(payload.size());
      key->add(payload);
    }
    hex = key->hex();
    if (std::optional<std::vector<CachedTu>> hit = options_.cache->find(hex, false)) {
      add_cached(id, display, hex, std::move(*hit));
      return hex;
    }
    origins_[id].cache_key = hex;
  }
  TuSplitter split = splitter(display, id);
  bool broke = false;
  for (std::string_view payload : log->payloads) {
    try {
      decode_frames_into(split, id, payload);
    } catch (const Error &e) {
      split.abandon();
      broke = true;
      report(Diagnostic::Level::error, display, e.what());
    }
  }
  end_origin(display, split);
  return key && store_split(id, split, !broke) ? hex : std::string();
}

void LogSet::read_jsonl(const std::string &path, const std::string &display) {
  int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    throw Error(std::strerror(errno));
  ++stats_.files;
  size_t id = begin_origin(false, nullptr);
  struct stat st;
  const bool regular = fstat(fd, &st) == 0 && S_ISREG(st.st_mode);
  if (regular) {
    origins_[id].file = path;
    origins_[id].file_size = static_cast<uint64_t>(st.st_size);
    origins_[id].file_mtime_ns = mtime_ns(st);
  }
  const std::unique_ptr<char[]> buf(new char[kReadChunk]); // not cleared: read() fills it
  ssize_t got;
  // The decoded-log cache: the file's bytes are the key, read once to find
  // it (unless the cache knows the file: DecodedCache::key_of_file), and
  // again as they are split, so that a file that changed in between is not
  // stored under the old bytes' key.
  std::unique_ptr<CacheKey> key = regular ? stream_key("jsonl") : nullptr;
  std::string hex;
  std::optional<std::string> known; // the key the file's identity names
  const std::string context = key ? stream_context("jsonl") : std::string();
  if (key) {
    if (std::optional<DecodedCache::KnownFile> file = options_.cache->known_file(st, context))
      known = file->key;
    if (known) {
      hex = *known;
    } else {
      while ((got = read(fd, buf.get(), kReadChunk)) > 0)
        key->add(std::string_view(buf.get(), static_cast<size_t>(got)));
      if (got == 0)
        hex = key->hex();
    }
    std::optional<std::vector<CachedTu>> hit;
    if (!hex.empty() && (hit = options_.cache->find(hex, false))) {
      if (!known && unchanged_since(fd, st))
        options_.cache->remember(st, context, hex);
      close(fd);
      add_cached(id, display, hex, std::move(*hit));
      return;
    }
    if (lseek(fd, 0, SEEK_SET) != 0) {
      const int err = errno;
      close(fd);
      throw Error(std::strerror(err));
    }
    key = hex.empty() ? nullptr : stream_key("jsonl");
    if (key)
      origins_[id].cache_key = hex;
  }
  TuSplitter split = splitter(display, id);
  while ((got = read(fd, buf.get(), kReadChunk)) > 0) {
    split.feed(std::string_view(buf.get(), static_cast<size_t>(got)));
    if (key)
      key->add(std::string_view(buf.get(), static_cast<size_t>(got)));
  }
  int err = errno;
  const bool unchanged = got == 0 && unchanged_since(fd, st);
  close(fd);
  if (got < 0) {
    split.abandon();
    report(Diagnostic::Level::error, display, std::strerror(err));
  } else {
    split.end_stream();
  }
  end_origin(display, split);
  if (!key)
    return;
  const bool same = got == 0 && key->hex() == hex;
  store_split(id, split, same);
  if (same && unchanged && !known)
    options_.cache->remember(st, context, hex);
}

void LogSet::add_log(const std::string &origin, std::string_view data, bool compressed,
                     std::shared_ptr<const FunctionSizes> functions) {
  size_t id = begin_origin(compressed, std::move(functions));
  TuSplitter split = splitter(origin, id);
  if (compressed) {
    try {
      decode_frames_into(split, id, data);
    } catch (const Error &e) {
      split.abandon();
      report(Diagnostic::Level::error, origin, e.what());
    }
  } else {
    split.feed(data);
    split.end_stream();
  }
  end_origin(origin, split);
}

void LogSet::decode_frames_into(TuSplitter &split, size_t origin_id, std::string_view data) {
  size_t text = 0;
  decode_frames(
      data,
      [&](std::string_view piece) {
        text += piece.size();
        split.feed(piece);
      },
      [&](std::string_view frame) {
        origins_[origin_id].frame = frame;
        origins_[origin_id].frame_text = text;
        text = 0;
        try {
          split.end_stream();
        } catch (...) {
          origins_[origin_id].frame = {};
          throw;
        }
        origins_[origin_id].frame = {};
      });
}

size_t LogSet::begin_origin(bool from_object, std::shared_ptr<const FunctionSizes> functions) {
  Origin origin;
  origin.from_object = from_object;
  origin.functions = std::move(functions);
  origins_.push_back(std::move(origin));
  return origins_.size() - 1;
}

TuSplitter LogSet::splitter(const std::string &origin, size_t origin_id) {
  TuSplitter split(
      origin, options_.max_tu_bytes,
      [this](const Diagnostic &d) { report(d.level, d.file, d.message); },
      [this, origin, origin_id](TuText &&tu) {
        const Origin &from = origins_[origin_id];
        TuInfo info = new_tu(origin_id, origin, tu.index, tu.lines, tu.size, tu.digest, tu.offset);
        auto object = tu.header.find("object");
        const bool has_object =
            object != tu.header.end() && object->is_string() && !object->empty();
        info.object = has_object ? object->get<std::string>() : origin;
        try {
          TuHeader header = parse_header(tu.header);
          info.header_source = std::move(header.source);
          info.header_object = std::move(header.object);
        } catch (...) { // the model reports it, reading the header again
        }
        if (from.file.empty()) // else read again from the file
          info.packed = !from.frame.empty() && tu.offset == 0 && tu.size == from.frame_text
                            ? std::string(from.frame) // decompresses to exactly this text
                            : pack(tu.text);
        if (!from.cache_key.empty()) {
          info.cache_key = from.cache_key;
          origins_[origin_id].cached.push_back(CachedTu{
              tu.index, tu.lines, tu.size, tu.digest, tu.offset, has_object ? info.object : "",
              info.header_source, info.header_object, "", ""});
        }
        add_tu(std::move(info));
      });
  split.keep_text(origins_[origin_id].file.empty()); // else read again from the file
  return split;
}

void LogSet::end_origin(const std::string &origin, const TuSplitter &split) {
  if (split.tus() == 0 && split.errors() == 0)
    report(Diagnostic::Level::error, origin, "empty log: no TU header");
}

TuInfo LogSet::new_tu(size_t origin_id, const std::string &origin, size_t index, size_t lines,
                      size_t size, uint64_t digest, uint64_t offset) const {
  const Origin &from = origins_[origin_id];
  TuInfo info;
  info.origin = origin;
  info.index = index;
  info.records = lines;
  info.from_object = from.from_object;
  info.functions = from.functions;
  info.size = size;
  info.digest = digest;
  if (!from.file.empty()) {
    info.file = from.file;
    info.file_offset = offset;
    info.file_size = from.file_size;
    info.file_mtime_ns = from.file_mtime_ns;
  }
  info.origin_id = origin_id;
  return info;
}

void LogSet::add_tu(TuInfo &&info) {
  info.sequence = tus_.size();
  ++origins_[info.origin_id].tus;
  tus_.push_back(std::move(info));
}

std::string LogSet::stream_context(std::string_view kind) const {
  // The payload's format, and the limit that changes what is split.
  return fmt::format("{}\n{}\n{}", kind, options_.cache_format, options_.max_tu_bytes);
}

std::unique_ptr<CacheKey> LogSet::stream_key(std::string_view kind) const {
  if (!options_.cache)
    return nullptr;
  auto key = std::make_unique<CacheKey>();
  const std::string context = stream_context(kind);
  key->add_number(context.size());
  key->add(context);
  return key;
}

void LogSet::add_cached(size_t origin_id, const std::string &origin, const std::string &key,
                        std::vector<CachedTu> &&tus) {
  for (CachedTu &tu : tus) {
    TuInfo info = new_tu(origin_id, origin, tu.index, tu.lines, tu.size, tu.digest, tu.offset);
    info.object = tu.object.empty() ? origin : std::move(tu.object);
    info.header_source = std::move(tu.header_source);
    info.header_object = std::move(tu.header_object);
    info.decoded_file = std::move(tu.payload_file);
    // A payload gone or damaged since find() is made again from the text
    // (a .jsonl file's; an object's text is not kept: LogSet::decoded).
    info.cache_key = key;
    add_tu(std::move(info));
  }
}

bool LogSet::store_split(size_t origin_id, const TuSplitter &split, bool keep) {
  Origin &origin = origins_[origin_id];
  const bool stored = keep && split.errors() == 0 && !origin.cached.empty();
  if (stored) {
    options_.cache->store_stream(origin.cache_key, origin.cached);
  } else {
    for (TuInfo &tu : tus_)
      if (tu.origin_id == origin_id)
        tu.cache_key.clear();
  }
  origin.cached = {};
  return stored;
}

// Copies of a TU (same object, same text) are kept once: the copy from an
// object rather than a .jsonl file (it has symbols), then the one whose origin
// holds the fewest TUs (a plain .o rather than an `ld -r` merge of several,
// whose symbol table mixes theirs), then the first read.
const std::vector<TuInfo> &LogSet::finish() {
  if (finished_)
    return tus_;
  finished_ = true;
  auto same_copy_key = [](const TuInfo &a, const TuInfo &b) {
    return a.digest == b.digest && a.size == b.size && a.object == b.object;
  };
  std::vector<size_t> order(tus_.size());
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](size_t i, size_t j) {
    const TuInfo &a = tus_[i], &b = tus_[j];
    return std::forward_as_tuple(a.digest, a.size, a.object, !a.from_object,
                                 origins_[a.origin_id].tus, a.sequence) <
           std::forward_as_tuple(b.digest, b.size, b.object, !b.from_object,
                                 origins_[b.origin_id].tus, b.sequence);
  });
  std::vector<bool> drop(tus_.size());
  for (size_t i = 0; i < order.size();) {
    size_t j = i + 1;
    while (j < order.size() && same_copy_key(tus_[order[i]], tus_[order[j]]))
      ++j;
    if (j - i > 1) {
      // Texts compared, else a hash collision: keep both.  A TU from the
      // decoded-log cache may have no text: then the stream's 128-bit key
      // and the TU's place in it stand for its bytes, or beside a TU read
      // from its text, the digests are trusted.
      const TuInfo &first = tus_[order[i]];
      const std::string kept = has_text(first) ? unpack(first) : std::string();
      for (size_t k = i + 1; k < j; ++k) {
        const TuInfo &copy = tus_[order[k]];
        if (has_text(first) && has_text(copy))
          drop[order[k]] = unpack(copy) == kept;
        else
          drop[order[k]] =
              !first.from_cache() || !copy.from_cache() || first.decoded_file == copy.decoded_file;
      }
    }
    i = j;
  }
  std::vector<TuInfo> kept;
  for (size_t i = 0; i < tus_.size(); ++i) {
    if (drop[i])
      ++stats_.duplicates;
    else
      kept.push_back(std::move(tus_[i]));
  }
  tus_ = std::move(kept);
  std::sort(tus_.begin(), tus_.end(), [](const TuInfo &a, const TuInfo &b) {
    return std::tie(a.object, a.origin, a.index) < std::tie(b.object, b.origin, b.index);
  });
  for (size_t i = 0; i < tus_.size();) {
    size_t j = i + 1;
    std::string origins = tus_[i].origin;
    for (; j < tus_.size() && tus_[j].object == tus_[i].object; ++j)
      origins += ", " + tus_[j].origin;
    if (j - i > 1)
      report(Diagnostic::Level::warning, tus_[i].object,
             fmt::format("{} different logs for this object, from {}", j - i, origins));
    i = j;
  }
  return tus_;
}

std::string LogSet::text(const TuInfo &tu) const {
  return unpack(tu);
}

std::optional<std::string> LogSet::decoded(const TuInfo &tu) const {
  std::optional<std::string> payload = options_.cache->load(tu.decoded_file);
  if (!payload && !has_text(tu))
    throw Error("{}: TU {}: its entry in the decoded-log cache ({}) changed or went away while it "
                "was being read; run the command again (or with INLINETUNE_DECODED_CACHE=off)",
                tu.origin, tu.index, options_.cache->dir());
  return payload;
}

void LogSet::store_decoded(const TuInfo &tu, std::string_view payload) const {
  if (options_.cache && !tu.cache_key.empty())
    options_.cache->store_payload(tu.cache_key, tu.index, payload);
}

void LogSet::release(size_t i) {
  TuInfo &tu = tus_[i];
  std::string().swap(tu.packed);
  std::string().swap(tu.decoded_file);
  tu.functions.reset();
}

} // namespace inlinetune
