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
#include <tuple>

namespace inlinetune {

namespace {

// The schema, version kDbSchema.  docs/cli.md ("db") explains each column;
// keep the two in step.
//
// What users query are the views (builds, tus, sites, decisions, functions,
// symbols, never_inline) and the tables meta and results; the views' rows
// are stored in the *_rows tables, with each name (functions, symbols,
// reasons, params, site ids, chains) an id into `names` and each path
// (sources, objects, origins, the files of locations) an id into `paths`,
// each JSON array of names (chains, their copies' call ids, callers) an id
// into `lists`, and the build an id into build_rows: a small kernel's two
// builds took 344 MiB with the
// text in every row, a third of that interned (bench/tools.sh measures it).
// The *_rows tables are WITHOUT ROWID, stored in their key's order: no
// second b-tree for the key.  A view puts the text back with a LEFT JOIN
// per column (SQLite leaves out the joins of columns a query does not use;
// the ids are never NULL where the column is NOT NULL).
const char *const kSchemaSql = R"sql(
CREATE TABLE meta (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
CREATE TABLE names (
  id INTEGER PRIMARY KEY,
  text TEXT NOT NULL
);
CREATE TABLE paths (
  id INTEGER PRIMARY KEY,
  text TEXT NOT NULL
);
CREATE TABLE lists (
  id INTEGER PRIMARY KEY,
  text TEXT NOT NULL
);
CREATE TABLE build_rows (
  id INTEGER PRIMARY KEY,
  build TEXT NOT NULL UNIQUE,
  paths TEXT NOT NULL,
  files INTEGER NOT NULL,
  tus INTEGER NOT NULL,
  errors INTEGER NOT NULL
);
CREATE TABLE tu_rows (
  build INTEGER NOT NULL REFERENCES build_rows(id),
  tu INTEGER NOT NULL,
  key INTEGER NOT NULL REFERENCES paths(id),
  source INTEGER NOT NULL REFERENCES paths(id),
  object INTEGER NOT NULL REFERENCES paths(id),
  origin INTEGER NOT NULL REFERENCES paths(id),
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
) WITHOUT ROWID;
CREATE TABLE site_rows (
  build INTEGER NOT NULL,
  tu INTEGER NOT NULL,
  line INTEGER NOT NULL,
  id INTEGER NOT NULL REFERENCES names(id),
  pass INTEGER NOT NULL REFERENCES names(id),
  caller INTEGER NOT NULL REFERENCES names(id),
  caller_symbol INTEGER REFERENCES names(id),
  lexical_caller INTEGER NOT NULL REFERENCES names(id),
  lexical_caller_symbol INTEGER REFERENCES names(id),
  callee INTEGER NOT NULL REFERENCES names(id),
  callee_symbol INTEGER REFERENCES names(id),
  callee_clone INTEGER REFERENCES names(id),
  location INTEGER NOT NULL REFERENCES paths(id),
  location_line INTEGER,
  location_column INTEGER,
  chain INTEGER NOT NULL REFERENCES lists(id),
  chain_sites INTEGER REFERENCES lists(id),
  inlined INTEGER NOT NULL,
  reason INTEGER NOT NULL REFERENCES names(id),
  reason_text INTEGER NOT NULL REFERENCES names(id),
  callee_size INTEGER,
  growth INTEGER,
  caller_size_before INTEGER,
  caller_size_after INTEGER,
  count INTEGER,
  frequency REAL,
  hot INTEGER,
  limit_param INTEGER REFERENCES names(id),
  limit_value INTEGER,
  limit_params_of INTEGER REFERENCES names(id),
  flip_at INTEGER,
  PRIMARY KEY (build, tu, id, line),
  FOREIGN KEY (build, tu) REFERENCES tu_rows(build, tu)
) WITHOUT ROWID;
CREATE TABLE decision_rows (
  build INTEGER NOT NULL,
  tu INTEGER NOT NULL,
  id INTEGER NOT NULL REFERENCES names(id),
  lexical_caller INTEGER NOT NULL REFERENCES names(id),
  lexical_caller_symbol INTEGER REFERENCES names(id),
  callee INTEGER NOT NULL REFERENCES names(id),
  callee_symbol INTEGER REFERENCES names(id),
  location INTEGER NOT NULL REFERENCES paths(id),
  location_line INTEGER,
  location_column INTEGER,
  callers INTEGER NOT NULL REFERENCES lists(id),
  records INTEGER NOT NULL,
  inlined_records INTEGER NOT NULL,
  einline_inlined INTEGER NOT NULL,
  ipa_inlined INTEGER NOT NULL,
  inlined INTEGER NOT NULL,
  reason INTEGER NOT NULL REFERENCES names(id),
  limit_param INTEGER REFERENCES names(id),
  limit_value INTEGER,
  limit_params_of INTEGER REFERENCES names(id),
  flip_at INTEGER,
  PRIMARY KEY (build, tu, id),
  FOREIGN KEY (build, tu) REFERENCES tu_rows(build, tu)
) WITHOUT ROWID;
CREATE TABLE function_rows (
  build INTEGER NOT NULL,
  tu INTEGER NOT NULL,
  symbol INTEGER NOT NULL REFERENCES names(id),
  name INTEGER NOT NULL REFERENCES names(id),
  size_before INTEGER,
  size_after INTEGER,
  inlined_callees INTEGER NOT NULL,
  out_of_line INTEGER NOT NULL,
  never_inline INTEGER NOT NULL,
  emitted INTEGER NOT NULL,
  bytes INTEGER,
  PRIMARY KEY (build, tu, symbol),
  FOREIGN KEY (build, tu) REFERENCES tu_rows(build, tu)
) WITHOUT ROWID;
CREATE TABLE symbol_rows (
  build INTEGER NOT NULL,
  tu INTEGER NOT NULL,
  symbol INTEGER NOT NULL REFERENCES names(id),
  size INTEGER NOT NULL,
  function INTEGER REFERENCES names(id),
  PRIMARY KEY (build, tu, symbol),
  FOREIGN KEY (build, tu) REFERENCES tu_rows(build, tu)
) WITHOUT ROWID;
CREATE TABLE never_inline_rows (
  build INTEGER NOT NULL,
  tu INTEGER NOT NULL,
  position INTEGER NOT NULL,
  name INTEGER NOT NULL REFERENCES names(id),
  origin INTEGER NOT NULL REFERENCES names(id),
  status INTEGER NOT NULL REFERENCES names(id),
  functions INTEGER NOT NULL REFERENCES lists(id),
  PRIMARY KEY (build, tu, position),
  FOREIGN KEY (build, tu) REFERENCES tu_rows(build, tu)
) WITHOUT ROWID;
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
CREATE VIEW builds AS
SELECT build, paths, files, tus, errors FROM build_rows;
CREATE VIEW tus AS
SELECT b.build AS build, r.tu AS tu, k.text AS key, s.text AS source, o.text AS object,
       g.text AS origin, r.origin_index AS origin_index, r.log_schema AS log_schema,
       r.gcc_version AS gcc_version, r.gcc_target AS gcc_target, r.tag AS tag,
       r.policy_md5 AS policy_md5, r.params AS params, r.lto AS lto,
       r.has_symbols AS has_symbols, r.records AS records
FROM tu_rows r
LEFT JOIN build_rows b ON b.id = r.build
LEFT JOIN paths k ON k.id = r.key
LEFT JOIN paths s ON s.id = r.source
LEFT JOIN paths o ON o.id = r.object
LEFT JOIN paths g ON g.id = r.origin;
CREATE VIEW sites AS
SELECT b.build AS build, r.tu AS tu, r.line AS line, i.text AS id, p.text AS pass,
       c.text AS caller, ifnull(cs.text, c.text) AS caller_symbol, lc.text AS lexical_caller,
       ifnull(lcs.text, lc.text) AS lexical_caller_symbol, e.text AS callee,
       ifnull(es.text, e.text) AS callee_symbol,
       ec.text AS callee_clone,
       CASE WHEN r.location_line IS NULL THEN l.text
            ELSE l.text || ':' || r.location_line || ':' || r.location_column END AS location,
       ch.text AS chain, cx.text AS chain_sites, r.inlined AS inlined,
       rn.text AS reason, rt.text AS reason_text, r.callee_size AS callee_size,
       r.growth AS growth, r.caller_size_before AS caller_size_before,
       r.caller_size_after AS caller_size_after, r.count AS count, r.frequency AS frequency,
       r.hot AS hot, lp.text AS limit_param, r.limit_value AS limit_value,
       lo.text AS limit_params_of, r.flip_at AS flip_at
FROM site_rows r
LEFT JOIN build_rows b ON b.id = r.build
LEFT JOIN names i ON i.id = r.id
LEFT JOIN names p ON p.id = r.pass
LEFT JOIN names c ON c.id = r.caller
LEFT JOIN names cs ON cs.id = r.caller_symbol
LEFT JOIN names lc ON lc.id = r.lexical_caller
LEFT JOIN names lcs ON lcs.id = r.lexical_caller_symbol
LEFT JOIN names e ON e.id = r.callee
LEFT JOIN names es ON es.id = r.callee_symbol
LEFT JOIN names ec ON ec.id = r.callee_clone
LEFT JOIN paths l ON l.id = r.location
LEFT JOIN lists ch ON ch.id = r.chain
LEFT JOIN lists cx ON cx.id = r.chain_sites
LEFT JOIN names rn ON rn.id = r.reason
LEFT JOIN names rt ON rt.id = r.reason_text
LEFT JOIN names lp ON lp.id = r.limit_param
LEFT JOIN names lo ON lo.id = r.limit_params_of;
CREATE VIEW decisions AS
SELECT b.build AS build, r.tu AS tu, i.text AS id, lc.text AS lexical_caller,
       ifnull(lcs.text, lc.text) AS lexical_caller_symbol, e.text AS callee,
       ifnull(es.text, e.text) AS callee_symbol,
       CASE WHEN r.location_line IS NULL THEN l.text
            ELSE l.text || ':' || r.location_line || ':' || r.location_column END AS location,
       cl.text AS callers, r.records AS records,
       r.inlined_records AS inlined_records, r.einline_inlined AS einline_inlined,
       r.ipa_inlined AS ipa_inlined, r.inlined AS inlined, rn.text AS reason,
       lp.text AS limit_param, r.limit_value AS limit_value, lo.text AS limit_params_of,
       r.flip_at AS flip_at
FROM decision_rows r
LEFT JOIN build_rows b ON b.id = r.build
LEFT JOIN names i ON i.id = r.id
LEFT JOIN names lc ON lc.id = r.lexical_caller
LEFT JOIN names lcs ON lcs.id = r.lexical_caller_symbol
LEFT JOIN names e ON e.id = r.callee
LEFT JOIN names es ON es.id = r.callee_symbol
LEFT JOIN paths l ON l.id = r.location
LEFT JOIN lists cl ON cl.id = r.callers
LEFT JOIN names rn ON rn.id = r.reason
LEFT JOIN names lp ON lp.id = r.limit_param
LEFT JOIN names lo ON lo.id = r.limit_params_of;
CREATE VIEW functions AS
SELECT b.build AS build, r.tu AS tu, s.text AS symbol, n.text AS name,
       r.size_before AS size_before, r.size_after AS size_after,
       r.inlined_callees AS inlined_callees, r.out_of_line AS out_of_line,
       r.never_inline AS never_inline, r.emitted AS emitted, r.bytes AS bytes
FROM function_rows r
LEFT JOIN build_rows b ON b.id = r.build
LEFT JOIN names s ON s.id = r.symbol
LEFT JOIN names n ON n.id = r.name;
CREATE VIEW symbols AS
SELECT b.build AS build, r.tu AS tu, s.text AS symbol, r.size AS size, f.text AS function
FROM symbol_rows r
LEFT JOIN build_rows b ON b.id = r.build
LEFT JOIN names s ON s.id = r.symbol
LEFT JOIN names f ON f.id = r.function;
CREATE VIEW never_inline AS
SELECT b.build AS build, r.tu AS tu, r.position AS position, n.text AS name,
       o.text AS origin, s.text AS status, f.text AS functions
FROM never_inline_rows r
LEFT JOIN build_rows b ON b.id = r.build
LEFT JOIN names n ON n.id = r.name
LEFT JOIN names o ON o.id = r.origin
LEFT JOIN names s ON s.id = r.status
LEFT JOIN lists f ON f.id = r.functions;
)sql";

// After the rows (faster than keeping them up to date, and each b-tree made
// in order, its pages full).  names_by_text and paths_by_text are unique:
// one id per text.  ANALYZE gives SQLite's planner the tables' statistics:
// without them it took docs/cli.md's flips query (decisions joined through
// the views by their ids' text) 25 times as long as on schema 3's tables.
const char *const kIndexSql = R"sql(
CREATE UNIQUE INDEX IF NOT EXISTS names_by_text ON names (text);
CREATE UNIQUE INDEX IF NOT EXISTS paths_by_text ON paths (text);
CREATE INDEX IF NOT EXISTS site_rows_by_callee ON site_rows (callee);
CREATE INDEX IF NOT EXISTS site_rows_by_caller ON site_rows (lexical_caller);
CREATE INDEX IF NOT EXISTS decision_rows_by_callee ON decision_rows (callee);
CREATE INDEX IF NOT EXISTS function_rows_by_name ON function_rows (name);
CREATE INDEX IF NOT EXISTS tu_rows_by_key ON tu_rows (key, build);
ANALYZE;
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

// One of the tables of interned text (names, paths): each text's id, the
// rows already in the database loaded first (--append), a new text inserted
// when first asked for.  Names (the model's interning) holds the texts: no
// std::string per lookup, where a kernel's build asks some 30 million times.
class Interned {
public:
  Interned(sqlite3 *db, const std::string &table)
      : insert_(db, ("INSERT INTO " + table + " (id, text) VALUES (?, ?)").c_str()) {
    Statement rows(db, ("SELECT id, text FROM " + table + " ORDER BY id").c_str());
    int rc;
    while ((rc = sqlite3_step(rows.get())) == SQLITE_ROW) {
      const int64_t id = sqlite3_column_int64(rows.get(), 0);
      const auto *text = reinterpret_cast<const char *>(sqlite3_column_text(rows.get(), 1));
      const std::string_view view(text ? text : "",
                                  static_cast<size_t>(sqlite3_column_bytes(rows.get(), 1)));
      if (texts_.intern(view) != ids_.size())
        throw Error("the database's {} table has the text '{}' twice", table, view);
      ids_.push_back(id);
      next_ = std::max(next_, id + 1);
    }
    if (rc != SQLITE_DONE)
      throw Error("SQLite: {}", sqlite3_errmsg(db));
  }

