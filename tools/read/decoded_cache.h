// SPDX-License-Identifier: GPL-3.0-or-later
// The decoded-log cache: what reading a log stream (a .jsonl file, an
// object's .inlinetune.log section) made of it, kept on disk under the
// stream's content hash, so that reading the same logs again skips their
// JSON: checking and parsing every line was some 60% of `inlinetune diff`'s
// time on bench-tools' synthetic kernel (two builds, 2 GB of JSONL), and a
// researcher asks many questions of one pair of builds.  The same idea as
// ccache's results or LLVM's bitstream remarks beside the YAML ones.
//
// An entry is a stream's TUs (what LogSet knows of each after splitting it)
// and, per TU, an opaque payload: the records as the model decoded them
// (tools/model/tu_records.h), which LogSet hands back instead of the text.
// Keys are XXH3-128 of the stream's bytes, the payload's format and the
// reading options that change the split, so a changed log, a new payload
// format or another limit is another key; nothing is ever updated in
// place.  Only streams split without errors are kept (a bad line is
// reported from the text, every time); a record the model finds of the
// wrong shape is part of its TU's payload, and reported alike.  Files are written whole
// (common/atomic_file.h) with a checksum, and a file that does not check is a miss; the cache never
// changes what a command prints (testsuite/tools/decoded-cache.test).  Where
// it is, its size and how to turn it off: docs/cli.md, "The decoded-log
// cache".
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <sys/stat.h>

namespace inlinetune {

// One TU of a cached stream: the fields of TuInfo that splitting the stream
// gave (log_reader.h), and its payload.
struct CachedTu {
  size_t index = 0, lines = 0, size = 0;
  uint64_t digest = 0, offset = 0;
  std::string object; // the header's "object" ("" when it has none: the origin names it)
  std::string header_source, header_object;
  // The payload, or where it is (find() without PAYLOADS: load() reads it).
  std::string payload, payload_file;
};

// A key under construction: the stream's bytes and what else it depends on.
class CacheKey {
public:
  CacheKey();
  ~CacheKey();
  CacheKey(const CacheKey &) = delete;
  CacheKey &operator=(const CacheKey &) = delete;
  void add(std::string_view bytes);
  void add_number(uint64_t n); // a length or an option, so that pieces cannot run together
  std::string hex() const;     // 32 hex digits

private:
  struct State;
  std::unique_ptr<State> state_;
};

class DecodedCache {
public:
  // The cache the environment asks for: INLINETUNE_DECODED_CACHE names its
  // directory ("off" or "0": none), default $XDG_CACHE_HOME/inlinetune/decoded
  // (~/.cache when XDG_CACHE_HOME is unset); INLINETUNE_DECODED_CACHE_SIZE
  // its limit in bytes, with an optional K, M or G suffix (default 4G).
  // Null when off, or when the directory cannot be made: the cache is an
  // optimisation, and a command never fails for it.  Throws UsageError for a
  // size that is not one.
  static std::shared_ptr<DecodedCache> from_environment();

  DecodedCache(std::string dir, uint64_t max_bytes);
  // Trims the cache to its limit when this process stored anything: the
  // streams used least recently go first (a hit touches its entry), but
  // never one used in the last hour, whose payloads a reader that found it
  // (this process or another) may still have to load.
  ~DecodedCache();
  DecodedCache(const DecodedCache &) = delete;
  DecodedCache &operator=(const DecodedCache &) = delete;

  // The stream's TUs, when the stream and every one of its TUs' payloads
  // are stored and check; nullopt otherwise.  With PAYLOADS they come with
  // their payloads; else with where they are, for load() when each TU is
  // modelled (the payloads of a kernel's objects are some 100 MB: read
  // twice, but never all held).  Safe to call from several threads at
  // once, as are the others.
  std::optional<std::vector<CachedTu>> find(const std::string &key, bool payloads);
  // A payload find() left in its file; nullopt when it is gone or does not
  // check.
  std::optional<std::string> load(const std::string &payload_file) const;
  // A stream's TUs (their payloads are stored apart, as the model makes
  // them; a stream hits only once all are).
  void store_stream(const std::string &key, const std::vector<CachedTu> &tus);
  // What the cache knew of a file of this identity, read in this CONTEXT
  // (the kind of stream and the reading options that change its key), when
  // its bytes were last read whole (remember()), or nullopt: a file whose
  // device, inode, size, mtime and ctime are unchanged is taken to hold the
  // same bytes, as ccache's file_stat_matches takes it (ctime cannot be set
  // back), so that its bytes are not read again just to find the key (2 GB
  // for bench-tools' two builds of .jsonl files, 12% of a cached diff; for
  // objects, opening 14,000 ELF files for their log sections and symbol
  // tables was a fifth of a cached diff).
  struct KnownFile {
    std::string key;   // its stream's key
    std::string extra; // what its reader kept beside it (an object's function sizes)
  };
  std::optional<KnownFile> known_file(const struct stat &st, std::string_view context) const;
  void remember(const struct stat &st, std::string_view context, const std::string &key,
                std::string_view extra = {});
  // TU INDEX's payload of stream KEY.
  void store_payload(const std::string &key, size_t index, std::string_view payload);

  const std::string &dir() const { return dir_; }
  uint64_t max_bytes() const { return max_bytes_; }

private:
  std::string path(const std::string &key, std::optional<size_t> index) const;
  static std::string identity(const struct stat &st, std::string_view context);
  bool write(const std::string &path, std::string_view kind, std::string_view payload);
  // MTIME: the file's mtime, when asked for.
  std::optional<std::string> read(const std::string &path, std::string_view kind,
                                  time_t *mtime = nullptr) const;
  void trim();

  std::string dir_;
  uint64_t max_bytes_;
  std::atomic_bool stored_{false};
};

// "4G" -> 4294967296; K, M, G (powers of 1024), or none.  Throws UsageError.
uint64_t parse_cache_size(const std::string &text);

} // namespace inlinetune
