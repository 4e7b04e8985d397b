// SPDX-License-Identifier: GPL-3.0-or-later
#include "inputs/execution_profile.h"

#include "error.h"
#include "inputs/csv_reader.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <functional>
#include <optional>
#include <regex>
#include <vector>

namespace inlinetune {

const char *profile_format_name(ExecutionProfileFormat format) {
  switch (format) {
  case ExecutionProfileFormat::auto_:
    return "auto";
  case ExecutionProfileFormat::perf_report:
    return "perf-report";
  case ExecutionProfileFormat::perf_script:
    return "perf-script";
  case ExecutionProfileFormat::csv:
    return "csv";
  }
  return "?";
}

ExecutionProfileFormat parse_profile_format(const std::string &name) {
  for (ExecutionProfileFormat f :
       {ExecutionProfileFormat::auto_, ExecutionProfileFormat::perf_report,
        ExecutionProfileFormat::perf_script, ExecutionProfileFormat::csv})
    if (name == profile_format_name(f))
      return f;
  throw UsageError("unknown profile format '{}' (auto, perf-report, perf-script or csv)", name);
}

namespace {

std::vector<std::string_view> split_lines(std::string_view text) {
  std::vector<std::string_view> lines;
  while (!text.empty()) {
    size_t nl = text.find('\n');
    std::string_view line = text.substr(0, nl);
    if (!line.empty() && line.back() == '\r')
      line.remove_suffix(1);
    lines.push_back(line);
    if (nl == std::string_view::npos)
      break;
    text.remove_prefix(nl + 1);
  }
  return lines;
}

bool blank(std::string_view line) {
  return std::all_of(line.begin(), line.end(),
                     [](char c) { return std::isspace(static_cast<unsigned char>(c)); });
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front())))
    s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back())))
    s.remove_suffix(1);
  return s;
}

