// SPDX-License-Identifier: GPL-3.0-or-later
#include "output/database.h"

#include "decode.h"
#include "error.h"

#include <fmt/format.h>
#include <sqlite3.h>

#include <algorithm>
#include <map>
#include <optional>
#include <string_view>

namespace inlinetune {

namespace {

// The schema, version kDbSchema.  docs/cli.md ("db") explains each column;
// keep the two in step.
const char *const kSchemaSql = R"sql(
CREATE TABLE meta (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
CREATE TABLE builds (
  build TEXT PRIMARY KEY,
  paths TEXT NOT NULL,
  files INTEGER NOT NULL,
  tus INTEGER NOT NULL,
  errors INTEGER NOT NULL
);
CREATE TABLE tus (
  build TEXT NOT NULL REFERENCES builds(build),
  tu INTEGER NOT NULL,
  key TEXT NOT NULL,
  source TEXT NOT NULL,
  object TEXT NOT NULL,
  origin TEXT NOT NULL,
  origin_index INTEGER NOT NULL,
  log_schema INTEGER NOT NULL,
  gcc_version TEXT NOT NULL,
  gcc_target TEXT NOT NULL,
  tag TEXT NOT NULL,
  policy_md5 TEXT,
  params TEXT NOT NULL,
  lto INTEGER NOT NULL,
  has_symbols INTEGER NOT NULL,
  records INTEGER NOT NULL,
  PRIMARY KEY (build, tu)
);
CREATE TABLE sites (
  build TEXT NOT NULL,
  tu INTEGER NOT NULL,
  line INTEGER NOT NULL,
  id TEXT NOT NULL,
  pass TEXT NOT NULL,
  caller TEXT NOT NULL,
  caller_symbol TEXT NOT NULL,
  lexical_caller TEXT NOT NULL,
  lexical_caller_symbol TEXT NOT NULL,
  callee TEXT NOT NULL,
  callee_symbol TEXT NOT NULL,
  callee_clone TEXT,
  location TEXT NOT NULL,
  chain TEXT NOT NULL,
  inlined INTEGER NOT NULL,
  reason TEXT NOT NULL,
  reason_text TEXT NOT NULL,
  callee_size INTEGER,
  growth INTEGER,
  caller_size_before INTEGER,
  caller_size_after INTEGER,
  count INTEGER,
  frequency REAL,
  hot INTEGER,
  limit_param TEXT,
  limit_value INTEGER,
  limit_params_of TEXT,
  flip_at INTEGER,
  PRIMARY KEY (build, tu, line),
  FOREIGN KEY (build, tu) REFERENCES tus(build, tu)
);
CREATE TABLE decisions (
  build TEXT NOT NULL,
  tu INTEGER NOT NULL,
  id TEXT NOT NULL,
  lexical_caller TEXT NOT NULL,
  lexical_caller_symbol TEXT NOT NULL,
  callee TEXT NOT NULL,
  callee_symbol TEXT NOT NULL,
  location TEXT NOT NULL,
  callers TEXT NOT NULL,
  records INTEGER NOT NULL,
  inlined_records INTEGER NOT NULL,
  einline_inlined INTEGER NOT NULL,
  ipa_inlined INTEGER NOT NULL,
  inlined INTEGER NOT NULL,
  reason TEXT NOT NULL,
  limit_param TEXT,
  limit_value INTEGER,
  limit_params_of TEXT,
  flip_at INTEGER,
  PRIMARY KEY (build, tu, id),
  FOREIGN KEY (build, tu) REFERENCES tus(build, tu)
);
CREATE TABLE functions (
  build TEXT NOT NULL,
  tu INTEGER NOT NULL,
  symbol TEXT NOT NULL,
  name TEXT NOT NULL,
  size_before INTEGER,
  size_after INTEGER,
  inlined_callees INTEGER NOT NULL,
  out_of_line INTEGER NOT NULL,
  never_inline INTEGER NOT NULL,
  emitted INTEGER NOT NULL,
  bytes INTEGER,
  PRIMARY KEY (build, tu, symbol),
  FOREIGN KEY (build, tu) REFERENCES tus(build, tu)
);
CREATE TABLE symbols (
  build TEXT NOT NULL,
  tu INTEGER NOT NULL,
  symbol TEXT NOT NULL,
  size INTEGER NOT NULL,
  function TEXT,
  PRIMARY KEY (build, tu, symbol),
  FOREIGN KEY (build, tu) REFERENCES tus(build, tu)
);
CREATE TABLE never_inline (
  build TEXT NOT NULL,
  tu INTEGER NOT NULL,
  position INTEGER NOT NULL,
  name TEXT NOT NULL,
  origin TEXT NOT NULL,
  status TEXT NOT NULL,
  functions TEXT NOT NULL,
  PRIMARY KEY (build, tu, position),
  FOREIGN KEY (build, tu) REFERENCES tus(build, tu)
);
CREATE TABLE results (
  file TEXT NOT NULL,
  line INTEGER NOT NULL,
  workload TEXT NOT NULL,
  metric TEXT NOT NULL,
  baseline REAL NOT NULL,
  new REAL NOT NULL,
  change REAL,
  base_variant TEXT,
  new_variant TEXT,
  base_runs INTEGER,
  new_runs INTEGER,
  base_min REAL,
  base_max REAL,
  new_min REAL,
  new_max REAL,
  base_iterations INTEGER,
  new_iterations INTEGER
);
)sql";

const char *const kIndexSql = R"sql(
CREATE INDEX IF NOT EXISTS sites_by_id ON sites (build, tu, id);
CREATE INDEX IF NOT EXISTS sites_by_callee ON sites (callee);
CREATE INDEX IF NOT EXISTS sites_by_caller ON sites (lexical_caller);
CREATE INDEX IF NOT EXISTS decisions_by_callee ON decisions (callee);
CREATE INDEX IF NOT EXISTS functions_by_name ON functions (name);
CREATE INDEX IF NOT EXISTS tus_by_key ON tus (key, build);
)sql";

// One prepared statement, run once per row: bind(...) binds the row's
// values in order (std::nullopt as NULL), then steps and resets.
class Statement {
public:
  Statement(sqlite3 *db, const char *sql) : db_(db) {
    if (sqlite3_prepare_v2(db, sql, -1, &stmt_, nullptr) != SQLITE_OK)
      throw Error("SQLite: {} (in: {})", sqlite3_errmsg(db), sql);
  }
  ~Statement() { sqlite3_finalize(stmt_); }
  Statement(const Statement &) = delete;
  Statement &operator=(const Statement &) = delete;

