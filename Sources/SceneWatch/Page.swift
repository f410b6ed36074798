import SceneLang

/// The page `scene watch` serves: its own small HTML, CSS and JavaScript (no framework,
/// nothing fetched from elsewhere). It follows the event stream, swaps the SVG in place
/// keeping zoom and scroll, shows errors over the last good picture, explains the shape
/// under the pointer, highlights a finding's shape, and reconnects by itself.
public enum Page {
    public static func html(title: String, screen: String? = nil) -> [UInt8] {
        let options = ScreenPreset.names.map {
            "<option value=\"\(escape($0))\"\($0 == screen ? " selected" : "")>\(escape($0))</option>"
        }.joined()
        return Array("""
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><title>\(escape(title)) · scene watch</title>
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <link rel="icon" id="favicon" href="/favicon.svg"><link rel="stylesheet" href="/page.css"></head>
        <body data-version="-1" data-ok="">
        <header>
          <span id="conn" class="off" title="connection to scene watch"></span>
          <strong id="file">\(escape(title))</strong> <span id="summary"></span>
          <span class="tools">
            <label><input type="checkbox" id="centers"> centers</label>
            <label><input type="checkbox" id="labels"> labels</label>
            <label><input type="checkbox" id="compare"> compare iOS 18</label>
            <label>screen <select id="screen"><option value="">as written</option>\(options)</select></label>
            <button id="zoomOut" title="zoom out">−</button><button id="zoomReset" title="actual size">100%</button><button id="zoomIn" title="zoom in">+</button>
          </span>
        </header>
        <main>
          <section id="stage"><div id="canvas"></div>
            <div id="overlay" hidden><div class="title">The scene does not compile; the picture is the last one that did.</div><pre id="errors"></pre></div>
          </section>
          <aside>
            <h2>Shape</h2><pre id="detail">Hover a shape to see its frame, its four radii, what each corner was measured against and the arithmetic.</pre>
            <h2>Findings <span id="count"></span></h2><ol id="findings"></ol>
          </aside>
        </main>
        <script src="/page.js"></script>
        </body></html>

        """.utf8)
    }

    static func escape(_ s: String) -> String {
        s.replacingAll("&", "&amp;").replacingAll("<", "&lt;").replacingAll(">", "&gt;").replacingAll("\"", "&quot;")
    }

    public static let css = Array("""
    * { box-sizing: border-box; }
    body { margin: 0; font: 13px -apple-system, system-ui, sans-serif; color: #1c1c1e; background: #fff; height: 100vh; display: flex; flex-direction: column; }
    header { display: flex; gap: 10px; align-items: center; padding: 6px 10px; border-bottom: 1px solid #d1d1d6; background: #f9f9fb; flex-wrap: wrap; }
    header .tools { margin-left: auto; display: flex; gap: 10px; align-items: center; }
    #summary { color: #6e6e73; }
    #conn { width: 10px; height: 10px; border-radius: 5px; display: inline-block; }
    #conn.on { background: #34c759; } #conn.off { background: #8e8e93; }
    main { flex: 1; display: flex; min-height: 0; }
    #stage { flex: 1; overflow: auto; position: relative; background: #e5e5ea; }
    #canvas { padding: 12px; display: inline-block; }
    #canvas svg { display: block; background: #fff; }
    #canvas .hover { stroke: #0a84ff !important; stroke-width: 2.5px !important; stroke-opacity: 1 !important; }
    #canvas .picked { stroke: #ff3b30 !important; stroke-width: 3px !important; stroke-opacity: 1 !important; stroke-dasharray: 6 3; }
    #overlay { position: sticky; bottom: 0; left: 0; margin: 0 12px 12px; background: rgba(255,255,255,0.96); border: 2px solid #ff3b30; border-radius: 10px; padding: 10px 12px; max-height: 60%; overflow: auto; box-shadow: 0 4px 20px rgba(0,0,0,0.2); }
    #overlay .title { font-weight: 600; color: #d70015; margin-bottom: 6px; }
    #errors { margin: 0; font: 12px ui-monospace, SFMono-Regular, Menlo, monospace; white-space: pre; }
    aside { width: 50%; max-width: 820px; border-left: 1px solid #d1d1d6; overflow: auto; padding: 8px 12px; }
    aside h2 { font-size: 12px; text-transform: uppercase; letter-spacing: 0.04em; color: #6e6e73; margin: 10px 0 4px; }
    #detail { font: 11px ui-monospace, SFMono-Regular, Menlo, monospace; white-space: pre; overflow-x: auto; margin: 0; background: #f2f2f7; padding: 8px; border-radius: 8px; }
    #findings { padding-left: 22px; margin: 0; }
    #findings li { cursor: pointer; padding: 3px 2px; border-radius: 4px; }
    #findings li:hover, #findings li.active { background: #e5f0ff; }
    #findings .warning { color: #b25000; } #findings .error { color: #d70015; }
    button { font: inherit; padding: 1px 7px; }

    """.utf8)

