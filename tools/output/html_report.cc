// SPDX-License-Identifier: GPL-3.0-or-later
#include "output/html_report.h"

#include "error.h"
#include "output/annotation_page.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <random>

namespace inlinetune {

namespace {

// The page's own script: it reads the data block and draws every section.
// Each chart is drawn by chart(), which counts it and checks that Chart.js
// laid out an area and one element per value; finish() writes the outcome
// into #status.  Strings go into the document as text nodes only.
const char *const page_script = R"PAGE(
'use strict';
(function () {
  const data = JSON.parse(document.getElementById('inlinetune-data').textContent);
  const main = document.getElementById('report');
  const charts = { expected: 0, rendered: 0 };
  const fail = window.inlinetuneFail;
  const up = '#c0392b', down = '#27864a', est = '#7f8c8d', inl = '#2e6fb5', out = '#d9822b';
  Chart.defaults.animation = false;
  Chart.defaults.font.family = 'system-ui, sans-serif';

  function el(tag, attrs, ...children) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {}))
      e.setAttribute(k, v);
    for (const c of children)
      if (c !== null && c !== undefined)
        e.append(c);          // a string becomes a text node
    return e;
  }
  function section(id, title, ...notes) {
    const s = el('section', { id: id }, el('h2', {}, title));
    for (const n of notes)
      s.append(el('p', { class: 'note' }, n));
    main.append(s);
    return s;
  }
  function num(v) {
    return typeof v === 'number' ? v : 0;
  }
  function signed(v) {
    return v > 0 ? '+' + v : String(v);
  }
  function short(s, n) {
    return s.length > n ? s.slice(0, n - 1) + '\u2026' : s;
  }
  function table(t) {
    if (!t)
      return el('p', {}, '(none)');
    const box = el('div', { class: 'table' });
    if (t.rows.length === 0) {
      box.append(el('p', {}, '(none)'));
      return box;
    }
    const head = el('tr', {});
    t.columns.forEach((c, i) => head.append(el('th', t.numeric[i] ? { class: 'num' } : {}, c)));
    const body = el('tbody', {});
    for (const row of t.rows) {
      const tr = el('tr', {});
      row.forEach((cell, i) => tr.append(el('td', t.numeric[i] ? { class: 'num' } : {}, cell)));
      body.append(tr);
    }
    box.append(el('table', { 'data-table': t.name }, el('thead', {}, head), body));
    if (t.omitted)
      box.append(el('p', { class: 'note' }, t.omitted + ' more rows (raise --top to see them)'));
    return box;
  }
  function chart(parent, name, height, config) {
    ++charts.expected;
    const canvas = el('canvas', { 'data-chart': name, role: 'img' });
    const box = el('div', { class: 'chart' }, canvas);
    box.style.height = height + 'px';
    parent.append(box);
    try {
      config.options = Object.assign({ responsive: true, maintainAspectRatio: false }, config.options);
      const c = new Chart(canvas, config);
      const drawn = c.chartArea && c.chartArea.width > 0 && c.chartArea.height > 0 &&
        c.data.datasets.every((d, i) => c.getDatasetMeta(i).data.length === d.data.length);
      if (!drawn)
        throw new Error('Chart.js laid out nothing');
      canvas.setAttribute('data-rendered', 'yes');
      ++charts.rendered;
    } catch (e) {
      fail('chart ' + name + ': ' + (e && e.message ? e.message : e));
      box.replaceWith(el('p', { class: 'error' }, 'This chart failed: ' + (e && e.message ? e.message : e)));
    }
  }
  function hbar(labels, datasets, options) {
    return {
      type: 'bar',
      data: { labels: labels, datasets: datasets },
      options: Object.assign({ indexAxis: 'y', plugins: { legend: { position: 'top' } } }, options),
    };
  }
  // Ranges for two axes (bytes, GCC units) whose zeros line up: zero sits
  // at the same fraction of each axis, the larger of the two, each range
  // widened as little as that needs.
  function alignedRanges(a, b) {
    const r = [a, b].map(v => {
      const l = Math.min(0, ...v), h = Math.max(0, ...v);
      return { min: l, max: h === l ? 1 : h };
    });
    const zero = x => -x.min / (x.max - x.min);
    let z = Math.max(...r.map(zero));
    if (z === 1 && r.some(x => x.max > 0))
      z = 0.5; // one all negative, the other not: zero in the middle
    for (const x of r) {
      if (zero(x) < z)
        x.min = -z * x.max / (1 - z);
      else if (zero(x) > z)
        x.max = -x.min * (1 - z) / z;
    }
    return r;
  }
  // Bars per chart at most: a canvas cannot be arbitrarily tall (--top 0 on a
  // kernel); the tables have every row.
  const maxBars = 60;
  function rowHeight(n) {
    return 70 + 22 * Math.max(n, 1);
  }