  int64_t id(std::string_view text) {
    const NameId at = texts_.intern(text);
    if (at == ids_.size()) {
      ids_.push_back(next_++);
      insert_.run(ids_.back(), text);
    }
    return ids_[at];
  }

private:
  Statement insert_;
  Names texts_;
  std::vector<int64_t> ids_; // per NameId of texts_
  int64_t next_ = 1;
};

// The ids of the model's names (Build::names), each looked up once.
class ModelNames {
public:
  ModelNames(const Build &b, Interned &names) : b_(b), names_(names), ids_(b.names.size(), 0) {}
  int64_t operator()(NameId n) {
    int64_t &id = ids_[n];
    if (!id)
      id = names_.id(b_.str(n)); // ids start at 1
    return id;
  }

private:
  const Build &b_;
  Interned &names_;
  std::vector<int64_t> ids_;
};

template <typename T> std::optional<T> optional_if(bool has, const T &value) {
  return has ? std::optional<T>(value) : std::nullopt;
}

// A location, "file:line:col", as site_rows and decision_rows keep it: the
// file interned (paths), the line and column as numbers; the view joins
// them again.  A location of another form ("?", unknown) is all file, with
// no line and column; so is one whose numbers would not come back as
// written (a leading zero, more than 9 digits).
struct Location {
  std::string_view file;
  std::optional<int64_t> line, column;
};
Location split_location(std::string_view location) {
  auto number = [](std::string_view digits) -> std::optional<int64_t> {
    if (digits.empty() || digits.size() > 9 || (digits[0] == '0' && digits.size() > 1) ||
        !std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; }))
      return std::nullopt;
    return std::stoll(std::string(digits));
  };
  const size_t second = location.rfind(':');
  const size_t first = second == std::string_view::npos || second == 0
                           ? std::string_view::npos
                           : location.rfind(':', second - 1);
  if (first == std::string_view::npos)
    return {location, std::nullopt, std::nullopt};
  std::optional<int64_t> line = number(location.substr(first + 1, second - first - 1));
  std::optional<int64_t> column = number(location.substr(second + 1));
  if (!line || !column)
    return {location, std::nullopt, std::nullopt};
  return {location.substr(0, first), line, column};
}

