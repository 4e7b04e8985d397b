// SPDX-License-Identifier: GPL-3.0-or-later
#include "output/annotation_page.h"

#include "output/html_report.h"

#include <fmt/format.h>

namespace inlinetune {

namespace {

// Each file: a heading, where its text was read from, buttons (every line
// or the annotated ones with their context; which decisions to show), and a
// table of its lines, a call site's annotation in a row under its line with
// the caret under the call's column (tabs kept, as the text listing does).
const char *const view_script = R"PAGE(
'use strict';
window.inlinetuneSource = function (parent, data) {
  const context = 3;
  let drawn = 0, expected = 0;
  function el(tag, attrs, ...children) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {}))
      e.setAttribute(k, v);
    for (const c of children)
      if (c !== null && c !== undefined)
        e.append(c);          // a string becomes a text node
    return e;
  }
  // The bytes of LINE before COLUMN, tabs kept, anything else a space (one
  // per character: GCC counts columns in bytes, JavaScript in UTF-16 units).
  function indent(line, column) {
    const bytes = new TextEncoder().encode(line);
    let s = '';
    for (let i = 0; i + 1 < column; ++i) {
      const b = i < bytes.length ? bytes[i] : 32;
      if (b === 9)
        s += '\t';
      else if ((b & 0xc0) !== 0x80)
        s += ' ';
    }
    return s;
  }
  function button(text, on) {
    const b = el('button', { type: 'button' }, text);
    b.addEventListener('click', on);
    return b;
  }
  for (const f of data.files) {
    const box = el('div', { class: 'annotated context-only', 'data-file': f.file });
    parent.append(box);
    box.append(el('h3', {}, f.file));
    box.append(el('p', { class: 'note' }, (f.source ? 'Read from ' + f.source : 'Source text not found (give the tree with --source-root DIR)') +
      '; TU' + (f.tus.length === 1 ? ' ' : 's ') + f.tus.join(', ') + '; ' + f.sites.length + ' call sites.'));
    if (!f.lines) {
      // No text: the sites alone, by line.
      const list = el('ul', { class: 'sites' });
      for (const s of f.sites)
        list.append(el('li', { class: 'site ' + s.state }, s.line + ':' + s.column + ': ' + s.text.join(' | ')));
      box.append(list);
      continue;
    }
    expected += f.sites.length - f.past_end;
    const at = new Map();
    for (const s of f.sites) {
      if (!at.has(s.line))
        at.set(s.line, []);
      at.get(s.line).push(s);
    }
    const n = f.lines.length;
    const near = new Array(n + 2).fill(false);
    for (const l of at.keys())
      for (let k = Math.max(1, l - context); k <= Math.min(n, l + context); ++k)
        near[k] = true;
    const tools = el('p', { class: 'tools' });
    tools.append(button('All lines', () => box.classList.toggle('context-only')));
    for (const state of ['inlined', 'refused', 'partly']) {
      const id = 'show-' + state + '-' + Math.random().toString(36).slice(2);
      const check = el('input', { type: 'checkbox', id: id, checked: 'checked' });
      check.addEventListener('change', () => box.classList.toggle('hide-' + state, !check.checked));
      tools.append(check, el('label', { for: id }, state));
    }
    box.append(tools);
    const body = el('tbody', {});
    let gap = false;
    for (let l = 1; l <= n; ++l) {
      if (!near[l]) {
        gap = true;
        body.append(el('tr', { class: 'far' }, el('td', { class: 'ln' }, String(l)), el('td', { class: 'code' }, f.lines[l - 1])));
        continue;
      }
      if (gap)
        body.append(el('tr', { class: 'gap' }, el('td', { class: 'ln' }, '\u22ee'), el('td', {}, '')));
      gap = false;
      body.append(el('tr', { class: 'src' + (at.has(l) ? ' has-sites' : ''), id: 'L' + l + '-' + f.file },
        el('td', { class: 'ln' }, String(l)), el('td', { class: 'code' }, f.lines[l - 1])));
      for (const s of at.get(l) || []) {
        const pad = indent(f.lines[l - 1], s.column);
        const td = el('td', { class: 'code' });
        s.text.forEach((t, i) => td.append(el('div', {}, pad + (i ? '  ' : '^ ') + t)));
        body.append(el('tr', { class: 'site ' + s.state + (s.change ? ' changed' : ''), 'data-line': String(l),
                               'data-change': s.change, 'data-callee': s.row.callee }, el('td', { class: 'ln' }, ''), td));
        ++drawn;
      }
    }
    box.append(el('div', { class: 'table' }, el('table', { class: 'source', 'data-source': f.file }, body)));
    if (f.past_end)
      box.append(el('p', { class: 'error' }, f.past_end + ' call sites past the end of the file: has it changed since the build?'));
  }
  return { drawn: drawn, expected: expected };
};
)PAGE";

