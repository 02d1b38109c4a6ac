// Components talk to stores and lib/ modules, not to the bridge (issue 31):
// no .svelte file imports the generated Wails bindings (frontend/wailsjs)
// or lib/bridge.js, the one module that calls them, and none reaches
// window.go or window.runtime by hand; nor does a .js file beside the
// components (src/components/). A Go call a component needs goes into a
// store (lib/stores/) or a wrapper (lib/dialogs.js, lib/events.js, …).
import { describe, it, expect } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const src = dirname(fileURLToPath(import.meta.url));
const frontend = dirname(src);
const wailsjs = join(frontend, 'wailsjs');
const bridge = join(src, 'lib', 'bridge.js');

const components = join(src, 'components');

// Every .svelte file under src, and the .js helpers under src/components.
function componentFiles(dir) {
  const out = [];
  for (const d of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, d.name);
    if (d.isDirectory()) out.push(...componentFiles(p));
    else if (d.name.endsWith('.svelte') || (d.name.endsWith('.js') && p.startsWith(components + sep))) out.push(p);
  }
  return out.sort();
}

// The module specifiers of a line: import … from '…', export … from '…',
// import '…' and import('…') (also a JSDoc type's import('…')).
const specifier = /\bfrom\s*(['"])([^'"]+)\1|\bimport\s*(['"])([^'"]+)\3|\bimport\s*\(\s*(['"`])([^'"`]+)\5/g;
const byHand = /\bwindow\s*\??\.\s*(go|runtime)\b/;

/** What a component file's text reaches of the bridge: [{line, what}]. */
export function bridgeUses(file, text) {
  const found = [];
  text.split('\n').forEach((l, i) => {
    for (const m of l.matchAll(specifier)) {
      const spec = m[2] ?? m[4] ?? m[6];
      const to = spec.startsWith('.') ? resolve(dirname(file), spec) : spec;
      const intoWails = to === wailsjs || to.startsWith(wailsjs + sep) || /(^|\/)wailsjs\//.test(spec);
      if (intoWails || to === bridge || to === bridge.replace(/\.js$/, '')) found.push({ line: i + 1, what: `imports ${spec}` });
    }
    const w = l.match(byHand);
    if (w) found.push({ line: i + 1, what: `uses window.${w[1]}` });
  });
  return found;
}

describe('components and the bridge', () => {
  const files = componentFiles(src);

  it('finds the components', () => {
    // A scan that found nothing would pass with nothing checked.
    expect(files.length).toBeGreaterThan(40);
    expect(files.map((f) => relative(src, f))).toContain(join('components', 'pack', 'PackView.svelte'));
    expect(files.map((f) => relative(src, f))).toContain(join('components', 'common', 'reveal.js'));
  });

  it('no component imports wailsjs or lib/bridge.js, or uses window.go/window.runtime', () => {
    const bad = [];
    for (const f of files) {
      for (const u of bridgeUses(f, readFileSync(f, 'utf8'))) bad.push(`${relative(frontend, f)}:${u.line}: ${u.what}`);
    }
    expect(bad, 'move the call into a store (lib/stores/) or a lib/ module and import that').toEqual([]);
  });

  it('recognises every way of reaching the bridge', () => {
    const f = join(src, 'components', 'x', 'X.svelte');
    const text = [
      "  import * as bridge from '../../lib/bridge.js';",
      "  import { Open } from '../../../wailsjs/go/app/BrowseService.js';",
      "  import { EventsOn } from '../../../wailsjs/runtime/runtime';",
      "  const m = await import('../../lib/bridge.js');",
      "  import '../../../wailsjs/runtime/runtime.js';",
      '  /** @type {import("../../../wailsjs/go/models").app.AppInfo} */',
      '  window.go.app.BrowseService.Open(p);',
      '  if (window.runtime?.OnFileDrop) {}',
      "  import * as dialogs from '../../lib/dialogs.js';",
      "  import { bridgeName } from '../../lib/bridges.js';",
      '  // the bridge.js comment, window.going',
    ].join('\n');
    expect(bridgeUses(f, text).map((u) => u.line)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });
});
