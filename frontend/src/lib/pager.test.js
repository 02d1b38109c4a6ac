import { describe, it, expect } from 'vitest';
import { Pager } from './pager.js';

function fake(total) {
  const calls = [];
  const fetch = async (offset, limit) => {
    calls.push(offset);
    const entries = [];
    for (let i = offset; i < Math.min(total, offset + limit); i++) entries.push({ path: `e${i}` });
    return { total, entries };
  };
  return { calls, fetch };
}

describe('Pager', () => {
  it('loads only the pages under the window, once', async () => {
    const f = fake(100000);
    const p = new Pager(f.fetch, 200);
    await p.ensure(0, 40);
    expect(p.total).toBe(100000);
    expect(p.row(39).path).toBe('e39');
    await p.ensure(190, 230);
    await p.ensure(0, 230);
    expect(f.calls).toEqual([0, 200]);
    expect(p.row(99999)).toBeUndefined();
    await p.ensure(99990, 99999);
    expect(p.row(99999).path).toBe('e99999');
    expect(f.calls.length).toBe(3);
  });
  it('drops answers of an old query', async () => {
    let release;
    const slow = () => new Promise((r) => (release = () => r({ total: 5, entries: [{ path: 'old' }] })));
    const p = new Pager(slow, 200);
    const pending = p.ensure(0, 10);
    p.reset();
    release();
    expect(await pending).toBe(false);
    expect(p.row(0)).toBeUndefined();
  });
});
