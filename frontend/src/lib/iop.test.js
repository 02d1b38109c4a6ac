import { describe, it, expect, beforeEach } from 'vitest';
import { waitJob, optimize, notice, forgetPassword, hiddenText } from './iop.svelte.js';

// A fake back end: the Wails runtime's events (the generated EventsOn calls
// EventsOnMultiple) and window.go.app.*Service.
let listeners;
let jobs;
beforeEach(() => {
  listeners = [];
  jobs = {};
  globalThis.window = {
    runtime: {
      EventsOnMultiple: (name, fn) => {
        listeners.push(fn);
        return () => (listeners = listeners.filter((f) => f !== fn));
      },
    },
    go: { app: { SettingsService: { Job: async (id) => jobs[id] }, ToolsService: { OptimizePack: async () => 'j1' } } },
  };
});
const emit = (st) => listeners.forEach((f) => f(st));

describe('waitJob', () => {
  it('resolves on the job final event after its id arrives', async () => {
    jobs.j1 = { id: 'j1', state: 'running' };
    const p = waitJob(async () => 'j1');
    await new Promise((r) => setTimeout(r, 0));
    emit({ id: 'j2', state: 'done' });
    emit({ id: 'j1', state: 'running' });
    emit({ id: 'j1', state: 'done', result: 7 });
    expect((await p).result).toBe(7);
    await new Promise((r) => setTimeout(r, 0)); // the Wails listener goes once the delivery under way ends (bridge.js)
    expect(listeners.length).toBe(0);
  });

  it('catches a job that finished before its id came back', async () => {
    const p = waitJob(async () => {
      emit({ id: 'j1', state: 'failed', error: 'boom' });
      return 'j1';
    });
    expect((await p).error).toBe('boom');
  });

  it('asks for the status when the final event was missed', async () => {
    jobs.j1 = { id: 'j1', state: 'done', result: 'late' };
    expect((await waitJob(async () => 'j1')).result).toBe('late');
  });

  it('rejects when the job cannot start', async () => {
    await expect(waitJob(async () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    await new Promise((r) => setTimeout(r, 0)); // the Wails listener goes once the delivery under way ends (bridge.js)
    expect(listeners.length).toBe(0);
  });
});

describe('optimize', () => {
  it('releases the pack, reopens it, and says what changed', async () => {
    const calls = [];
    jobs.j1 = { id: 'j1', state: 'done', result: { entriesBefore: 6, entriesAfter: 5, sizeBefore: 1049, sizeAfter: 938, backup: '/g/rs.iop.1.bak' } };
    await optimize('/g/rs.iop', async () => calls.push('release'), async () => calls.push('reopen'));
    expect(calls).toEqual(['release', 'reopen']);
    expect(notice.text).toBe('Optimized rs.iop: 6 → 5 entries, 1,049 bytes → 938 bytes (backup: rs.iop.1.bak)');
    expect(notice.error).toBe(false);
  });

  it('reopens and reports when the job fails', async () => {
    const calls = [];
    jobs.j1 = { id: 'j1', state: 'failed', error: 'disk full' };
    await optimize('/g/map.iop', async () => calls.push('release'), async () => calls.push('reopen'));
    expect(calls).toEqual(['release', 'reopen']);
    expect(notice).toMatchObject({ path: '/g/map.iop', error: true, text: 'Optimize map.iop: disk full' });
  });
});

describe('forgetPassword', () => {
  it('forgets the pack at its path and says so by its name', async () => {
    const forgot = [];
    window.go.app.ToolsService.ForgetPassword = async (p) => void forgot.push(p);
    await forgetPassword('C:\\Games\\Lost Saga\\rs.iop');
    expect(forgot).toEqual(['C:\\Games\\Lost Saga\\rs.iop']);
    expect(notice).toMatchObject({ path: 'C:\\Games\\Lost Saga\\rs.iop', error: false, text: 'The password of rs.iop is forgotten: the next open asks for it.' });
  });

  it('puts the error in the notice, not in a rejection', async () => {
    window.go.app.ToolsService.ForgetPassword = async () => Promise.reject(new Error('no remembered password for /g/x.iop'));
    await expect(forgetPassword('/g/x.iop')).resolves.toBeUndefined();
    expect(notice).toMatchObject({ path: '/g/x.iop', error: true, text: 'no remembered password for /g/x.iop' });
  });
});

describe('hiddenText (issue 46: the delete list without Verify)', () => {
  it('counts the names a pack’s delete list hides, or says why it is unreadable', () => {
    expect(hiddenText({ path: 'info/delete_file_list.cfg.iop', hidden: ['resource/old.txt'] })).toBe('delete list: 1 name hidden');
    expect(hiddenText({ path: 'x', hidden: ['a', 'b'] })).toBe('delete list: 2 names hidden');
    expect(hiddenText({ path: 'x', hidden: [] })).toBe('delete list: 0 names hidden');
    expect(hiddenText({ path: 'x', hidden: [], error: 'bad zip' })).toBe('delete list unreadable: bad zip');
  });
});
