import { describe, it, expect, beforeEach } from 'vitest';
import { jobs, follow, wait, track, dismiss } from './jobs.svelte.js';

// A fake back end: the Wails runtime's events and window.go.app.SettingsService.Job.
let listeners;
let status;
beforeEach(() => {
  listeners = [];
  status = {};
  jobs.list = [];
  globalThis.window = {
    runtime: {
      EventsOnMultiple: (name, fn) => {
        listeners.push(fn);
        return () => (listeners = listeners.filter((f) => f !== fn));
      },
    },
    go: { app: { SettingsService: { Job: async (id) => status[id] } } },
  };
});
const emit = (st) => listeners.forEach((f) => f(st));
const tick = () => new Promise((r) => setTimeout(r, 0));

describe('job store', () => {
  it('keeps each job newest status: a late older event is dropped', async () => {
    const stop = track();
    emit({ id: 'j1', state: 'running', seq: 1, done: 1 });
    emit({ id: 'j1', state: 'running', seq: 3, done: 3 });
    emit({ id: 'j1', state: 'running', seq: 2, done: 2 });
    emit({ id: 'j2', state: 'running', seq: 1 });
    expect(jobs.list.map((j) => `${j.id}:${j.seq}`)).toEqual(['j1:3', 'j2:1']);
    dismiss('j1');
    emit({ id: 'j1', state: 'done', seq: 4 });
    expect(jobs.list.map((j) => j.id)).toEqual(['j2']);
    stop();
    await new Promise((r) => setTimeout(r, 0)); // the Wails listener goes once the delivery under way ends (bridge.js)
    expect(listeners.length).toBe(0);
  });

  it('follows a job whose events came before its id', async () => {
    const got = [];
    const id = await follow(async () => {
      emit({ id: 'j7', state: 'running', seq: 2, stage: 'compile' });
      return 'j7';
    }, (st) => got.push(`${st.state}:${st.stage ?? ''}`));
    expect(id).toBe('j7');
    emit({ id: 'j7', state: 'running', seq: 1, stage: 'read' }); // late and older
    emit({ id: 'j8', state: 'done', seq: 5 }); // another job
    emit({ id: 'j7', state: 'failed', seq: 3, error: 'boom', result: { findings: [1] } });
    emit({ id: 'j7', state: 'failed', seq: 4 }); // after the end: not delivered
    expect(got).toEqual(['running:compile', 'failed:']);
    await new Promise((r) => setTimeout(r, 0)); // the Wails listener goes once the delivery under way ends (bridge.js)
    expect(listeners.length).toBe(0);
  });

  it('wait resolves with the final status, asking for it when the event was missed', async () => {
    status.j3 = { id: 'j3', state: 'done', seq: 9, result: 'late' };
    expect((await wait(async () => 'j3')).result).toBe('late');
    await tick();
    expect(listeners.length).toBe(0);
  });

  it('wait rejects when the job cannot start, and lets go of the event', async () => {
    await expect(wait(async () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    await new Promise((r) => setTimeout(r, 0)); // the Wails listener goes once the delivery under way ends (bridge.js)
    expect(listeners.length).toBe(0);
  });
});

describe('quiet jobs', () => {
  it('an open or a picture that ends within the quiet time never comes to the bar; a slow one does, and leaves once done', async () => {
    const { quietUntil, foldAway } = await import('./jobs.svelte.js');
    quietUntil(['image'], 20);
    foldAway(['image'], 20);
    const stop = track();
    emit({ id: 'q1', kind: 'image', state: 'running', seq: 1 });
    emit({ id: 'q1', kind: 'image', state: 'done', seq: 2, result: 1 });
    emit({ id: 'q2', kind: 'image', state: 'running', seq: 1 });
    emit({ id: 'x', kind: 'extract', state: 'running', seq: 1 });
    expect(jobs.list.map((j) => j.id)).toEqual(['x']);
    await new Promise((r) => setTimeout(r, 40));
    expect(jobs.list.map((j) => j.id)).toEqual(['x', 'q2']);
    emit({ id: 'q2', kind: 'image', state: 'running', seq: 2, done: 5 });
    expect(jobs.list.find((j) => j.id === 'q2').done).toBe(5);
    emit({ id: 'q2', kind: 'image', state: 'done', seq: 3 });
    expect(jobs.list.find((j) => j.id === 'q2').state).toBe('done');
    await new Promise((r) => setTimeout(r, 40));
    expect(jobs.list.map((j) => j.id)).toEqual(['x']);
    stop();
  });
});