  // ---- provenance -------------------------------------------------------
  // "a (3 TUs); b (1 TUs)", the first five.
  function tally(list, text) {
    const shown = list.slice(0, 5).map(x => text(x) + ' (' + x.tus + ' TUs)');
    if (list.length > 5)
      shown.push('(+' + (list.length - 5) + ' more)');
    return shown.join('; ');
  }
  function provenance() {
    const s = section('builds', 'Builds', 'The TUs compared (those in both builds), by compiler, tag, policy files\' md5 and params.');
    const rows = [['paths', b => b.paths.join(' ')],
                  ['TUs', b => b.tus + ' (' + b.tus_with_symbols + ' with symbol tables)'],
                  ['GCC', b => tally(b.gcc, g => g.version + ' ' + g.target)],
                  ['tags', b => tally(b.tags, t => t.tag === '' ? '(none)' : t.tag)],
                  ['policy md5', b => tally(b.policy_md5, p => p.md5 === null ? '(no policy file)' : p.md5)],
                  ['params', b => tally(b.params, p => p.params === '' ? '(none)' : p.params)]];
    const body = el('tbody', {});
    for (const [what, f] of rows)
      body.append(el('tr', {}, el('th', {}, what), el('td', {}, f(data.builds.base)), el('td', {}, f(data.builds.new))));
    s.append(el('div', { class: 'table' }, el('table', { 'data-table': 'builds' },
      el('thead', {}, el('tr', {}, el('th', {}, ''), el('th', {}, 'base'), el('th', {}, 'new'))), body)));
    s.append(el('p', { class: 'note' }, data.sizes_note));
  }

  // ---- bytes per subsystem ----------------------------------------------
  function subsystems() {
    const bytes = data.bytes_known;
    const s = section('subsystems', bytes ? 'Real .text bytes by subsystem' : 'Estimated size by subsystem',
      bytes ? 'Bars: NEW - BASE in bytes of the functions\' ELF symbols, per subsystem, largest change first; red grew, green shrank.  The tooltip adds both totals, the percentage, GCC\'s estimated delta and the flips.'
            : 'No symbol tables (the logs came from .jsonl files): bars show GCC\'s estimated size delta instead of bytes.');
    // The chart leaves out subsystems that did not change; the table has all.
    const rows = data.diff.subsystems.filter(r => num(bytes ? r.delta : r.est_delta) !== 0).slice(0, maxBars);
    const values = rows.map(r => bytes ? num(r.delta) : num(r.est_delta));
    if (rows.length === 0) {
      s.append(el('p', {}, 'No subsystem changed size.'));
      s.append(table(data.tables.subsystems));
      return;
    }
    chart(s, 'subsystems', rowHeight(rows.length), hbar(rows.map(r => r.subsystem), [{
      label: bytes ? 'bytes delta' : 'estimated size delta',
      data: values,
      backgroundColor: values.map(v => v > 0 ? up : down),
    }], {
      plugins: {
        legend: { display: false },
        tooltip: { callbacks: { afterLabel: ctx => {
          const r = rows[ctx.dataIndex];
          return [bytes ? r.base + ' -> ' + r.new + ' bytes' + (r.percent === null ? '' : ' (' + signed(r.percent) + '%)') : '',
                  'estimated: ' + signed(r.est_delta),
                  'flips: ' + r.to_inlined + ' to inlined, ' + r.to_not_inlined + ' to not inlined',
                  'functions: ' + r.vanished + ' vanished, ' + r.appeared + ' appeared'];
        } } },
      },
    }));
    s.append(table(data.tables.subsystems));
  }