// A symbol column: NULL where the symbol is the name (C's functions), which
// the view puts back.
std::optional<int64_t> symbol_id(Interned &names, const log::FunctionRef &f) {
  return optional_if(f.symbol != f.name, f.symbol != f.name ? names.id(f.symbol) : 0);
}

} // namespace

const std::vector<std::string> &db_tables() {
  static const std::vector<std::string> tables = {"meta",    "builds",       "tus",
                                                  "sites",   "decisions",    "functions",
                                                  "symbols", "never_inline", "results"};
  return tables;
}

const std::vector<std::string> &db_storage_tables() {
  static const std::vector<std::string> tables = {
      "meta",      "names",         "paths",         "lists",       "build_rows",        "tu_rows",
      "site_rows", "decision_rows", "function_rows", "symbol_rows", "never_inline_rows", "results"};
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
  Interned names(h, "names"), files(h, "paths"), lists(h, "lists");
  ModelNames model(b, names);

  Statement(h, "INSERT INTO build_rows (build, paths, files, tus, errors) VALUES (?, ?, ?, ?, ?)")
      .run(label, json_array(paths), b.files, b.tus.size(), b.errors);
  const int64_t build = sqlite3_last_insert_rowid(h);

  Statement tu(h, "INSERT INTO tu_rows (build, tu, key, source, object, origin, origin_index, "
                  "log_schema, gcc_version, gcc_target, tag, policy_md5, params, lto, "
                  "has_symbols, records) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
  Statement never(h, "INSERT INTO never_inline_rows (build, tu, position, name, origin, status, "
                     "functions) VALUES (?, ?, ?, ?, ?, ?, ?)");
  for (size_t t = 0; t < b.tus.size(); ++t) {
    const TuModel &m = b.tus[t];
    const TuHeader &hd = m.header;
    tu.run(build, t, files.id(m.key), files.id(hd.source),
           files.id(hd.object.empty() ? infos[t].object : hd.object), files.id(m.origin), m.index,
           hd.schema, hd.gcc_version, hd.gcc_target, hd.tag, hd.policy_md5, hd.params_json, hd.lto,
           m.has_symbols, m.records);
    ++n.tus;
    for (size_t i = 0; i < hd.never_inline.size(); ++i) {
      const NeverInlineStatus &e = hd.never_inline[i];
      never.run(build, t, i, names.id(e.name), names.id(e.origin), names.id(e.status),
                lists.id(json_array(e.functions)));
      ++n.never_inline;
    }
  }

  // Rows of a table keyed (build, tu, name id) are written in that order, so
  // that its b-tree is made in order (full pages): per TU, sorted by the id.
  auto by_id = [&](std::vector<std::pair<int64_t, size_t>> &rows) {
    std::sort(rows.begin(), rows.end());
    return rows;
  };
  Statement decision(h, "INSERT INTO decision_rows (build, tu, id, lexical_caller, "
                        "lexical_caller_symbol, callee, callee_symbol, location, location_line, "
                        "location_column, callers, records, inlined_records, einline_inlined, "
                        "ipa_inlined, inlined, reason, limit_param, limit_value, "
                        "limit_params_of, flip_at) "
                        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
  std::vector<std::pair<int64_t, size_t>> rows;
  std::vector<std::string> callers;
  for (size_t first = 0; first < b.sites.size();) {
    size_t last = first;
    rows.clear();
    for (; last < b.sites.size() && b.sites[last].tu == b.sites[first].tu; ++last)
      rows.emplace_back(model(b.sites[last].id), last);
    for (const auto &[id, k] : by_id(rows)) {
      const SiteModel &s = b.sites[k];
      callers.clear();
      for (NameId c : b.callers(s))
        callers.emplace_back(b.str(c));
      std::sort(callers.begin(), callers.end());
      const SiteLimit *limit = b.site_limit(s);
      const Location place = split_location(b.str(s.location));
      decision.run(
          build, s.tu, id, model(s.lexical_caller),
          optional_if(s.lexical_caller_symbol != s.lexical_caller, model(s.lexical_caller_symbol)),
          model(s.callee), optional_if(s.callee_symbol != s.callee, model(s.callee_symbol)),
          files.id(place.file), place.line, place.column, lists.id(json_array(callers)), s.records,
          s.inlined_records, s.einline_inlined, s.ipa_inlined, s.inlined(), model(s.reason),
          optional_if(limit != nullptr, limit ? model(limit->param) : 0),
          optional_if(limit != nullptr, limit ? limit->value : 0),
          optional_if(limit != nullptr, limit ? model(limit->params_of) : 0),
          limit ? limit->flip_at : std::nullopt);
      ++n.decisions;
    }
    first = last;
  }

  Statement function(h, "INSERT INTO function_rows (build, tu, symbol, name, size_before, "
                        "size_after, inlined_callees, out_of_line, never_inline, emitted, bytes) "
                        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
  for (size_t first = 0; first < b.functions.size();) {
    size_t last = first;
    rows.clear();
    for (; last < b.functions.size() && b.functions[last].tu == b.functions[first].tu; ++last)
      rows.emplace_back(model(b.functions[last].symbol), last);
    for (const auto &[id, k] : by_id(rows)) {
      const FunctionModel &f = b.functions[k];
      std::optional<int64_t> bytes;
      if (f.bytes)
        bytes = static_cast<int64_t>(*f.bytes);
      function.run(build, f.tu, id, model(f.name), f.size_before, f.size_after, f.inlined_callees,
                   f.out_of_line, f.never_inline, f.emitted, bytes);
      ++n.functions;
    }
    first = last;
  }

  // Every site record, read again TU by TU (the model keeps only the folded
  // decisions: keeping every Site of a whole kernel's build for this table
  // would take gigabytes), with the model's RecordReader: memory stays at one
  // TU's text.  build_model reported the records that do not parse; they are
  // left out here silently.
  Statement site(h,
                 "INSERT INTO site_rows (build, tu, line, id, pass, caller, caller_symbol, "
                 "lexical_caller, lexical_caller_symbol, callee, callee_symbol, callee_clone, "
                 "location, location_line, location_column, chain, chain_sites, inlined, reason, "
                 "reason_text, callee_size, growth, caller_size_before, caller_size_after, "
                 "count, frequency, hot, limit_param, limit_value, limit_params_of, flip_at) "
                 "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, "
                 "?, ?, ?, ?, ?, ?, ?, ?)");
  Statement symbol(h, "INSERT INTO symbol_rows (build, tu, symbol, size, function) "
                      "VALUES (?, ?, ?, ?, ?)");
  // A site row's values, the names interned; a TU's rows are written sorted
  // by (id, line), site_rows' key.
  struct SiteRow {
    int64_t id, line, pass, caller, lexical_caller, callee, location, chain, reason, reason_text;
    std::optional<int64_t> location_line, location_column;
    std::optional<int64_t> caller_symbol, lexical_caller_symbol, callee_symbol, clone;
    std::optional<int64_t> chain_sites; // NULL where the record has none (no copy, or an older log)
    bool inlined;
    std::optional<int64_t> callee_size, growth, caller_size_before, caller_size_after, count;
    std::optional<double> frequency;
    std::optional<int64_t> hot, limit_param, limit_value, limit_params_of, flip_at;
  };
  std::vector<SiteRow> site_rows;
  RecordReader reader;
  Site s;
  size_t first_function = 0; // of the TU, in b.functions (grouped by TU, in order)
  for (size_t t = 0; t < infos.size(); ++t) {
    const TuHeader &hd = b.tus[t].header;
    const std::string text = logs.text(infos[t]);
    std::string_view rest = text;
    site_rows.clear();
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
      SiteRow r;
      r.id = names.id(s.id);
      r.line = static_cast<int64_t>(line);
      r.pass = names.id(pass_name(s.pass));
      r.caller = names.id(s.caller.name);
      r.caller_symbol = symbol_id(names, s.caller);
      r.lexical_caller = names.id(s.lexical_caller.name);
      r.lexical_caller_symbol = symbol_id(names, s.lexical_caller);
      r.callee = names.id(s.callee.name);
      r.callee_symbol = symbol_id(names, s.callee);
      if (!s.callee_clone.empty())
        r.clone = names.id(s.callee_clone);
      const Location place = split_location(s.location);
      r.location = files.id(place.file);
      r.location_line = place.line;
      r.location_column = place.column;
      r.chain = lists.id(json_array(s.chain));
      if (!s.chain_sites.empty())
        r.chain_sites = lists.id(json_array(s.chain_sites));
      r.inlined = s.inlined;
      r.reason = names.id(s.reason);
      r.reason_text = names.id(s.reason_text);
      r.callee_size = s.callee_size;
      r.growth = s.growth;
      r.caller_size_before = s.caller_size_before;
      r.caller_size_after = s.caller_size_after;
      r.count = s.count;
      r.frequency = s.frequency;
      if (s.hot)
        r.hot = *s.hot ? 1 : 0;
      if (s.limit) {
        r.limit_param = names.id(s.limit->param);
        r.limit_value = s.limit->value;
        r.limit_params_of = names.id(s.limit->params_of);
        r.flip_at = s.limit->flip_at;
      }
      site_rows.push_back(std::move(r));
    }
    std::sort(site_rows.begin(), site_rows.end(), [](const SiteRow &x, const SiteRow &y) {
      return std::tie(x.id, x.line) < std::tie(y.id, y.line);
    });
    for (const SiteRow &r : site_rows) {
      site.run(build, t, r.line, r.id, r.pass, r.caller, r.caller_symbol, r.lexical_caller,
               r.lexical_caller_symbol, r.callee, r.callee_symbol, r.clone, r.location,
               r.location_line, r.location_column, r.chain, r.chain_sites, r.inlined, r.reason,
               r.reason_text, r.callee_size, r.growth, r.caller_size_before, r.caller_size_after,
               r.count, r.frequency, r.hot, r.limit_param, r.limit_value, r.limit_params_of,
               r.flip_at);
      ++n.sites;
    }

    size_t last_function = first_function;
    while (last_function < b.functions.size() && b.functions[last_function].tu == t)
      ++last_function;
    const size_t tu_functions = first_function;
    first_function = last_function;
    if (!symbols || !infos[t].functions)
      continue;
    // Each symbol with the function it counts toward (symbol_owner, as in the
    // model's bytes); NULL for a symbol no record claims.
    std::map<std::string, NameId> functions; // object symbol -> record symbol
    for (size_t k = tu_functions; k < last_function; ++k)
      functions.emplace(object_symbol(std::string(b.str(b.functions[k].symbol))),
                        b.functions[k].symbol);
    std::vector<std::tuple<int64_t, uint64_t, std::optional<int64_t>>> sorted;
    for (const auto &[name, size] : *infos[t].functions) {
      std::optional<NameId> owner = symbol_owner(name, [&](const std::string &s) {
        auto it = functions.find(s);
        return it == functions.end() ? std::nullopt : std::optional<NameId>(it->second);
      });
      sorted.emplace_back(names.id(name), size,
                          owner ? std::optional<int64_t>(model(*owner)) : std::nullopt);
    }
    std::sort(sorted.begin(), sorted.end());
    for (const auto &[name, size, owner] : sorted) {
      symbol.run(build, t, name, size, owner);
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

namespace {

// Plain tables (a profile is some thousands of rows, not millions: no
// interning), keyed by the build's label as every table is.
const char *const kGuestSchemaSql = R"sql(
CREATE TABLE IF NOT EXISTS guest_profiles (
  build TEXT PRIMARY KEY,
  file TEXT NOT NULL,
  tool TEXT NOT NULL,
  qemu_plugin_version INTEGER NOT NULL,
  vmlinux TEXT NOT NULL,
  vmlinux_build_id TEXT,
  regions INTEGER NOT NULL,
  run_insns INTEGER NOT NULL,
  run_misses TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS guest_models (
  build TEXT NOT NULL,
  model TEXT NOT NULL,
  position INTEGER NOT NULL,
  l1i_size INTEGER NOT NULL, l1i_ways INTEGER NOT NULL, l1i_line INTEGER NOT NULL,
  l1d_size INTEGER NOT NULL, l1d_ways INTEGER NOT NULL, l1d_line INTEGER NOT NULL,
  l2_size INTEGER NOT NULL, l2_ways INTEGER NOT NULL, l2_line INTEGER NOT NULL,
  l2_hit_latency INTEGER NOT NULL,
  memory_latency INTEGER NOT NULL,
  PRIMARY KEY (build, model)
);
CREATE TABLE IF NOT EXISTS guest_regions (
  build TEXT NOT NULL,
  region INTEGER NOT NULL,
  name TEXT NOT NULL,
  workload TEXT,
  metric TEXT,
  iterations INTEGER,
  insns INTEGER NOT NULL,
  PRIMARY KEY (build, region)
);
CREATE TABLE IF NOT EXISTS guest_region_misses (
  build TEXT NOT NULL,
  region INTEGER NOT NULL,
  model TEXT NOT NULL,
  l1i INTEGER NOT NULL, l1d INTEGER NOT NULL, l2 INTEGER NOT NULL,
  cycles INTEGER NOT NULL,
  l1i_fa INTEGER NOT NULL, l1d_fa INTEGER NOT NULL, l2_fa INTEGER NOT NULL,
  cycles_fa INTEGER NOT NULL,
  PRIMARY KEY (build, region, model)
);
CREATE TABLE IF NOT EXISTS guest_functions (
  build TEXT NOT NULL,
  line INTEGER NOT NULL,
  region INTEGER NOT NULL,
  function TEXT NOT NULL,
  addr TEXT,
  space TEXT NOT NULL,
  insns INTEGER NOT NULL,
  calls INTEGER NOT NULL,
  PRIMARY KEY (build, line)
);
CREATE INDEX IF NOT EXISTS guest_functions_by_region ON guest_functions (build, region);
CREATE INDEX IF NOT EXISTS guest_functions_by_function ON guest_functions (function);
CREATE TABLE IF NOT EXISTS guest_function_misses (
  build TEXT NOT NULL,
  line INTEGER NOT NULL,
  model TEXT NOT NULL,
  l1i INTEGER NOT NULL, l1d INTEGER NOT NULL, l2 INTEGER NOT NULL,
  cycles INTEGER NOT NULL,
  l1i_fa INTEGER NOT NULL, l1d_fa INTEGER NOT NULL, l2_fa INTEGER NOT NULL,
  cycles_fa INTEGER NOT NULL,
  PRIMARY KEY (build, line, model)
);
)sql";

} // namespace

const std::vector<std::string> &db_guest_tables() {
  static const std::vector<std::string> tables = {"guest_profiles",  "guest_models",
                                                  "guest_regions",   "guest_region_misses",
                                                  "guest_functions", "guest_function_misses"};
  return tables;
}

size_t write_guest_profile(Database &db, const std::string &label, const GuestProfile &p) {
  db.exec(kGuestSchemaSql);
  sqlite3 *h = db.handle();
  {
    // Guest tables made before profile format 2 lack the `_fa` columns, and
    // the tables are outside kDbSchema (a database without profiles has
    // none): refused like another schema version, not migrated.
    Statement s(h, "SELECT 1 FROM pragma_table_info('guest_region_misses') WHERE name = 'l1i_fa'");
    if (sqlite3_step(s.get()) != SQLITE_ROW)
      throw Error("the database's guest tables have no fully associative counts (made by an "
                  "inlinetune before guest profile format 2): write the profile into a new "
                  "database");
  }
  {
    Statement s(h, "SELECT 1 FROM guest_profiles WHERE build = ?");
    sqlite3_bind_text(s.get(), 1, label.data(), static_cast<int>(label.size()), SQLITE_TRANSIENT);
    if (sqlite3_step(s.get()) == SQLITE_ROW)
      throw Error("the database has a guest profile of build '{}' already", label);
  }
  nlohmann::ordered_json run = nlohmann::ordered_json::object();
  for (size_t m = 0; m < p.models.size(); ++m) {
    const Misses &sa = p.run_misses[m], &fa = p.run_misses_fa[m];
    run[p.models[m].name] = {{"l1i", sa.l1i},    {"l1d", sa.l1d},    {"l2", sa.l2},
                             {"l1i_fa", fa.l1i}, {"l1d_fa", fa.l1d}, {"l2_fa", fa.l2}};
  }
  Statement(h, "INSERT INTO guest_profiles (build, file, tool, qemu_plugin_version, vmlinux, "
               "vmlinux_build_id, regions, run_insns, run_misses) VALUES (?, ?, ?, ?, ?, ?, ?, "
               "?, ?)")
      .run(label, p.path, p.tool, p.qemu_plugin_version, p.vmlinux, p.vmlinux_build_id,
           static_cast<uint64_t>(p.regions.size()), p.run_insns, run.dump());
  Statement model(h, "INSERT INTO guest_models VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
  for (size_t m = 0; m < p.models.size(); ++m) {
    const CacheModel &c = p.models[m];
    model.run(label, c.name, static_cast<uint64_t>(m), c.l1i.size, c.l1i.ways, c.l1i.line,
              c.l1d.size, c.l1d.ways, c.l1d.line, c.l2.size, c.l2.ways, c.l2.line, c.l2_hit,
              c.memory);
  }
  Statement region(h, "INSERT INTO guest_regions VALUES (?, ?, ?, ?, ?, ?, ?)");
  Statement region_misses(
      h, "INSERT INTO guest_region_misses VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
  Statement function(h, "INSERT INTO guest_functions VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
  Statement function_misses(
      h, "INSERT INTO guest_function_misses VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
  size_t n = 0;
  for (const GuestRegion &r : p.regions) {
    region.run(label, r.region, r.name, r.workload, r.metric, r.iterations, r.insns);
    for (size_t m = 0; m < p.models.size(); ++m)
      region_misses.run(label, r.region, p.models[m].name, r.misses[m].l1i, r.misses[m].l1d,
                        r.misses[m].l2, r.cycles[m], r.misses_fa[m].l1i, r.misses_fa[m].l1d,
                        r.misses_fa[m].l2, r.cycles_fa[m]);
    for (const GuestFunction &f : r.functions) {
      function.run(label, static_cast<uint64_t>(f.line), r.region, f.function, f.addr,
                   f.user ? "user" : "kernel", f.insns, f.calls);
      for (size_t m = 0; m < p.models.size(); ++m)
        function_misses.run(label, static_cast<uint64_t>(f.line), p.models[m].name, f.misses[m].l1i,
                            f.misses[m].l1d, f.misses[m].l2,
                            modelled_cycles(p.models[m], f.insns, f.misses[m]), f.misses_fa[m].l1i,
                            f.misses_fa[m].l1d, f.misses_fa[m].l2,
                            modelled_cycles(p.models[m], f.insns, f.misses_fa[m]));
      ++n;
    }
  }
  return n;
}

} // namespace inlinetune
