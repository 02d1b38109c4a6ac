import { describe, it, expect, vi, beforeEach } from 'vitest';
import { fakeBridge } from './fakebridge.js';

const f = vi.hoisted(() => ({ b: null }));
vi.mock('../bridge.js', async () => {
  const { fakeBridge } = await import('./fakebridge.js');
  f.b = fakeBridge();
  f.b.closeWindow = vi.fn(async () => {});
  return f.b;
});
const jobsMock = vi.hoisted(() => ({ results: [] }));
vi.mock('../jobs.svelte.js', () => ({ wait: vi.fn(async (start) => (await start(), jobsMock.results.shift() ?? { state: 'done' })) }));

const { asking, answer } = await import('./ask.svelte.js');
const { workspace } = await import('./workspace.svelte.js');
const { closeAsked, closeText, closing } = await import('./closing.svelte.js');

const tick = () => new Promise((r) => setTimeout(r, 0));

function dirtyTabs() {
  workspace.sessions = [{ id: 's1', name: 'a.zip' }, { id: 's2', name: 'b.zip' }, { id: 's3', name: 'c.zip' }];
  workspace.views = { s1: { edit: { changes: [{ id: 1 }, { id: 2 }] } }, s2: { edit: { changes: [] } }, s3: { edit: { changes: [{ id: 1 }] } } };
}

describe('closing the window with unsaved changes', () => {
  beforeEach(() => {
    dirtyTabs();
    f.b.closeWindow.mockClear();
    f.b.saveChanges.mockClear();
    jobsMock.results = [];
  });
  it('says what would be lost', () => {
    expect(closeText({ changes: 3, archives: 2 })).toBe('3 unsaved changes in 2 archives. Save before closing?');
    expect(closeText({ changes: 1, archives: 1, loadOrder: true })).toBe('1 unsaved change in 1 archive and an unsaved load order. Save before closing?');
  });
  it('Cancel keeps the window; a second close while asking asks once', async () => {
    const p = closeAsked({ changes: 3, archives: 2 });
    await tick();
    expect(asking.current.ok).toBe('Save and close');
    expect(asking.current.alt).toBe('Discard and close');
    const q = asking.current;
    await closeAsked({ changes: 3, archives: 2 }); // ignored
    expect(asking.current).toBe(q);
    answer(false);
    await p;
    expect(f.b.closeWindow).not.toHaveBeenCalled();
    expect(closing.asking).toBe(false);
  });
  it('Discard closes without saving', async () => {
    const p = closeAsked({ changes: 3, archives: 2 });
    await tick();
    answer('alt');
    await p;
    expect(f.b.saveChanges).not.toHaveBeenCalled();
    expect(f.b.closeWindow).toHaveBeenCalledTimes(1);
  });
  it('Save saves every tab with changes, then closes', async () => {
    const p = closeAsked({ changes: 3, archives: 2 });
    await tick();
    answer(true);
    await p;
    expect(f.b.saveChanges.mock.calls).toEqual([['s1', ''], ['s3', '']]);
    expect(f.b.closeWindow).toHaveBeenCalledTimes(1);
  });
  it('a failed save keeps the window', async () => {
    jobsMock.results = [{ state: 'failed', error: 'disk full' }];
    const p = closeAsked({ changes: 3, archives: 2 });
    await tick();
    answer(true);
    await p;
    expect(f.b.saveChanges).toHaveBeenCalledTimes(1);
    expect(f.b.closeWindow).not.toHaveBeenCalled();
  });
});