  template <typename... Values> void run(const Values &...values) {
    int i = 0;
    (bind(++i, values), ...);
    int rc = sqlite3_step(stmt_);
    if (rc != SQLITE_DONE && rc != SQLITE_ROW)
      throw Error("SQLite: {}", sqlite3_errmsg(db_));
    sqlite3_reset(stmt_);
    sqlite3_clear_bindings(stmt_);
  }
  sqlite3_stmt *get() { return stmt_; }

private:
  void check(int rc) {
    if (rc != SQLITE_OK)
      throw Error("SQLite: {}", sqlite3_errmsg(db_));
  }
  void bind(int i, const std::string &s) {
    check(sqlite3_bind_text(stmt_, i, s.data(), static_cast<int>(s.size()), SQLITE_TRANSIENT));
  }
  void bind(int i, std::string_view s) {
    check(sqlite3_bind_text(stmt_, i, s.data(), static_cast<int>(s.size()), SQLITE_TRANSIENT));
  }
  void bind(int i, const char *s) { bind(i, std::string(s)); }
  void bind(int i, int64_t v) { check(sqlite3_bind_int64(stmt_, i, v)); }
  void bind(int i, uint64_t v) { check(sqlite3_bind_int64(stmt_, i, static_cast<int64_t>(v))); }
  void bind(int i, int v) { check(sqlite3_bind_int64(stmt_, i, v)); }
  void bind(int i, uint32_t v) { check(sqlite3_bind_int64(stmt_, i, v)); }
  void bind(int i, bool v) { check(sqlite3_bind_int64(stmt_, i, v ? 1 : 0)); }
  void bind(int i, double v) { check(sqlite3_bind_double(stmt_, i, v)); }
  void bind(int i, std::nullopt_t) { check(sqlite3_bind_null(stmt_, i)); }
  template <typename T> void bind(int i, const std::optional<T> &v) {
    if (v)
      bind(i, *v);
    else
      check(sqlite3_bind_null(stmt_, i));
  }