  // ---- flips by reason --------------------------------------------------
  function reasons() {
    const s = section('reasons', 'Flipped decisions by reason',
      'A site flipped when its decision differs between the builds.  "to inlined": now inlined, counted under the reason BASE refused it for; "to not inlined": now refused, under NEW\'s reason.');
    const rows = data.diff.reasons;
    if (rows.length === 0) {
      s.append(el('p', {}, 'No decision flipped.'));
      return;
    }
    chart(s, 'reasons', rowHeight(rows.length), hbar(rows.map(r => r.reason), [
      { label: 'to inlined (was refused for)', data: rows.map(r => r.to_inlined), backgroundColor: inl },
      { label: 'to not inlined (now refused for)', data: rows.map(r => r.to_not_inlined), backgroundColor: out },
    ], {
      scales: { x: { stacked: true, ticks: { precision: 0 }, title: { display: true, text: 'call sites' } }, y: { stacked: true } },
      plugins: { tooltip: { callbacks: { afterTitle: items => rows[items[0].dataIndex].text } } },
    }));
    s.append(table(data.tables.reasons));
  }

  // ---- functions ----------------------------------------------------------
  function functions() {
    const bytes = data.bytes_known;
    const s = section('functions', 'Functions with the largest byte deltas',
      'Bars (the first ' + maxBars + ' at most): the real byte delta of each function (its symbol and the pieces GCC split off), largest first, beside GCC\'s estimated size delta (size_after, in GCC\'s size units, top axis).  The table lists the flipped decisions that explain each row: +callee (now inlined, with the reason BASE refused it), -callee (no longer inlined, with NEW\'s reason); caller->callee for calls of a function that vanished or appeared, or calls inlined into it.');
    const rows = data.diff.functions.filter(r => r.status !== 'not emitted').slice(0, maxBars);
    if (rows.length === 0) {
      s.append(el('p', {}, 'No function changed.'));
    } else {
      const sets = [];
      if (bytes)
        sets.push({ label: 'bytes delta', data: rows.map(r => num(r.delta)), xAxisID: 'x',
                    backgroundColor: rows.map(r => num(r.delta) > 0 ? up : down) });
      sets.push({ label: 'estimated size delta (GCC units)', data: rows.map(r => num(r.est_delta)),
                  xAxisID: bytes ? 'x2' : 'x', backgroundColor: est });
      const scales = { x: { title: { display: true, text: bytes ? 'bytes' : 'GCC size units' } } };
      if (bytes) {
        // Explicit ranges: no ticks at their (unround) ends.
        const [rx, rx2] = alignedRanges(sets[0].data, sets[1].data);
        Object.assign(scales.x, rx, { ticks: { includeBounds: false } });
        scales.x2 = Object.assign({ position: 'top', grid: { drawOnChartArea: false },
                                    ticks: { includeBounds: false },
                                    title: { display: true, text: 'GCC size units' } }, rx2);
      }
      chart(s, 'functions', rowHeight(2 * rows.length), hbar(rows.map(r => short(r.function, 40)), sets, {
        scales: scales,
        plugins: { tooltip: { callbacks: {
          title: items => { const r = rows[items[0].dataIndex]; return r.function + ' (' + r.file + ')'; },
          afterTitle: items => { const r = rows[items[0].dataIndex];
                                 return r.status + ': ' + (r.base === null ? '-' : r.base) + ' -> ' + (r.new === null ? '-' : r.new) + ' bytes; ' + r.flips.length + ' flips'; },
        } } },
      }));
    }
    s.append(table(data.tables.functions));
  }