bool is_csv_header(std::string_view line) {
  std::vector<CsvRow> rows = parse_csv(line);
  if (rows.size() != 1)
    return false;
  bool symbol = false, weight = false;
  for (const std::string &f : rows[0].fields) {
    std::string t(trim(f));
    std::transform(t.begin(), t.end(), t.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    symbol |= t == "symbol";
    weight |= t == "weight";
  }
  return symbol && weight;
}

// "  12.34%  " (perf report's overhead columns): one or more percentages.
const std::regex &percent_prefix() {
  static const std::regex re(R"(^\s*(([0-9]+(\.[0-9]+)?)%\s+)+)");
  return re;
}

// A symbol perf could not name: "[unknown]", an address ("0xffffffc008012345").
bool unknown_symbol(std::string_view s) {
  if (s.empty() || s == "[unknown]")
    return true;
  return s.size() > 2 && s[0] == '0' && s[1] == 'x' &&
         std::all_of(s.begin() + 2, s.end(),
                     [](char c) { return std::isxdigit(static_cast<unsigned char>(c)); });
}

void parse_perf_report(ExecutionProfile &p, const std::vector<std::string_view> &lines,
                       const std::function<void(size_t, const std::string &)> &error) {
  static const std::regex marker(R"(\s\[[a-zA-Z.]\]\s+)");
  p.total = 100;
  bool in_entry = false; // after an entry, before a blank line: its call graph
  for (size_t i = 0; i < lines.size(); ++i) {
    std::string line(lines[i]);
    if (blank(line)) {
      in_entry = false;
      continue;
    }
    if (trim(line).front() == '#')
      continue;
    std::smatch m;
    if (!std::regex_search(line, m, percent_prefix())) {
      if (in_entry && std::isspace(static_cast<unsigned char>(line[0])))
        continue; // an indented call-graph line: "|", "---func", "|--12.34%--func", "func"
      error(i + 1, "not a perf report line (\"  12.34%  command  object  [k] symbol\")");
      continue;
    }
    // The last percentage of the prefix: Self, with --children.
    std::string prefix = m.str(0);
    std::smatch pm;
    static const std::regex each(R"(([0-9]+(\.[0-9]+)?)%)");
    double weight = 0;
    for (auto it = std::sregex_iterator(prefix.begin(), prefix.end(), each);
         it != std::sregex_iterator(); ++it)
      weight = std::stod((*it)[1].str());
    std::string rest = " " + m.suffix().str();
    std::smatch mm;
    if (!std::regex_search(rest, mm, marker)) {
      error(i + 1, "no symbol (\"[k] symbol\" or \"[.] symbol\"): perf report --sort needs sym");
      continue;
    }
    in_entry = true;
    std::string symbol(trim(mm.suffix().str()));
    if (unknown_symbol(symbol))
      p.unknown += weight;
    else
      p.weights[symbol] += weight;
  }
}

// "func+0x18" -> "func"; "[unknown]" and addresses -> "".
std::string frame_symbol(std::string s) {
  size_t plus = s.rfind("+0x");
  if (plus != std::string::npos && plus + 3 < s.size() &&
      std::all_of(s.begin() + plus + 3, s.end(),
                  [](char c) { return std::isxdigit(static_cast<unsigned char>(c)); }))
    s.erase(plus);
  return unknown_symbol(s) ? "" : s;
}

// "ADDRESS symbol+0xOFFSET (object)" -> "symbol+0xOFFSET"; nullopt when S
// is not a frame.  By hand: perf script output runs to millions of lines.
std::optional<std::string> parse_frame(std::string_view s) {
  s = trim(s);
  size_t space = s.find_first_of(" \t");
  if (space == 0 || space == std::string_view::npos)
    return std::nullopt;
  std::string_view address = s.substr(0, space);
  if (!std::all_of(address.begin(), address.end(),
                   [](char c) { return std::isxdigit(static_cast<unsigned char>(c)); }))
    return std::nullopt;
  s = trim(s.substr(space));
  size_t open = s.rfind('(');
  if (s.empty() || s.back() != ')' || open == std::string_view::npos)
    return std::nullopt;
  return std::string(trim(s.substr(0, open)));
}

void parse_perf_script(ExecutionProfile &p, const std::vector<std::string_view> &lines,
                       const std::function<void(size_t, const std::string &)> &error) {
  bool in_sample = false, has_leaf = false;
  auto leaf = [&](const std::string &frame) {
    has_leaf = true;
    std::string s = frame_symbol(frame);
    if (s.empty())
      p.unknown += 1;
    else
      p.weights[s] += 1;
  };
  auto close = [&] {
    if (in_sample && !has_leaf)
      p.unknown += 1;
    in_sample = has_leaf = false;
  };
  for (size_t i = 0; i < lines.size(); ++i) {
    std::string_view line = lines[i];
    if (blank(line)) {
      close();
      continue;
    }
    if (trim(line).front() == '#')
      continue;
    const bool indented = std::isspace(static_cast<unsigned char>(line[0]));
    if (in_sample && indented) {
      if (std::optional<std::string> f = parse_frame(line)) {
        if (!has_leaf)
          leaf(*f);
        continue;
      }
    }
    // A sample's header: "comm pid [cpu] time: period event: [frame]".
    size_t colon = line.find(':');
    if (colon == std::string_view::npos) {
      error(i + 1, in_sample ? "not a frame (\"ADDRESS symbol+0xOFFSET (object)\")"
                             : "not a perf script sample (\"command pid [cpu] time: event:\")");
      continue;
    }
    close();
    in_sample = true;
    p.total += 1;
    // Without call graphs, the frame follows the event's colon on this line.
    for (size_t c = line.size(); c-- > colon;)
      if (line[c] == ':' && c + 1 < line.size() &&
          std::isspace(static_cast<unsigned char>(line[c + 1]))) {
        if (std::optional<std::string> f = parse_frame(line.substr(c + 1)))
          leaf(*f);
        break;
      }
  }
  close();
}

void parse_weights_csv(ExecutionProfile &p, std::string_view text,
                       const std::function<void(size_t, const std::string &)> &error) {
  std::vector<CsvRow> rows = parse_csv(text);
  size_t first = 0;
  while (first < rows.size() && !rows[first].fields.empty() &&
         trim(rows[first].fields[0]).substr(0, 1) == "#")
    ++first;
  if (first == rows.size())
    return;
  const CsvRow &header = rows[first];
  std::optional<size_t> cs, cw;
  for (size_t i = 0; i < header.fields.size(); ++i) {
    std::string t(trim(header.fields[i]));
    std::transform(t.begin(), t.end(), t.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (t == "symbol")
      cs = i;
    if (t == "weight")
      cw = i;
  }
  if (!cs || !cw)
    throw Error("{}:{}: the header has no column {} (a weights CSV is symbol,weight)", p.path,
                header.line,
                !cs && !cw ? "symbol, weight"
                : !cs      ? "symbol"
                           : "weight");
  for (size_t r = first + 1; r < rows.size(); ++r) {
    const CsvRow &row = rows[r];
    if (!row.error.empty()) {
      error(row.line, row.error);
      continue;
    }
    if (row.fields.size() != header.fields.size()) {
      error(row.line, fmt::format("{} field{}, the header has {}", row.fields.size(),
                                  row.fields.size() == 1 ? "" : "s", header.fields.size()));
      continue;
    }
    std::optional<double> w = parse_number(row.fields[*cw]);
    if (!w || *w < 0) {
      error(row.line, fmt::format("weight: '{}' is not a number >= 0", row.fields[*cw]));
      continue;
    }
    std::string s(trim(row.fields[*cs]));
    p.total += *w;
    if (unknown_symbol(s))
      p.unknown += *w;
    else
      p.weights[s] += *w;
  }
}

} // namespace

ExecutionProfileFormat detect_profile_format(std::string_view text) {
  for (std::string_view line : split_lines(text)) {
    if (blank(line) || trim(line).front() == '#')
      continue;
    if (is_csv_header(line))
      return ExecutionProfileFormat::csv;
    std::string l(line);
    if (std::regex_search(l, percent_prefix()))
      return ExecutionProfileFormat::perf_report;
    return ExecutionProfileFormat::perf_script;
  }
  return ExecutionProfileFormat::perf_report;
}

ExecutionProfile parse_execution_profile(std::string_view text, const std::string &path,
                                         ExecutionProfileFormat format,
                                         const DiagnosticSink &sink) {
  ExecutionProfile p;
  p.path = path;
  p.format = format == ExecutionProfileFormat::auto_ ? detect_profile_format(text) : format;
  auto error = [&](size_t line, const std::string &message) {
    sink({Diagnostic::Level::error, fmt::format("{}:{}", path, line), message});
    ++p.errors;
  };
  switch (p.format) {
  case ExecutionProfileFormat::perf_report:
    p.unit = "%";
    parse_perf_report(p, split_lines(text), error);
    if (p.weights.empty() && p.unknown == 0)
      throw Error("{}: no samples in the perf report (was it `perf report --stdio`?)", path);
    break;
  case ExecutionProfileFormat::perf_script:
    p.unit = "samples";
    parse_perf_script(p, split_lines(text), error);
    break;
  case ExecutionProfileFormat::csv:
    p.unit = "";
    parse_weights_csv(p, text, error);
    break;
  case ExecutionProfileFormat::auto_:
    break;
  }
  if (p.total <= 0)
    throw Error("{}: no samples in the profile ({})", path, profile_format_name(p.format));
  return p;
}

ExecutionProfile read_execution_profile(const std::string &path, ExecutionProfileFormat format,
                                        const DiagnosticSink &sink) {
  return parse_execution_profile(read_text_file(path), path, format, sink);
}

} // namespace inlinetune
