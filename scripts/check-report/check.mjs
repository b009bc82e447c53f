#!/usr/bin/env node
// Browser check of canonprof's report.html (a self-contained XHTML page with inline SVG charts, tables and relative
// links to flamegraph SVG files next to it).
//
//   node scripts/check-report/check.mjs REPORT.html OUTDIR
//
// Opens the report by file:// URL in the system's headless Chromium (/usr/bin/chromium, or $CHROMIUM) at 1280x800
// through playwright-core, and fails (exit 1, one line per problem on stderr) on:
//   - a console message of type error, or an uncaught exception in the page;
//   - any request that is not file:, data:, about: or blob: (aborted by routing, so the page loads nothing from the
//     network, and reported by URL), including WebSockets;
//   - a local file the page tried to load and could not (a broken relative <img>/<object>/<link> ...), an image that
//     loaded but does not decode, or an <a href> to a local file that does not exist (the flamegraph links) or to an
//     #id that is not in the page;
//   - a file that declares itself XHTML (an <?xml ...?> prolog or the XHTML namespace) but is not well-formed XML:
//     a .html file is parsed by the browser's forgiving HTML parser, so the text is also run through DOMParser as
//     application/xhtml+xml;
//   - an embedded flamegraph (<object type="image/svg+xml">) that did not load, whose script did not run, whose root
//     bar is inferno's unlabelled "all", or that does not zoom on a click or match a search; fewer embedded graphs
//     than $CHECK_REPORT_MIN_FLAMEGRAPHS (default 0);
//   - a per-credential cost chart (svg[id$="-bars"] inside a credential's section) that is not log-scaled
//     (data-scale="log") with at least 3 labelled ticks (text.tick) and the caption "log scale: equal distances are
//     equal ratios", or one of whose bars (rect.bar) is narrower than 20 px as rendered; fewer such charts than
//     $CHECK_REPORT_MIN_LOG_CHARTS (default 0);
//   - a blank render: no h1, fewer than 200 characters of visible body text, no visible inline <svg> with a non-zero
//     width and height, or a 1280x800 screenshot that is essentially one colour (see blankScreenshot below).
// Writes OUTDIR/report-1280x800.png and OUTDIR/report-full.png (full page) whenever the page loaded, failing or not,
// and on success prints one line: report check OK: <file>, <N> svg charts, <M> tables, screenshots in <OUTDIR>.
// The whole check is bounded by $CHECK_REPORT_TIMEOUT seconds (default 60): past that it says so and exits 1, and
// playwright-core's exit handler kills the browser's process group and removes its temporary profile.
// Exit status: 0 OK, 1 problems found (or timeout, or the browser could not start), 2 usage.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { pathToFileURL, fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const MIN_TEXT = 200;            // characters of visible body text
const VIEWPORT = { width: 1280, height: 800 };
const TIMEOUT_S = Number(process.env.CHECK_REPORT_TIMEOUT || 60);
const LOCAL_SCHEMES = new Set(['file:', 'data:', 'about:', 'blob:']);
// Chromium's flags. Playwright adds its own switches and a fresh temporary --user-data-dir (a new
// playwright_chromiumdev_profile-* directory under $TMPDIR, deleted when the browser closes or is killed); it refuses
// a --user-data-dir in args, so the profile is that one.
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

const [reportArg, outArg] = process.argv.slice(2);
if (!reportArg || !outArg || process.argv.length > 4) {
  console.error('usage: node check.mjs REPORT.html OUTDIR');
  process.exit(2);
}
const reportPath = path.resolve(reportArg);
const outDir = path.resolve(outArg);
if (!fs.existsSync(reportPath) || !fs.statSync(reportPath).isFile()) {
  console.error(`check-report: no such file: ${reportArg}`);
  process.exit(2);
}
const executablePath = process.env.CHROMIUM || '/usr/bin/chromium';
if (!fs.existsSync(executablePath)) {
  console.error(`check-report: no Chromium at ${executablePath} (apt-get install -y chromium, or set $CHROMIUM)`);
  process.exit(1);
}
const reportUrl = pathToFileURL(reportPath).href;
const reportDir = path.dirname(reportPath);
const shotViewport = path.join(outDir, 'report-1280x800.png');
const shotFull = path.join(outDir, 'report-full.png');
fs.mkdirSync(outDir, { recursive: true });
for (const f of [shotViewport, shotFull]) fs.rmSync(f, { force: true });   // never leave an older run's picture