  // ---- flip thresholds ----------------------------------------------------
  // Bins of a weighted [[value, count], ...] list: about 30 of a round width
  // up to the 99th percentile, one more for the rest.
  function bins(pairs) {
    const total = pairs.reduce((a, p) => a + p[1], 0);
    let seen = 0, p99 = pairs[pairs.length - 1][0];
    for (const [v, c] of pairs) {
      seen += c;
      if (seen >= 0.99 * total) { p99 = v; break; }
    }
    const lo = pairs[0][0];
    let width = 1;
    for (const w of [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000, 10000, 100000, 1000000]) {
      width = w;
      if ((p99 - lo + 1) / w <= 30)
        break;
    }
    const start = Math.floor(lo / width) * width;
    const n = Math.floor((p99 - start) / width) + 1;
    const out = [];
    for (let i = 0; i < n; ++i) {
      const a = start + i * width, b = a + width - 1;
      out.push({ label: width === 1 ? String(a) : a + '-' + b, hi: b, count: 0 });
    }
    const rest = { label: '> ' + out[n - 1].hi, hi: Infinity, count: 0 };
    for (const [v, c] of pairs) {
      if (v > out[n - 1].hi)
        rest.count += c;
      else
        out[Math.floor((v - start) / width)].count += c;
    }
    if (rest.count)
      out.push(rest);
    return out;
  }
  function thresholds() {
    const s = section('thresholds', 'Flip thresholds of the refusals in NEW',
      'For each call site that NEW refused by a size limit, the value of the limit\'s param at which GCC would have inlined it (flip_at).  Bars: refused sites per flip_at range; line (right axis): the sites that raising the param to that value would flip to inlined, cumulatively.  A first-order view: each inlining changes the sizes that later decisions see.  Sites whose flip point GCC\'s hints make unknown are counted in the title only.');
    if (data.thresholds.length === 0) {
      s.append(el('p', {}, 'NEW refused no call site by a size limit.'));
      return;
    }
    for (const t of data.thresholds) {
      const values = t.values.map(v => v[0]);
      const current = values.length === 1 ? String(values[0]) : Math.min(...values) + '-' + Math.max(...values) + ' (per caller)';
      const title = t.param + ': ' + t.refused + ' refused in NEW at ' + current + (t.unknown ? ', ' + t.unknown + ' with flip point unknown' : '');
      const h = s.appendChild(el('h3', {}, title));
      if (t.flip_at.length === 0) {
        h.after(el('p', {}, 'No known flip point.'));
        continue;
      }
      const b = bins(t.flip_at);
      let sum = 0;
      const cumulative = b.map(x => (sum += x.count));
      chart(s, 'threshold-' + t.param, 320, {
        type: 'bar',
        data: { labels: b.map(x => x.label), datasets: [
          { type: 'bar', label: 'refused sites with flip_at in range', data: b.map(x => x.count), backgroundColor: inl, yAxisID: 'y' },
          { type: 'line', label: 'inlined if raised to the range\'s top (cumulative)', data: cumulative, borderColor: out, backgroundColor: out, yAxisID: 'y2' },
        ] },
        options: {
          scales: {
            x: { title: { display: true, text: t.param + ' (flip_at)' } },
            y: { beginAtZero: true, ticks: { precision: 0 }, title: { display: true, text: 'sites' } },
            y2: { beginAtZero: true, ticks: { precision: 0 }, position: 'right', grid: { drawOnChartArea: false }, title: { display: true, text: 'cumulative sites' } },
          },
        },
      });
    }
  }

