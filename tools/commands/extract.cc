// SPDX-License-Identifier: GPL-3.0-or-later
// inlinetune extract PATH... [-o FILE] [--with-symbols]
//
// Collects every TU's log found under the PATHs (objects, archives, thin
// archives, directories, .jsonl files of log=DIR) into one JSON Lines stream:
// TU by TU, sorted by the header's "object", each TU's records in their order.
// --with-symbols adds "elf_bytes" to function records: their real bytes
// from the object's symbol table, which diff and the other commands read
// back from the .jsonl as they read the object's.  What is read, and the rules for duplicates:
// docs/log-format.md.  Problems with one file are reported and the rest is
// read: exit 1 if there were any.
#include "commands/commands.h"
#include "error.h"
#include "model/build_model.h"
#include "output/output_file.h"

#include <fmt/format.h>

#include <algorithm>
#include <memory>

namespace inlinetune {

namespace {

struct Options {
  std::vector<std::string> paths;
  std::string output;
  bool with_symbols = false;
};

// TEXT (a TU's lines, each ending in '\n') with "elf_bytes" in every
// function record: the function's real bytes in FUNCTIONS, its object's
// symbols, as the model counts them (owned_bytes: its own symbol and the
// pieces GCC split off it that have no record of their own, such as
// foo.cold), null when none counts toward it (not emitted) or the record
// cannot be read.  Without FUNCTIONS (a .jsonl log), a record keeps the
// "elf_bytes" it has (a log extracted with them read again) and gets null
// when it has none.  Other records are written as they are.  Returns the
// number of lines.
size_t write_with_elf_bytes(Output &out, std::string_view text, const FunctionSizes *functions) {
  std::vector<std::string_view> lines;
  for (std::string_view rest = text; !rest.empty();)
    lines.push_back(take_line(&rest));
  // The function records, parsed, and their symbols (the decoder's reading;
  // nullopt for a record it cannot read).
  std::vector<size_t> at;
  std::vector<Record> records;
  std::vector<std::optional<std::string>> symbols;
  for (size_t i = 0; i < lines.size(); ++i) {
    std::string kind;
    if (!check_record(lines[i], &kind).empty() || kind != "function") // checked when read
      continue;
    at.push_back(i);
    records.push_back(Record::parse(lines[i]));
    std::optional<std::string> symbol;
    try {
      symbol = object_symbol(parse_function(records.back()).function.symbol);
    } catch (const Error &) {
    }
    symbols.push_back(std::move(symbol));
  }
  std::vector<std::optional<uint64_t>> bytes(at.size());
  if (functions) {
    // Unreadable records take no symbol's bytes: an empty name, which no
    // symbol of a table has.
    std::vector<std::string> names;
    for (const std::optional<std::string> &symbol : symbols)
      names.push_back(symbol.value_or(std::string()));
    bytes = owned_bytes(names, *functions);
  }
  size_t next = 0;
  for (size_t i = 0; i < lines.size(); ++i) {
    if (next < at.size() && at[next] == i) {
      Record &record = records[next];
      if (functions || !record.contains("elf_bytes"))
        record["elf_bytes"] = bytes[next] && symbols[next] ? Record(*bytes[next]) : Record(nullptr);
      out.write(record.dump());
      ++next;
    } else {
      out.write(lines[i]);
    }
    out.write("\n");
  }
  return lines.size();
}

int run(const Options &options) {
  ReadOptions read_options;
  read_options.function_sizes = options.with_symbols;
  LogSet logs(read_options, report);
  Output out(options.output); // before reading: a bad -o fails at once
  for (const std::string &path : options.paths)
    logs.add_path(path);
  const std::vector<TuInfo> &tus = logs.finish();
  size_t records = 0, lines = 0;
  for (const TuInfo &tu : tus) {
    std::string text = logs.text(tu);
    if (!options.with_symbols) {
      out.write(text);
      lines += static_cast<size_t>(std::count(text.begin(), text.end(), '\n'));
    } else {
      lines += write_with_elf_bytes(out, text, tu.functions.get());
    }
    records += tu.records;
  }
  // The parts add up to the whole: every record counted when read is written.
  if (lines != records)
    throw Error("internal error: wrote {} lines for {} records", lines, records);
  out.commit();
  const ReadStats &stats = logs.stats();
  fmt::print(stderr, "inlinetune extract: {} TUs, {} records from {} files ({} without logs){}\n",
             tus.size(), records, stats.files, stats.without_log,
             stats.duplicates ? fmt::format(", {} duplicate TUs skipped", stats.duplicates) : "");
  return stats.errors ? 1 : 0;
}

} // namespace

std::function<int()> setup_extract(Args &args) {
  auto options = std::make_shared<Options>();
  args.positionals("PATH", &options->paths, true,
                   "Objects, archives (thin too), directories (searched for *.o, *.a and "
                   "*.jsonl) and .jsonl logs");
  args.option("-o,--output", "FILE", &options->output,
              "Write to FILE (replaced atomically) instead of standard output");
  args.flag("--with-symbols", &options->with_symbols,
            "Add \"elf_bytes\" (the function's real bytes in its object, or null) to function records");
  return [options] { return run(*options); };
}

} // namespace inlinetune