  sqlite3 *db_;
  sqlite3_stmt *stmt_ = nullptr;
};

std::string json_array(const std::vector<std::string> &items) {
  return nlohmann::ordered_json(items).dump();
}

std::optional<std::string> limit_param(const std::optional<Limit> &l) {
  return l ? std::optional<std::string>(l->param) : std::nullopt;
}
std::optional<int64_t> limit_value(const std::optional<Limit> &l) {
  return l ? std::optional<int64_t>(l->value) : std::nullopt;
}
std::optional<std::string> limit_params_of(const std::optional<Limit> &l) {
  return l ? std::optional<std::string>(l->params_of) : std::nullopt;
}
std::optional<int64_t> limit_flip(const std::optional<Limit> &l) {
  return l ? l->flip_at : std::nullopt;
}

} // namespace

const std::vector<std::string> &db_tables() {
  static const std::vector<std::string> tables = {"meta",    "builds",       "tus",
                                                  "sites",   "decisions",    "functions",
                                                  "symbols", "never_inline", "results"};
  return tables;
}

Database::Database(const std::string &path, const std::string &name)
    : path_(name.empty() ? path : name) {
  if (sqlite3_open_v2(path.c_str(), &db_, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr) !=
      SQLITE_OK) {
    std::string message = db_ ? sqlite3_errmsg(db_) : "out of memory";
    sqlite3_close(db_);
    db_ = nullptr;
    throw Error("{}: cannot open the database: {}", path_, message);
  }
}

Database::~Database() {
  sqlite3_close(db_);
}

void Database::exec(const std::string &sql) {
  char *message = nullptr;
  if (sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &message) != SQLITE_OK) {
    std::string text = message ? message : sqlite3_errmsg(db_);
    sqlite3_free(message);
    throw Error("{}: SQLite: {}", path_, text);
  }
}

int Database::schema_version() {
  Statement tables(db_, "SELECT count(*) FROM sqlite_master WHERE type = 'table'");
  if (sqlite3_step(tables.get()) != SQLITE_ROW)
    throw Error("{}: SQLite: {}", path_, sqlite3_errmsg(db_));
  if (sqlite3_column_int64(tables.get(), 0) == 0)
    return 0;
  sqlite3_stmt *s = nullptr;
  if (sqlite3_prepare_v2(db_, "SELECT value FROM meta WHERE key = 'schema_version'", -1, &s,
                         nullptr) != SQLITE_OK) {
    sqlite3_finalize(s);
    throw Error("{}: not an inlinetune database (no meta table)", path_);
  }
  int version = -1;
  if (sqlite3_step(s) == SQLITE_ROW)
    version = sqlite3_column_int(s, 0);
  sqlite3_finalize(s);
  if (version <= 0)
    throw Error("{}: not an inlinetune database (no schema_version in meta)", path_);
  return version;
}

void Database::create_schema() {
  int version = schema_version();
  if (version == kDbSchema)
    return;
  // Refused, not migrated: a database holds one version's tables, and an
  // older one lacks columns this writer fills (database.h, kDbSchema).
  if (version != 0)
    throw Error("{}: database schema version {}, {} than this inlinetune's {}: cannot add to it; "
                "{}write a new database (without --append)",
                path_, version, version < kDbSchema ? "older" : "newer", kDbSchema,
                version < kDbSchema ? "" : "use a newer inlinetune, or ");
  exec(kSchemaSql);
  Statement meta(db_, "INSERT INTO meta (key, value) VALUES (?, ?)");
  meta.run("schema_version", std::to_string(kDbSchema));
  meta.run("log_schema", std::to_string(kLogSchema));
  meta.run("generator", "inlinetune db");
}