  // ---- the rest -----------------------------------------------------------
  function lists() {
    section('vanished', 'Vanished functions', 'Out of line in BASE, not in NEW: inlined into every caller.').append(table(data.tables.vanished));
    section('appeared', 'Appeared functions', 'Out of line in NEW, not in BASE.').append(table(data.tables.appeared));
  }
  function correlation() {
    if (!data.correlation)
      return;
    const c = data.correlation;
    const s = section('correlation', 'Correlation with measured results',
      'The diff joined with the measured workload results (inlinetune correlate, docs/cli.md): attribution by profile share, not causation.');
    s.append(el('p', { class: 'headline' }, c.headline));
    // What the numbers are, before any of them: instruction counts are not
    // time, and every change comes with what it cost in .text.
    const sum = c.data.summary;
    if (sum.metric_note)
      s.append(el('p', { class: 'caveat', 'data-note': 'metric' }, sum.metric_note));
    s.append(el('p', { class: 'caveat', 'data-note': 'text' }, sum.text_delta === null
      ? 'The .text growth is not known (no symbol tables: logs read from .jsonl files).'
      : 'Beside every change below: the .text growth of the TUs compared, ' + signed(sum.text_delta) + ' bytes (' +
        (sum.text_percent === null ? '' : signed(sum.text_percent) + '%, ') + sum.text_base + ' -> ' + sum.text_new +
        ' bytes of their functions).  The spread is min..max over the runs; within_spread says the two ranges overlap.'));
    const w = c.data.workloads.filter(r => typeof r.change === 'number').slice(0, maxBars);
    if (w.length) {
      chart(s, 'workloads', rowHeight(w.length), hbar(w.map(r => short(r.workload + ' ' + r.metric, 50)), [{
        label: 'change (new / baseline - 1, %)',
        data: w.map(r => r.change),
        backgroundColor: w.map(r => (r.rate ? r.change > 0 : r.change < 0) ? down : up),
      }], {
        plugins: { legend: { display: false }, tooltip: { callbacks: { afterLabel: ctx => {
          const r = w[ctx.dataIndex];
          const range = x => x === null ? '' : ' [' + x[0] + '..' + x[1] + ']';
          return [r.baseline + range(r.base_spread) + ' -> ' + r.new + range(r.new_spread) +
                    (r.rate ? ' (a rate: higher is better)' : ' (a cost: lower is better)'),
                  r.within_spread === true ? 'within the spread of the runs'
                    : r.within_spread === false ? 'outside the spread of the runs' : 'spread not measured',
                  r.text_delta === null ? '' : '.text ' + signed(r.text_delta) + ' bytes' +
                    (r.text_change === null ? '' : ' (' + signed(r.text_change) + '%)'),
                  r.explainable === null ? '' : 'explainable by the changed functions: ' + r.explainable + '%'];
        } } } },
        scales: { x: { title: { display: true, text: w.every(r => /^instructions/i.test(r.metric))
          ? 'change in instructions counted by QEMU (-icount, not cycles), %' : 'change, %' } } },
      }));
    }
    const f = c.data.functions.filter(r => typeof r.share === 'number' && r.share > 0).slice(0, maxBars);
    if (f.length)
      chart(s, 'profile-share', rowHeight(f.length), hbar(f.map(r => short(r.function, 40)), [{
        label: 'share of the profile (%)', data: f.map(r => r.share), backgroundColor: inl,
      }], { plugins: { legend: { display: false } },
            scales: { x: { title: { display: true, text: 'share of the profile, %' } } } }));
    for (const t of c.tables) {
      s.append(el('h3', {}, t.title.replace(/:$/, '')));
      s.append(table(t));
    }
  }


