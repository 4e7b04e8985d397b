// SPDX-License-Identifier: GPL-3.0-or-later
// inlinetune extract PATH... [-o FILE] [--with-symbols]
//
// Collects every TU's log found under the PATHs (objects, archives, thin
// archives, directories, .jsonl files of log=DIR) into one JSON Lines stream:
// TU by TU, sorted by the header's "object", each TU's records in their order.
// --with-symbols adds "elf_bytes" to function records from the object's
// symbol table.  What is read, and the rules for duplicates:
// docs/log-format.md.  Problems with one file are reported and the rest is
// read: exit 1 if there were any.
#include "commands/commands.h"
#include "error.h"
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

// LINE with "elf_bytes" set when it is a function record: the summed size of
// the STT_FUNC symbols named by its "symbol" (or, schema 2 writing "symbol"
// only when it differs, its "name") in FUNCTIONS, null when there is none
// (inlined everywhere and not emitted) or no symbol table (a .jsonl log).
// Other records are returned as they are.
std::string with_elf_bytes(std::string_view line, const FunctionSizes *functions) {
  std::string kind;
  if (!check_record(line, &kind).empty() || kind != "function") // checked when read
    return std::string(line);
  Record record = Record::parse(line);
  Record bytes = nullptr;
  if (functions) {
    // The record's symbol as the decoder reads it; a record it cannot read
    // gets null.
    std::optional<std::string> symbol;
    try {
      symbol = object_symbol(parse_function(record).function.symbol);
    } catch (const Error &) {
    }
    if (symbol)
      if (auto found = functions->find(*symbol); found != functions->end())
        bytes = found->second;
  }
  record["elf_bytes"] = bytes;
  return record.dump();
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
      std::string_view rest = text;
      while (!rest.empty()) {
        size_t nl = rest.find('\n');
        out.write(with_elf_bytes(rest.substr(0, nl), tu.functions.get()));
        out.write("\n");
        rest.remove_prefix(nl + 1);
        ++lines;
      }
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
            "Add \"elf_bytes\" (the function's symbol size, or null) to function records");
  return [options] { return run(*options); };
}

} // namespace inlinetune