let step = 'launching Chromium';
const timer = setTimeout(() => {
  console.error(`check-report: timed out after ${TIMEOUT_S} s while ${step}: ${reportArg}`);
  process.exit(1);   // playwright-core's 'exit' handler SIGKILLs the browser's process group, removes its profile
}, TIMEOUT_S * 1000);

const isLocal = (url) => { try { return LOCAL_SCHEMES.has(new URL(url).protocol); } catch { return false; } };
const stripHash = (url) => url.replace(/#.*$/, '');
// A file: URL as a path relative to the report's directory when it is under it (short lines), else the URL.
function shown(url) {
  try {
    const u = new URL(url);
    if (u.protocol !== 'file:') return url;
    const rel = path.relative(reportDir, fileURLToPath(u));
    return rel.startsWith('..') || path.isAbsolute(rel) ? fileURLToPath(u) : rel;
  } catch { return url; }
}

const problems = [];
const problem = (line) => { if (!problems.includes(line)) problems.push(line); };
const blocked = new Set();       // non-local URLs the page asked for (all aborted)
const failedLocal = new Map();   // local URL -> Chromium's error text
const consoleErrors = [];        // { text, url, line }

let browser;
try {
  browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS, headless: true, timeout: TIMEOUT_S * 1000 });
} catch (e) {
  console.error(`check-report: could not start ${executablePath}: ${String(e.message).split('\n')[0]}`);
  process.exit(1);
}
const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 1, serviceWorkers: 'block' });
context.setDefaultTimeout(TIMEOUT_S * 1000);
// Everything that is not local is aborted before it leaves the browser, and remembered to be reported.
await context.route((url) => !isLocal(url.href), (route) => {
  blocked.add(route.request().url());
  return route.abort('blockedbyclient');
});
// WebSockets do not go through route(): they get their own, which never connects them to a server.
await context.routeWebSocket(() => true, (ws) => { blocked.add(ws.url()); return ws.close({ code: 1008, reason: 'blocked' }); });
const page = await context.newPage();
page.on('request', (req) => { if (!isLocal(req.url())) blocked.add(req.url()); });   // belt and braces
page.on('websocket', (ws) => blocked.add(ws.url()));
page.on('requestfailed', (req) => {
  if (isLocal(req.url())) failedLocal.set(req.url(), req.failure()?.errorText || 'failed');
});
page.on('console', (msg) => {
  if (msg.type() !== 'error') return;
  const loc = msg.location();
  consoleErrors.push({ text: msg.text(), url: loc.url, line: loc.lineNumber });
});
page.on('pageerror', (err) => problem(`page error: ${String(err.message || err).split('\n')[0]}`));

step = 'loading the page';
try {
  await page.goto(reportUrl, { waitUntil: 'load' });
} catch (e) {
  problem(`page did not load: ${String(e.message).split('\n')[0]}`);
}
step = 'waiting for fonts and layout';
// Fonts, then two animation frames so that what the screenshot takes is laid out and painted.
await page.evaluate(() => document.fonts.ready.then(() =>
  new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))))).catch(() => {});