  // ---- attribution by guest profile (report --guest-profiles) ------------
  function attribution() {
    if (!data.attribution)
      return;
    const a = data.attribution, d = a.data;
    const s = section('attribution', 'Attribution by guest profile',
      'Per workload, its change in instructions per op split over groups of functions (a function with those code moved between it and in the two builds: inlining moves instructions between symbols), largest change first, until 90% of the change is covered; the rest is one "other" row.  From the two builds\' guest profiles (guestprof, docs/guest-profile.md) and the decision logs.');
    s.append(el('p', { class: 'headline' }, a.headline));
    s.append(el('p', { class: 'caveat', 'data-note': 'cache-model' }, a.cache_note));
    const groups = d.groups, workloads = d.guest_workloads;
    if (workloads.length === 0) {
      s.append(el('p', {}, 'No workload is in both profiles.'));
      return;
    }
    // One stacked bar per workload: a segment per listed group, one for
    // the rest; a dataset per group name (0 where a workload lacks it).
    const names = [];
    for (const g of groups)
      if (!names.includes(g.rank === null ? 'other' : g.function))
        names.push(g.rank === null ? 'other' : g.function);
    const palette = ['#2e6fb5', '#d9822b', '#27864a', '#c0392b', '#8e44ad', '#16a085', '#b7950b', '#7f8c8d', '#34495e', '#e67e22'];
    const labels = workloads.slice(0, maxBars).map(w => w.workload);
    for (const [what, key, unit] of [['insns', 'change', 'instructions'], ['cycles', 'cycles_change', 'modelled cycles (a model)']]) {
      if (key === 'cycles_change' && d.summary.guest_profiles.model === null)
        continue;
      const sets = names.map((n, i) => ({
        label: n,
        data: labels.map(w => { const g = groups.find(r => r.workload === w && (n === 'other' ? r.rank === null : r.function === n && r.rank !== null)); return g ? g[key] : 0; }),
        backgroundColor: n === 'other' ? '#bbbbbb' : palette[i % palette.length],
      }));
      s.append(el('h3', {}, what === 'insns' ? 'Change in instructions per op, by group' : 'Change in modelled cycles per op (cache model ' + d.summary.guest_profiles.model + (d.summary.guest_profiles.cycles_kind === 'fully-associative' ? ', fully associative' : '') + ': a model, not a measurement), by group'));
      chart(s, 'attribution-' + what, rowHeight(labels.length), hbar(labels, sets, {
        scales: { x: { stacked: true, title: { display: true, text: unit + ' per op, new - base' } }, y: { stacked: true } },
        plugins: { legend: { display: names.length <= 12 } },
      }));
    }
    for (const w of workloads) {
      s.append(el('h3', {}, w.attribution));
      const t = a.tables.find(x => x.name === 'groups');
      const rows = t.rows.filter(r => r[0] === w.workload);
      s.append(table(Object.assign({}, t, { name: 'attribution-' + w.workload, rows: rows, omitted: 0 })));
    }
    s.append(el('h3', {}, 'Workloads'));
    s.append(table(a.tables.find(x => x.name === 'guest_workloads')));
  }

  // ---- annotated source (report --annotate N) ---------------------------------
  function annotated() {
    if (!data.annotate)
      return;
    const s = section('annotated', 'Annotated source',
      'The files with the most flipped decisions (--annotate N), each call site under its line as inlinetune annotate prints it: BASE\'s decision -> NEW\'s for a flip, with the reason and the limit that stands; docs/cli.md ("annotate").');
    if (data.annotate.files.length === 0) {
      s.append(el('p', {}, 'No decision flipped.'));
      return;
    }
    s.append(el('p', { class: 'headline' }, data.annotate.headline));
    const r = window.inlinetuneSource(s, data.annotate);
    if (r.drawn !== r.expected)
      fail('annotated source: ' + r.drawn + ' of ' + r.expected + ' call sites drawn');
  }

  for (const part of [provenance, subsystems, reasons, functions, thresholds, lists, annotated, correlation, attribution]) {
    try {
      part();
    } catch (e) {
      fail(part.name + ': ' + (e && e.message ? e.message : e));
    }
  }
  // A link to a section (report.html#thresholds): it exists only now.
  if (location.hash) {
    const target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
    if (target)
      target.scrollIntoView();
  }
  window.inlinetuneFinish(charts);
})();
)PAGE";