const char *const view_style = R"PAGE(
table.source { border-collapse: collapse; font-family: ui-monospace, monospace; font-size: 0.8em; tab-size: 8; }
table.source td { border: none; padding: 0 0.5em; white-space: pre; vertical-align: top; }
table.source td.ln { color: #888; text-align: right; user-select: none; }
table.source tr.has-sites td.code { background: #f7f7f2; }
table.source tr.site.inlined td { color: #1d7a3a; }
table.source tr.site.refused td { color: #b3261e; }
table.source tr.site.partly td { color: #9a6b00; }
table.source tr.site.changed td { font-weight: bold; }
table.source tr.gap td { color: #aaa; }
.annotated.context-only tr.far { display: none; }
.annotated:not(.context-only) tr.gap { display: none; }
.annotated.hide-inlined tr.site.inlined, .annotated.hide-refused tr.site.refused,
.annotated.hide-partly tr.site.partly { display: none; }
.tools label { margin-right: 1em; }
.tools button { margin-right: 1em; }
ul.sites { font-family: ui-monospace, monospace; font-size: 0.8em; }
)PAGE";

const char *const annotate_script = R"PAGE(
'use strict';
(function () {
  const data = JSON.parse(document.getElementById('inlinetune-data').textContent);
  try {
    const r = window.inlinetuneSource(document.getElementById('annotate'), data);
    if (r.drawn !== r.expected)
      window.inlinetuneFail(r.drawn + ' of ' + r.expected + ' call sites drawn');
    document.getElementById('status').setAttribute('data-sites', r.drawn + '/' + r.expected);
    window.inlinetuneFinish({ expected: 0, rendered: 0 }, r.drawn + ' call sites drawn');
  } catch (e) {
    window.inlinetuneFail('annotated source: ' + (e && e.message ? e.message : e));
    window.inlinetuneFinish({ expected: 0, rendered: 0 });
  }
})();
)PAGE";

} // namespace

const char *source_view_script() {
  return view_script;
}

const char *source_view_style() {
  return view_style;
}

std::string render_annotation_page(const std::string &title, const nlohmann::ordered_json &data) {
  const std::string n = page_nonce();
  const std::string headline = data.value("headline", "");
  std::string out;
  out += "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n";
  out += fmt::format("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src "
                     "'none'; script-src 'nonce-{}'; style-src 'unsafe-inline'; img-src data:\">\n",
                     n);
  out += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n";
  out += "<meta name=\"generator\" content=\"inlinetune annotate\">\n";
  out += "<title>" + html_escape(title) + "</title>\n";
  out += "<style>" + std::string(page_style_sheet()) + view_style + "</style>\n";
  out += fmt::format("<script nonce=\"{}\">{}</script>\n", n, page_guard_script());
  out += "</head>\n<body>\n";
  out += "<h1>" + html_escape(title) + "</h1>\n";
  out += "<p class=\"headline\">" + html_escape(headline) + "</p>\n";
  out += "<noscript><p class=\"error\">This page draws the annotated source with JavaScript; "
         "its data is the JSON in the script element #inlinetune-data.</p></noscript>\n";
  out += "<main id=\"annotate\"></main>\n";
  out += "<footer>\n<p id=\"status\" data-status=\"pending\">Page check: not run.</p>\n";
  out += "<p>Made by <code>inlinetune annotate</code> (docs/cli.md).  The data shown is the "
         "JSON in the script element #inlinetune-data.</p>\n</footer>\n";
  out += "<script type=\"application/json\" id=\"inlinetune-data\">";
  out += script_json(data);
  out += "</script>\n";
  out += fmt::format("<script nonce=\"{}\">{}</script>\n", n, view_script);
  out += fmt::format("<script nonce=\"{}\">{}</script>\n", n, annotate_script);
  out += "</body>\n</html>\n";
  return out;
}

} // namespace inlinetune