step = 'inspecting the page';
const source = fs.readFileSync(reportPath, 'utf8');
const head = source.slice(0, 4000);
const claimsXhtml = /^\s*<\?xml\b/.test(source) || /<html\b[^>]*\bxmlns\s*=\s*["']http:\/\/www\.w3\.org\/1999\/xhtml["']/.test(head);
const info = await page.evaluate(({ source, claimsXhtml }) => {
  const parseError = (doc) => {
    // Chromium's <parsererror> holds an h3 heading, a div with "error on line L at column C: ...", another h3.
    const e = doc.getElementsByTagName('parsererror')[0];
    if (!e) return null;
    const detail = e.getElementsByTagName('div')[0] || e;
    return detail.textContent.replace(/\s+/g, ' ').trim().replace(/:$/, '');
  };
  // The loaded document itself (an .xhtml file shows its XML error in the page) or, for a .html, the source as XML.
  let xmlError = parseError(document);
  if (!xmlError && claimsXhtml) xmlError = parseError(new DOMParser().parseFromString(source, 'application/xhtml+xml'));
  const visible = (el) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 &&
      (el.checkVisibility ? el.checkVisibility({ opacityProperty: true, visibilityProperty: true }) : true);
  };
  const svgs = [...document.querySelectorAll('svg')].filter((s) => !s.parentElement?.closest('svg'));
  const h1 = document.querySelector('h1');
  const links = [...document.querySelectorAll('a')].map((a) => {
    const raw = a.getAttribute('href') ?? a.getAttributeNS('http://www.w3.org/1999/xlink', 'href');
    if (raw == null) return null;
    let url; try { url = new URL(raw, document.baseURI).href; } catch { return { raw, url: null }; }
    let missingId = false;
    const hash = url.includes('#') ? url.slice(url.indexOf('#') + 1) : '';
    if (hash && url.split('#')[0] === location.href.split('#')[0]) {
      const id = decodeURIComponent(hash);
      missingId = !document.getElementById(id) && document.getElementsByName(id).length === 0;
    }
    return { raw, url, missingId };
  }).filter(Boolean);
  return {
    xmlError,
    hasH1: !!h1,
    h1Text: h1 ? h1.textContent.trim() : '',
    textLength: (document.body?.innerText || '').replace(/\s+/g, ' ').trim().length,
    svgTotal: svgs.length,
    svgVisible: svgs.filter(visible).length,
    tables: document.querySelectorAll('table').length,
    // The cost charts per credential (ids <run>-c-<credential>-bars): their scale, tick labels, caption and bars.
    costCharts: svgs.filter((s) => /-c-.*-bars$/.test(s.id || '') || /-c-.*-bars-title$/.test(s.getAttribute('aria-labelledby') || ''))
      .map((s) => ({
        id: s.getAttribute('aria-labelledby')?.replace(/-title$/, '') || '(no id)',
        scale: s.getAttribute('data-scale'),
        ticks: [...s.querySelectorAll('text.tick')].map((t) => t.textContent.trim()).filter(Boolean),
        caption: s.querySelector('text.caption')?.textContent || '',
        bars: [...s.querySelectorAll('rect.bar')].map((r) => r.getBoundingClientRect().width),
      })),
    links,
  };
}, { source, claimsXhtml }).catch((e) => { problem(`could not inspect the page: ${String(e.message).split('\n')[0]}`); return null; });

// Images that loaded but do not decode (a local file that is not an image, a malformed SVG).
const images = await page.evaluate(() => Promise.all([...document.images].map((img) =>
  img.decode().then(() => null, () => img.currentSrc || img.src)))).catch(() => []);

step = 'taking screenshots';
let viewportPng = null;
try {
  viewportPng = await page.screenshot({ path: shotViewport, animations: 'disabled' });
  await page.screenshot({ path: shotFull, fullPage: true, animations: 'disabled' });
} catch (e) {
  problem(`could not take screenshots: ${String(e.message).split('\n')[0]}`);
}
// Let anything the full-page layout started (lazy images) finish or fail before the requests are judged.
await page.waitForLoadState('load').catch(() => {});
await page.waitForTimeout(100);

