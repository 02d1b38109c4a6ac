import { describe, it, expect, afterEach } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import * as Service from '../../wailsjs/go/app/Service.js';
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

describe('generated bindings', () => {
  afterEach(() => {
    delete globalThis.window;
  });

  it('every service call in the front end names a generated binding', () => {
    const called = new Set();
    for (const f of sources(src)) {
      for (const m of readFileSync(f, 'utf8').matchAll(/svc\(\)\.(\w+)\(/g)) called.add(m[1]);
    }
    expect(called.size).toBeGreaterThan(20);
    const missing = [...called].filter((m) => typeof Service[m] !== 'function');
    expect(missing).toEqual([]);
  });

  it('nothing calls window.go by hand (bridge.js only checks that it is there)', () => {
    const hand = [];
    for (const f of sources(src)) {
      readFileSync(f, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (/^\s*(\/\/|\/?\*)/.test(line)) return; // comments
          const use = line.replaceAll('!window.go?.app?.Service', '');
          if (/window\.go\b|window\[['"]go['"]\]/.test(use)) {
            hand.push(`${f.slice(src.length + 1)}:${i + 1}`);
          }
        });
    }
    expect(hand).toEqual([]);
  });

  it('wrappers reach Go through the generated functions', async () => {
    const calls = [];
    globalThis.window = {
      go: {
        app: {
          Service: new Proxy(
            {},
            {
              get:
                (_, name) =>
                (...args) => {
                  calls.push([String(name), ...args]);
                  return Promise.resolve(null);
                },
            },
          ),
        },
      },
    };
    await bridge.openArchive('/a.zip');
    await bridge.list('s1', { filter: 'x' });
    await bridge.extract('s1', ['A/'], '/out');
    expect(calls).toEqual([
      ['Open', '/a.zip', ''],
      ['List', 's1', { filter: 'x' }],
      ['Extract', 's1', ['A/'], '/out'],
    ]);
  });

  it('says so when the back end is not connected', () => {
    globalThis.window = {};
    expect(() => bridge.hello()).toThrow('Packsmith back end is not connected');
  });
});