    public static let script = Array(#"""
    'use strict';
    // scene watch: follows /events (Server-Sent Events), swaps the SVG in place.
    const $ = (id) => document.getElementById(id);
    let source = null, retry = 250, zoom = 1, hovered = null, picked = null;
    const details = new Map();

    function query() {
      const q = new URLSearchParams();
      for (const t of ['centers', 'labels', 'compare']) if ($(t).checked) q.set(t, '1');
      q.set('screen', $('screen').value);
      return q.toString();
    }

    function connect() {
      if (source) source.close();
      details.clear();
      source = new EventSource('/events?' + query());
      source.addEventListener('svg', (e) => swap(e.data, e.lastEventId));
      source.addEventListener('patch', (e) => patch(JSON.parse(e.data), e.lastEventId));
      source.addEventListener('status', (e) => status(JSON.parse(e.data)));
      source.onopen = () => { retry = 250; $('conn').className = 'on'; };
      source.onerror = () => {
        $('conn').className = 'off';
        // The browser retries by itself unless the stream was refused: then we do, backing off.
        if (source.readyState === EventSource.CLOSED) { setTimeout(connect, retry); retry = Math.min(retry * 2, 4000); }
      };
    }

    const now = () => performance.timeOrigin + performance.now();
    // A message posted from a frame's callback is read once that frame is drawn.
    const afterFrame = new MessageChannel(), drawn = [];
    afterFrame.port1.onmessage = () => { const f = drawn.shift(); if (f) f(); };
    // The picture's elements by id (made when first asked for after a swap).
    let byId = null;
    function elements() {
      if (!byId) {
        byId = new Map();
        for (const el of $('canvas').querySelectorAll('[id]')) byId.set(el.id, el);
      }
      return byId;
    }

    function swap(svg, version) {
      const got = now();
      const stage = $('stage'), x = stage.scrollLeft, y = stage.scrollTop;
      $('canvas').innerHTML = svg;
      byId = null;
      applyZoom();
      // (Only when it moved: setting it lays the new picture out at once.)
      if (stage.scrollLeft !== x) stage.scrollLeft = x;
      if (stage.scrollTop !== y) stage.scrollTop = y;
      updated(version, got);
    }

    // Only the shapes' attributes changed: each element gets its new `d` (its move and a
    // tail shared by the shapes of its size) or its new line, in place.
    function patch(p, version) {
      const got = now(), all = elements();
      for (const [id, move, body] of p.d) {
        const el = all.get(id);
        if (!el) return connect();  // not the picture the server thinks: ask for the whole one
        el.setAttribute('d', move + p.bodies[body]);
      }
      for (const [id, line] of p.lines) {
        const el = all.get(id);
        if (!el) return connect();
        const parent = el.parentNode, after = el.nextSibling;
        el.outerHTML = line;
        all.set(id, after ? after.previousSibling : parent.lastChild);
      }
      updated(version, got);
    }

    function updated(version, got) {
      details.clear();
      if (picked) mark(picked, 'picked');
      if (hovered) { const id = hovered; hovered = null; hover(id); }
      document.body.dataset.version = version;
      // For the save → picture timing (scripts/bench-watch): the event's arrival, the
      // swap, and the picture drawn: a task queued from the next frame's callback runs once
      // that frame's style, layout and paint are done.
      const swapped = now();
      requestAnimationFrame(() => {
        const frame = now();
        drawn.push(() => {
          const painted = now();
          document.body.dataset.timing = JSON.stringify({ version: +version, got, swapped, frame, painted });
          document.body.dataset.painted = version + ' ' + painted;
        });
        afterFrame.port2.postMessage(0);
      });
    }

    function status(s) {
      if (s.server) document.body.dataset.server = JSON.stringify(Object.assign({ version: s.version }, s.server));
      $('summary').textContent = s.ok ? s.nodes + ' shapes · version ' + s.version : 'errors · version ' + s.version;
      $('overlay').hidden = s.ok;
      $('errors').textContent = s.errors;
      $('favicon').href = s.ok ? '/favicon.svg' : '/favicon-error.svg';
      const list = $('findings');
      list.textContent = '';
      for (const f of s.findings) {
        const li = document.createElement('li');
        li.className = f.severity;
        li.textContent = s.file + ':' + f.line + ':' + f.column + ' ' + f.severity + '[' + f.code + ']: ' + f.message;
        li.title = f.text;
        if (f.shape) { li.dataset.shape = f.shape; li.addEventListener('click', () => pick(f.shape, li)); }
        list.appendChild(li);
      }
      $('count').textContent = s.findings.length + (s.more ? ' (+' + s.more + ')' : '');
      document.body.dataset.ok = s.ok ? 'yes' : 'no';
      if (!s.ok) document.body.dataset.errorVersion = s.version;
    }

    function element(id) { return elements().get(id) || null; }
    function mark(id, cls) {
      for (const el of $('canvas').querySelectorAll('.' + cls)) el.classList.remove(cls);
      const el = id && element(id);
      if (el) el.classList.add(cls);
      return el;
    }

    function pick(id, li) {
      picked = id;
      for (const other of $('findings').querySelectorAll('.active')) other.classList.remove('active');
      if (li) li.classList.add('active');
      const el = mark(id, 'picked');
      if (el && el.scrollIntoView) el.scrollIntoView({ block: 'center', inline: 'center', behavior: 'smooth' });
      hover(id);
    }

    async function hover(id) {
      if (id === hovered) return;
      hovered = id;
      mark(id, 'hover');
      if (details.has(id)) { $('detail').textContent = details.get(id); return; }
      const r = await fetch('/shape?id=' + encodeURIComponent(id) + '&' + query());
      const text = r.ok ? await r.text() : '';
      if (r.ok) details.set(id, text);
      if (hovered === id && text) $('detail').textContent = text;
    }

    $('canvas').addEventListener('mouseover', (e) => {
      const el = e.target.closest && e.target.closest('path[id]');
      if (el && el.id !== 'screen' && !el.id.startsWith('screen')) hover(el.id);
    });

    function applyZoom() {
      const svg = $('canvas').querySelector('svg');
      if (!svg) return;
      const w = parseFloat(svg.getAttribute('width')), h = parseFloat(svg.getAttribute('height'));
      svg.style.width = (w * zoom) + 'px';
      svg.style.height = (h * zoom) + 'px';
      $('zoomReset').textContent = Math.round(zoom * 100) + '%';
    }
    function setZoom(z) { zoom = Math.max(0.1, Math.min(8, z)); applyZoom(); }
    $('zoomIn').onclick = () => setZoom(zoom * 1.25);
    $('zoomOut').onclick = () => setZoom(zoom / 1.25);
    $('zoomReset').onclick = () => setZoom(1);
    $('stage').addEventListener('wheel', (e) => {
      if (!e.ctrlKey && !e.metaKey) return;
      e.preventDefault();
      setZoom(zoom * (e.deltaY < 0 ? 1.1 : 1 / 1.1));
    }, { passive: false });
    for (const t of ['centers', 'labels', 'compare', 'screen']) $(t).addEventListener('change', connect);
    connect();

    """#.utf8)

    /// A rounded square in the continuous-corner spirit; red while the scene has errors.
    public static func favicon(error: Bool) -> [UInt8] {
        Array("""
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect x="2" y="2" width="28" height="28" rx="8" \
        fill="\(error ? "#ff3b30" : "#34c759")"/><rect x="9" y="9" width="14" height="14" rx="3" fill="#fff" fill-opacity="0.85"/></svg>

        """.utf8)
    }
}

extension String {
    func replacingAll(_ a: String, _ b: String) -> String {
        split(separator: a, omittingEmptySubsequences: false).joined(separator: b)
    }
}
