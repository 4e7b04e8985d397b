// SPDX-License-Identifier: GPL-3.0-or-later
// log/format.h: where a decision log lives and how it is framed
// (docs/log-format.md): the schema version of its records, the ELF note that
// carries it in an object, and the file name it gets in a log directory.
// The plugin writes these and the CLI reads them: this is their one
// definition.  GCC-free.
#pragma once

#include <string>

namespace inlinetune::log {

// 2: fields not known are left out instead of written as null, names are
// plain strings with the symbol only where it differs, reason texts are in
// the header (docs/log-format.md).  The one schema the decoder reads.
inline constexpr int kLogSchema = 2;

// The object section that carries the log; SHF_EXCLUDE, so final links drop
// it.  SHT_NOTE: one ELF note per TU, owner kLogNoteOwner, type kLogNoteType,
// its descriptor one zstd frame.  (The type is arbitrary, but outside the
// generic note types that readelf names when it does not know the owner:
// "ILOG".)
inline constexpr const char *kLogSection = ".inlinetune.log";
inline constexpr const char *kLogNoteOwner = "inlinetune";
inline constexpr unsigned kLogNoteType = 0x494c4f47;

// The file name for OBJECT's log inside a log directory: the object path with
// '/' turned into '%', plus ".jsonl" ("fs/open.o" -> "fs%open.o.jsonl").
std::string log_file_name(const std::string &object);

} // namespace inlinetune::log
