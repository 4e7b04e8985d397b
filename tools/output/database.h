// SPDX-License-Identifier: GPL-3.0-or-later
// The decision logs as a SQLite database (`inlinetune db`): the schema and
// the writer, through SQLite's C API with prepared statements.  One
// database holds any number of builds, each under its own label (the
// `build` column of every table), so that two builds can be compared in SQL.
// docs/cli.md ("db") documents every table and column; kDbSchema is the
// schema's version, kept in the `meta` table.
#pragma once

#include "inputs/guest_profile.h"
#include "inputs/results_reader.h"
#include "model/build_model.h"
#include "read/log_reader.h"

#include <cstddef>
#include <string>
#include <vector>

struct sqlite3;
struct sqlite3_stmt;

namespace inlinetune {

// 1: the first.  2: results got the spread and the iterations
// (base_min, base_max, new_min, new_max, base_iterations, new_iterations).
// 3: limit_params_of.  4: names and paths interned (tables names, paths and
// the *_rows tables), the documented tables views over them.  5: sites'
// chain_sites (the calls that made each inline copy of the chain).
// A database of another version is refused, not migrated: --append needs
// the same version.
inline constexpr int kDbSchema = 5;

// An open database; closed by the destructor.  Errors throw Error with
// SQLite's message.
class Database {
public:
  // PATH: a file, created when missing; ":memory:" for one in memory.
  // NAME: the file as messages name it (default PATH): the file a temporary
  // copy at PATH will replace.
  explicit Database(const std::string &path, const std::string &name = "");
  ~Database();
  Database(const Database &) = delete;
  Database &operator=(const Database &) = delete;

  sqlite3 *handle() const { return db_; }
  void exec(const std::string &sql);
  // The schema version in `meta`, 0 for a database without one (empty).
  int schema_version();
  // Creates every table (in an empty database) or checks that an existing
  // one has this schema's version (else throws Error naming it).
  void create_schema();
  // Whether a build of this LABEL is in the database already.
  bool has_build(const std::string &label);
  // Creates the indexes (after the rows: faster than keeping them up to
  // date) and the query planner's statistics (ANALYZE).
  void create_indexes();

private:
  sqlite3 *db_ = nullptr;
  std::string path_;
};

// The tables and views a user queries (docs/cli.md), in order.
const std::vector<std::string> &db_tables();
// The tables create_schema() makes, in order: meta, names, paths, lists, the
// *_rows tables behind the views, results.
const std::vector<std::string> &db_storage_tables();

struct DbCounts {
  size_t tus = 0, sites = 0, decisions = 0, functions = 0, symbols = 0, never_inline = 0,
         results = 0;
};

// Writes the build read from LOGS (paths added, finish() not yet called) under
// LABEL: its TUs, every site record, the folded decisions, functions, the
// never-inline entries and, with SYMBOLS, every function symbol of the
// objects.  Records that do not parse are reported once to SINK (as
// build_model reports them) and left out.  The caller opens the transaction.
// Throws Error when LABEL is taken.
DbCounts write_build(Database &db, const std::string &label, const std::vector<std::string> &paths,
                     LogSet &logs, bool symbols, const DiagnosticSink &sink, size_t *errors);

// Writes RESULTS into the `results` table.
size_t write_results(Database &db, const Results &results);

// The guest profile tables (docs/cli.md, "db"), made by the first
// write_guest_profile: a database without guest profiles has none, and
// adding them changes no other table, so the schema version stays (an older
// inlinetune can still --append a build to it).
const std::vector<std::string> &db_guest_tables();

// Writes PROFILE as the guest profile of build LABEL (its regions, function
// lines and misses per cache model), creating the guest tables when the
// database has none.  Throws Error when LABEL has a guest profile already.
// Returns the function lines written.
size_t write_guest_profile(Database &db, const std::string &label, const GuestProfile &profile);

} // namespace inlinetune