// Runs before anything else: records script errors, console errors and
// resource loads, and writes the page's health into #status.
const char *const guard_script = R"PAGE(
'use strict';
(function () {
  const errors = [];
  function show() {
    const st = document.getElementById('status');
    if (!st || errors.length === 0)
      return;
    const counts = new Map();
    for (const e of errors)
      counts.set(e, (counts.get(e) || 0) + 1);
    st.setAttribute('data-status', 'error');
    st.textContent = 'Page errors: ' +
      [...counts].map(([e, n]) => n > 1 ? e + ' (' + n + ' times)' : e).join('; ');
  }
  window.inlinetuneFail = function (message) {
    errors.push(String(message));
    show();
  };
  window.addEventListener('error', e => window.inlinetuneFail(e.message || 'an error loading ' + (e.target && e.target.tagName)), true);
  window.addEventListener('unhandledrejection', e => window.inlinetuneFail('unhandled rejection: ' + e.reason));
  document.addEventListener('securitypolicyviolation', e => window.inlinetuneFail('blocked by the page\'s policy: ' + e.blockedURI));
  const error = console.error;
  console.error = function (...args) {
    window.inlinetuneFail('console.error: ' + args.join(' '));
    error.apply(console, args);
  };
  window.inlinetuneFinish = function (charts, what) {
    const fetched = performance.getEntriesByType('resource').map(r => r.name);
    if (fetched.length)
      window.inlinetuneFail('resources fetched: ' + fetched.join(' '));
    if (charts.rendered !== charts.expected)
      window.inlinetuneFail(charts.rendered + ' of ' + charts.expected + ' charts drawn');
    const st = document.getElementById('status');
    st.setAttribute('data-charts', charts.rendered + '/' + charts.expected);
    if (errors.length === 0) {
      st.setAttribute('data-status', 'ok');
      st.textContent = 'Page check: ' + (what || charts.rendered + ' charts drawn') + ', no errors.';
    }
    show();
  };
})();
)PAGE";

