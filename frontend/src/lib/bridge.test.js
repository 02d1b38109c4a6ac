import { describe, it, expect, afterEach, beforeEach } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import * as Browse from '../../wailsjs/go/app/BrowseService.js';
import * as Edit from '../../wailsjs/go/app/EditService.js';
import * as Export from '../../wailsjs/go/app/ExportService.js';
import * as Tools from '../../wailsjs/go/app/ToolsService.js';
import * as Packing from '../../wailsjs/go/app/PackService.js';
import * as LoadOrder from '../../wailsjs/go/app/LoadOrderService.js';
import * as Settings from '../../wailsjs/go/app/SettingsService.js';
import * as bridge from './bridge.js';

const src = join(__dirname, '..');

function sources(dir) {
  const out = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...sources(p));
    else if (/\.(js|svelte)$/.test(e.name) && !e.name.endsWith('.test.js')) out.push(p);
  }
  return out;
}

describe('no view depends on a response header', () => {
  // WebKitGTK's legacy asset path drops every response header: data read
  // from one would show in the browser tests and vanish in the window.
  it('no front-end source reads a header', () => {
    const readers = sources(src).filter((f) => /headers\.get\(|getResponseHeader\(/.test(readFileSync(f, 'utf8')));
    expect(readers.map((f) => f.slice(src.length + 1))).toEqual([]);
  });
});

describe('generated bindings', () => {
  afterEach(() => {
    delete globalThis.window;
  });

  it('every service call in the front end names a binding of that service', () => {
    const services = { browse: Browse, edit: Edit, exporting: Export, tools: Tools, packing: Packing, loadOrder: LoadOrder, settings: Settings };
    const called = new Set();
    for (const f of sources(src)) {
      for (const m of readFileSync(f, 'utf8').matchAll(/\b(browse|edit|exporting|tools|packing|loadOrder|settings)\(\)\.(\w+)\(/g)) called.add(`${m[1]}.${m[2]}`);
    }
    expect(called.size).toBeGreaterThan(40);
    const missing = [...called].filter((c) => {
      const [svc, fn] = c.split('.');
      return typeof services[svc][fn] !== 'function';
    });
    expect(missing).toEqual([]);
  });

  it('nothing calls window.go by hand (bridge.js only checks that it is there)', () => {
    const hand = [];
    for (const f of sources(src)) {
      readFileSync(f, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (/^\s*(\/\/|\/?\*)/.test(line)) return; // comments
          const use = line.replaceAll(/!window\.go\?\.app\?\.(\[name\]|\w+)/g, '');
          if (/window\.go\b|window\[['"]go['"]\]/.test(use)) {
            hand.push(`${f.slice(src.length + 1)}:${i + 1}`);
          }
        });
    }
    expect(hand).toEqual([]);
  });

  it('wrappers reach Go through the generated functions', async () => {
    const calls = [];
    const service = (svc) =>
      new Proxy(
        {},
        {
          get:
            (_, name) =>
            (...args) => {
              calls.push([`${svc}.${String(name)}`, ...args]);
              // Open runs as a job (jobCalls): its id, then its final status.
              if (name === 'Open') return Promise.resolve('job-9');
              if (name === 'Job') return Promise.resolve({ id: args[0], state: 'done', result: { id: 's1' } });
              return Promise.resolve(null);
            },
        },
      );
    globalThis.window = {
      runtime: { EventsOnMultiple: () => () => {} },
      go: { app: { BrowseService: service('BrowseService'), ExportService: service('ExportService'), SettingsService: service('SettingsService'), PackService: service('PackService') } },
    };
    expect(await bridge.openArchive('/a.zip')).toEqual({ id: 's1' });
    await bridge.list('s1', { filter: 'x' });
    await bridge.extract('s1', ['A/'], '/out');
    await bridge.cancelJob('job-1');
    expect(calls).toEqual([
      ['BrowseService.Open', '/a.zip', ''],
      ['SettingsService.Job', 'job-9'],
      ['BrowseService.List', 's1', { filter: 'x' }],
      ['ExportService.Extract', 's1', ['A/'], '/out'],
      ['SettingsService.CancelJob', 'job-1'],
    ]);
  });

  it('says so when the back end is not connected', () => {
    globalThis.window = {};
    expect(() => bridge.hello()).toThrow('Packsmith back end is not connected');
  });

  describe('calls that run as jobs resolve to the job result', () => {
    let listeners;
    let status;
    let started;
    beforeEach(() => {
      listeners = [];
      status = {};
      started = [];
      const start = (name) => async (...args) => {
        started.push([name, ...args]);
        return 'job-1';
      };
      globalThis.window = {
        runtime: {
          EventsOnMultiple: (ev, fn) => {
            listeners.push(fn);
            return () => (listeners = listeners.filter((f) => f !== fn));
          },
        },
        go: {
          app: {
            ToolsService: { CompareEntry: start('CompareEntry'), BakeGrid: start('BakeGrid') },
            SettingsService: { Job: async (id) => status[id] },
          },
        },
      };
    });
    const emit = (st) => listeners.forEach((f) => f(st));
    const tick = () => new Promise((r) => setTimeout(r, 0));

    it('waits for the final event', async () => {
      status['job-1'] = { id: 'job-1', state: 'running' };
      const p = bridge.compareEntry('a', 'x.txt', 'b', 'x.txt');
      await tick();
      emit({ id: 'job-2', state: 'done', result: 'other' });
      emit({ id: 'job-1', state: 'running', done: 1 });
      emit({ id: 'job-1', state: 'done', result: { same: true } });
      expect(await p).toEqual({ same: true });
      expect(started).toEqual([['CompareEntry', 'a', 'x.txt', 'b', 'x.txt']]);
      await new Promise((r) => setTimeout(r, 0)); // the Wails listener goes once the delivery under way ends (bridge.js)
      expect(listeners.length).toBe(0);
    });

    it('takes a final event that came before the id, or asks for it', async () => {
      window.go.app.ToolsService.CompareEntry = async () => {
        emit({ id: 'job-1', state: 'done', result: 7 });
        return 'job-1';
      };
      expect(await bridge.compareEntry('a', 'p', 'b', 'p')).toBe(7);
      window.go.app.ToolsService.CompareEntry = async () => 'job-3';
      status['job-3'] = { id: 'job-3', state: 'done', result: 'late' };
      expect(await bridge.compareEntry('a', 'p', 'b', 'p')).toBe('late');
    });

    it('rejects with the job error, and "cancelled" when cancelled', async () => {
      status['job-1'] = { id: 'job-1', state: 'failed', error: 'a.txt: no such entry' };
      await expect(bridge.compareEntry('a', 'p', 'b', 'p')).rejects.toThrow('a.txt: no such entry');
      status['job-1'] = { id: 'job-1', state: 'cancelled' };
      await expect(bridge.compareEntry('a', 'p', 'b', 'p')).rejects.toThrow('cancelled');
      await new Promise((r) => setTimeout(r, 0)); // the Wails listener goes once the delivery under way ends (bridge.js)
      expect(listeners.length).toBe(0);
    });

    it('a bake brings its pictures from /api/, as object URLs', async () => {
      const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);
      const fetched = [];
      globalThis.fetch = async (url) => {
        fetched.push(url);
        return { blob: async () => new Blob([png], { type: 'image/png' }) };
      };
      try {
        status['job-1'] = { id: 'job-1', state: 'done', result: { image: '/api/rendered?k=a', against: { image: '/api/rendered?k=b' }, report: {} } };
        const v = await bridge.bakeGrid('s1', 'MEDIA/X.LAYOUT');
        expect(fetched).toEqual(['/api/rendered?k=a', '/api/rendered?k=b']);
        expect(v.image).toMatch(/^blob:/);
        expect(v.against.image).toMatch(/^blob:/);
      } finally {
        delete globalThis.fetch;
      }
    });
  });
});

describe('events, as the Wails runtime delivers them', () => {
  // Wails v2's events.js: notifyListeners calls a copy of the event's
  // listener list and then stores that copy back, so a listener added or
  // removed by a handler during the delivery is undone.
  let table;
  beforeEach(() => {
    table = {};
    globalThis.window = {
      runtime: {
        EventsOnMultiple: (ev, fn) => {
          const l = { fn };
          (table[ev] ??= []).push(l);
          return () => {
            table[ev] = (table[ev] ?? []).filter((x) => x !== l);
            if (!table[ev].length) delete table[ev];
          };
        },
      },
    };
  });
  afterEach(() => {
    delete globalThis.window;
  });
  const emit = (ev, data) => {
    const copy = table[ev]?.slice() ?? [];
    for (let i = copy.length - 1; i >= 0; i--) copy[i].fn(data);
    if (copy.length) table[ev] = copy;
  };
  const tick = () => new Promise((r) => setTimeout(r, 0));

  it('a handler added while an event is delivered gets the next one (a pack that ends starts an inspect)', async () => {
    const got = [];
    let offB = null;
    const offA = bridge.on('job', (st) => {
      got.push(`a:${st}`);
      if (!offB) offB = bridge.on('job', (s) => got.push(`b:${s}`));
    });
    emit('job', 1);
    emit('job', 2);
    expect(got).toEqual(['a:1', 'a:2', 'b:2']);
    offA();
    offB();
    await tick();
    expect(table.job).toBeUndefined();
  });

  it('a handler that lets go while an event is delivered gets no more', async () => {
    const got = [];
    const offA = bridge.on('job', (st) => {
      got.push(`a:${st}`);
      offA();
    });
    const offB = bridge.on('job', (st) => got.push(`b:${st}`));
    emit('job', 1);
    offB();
    emit('job', 2);
    await tick();
    emit('job', 3);
    expect(got.sort()).toEqual(['a:1', 'b:1']);
    expect(table.job).toBeUndefined();
  });
});