bool Database::has_build(const std::string &label) {
  Statement s(db_, "SELECT 1 FROM builds WHERE build = ?");
  sqlite3_bind_text(s.get(), 1, label.data(), static_cast<int>(label.size()), SQLITE_TRANSIENT);
  return sqlite3_step(s.get()) == SQLITE_ROW;
}

void Database::create_indexes() {
  exec(kIndexSql);
}

DbCounts write_build(Database &db, const std::string &label, const std::vector<std::string> &paths,
                     LogSet &logs, bool symbols, const DiagnosticSink &sink, size_t *errors) {
  if (db.has_build(label))
    throw Error("the database has a build '{}' already: give this one another --build label",
                label);
  const Build b = build_model(logs, sink);
  const std::vector<TuInfo> &infos = logs.finish();
  if (infos.size() != b.tus.size())
    throw Error("internal error: {} TUs read, {} in the model", infos.size(), b.tus.size());
  if (errors)
    *errors = b.errors;
  sqlite3 *h = db.handle();
  DbCounts n;

  Statement(h, "INSERT INTO builds (build, paths, files, tus, errors) VALUES (?, ?, ?, ?, ?)")
      .run(label, json_array(paths), b.files, b.tus.size(), b.errors);

  Statement tu(h, "INSERT INTO tus (build, tu, key, source, object, origin, origin_index, "
                  "log_schema, gcc_version, gcc_target, tag, policy_md5, params, lto, "
                  "has_symbols, records) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
  Statement never(h, "INSERT INTO never_inline (build, tu, position, name, origin, status, "
                     "functions) VALUES (?, ?, ?, ?, ?, ?, ?)");
  for (size_t t = 0; t < b.tus.size(); ++t) {
    const TuModel &m = b.tus[t];
    const TuHeader &hd = m.header;
    tu.run(label, t, m.key, hd.source, hd.object.empty() ? infos[t].object : hd.object, m.origin,
           m.index, hd.schema, hd.gcc_version, hd.gcc_target, hd.tag, hd.policy_md5, hd.params_json,
           hd.lto, m.has_symbols, m.records);
    ++n.tus;
    for (size_t i = 0; i < hd.never_inline.size(); ++i) {
      const NeverInlineStatus &e = hd.never_inline[i];
      never.run(label, t, i, e.name, e.origin, e.status, json_array(e.functions));
      ++n.never_inline;
    }
  }

  Statement decision(h, "INSERT INTO decisions (build, tu, id, lexical_caller, "
                        "lexical_caller_symbol, callee, callee_symbol, location, callers, "
                        "records, inlined_records, einline_inlined, ipa_inlined, inlined, "
                        "reason, limit_param, limit_value, limit_params_of, flip_at) "
                        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
  for (const SiteModel &s : b.sites) {
    std::vector<std::string> callers;
    for (NameId c : b.callers(s))
      callers.emplace_back(b.str(c));
    std::sort(callers.begin(), callers.end());
    decision.run(label, s.tu, b.str(s.id), b.str(s.lexical_caller), b.str(s.lexical_caller_symbol),
                 b.str(s.callee), b.str(s.callee_symbol), b.str(s.location), json_array(callers),
                 s.records, s.inlined_records, s.einline_inlined, s.ipa_inlined, s.inlined(),
                 b.str(s.reason), limit_param(b.limit(s)), limit_value(b.limit(s)),
                 limit_params_of(b.limit(s)), limit_flip(b.limit(s)));
    ++n.decisions;
  }

  Statement function(h, "INSERT INTO functions (build, tu, symbol, name, size_before, "
                        "size_after, inlined_callees, out_of_line, never_inline, emitted, bytes) "
                        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
  for (const FunctionModel &f : b.functions) {
    std::optional<int64_t> bytes;
    if (f.bytes)
      bytes = static_cast<int64_t>(*f.bytes);
    function.run(label, f.tu, b.str(f.symbol), b.str(f.name), f.size_before, f.size_after,
                 f.inlined_callees, f.out_of_line, f.never_inline, f.emitted, bytes);
    ++n.functions;
  }

  // Every site record, read again TU by TU (the model keeps only the folded
  // decisions: keeping every Site of a whole kernel's build for this table
  // would take gigabytes), with the model's RecordReader: memory stays at one
  // TU's text.  build_model reported the records that do not parse; they are
  // left out here silently.
  Statement site(h, "INSERT INTO sites (build, tu, line, id, pass, caller, caller_symbol, "
                    "lexical_caller, lexical_caller_symbol, callee, callee_symbol, callee_clone, "
                    "location, chain, inlined, reason, reason_text, callee_size, growth, "
                    "caller_size_before, caller_size_after, count, frequency, hot, limit_param, "
                    "limit_value, limit_params_of, flip_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, "
                    "?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
  Statement symbol(h, "INSERT INTO symbols (build, tu, symbol, size, function) "
                      "VALUES (?, ?, ?, ?, ?)");
  RecordReader reader;
  Site s;
  for (size_t t = 0; t < infos.size(); ++t) {
    const TuHeader &hd = b.tus[t].header;
    const std::string text = logs.text(infos[t]);
    std::string_view rest = text;
    for (size_t line = 1; !rest.empty(); ++line) {
      const std::string_view line_text = take_line(&rest);
      if (line == 1)
        continue; // the header
      try {
        if (reader.parse(line_text) != "site")
          continue;
        reader.site(hd, s);
      } catch (const std::exception &) {
        continue;
      }
      std::optional<std::string> clone;
      if (!s.callee_clone.empty())
        clone = s.callee_clone;
      std::optional<int64_t> hot;
      if (s.hot)
        hot = *s.hot ? 1 : 0;
      site.run(label, t, line, s.id, pass_name(s.pass), s.caller.name, s.caller.symbol,
               s.lexical_caller.name, s.lexical_caller.symbol, s.callee.name, s.callee.symbol,
               clone, s.location, json_array(s.chain), s.inlined, s.reason, s.reason_text,
               s.callee_size, s.growth, s.caller_size_before, s.caller_size_after, s.count,
               s.frequency, hot, limit_param(s.limit), limit_value(s.limit),
               limit_params_of(s.limit), limit_flip(s.limit));
      ++n.sites;
    }

    if (!symbols || !infos[t].functions)
      continue;
    // Each symbol with the function it counts toward (symbol_owner, as in the
    // model's bytes); NULL for a symbol no record claims.
    std::map<std::string, std::string> functions; // object symbol -> record symbol
    for (const FunctionModel &f : b.functions)
      if (f.tu == t)
        functions.emplace(object_symbol(std::string(b.str(f.symbol))), b.str(f.symbol));
    std::vector<std::pair<std::string, uint64_t>> sorted(infos[t].functions->begin(),
                                                         infos[t].functions->end());
    std::sort(sorted.begin(), sorted.end());
    for (const auto &[name, size] : sorted) {
      std::optional<std::string> owner = symbol_owner(name, [&](const std::string &s) {
        auto it = functions.find(s);
        return it == functions.end() ? std::nullopt : std::optional<std::string>(it->second);
      });
      symbol.run(label, t, name, size, owner);
      ++n.symbols;
    }
  }
  return n;
}

size_t write_results(Database &db, const Results &results) {
  Statement row(db.handle(),
                "INSERT INTO results (file, line, workload, metric, baseline, new, change, "
                "base_variant, new_variant, base_runs, new_runs, base_min, base_max, new_min, "
                "new_max, base_iterations, new_iterations) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
  auto variant = [](const std::string &v) {
    return v.empty() ? std::nullopt : std::optional<std::string>(v);
  };
  for (const ResultRow &r : results.rows)
    row.run(results.path, r.line, r.workload, r.metric, r.baseline, r.next, r.change(),
            variant(results.base_variant), variant(results.new_variant), r.base_runs, r.new_runs,
            r.base_min, r.base_max, r.new_min, r.new_max, r.base_iterations, r.new_iterations);
  return results.rows.size();
}

} // namespace inlinetune