// Embedded flamegraphs (<object type="image/svg+xml">): each must have loaded as a document whose own script ran
// (inferno's init: labels fitted to the bars), with a root bar that names the graph instead of inferno's "all", and
// must answer as the interactive graph does: a click on a bar zooms (the "Reset Zoom" button appears) and a search
// highlights frames ("Matched: N%"). The search is called as the Search button's prompt would call it.
step = 'trying the embedded flamegraphs';
const graphs = await page.evaluate(() => [...document.querySelectorAll('object[type="image/svg+xml"]')]
  .map((o) => new URL(o.getAttribute('data'), document.baseURI).href)).catch(() => []);
let interactive = 0;
for (const url of graphs) {
  const frame = page.frames().find((f) => f.url() === url);
  if (!frame) { problem(`embedded flamegraph did not load as a document: ${shown(url)}`); continue; }
  const result = await frame.evaluate(() => {
    const bars = [...document.querySelectorAll('#frames > g')];
    const width = (g) => Number(g.querySelector('rect')?.getAttribute('fg:w') || 0);
    const title = (g) => g.querySelector('title')?.textContent || '';
    const root = bars.reduce((a, b) => (width(b) > width(a) ? b : a), bars[0]);
    if (!root) return { error: 'no frames' };
    if (typeof init !== 'function' || typeof zoom !== 'function' || typeof search !== 'function') {
      return { error: 'its script did not load (no init, zoom or search function)' };
    }
    if (details == null) return { error: 'its script did not run (init was not called)' };
    const rootLabel = title(root).replace(/ \([^(]*\)$/, '');
    if (rootLabel === 'all' || !root.querySelector('text')?.textContent) {
      return { error: `its root bar is not labelled (title "${title(root)}")` };
    }
    const child = bars.filter((g) => g !== root).sort((a, b) => width(b) - width(a))[0] || root;
    child.querySelector('rect').dispatchEvent(new MouseEvent('click', { bubbles: true }));
    const zoomed = !document.getElementById('unzoom').classList.contains('hide');
    unzoom();
    const term = title(child).replace(/ \([^(]*\)$/, '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    search(term);
    const matched = document.getElementById('matched').textContent;
    reset_search();
    if (!zoomed) return { error: 'a click on a bar did not zoom' };
    if (!/^Matched: [0-9.]+%$/.test(matched)) return { error: `a search for "${term}" matched nothing ("${matched}")` };
    return { root: rootLabel };
  }).catch((e) => ({ error: `could not be tried: ${String(e.message).split('\n')[0]}` }));
  if (result.error) problem(`embedded flamegraph ${shown(url)}: ${result.error}`);
  else interactive++;
}
const minGraphs = Number(process.env.CHECK_REPORT_MIN_FLAMEGRAPHS || 0);
if (graphs.length < minGraphs) {
  problem(`${graphs.length} embedded flamegraphs, at least ${minGraphs} expected ($CHECK_REPORT_MIN_FLAMEGRAPHS)`);
}

// ---- judging ----
if (info) {
  // The absolute chart answers RDFC-1.0 against JCS only if every bar is readable: a log axis, labelled.
  for (const c of info.costCharts) {
    if (c.scale !== 'log') problem(`cost chart ${c.id}: not log-scaled (data-scale="${c.scale}")`);
    if (c.ticks.length < 3) problem(`cost chart ${c.id}: ${c.ticks.length} labelled ticks, at least 3 expected`);
    if (!/log scale: equal distances are equal ratios/.test(c.caption)) {
      problem(`cost chart ${c.id}: no caption saying the scale ("${c.caption}")`);
    }
    if (c.bars.length === 0) problem(`cost chart ${c.id}: no bars`);
    const thin = c.bars.filter((w) => !(w >= 20));
    if (thin.length) problem(`cost chart ${c.id}: ${thin.length} bars narrower than 20 px (${thin.map((w) => w.toFixed(1)).join(', ')})`);
  }
  const minLog = Number(process.env.CHECK_REPORT_MIN_LOG_CHARTS || 0);
  if (info.costCharts.length < minLog) {
    problem(`${info.costCharts.length} per-credential cost charts, at least ${minLog} expected ($CHECK_REPORT_MIN_LOG_CHARTS)`);
  }
  if (info.xmlError) problem(`not well-formed XHTML: ${info.xmlError.slice(0, 300)}`);
  for (const l of info.links) {
    if (!l.url) { problem(`broken link: href="${l.raw}" is not a URL`); continue; }
    if (l.missingId) { problem(`broken link: href="${l.raw}" names no id in the page`); continue; }
    if (new URL(l.url).protocol !== 'file:') continue;   // network links are not loaded by the page: fine
    const target = fileURLToPath(stripHash(l.url));
    if (!fs.existsSync(target)) problem(`broken link: href="${l.raw}" -> ${shown(stripHash(l.url))} does not exist`);
  }
}
for (const url of blocked) problem(`network request blocked: ${url} (the report must load nothing from the network)`);
for (const [url, err] of failedLocal) {
  const p = url.startsWith('file:') ? fileURLToPath(stripHash(url)) : null;
  const why = p && !fs.existsSync(p) ? 'no such file' : err;
  problem(`failed to load local file: ${shown(url)} (${why})`);
}
for (const src of images.filter(Boolean)) {
  if (!failedLocal.has(src) && !blocked.has(src)) problem(`broken image: ${shown(src)} does not decode as an image`);
}
for (const c of consoleErrors) {
  // Chromium also logs "Failed to load resource" for every failed or blocked request: that one is reported above.
  if (/^Failed to load resource/.test(c.text) && (blocked.has(c.url) || failedLocal.has(c.url))) continue;
  const where = c.url ? ` (${shown(c.url)}${c.line != null ? `:${c.line + 1}` : ''})` : '';
  problem(`console error: ${c.text.split('\n')[0]}${where}`);
}
if (info) {
  if (!info.hasH1) problem('blank render: the document has no h1 element');
  else if (!info.h1Text) problem('blank render: the h1 element is empty');
  if (info.textLength < MIN_TEXT) {
    problem(`blank render: the body has only ${info.textLength} characters of visible text (at least ${MIN_TEXT} expected)`);
  }
  if (info.svgVisible === 0) {
    problem(`blank render: no visible svg element with a non-zero width and height (${info.svgTotal} svg elements in all)`);
  }
}
if (viewportPng) {
  try {
    const blank = blankScreenshot(viewportPng);
    if (blank) problem(`blank render: the 1280x800 screenshot is essentially one colour (${blank})`);
  } catch (e) {
    console.error(`check-report: warning: pixel check skipped, screenshot not decoded: ${e.message}`);
  }
}

step = 'closing Chromium';
await browser.close().catch(() => {});
clearTimeout(timer);
const rel = (p) => path.relative(process.cwd(), p) || '.';
if (problems.length) {
  for (const p of problems) console.error(`check-report: ${p}`);
  const shots = viewportPng ? `, screenshots of it in ${rel(outDir)}` : '';
  console.error(`report check FAILED: ${rel(reportPath)}, ${problems.length} problem${problems.length > 1 ? 's' : ''}${shots}`);
  process.exit(1);
}
console.log(`report check OK: ${rel(reportPath)}, ${info.svgVisible} svg charts (${info.costCharts.length} log-scaled cost charts), ${interactive} interactive flamegraphs, ${info.tables} tables, screenshots in ${rel(outDir)}`);

// Is the screenshot essentially one colour? The PNG is decoded here with node's zlib alone (no image library): the
// chunks' IDAT data inflated and un-filtered (PNG filter types 0-4), which covers what Chromium writes (8-bit RGB or
// RGBA, not interlaced). The most common pixel value is the background; the render is blank when fewer than 0.5% of
// the pixels (about 5,000 of 1,024,000) differ from it by more than 16 in any channel. Comparing the PNG's byte size
// with a blank page's would be cheaper but depends on the encoder and on the background's colour; this measures the
// picture itself. A real report's first screen (a heading, text, a chart) differs in 5% or more of its pixels.
// Returns null when not blank, else a description like "#ffffff covers 99.98% of 1280x800".
function blankScreenshot(png) {
  const { width, height, pixels, bpp, type } = decodePng(png);
  const tolerance = type === 3 ? 0 : 16;   // palette indices are compared exactly
  const n = width * height;
  const key = (i) => { let k = 0; for (let c = 0; c < bpp; c++) k = k * 256 + pixels[i * bpp + c]; return k; };
  const counts = new Map();
  for (let i = 0; i < n; i += 7) { const k = key(i); counts.set(k, (counts.get(k) || 0) + 1); }   // a sample suffices
  let mode = 0, best = -1;
  for (const [k, c] of counts) if (c > best) { best = c; mode = k; }
  const ref = []; for (let c = bpp - 1, k = mode; c >= 0; c--, k = Math.floor(k / 256)) ref[c] = k % 256;
  let differing = 0;
  for (let i = 0; i < n; i++) {
    for (let c = 0; c < bpp; c++) {
      if (Math.abs(pixels[i * bpp + c] - ref[c]) > tolerance) { differing++; break; }
    }
  }
  if (differing >= n * 0.005) return null;
  const hex = bpp >= 3 ? '#' + ref.slice(0, 3).map((v) => v.toString(16).padStart(2, '0')).join('') : `grey ${ref[0]}`;
  return `${hex} covers ${(100 * (n - differing) / n).toFixed(2)}% of ${width}x${height}`;
}

function decodePng(buf) {
  if (buf.readUInt32BE(0) !== 0x89504e47) throw new Error('not a PNG');
  let pos = 8, width, height, depth, type, interlace;
  const idat = [];
  while (pos < buf.length) {
    const len = buf.readUInt32BE(pos), kind = buf.toString('latin1', pos + 4, pos + 8);
    const data = buf.subarray(pos + 8, pos + 8 + len);
    if (kind === 'IHDR') {
      width = data.readUInt32BE(0); height = data.readUInt32BE(4);
      depth = data[8]; type = data[9]; interlace = data[12];
    } else if (kind === 'IDAT') idat.push(data);
    else if (kind === 'IEND') break;
    pos += 12 + len;
  }
  const channels = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 }[type];
  if (!channels || depth !== 8 || interlace !== 0) {
    throw new Error(`PNG colour type ${type}, bit depth ${depth}, interlace ${interlace} not handled`);
  }
  const bpp = channels, stride = width * bpp;
  const raw = zlib.inflateSync(Buffer.concat(idat));
  const pixels = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const f = raw[y * (stride + 1)], src = y * (stride + 1) + 1, dst = y * stride;
    for (let x = 0; x < stride; x++) {
      const a = x >= bpp ? pixels[dst + x - bpp] : 0;          // left
      const b = y > 0 ? pixels[dst + x - stride] : 0;           // up
      const c = x >= bpp && y > 0 ? pixels[dst + x - stride - bpp] : 0;   // up-left
      let v = raw[src + x];
      if (f === 1) v += a;
      else if (f === 2) v += b;
      else if (f === 3) v += (a + b) >> 1;
      else if (f === 4) {
        const p = a + b - c, pa = Math.abs(p - a), pb = Math.abs(p - b), pc = Math.abs(p - c);
        v += pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      } else if (f !== 0) throw new Error(`PNG filter type ${f}`);
      pixels[dst + x] = v & 255;
    }
  }
  return { width, height, pixels, bpp, type };
}