const char *const page_style = R"PAGE(
body { font-family: system-ui, sans-serif; margin: 1.5em auto; max-width: 1150px; padding: 0 1em; color: #222; }
h1 { font-size: 1.5em; margin-bottom: 0.2em; }
h2 { font-size: 1.2em; margin-top: 2em; border-bottom: 1px solid #ccc; }
h3 { font-size: 1em; margin-bottom: 0.2em; }
.headline { font-family: ui-monospace, monospace; background: #f4f4f4; padding: 0.5em; white-space: pre-wrap; }
.note { color: #555; font-size: 0.9em; max-width: 60em; }
.caveat { border-left: 4px solid #d9822b; padding: 0.2em 0.6em; max-width: 60em; }
.chart { position: relative; width: 100%; }
.table { overflow-x: auto; }
table { border-collapse: collapse; font-size: 0.85em; margin: 0.5em 0; }
th, td { border-bottom: 1px solid #e4e4e4; padding: 0.2em 0.6em; text-align: left; vertical-align: top; }
th { background: #f4f4f4; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
.error { color: #b00; font-weight: bold; }
#status[data-status="error"] { color: #b00; font-weight: bold; }
footer { margin-top: 3em; color: #777; font-size: 0.8em; }
)PAGE";

} // namespace

// 16 random bytes, base64: the nonce that lets the page's scripts run.
std::string page_nonce() {
  static const char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::random_device rd;
  std::string out;
  for (int i = 0; i < 22; ++i)
    out += alphabet[rd() % 64];
  return out;
}

const char *page_guard_script() {
  return guard_script;
}

const char *page_style_sheet() {
  return page_style;
}

std::string script_json(const nlohmann::ordered_json &data) {
  const std::string text =
      data.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    // Outside strings JSON has none of these: each one is inside a string,
    // where a \u escape means the same character.
    if (c == '<')
      out += "\\u003c";
    else if (c == '>')
      out += "\\u003e";
    else if (c == '&')
      out += "\\u0026";
    else if (c == '\xe2' && i + 2 < text.size() && text[i + 1] == '\x80' &&
             (text[i + 2] == '\xa8' || text[i + 2] == '\xa9')) {
      out += text[i + 2] == '\xa8' ? "\\u2028" : "\\u2029";
      i += 2;
    } else
      out += c;
  }
  return out;
}

std::string html_escape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
    case '&':
      out += "&amp;";
      break;
    case '<':
      out += "&lt;";
      break;
    case '>':
      out += "&gt;";
      break;
    case '"':
      out += "&quot;";
      break;
    case '\'':
      out += "&#39;";
      break;
    default:
      out += c;
    }
  }
  return out;
}

void check_inline_script(std::string_view script, const std::string &origin) {
  std::string lower(script);
  std::transform(lower.begin(), lower.end(), lower.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  for (const char *bad : {"</script", "<!--"})
    if (lower.find(bad) != std::string::npos)
      throw Error("{}: holds \"{}\", so it cannot be inlined into the page's <script> element",
                  origin, bad);
}

nlohmann::ordered_json table_data(const Table &table) {
  nlohmann::ordered_json columns = nlohmann::ordered_json::array(),
                         numeric = nlohmann::ordered_json::array(),
                         rows = nlohmann::ordered_json::array();
  for (size_t c = 0; c < table.columns.size(); ++c) {
    columns.push_back(table.columns[c].name);
    // Right-aligned as in the table format: numbers (and nulls) only.
    bool number = true;
    for (const auto &row : table.rows)
      number = number && (row.at(c).is_number() || row.at(c).is_null());
    numeric.push_back(number && !table.rows.empty());
  }
  for (const auto &row : table.rows) {
    nlohmann::ordered_json text = nlohmann::ordered_json::array();
    for (size_t c = 0; c < table.columns.size(); ++c)
      text.push_back(cell_text(table.columns[c], row.at(c), true));
    rows.push_back(std::move(text));
  }
  return {{"name", table.name}, {"title", table.title}, {"columns", columns},
          {"numeric", numeric}, {"rows", rows},         {"omitted", table.omitted}};
}

std::string render_page(const Page &page) {
  check_inline_script(page.chartjs, page.chartjs_origin);
  const std::string n = page_nonce();
  const std::string headline = page.data.value("headline", "");
  std::string out;
  out += "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n";
  // Nothing may be fetched; only the page's own scripts (by nonce) run.
  out += fmt::format("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src "
                     "'none'; script-src 'nonce-{}'; style-src 'unsafe-inline'; img-src data:\">\n",
                     n);
  out += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n";
  out += "<meta name=\"generator\" content=\"inlinetune report\">\n";
  out += "<title>" + html_escape(page.title) + "</title>\n";
  out += "<style>" + std::string(page_style) + source_view_style() + "</style>\n";
  out += fmt::format("<script nonce=\"{}\">{}</script>\n", n, guard_script);
  out += "</head>\n<body>\n";
  out += "<h1>" + html_escape(page.title) + "</h1>\n";
  out += "<p class=\"headline\">" + html_escape(headline) + "</p>\n";
  out += "<noscript><p class=\"error\">This report draws its charts and tables with "
         "JavaScript; its data is the JSON in the script element "
         "#inlinetune-data.</p></noscript>\n";
  out += "<main id=\"report\"></main>\n";
  out += "<footer>\n<p id=\"status\" data-status=\"pending\">Page check: not run.</p>\n";
  out += "<p>Made by <code>inlinetune report</code> (docs/cli.md).  Charts by Chart.js, from " +
         html_escape(page.chartjs_origin) +
         ", inlined below.  The data shown is the JSON in the script element "
         "#inlinetune-data.</p>\n</footer>\n";
  out += fmt::format("<script nonce=\"{}\">\n", n);
  out += page.chartjs;
  out += "\n</script>\n";
  out += "<script type=\"application/json\" id=\"inlinetune-data\">";
  out += script_json(page.data);
  out += "</script>\n";
  out += fmt::format("<script nonce=\"{}\">{}</script>\n", n, source_view_script());
  out += fmt::format("<script nonce=\"{}\">{}</script>\n", n, page_script);
  out += "</body>\n</html>\n";
  return out;
}

} // namespace inlinetune
