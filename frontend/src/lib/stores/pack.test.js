import { describe, it, expect, vi, beforeEach } from 'vitest';

// The bridge as the pack store and lib/pack.js see it: a fake PackService
// behind packing(), the folder dialog and jobs.
const fake = vi.hoisted(() => ({ b: null, svc: null }));
vi.mock('../bridge.js', () => {
  const svc = {
    PackSetup: vi.fn(async () => ({
      stages: ['read', 'collect', 'compile', 'write', 'deploy'], recent: ['/mods/old'], sample: '/s/sample',
      deploy: true, enable: true, modsDir: '/game/mods', baseDir: '/base', gameDir: '', gameVersion: '1.25',
    })),
    InspectMod: vi.fn(async (dir) => ({ modDir: dir, output: dir + '/out.MOD', mod: { name: 'M' }, findings: [] })),
    PackMod: vi.fn(async () => 'job-pack'),
    PackOnSave: vi.fn(async () => 'job-watch'),
    PackOnSaveResult: vi.fn(async () => ({ packs: 2 })),
  };
  fake.svc = svc;
  fake.b = {
    packing: () => svc,
    ready: vi.fn(async () => {}),
    pickFolder: vi.fn(async () => '/picked'),
    cancelJob: vi.fn(async () => {}),
    bakeLayoutFile: vi.fn(async () => ({ width: 1 })),
    on: vi.fn(() => () => {}),
    job: vi.fn(async () => null),
  };
  return fake.b;
});

const { pack, resetPack, settingsSaved, arrive, inspect, browse, startPack, cancel, toggleOnSave, bakeLayout, stageList, packRunning, request } =
  await import('./pack.svelte.js');
const { update } = await import('../jobs.svelte.js');

const tick = () => new Promise((r) => setTimeout(r, 0));

beforeEach(() => {
  resetPack();
  vi.clearAllMocks();
});

describe('pack store', () => {
  it('takes the setup on arrival, once: a second arrival keeps what the user chose', async () => {
    await arrive();
    expect(fake.svc.PackSetup).toHaveBeenCalledTimes(1);
    expect(pack).toMatchObject({ deploy: true, enable: true, modsDir: '/game/mods', baseDir: '/base', gameVersion: '1.25' });
    pack.modsDir = '/mine';
    await arrive();
    expect(fake.svc.PackSetup).toHaveBeenCalledTimes(1);
    expect(pack.modsDir).toBe('/mine');
  });

  it('inspects a folder with the base data, puts it first in recent and takes its output', async () => {
    await arrive();
    await inspect(' /mods/new ');
    expect(fake.svc.InspectMod).toHaveBeenCalledWith('/mods/new', '/base');
    expect(pack.dir).toBe('/mods/new');
    expect(pack.insp.modDir).toBe('/mods/new');
    expect(pack.output).toBe('/mods/new/out.MOD');
    expect(pack.setup.recent).toEqual(['/mods/new', '/mods/old']);
    expect(pack.inspecting).toBe(false);
  });

  it('keeps the chosen folder and its card after the view is left and shown again (issue 34)', async () => {
    // Pack view shown: arrive, browse a folder.
    await arrive();
    await browse('mod');
    expect(fake.b.pickFolder).toHaveBeenCalledWith('Choose a mod folder (MOD.DAT + MEDIA)');
    // Load order visited, Pack view shown again: a second arrival.
    await arrive();
    expect(pack.dir).toBe('/picked');
    expect(pack.insp?.modDir).toBe('/picked');
    expect(fake.svc.PackSetup).toHaveBeenCalledTimes(1);
  });

  it('shows a failed inspection as the error and drops the card', async () => {
    await arrive();
    await inspect('/ok');
    fake.svc.InspectMod.mockRejectedValueOnce(new Error('open /bad/MOD.DAT: no such file'));
    await inspect('/bad');
    expect(pack.insp).toBe(null);
    expect(pack.error).toBe('open /bad/MOD.DAT: no such file');
  });

  it('browses the mods, base and game folders into their fields; a new base re-reads the mod', async () => {
    await arrive();
    await inspect('/m');
    fake.b.pickFolder.mockResolvedValueOnce('/mods2');
    await browse('mods');
    expect(pack.modsDir).toBe('/mods2');
    fake.b.pickFolder.mockResolvedValueOnce('/base2');
    await browse('base');
    expect(pack.baseDir).toBe('/base2');
    expect(fake.svc.InspectMod).toHaveBeenLastCalledWith('/m', '/base2');
    fake.b.pickFolder.mockResolvedValueOnce('');
    await browse('game');
    expect(pack.gameDir).toBe('');
  });

  it('packs with the options as asked, follows the stages and ends with the result', async () => {
    await arrive();
    await inspect('/m');
    pack.enable = true;
    pack.deploy = false;
    await startPack();
    expect(fake.svc.PackMod).toHaveBeenCalledWith({
      modDir: '/m', output: '/m/out.MOD', deploy: false, modsDir: '/game/mods', enable: false,
      baseDir: '/base', gameDir: '', gameVersion: '1.25', writeModId: true,
    });
    expect(pack.jobId).toBe('job-pack');
    expect(packRunning()).toBe(true);
    expect(stageList()).toEqual(['read', 'collect', 'compile', 'write']); // no deploy stage when not deploying
    update({ id: 'job-pack', state: 'running', stage: 'compile', done: 3, total: 9, what: 'a.dat' });
    expect(pack.stages.read.state).toBe('done');
    expect(pack.stages.collect.state).toBe('done');
    expect(pack.stages.compile).toEqual({ state: 'running', done: 3, total: 9, file: 'a.dat' });
    cancel();
    expect(fake.b.cancelJob).toHaveBeenCalledWith('job-pack');
    update({ id: 'job-pack', state: 'done', result: { modDir: '/m', stages: [{ stage: 'read', ms: 4 }] } });
    expect(packRunning()).toBe(false);
    expect(pack.result.modDir).toBe('/m');
    expect(pack.stages).toEqual({ read: { state: 'done', done: 1, total: 1, file: '', ms: 4 } });
    await bakeLayout('MEDIA/LEVELS/A.LAYOUT');
    expect(fake.b.bakeLayoutFile).toHaveBeenCalledWith('/m/MEDIA/LEVELS/A.LAYOUT');
  });

  it('marks the running stage failed and keeps the failed job\'s error and result', async () => {
    await arrive();
    await inspect('/m');
    await startPack();
    update({ id: 'job-pack', state: 'running', stage: 'write', done: 1, total: 2 });
    update({ id: 'job-pack', state: 'failed', error: 'write: disk full', result: { modDir: '/m' } });
    expect(pack.stages.write.state).toBe('failed');
    expect(pack.error).toBe('write: disk full');
    expect(pack.result).toEqual({ modDir: '/m' });
  });

  it('does not pack without an inspected mod', async () => {
    await startPack();
    expect(fake.svc.PackMod).not.toHaveBeenCalled();
  });

  it('packs on save until unticked, which cancels its job', async () => {
    await arrive();
    await inspect('/m');
    await toggleOnSave(true);
    expect(fake.svc.PackOnSave).toHaveBeenCalledWith(request());
    expect(pack).toMatchObject({ onSave: true, watchId: 'job-watch' });
    update({ id: 'job-watch', state: 'running', stage: 'waiting', done: 2 });
    await tick();
    expect(fake.svc.PackOnSaveResult).toHaveBeenCalledWith('job-watch');
    expect(pack.watchLast).toEqual({ packs: 2 });
    await toggleOnSave(false);
    expect(fake.b.cancelJob).toHaveBeenCalledWith('job-watch');
    update({ id: 'job-watch', state: 'cancelled' });
    expect(pack.onSave).toBe(false);
    expect(pack.watchJob.state).toBe('cancelled');
  });

  it('takes the mods and game folders saved in Settings at once, keeping one typed here (issue 46)', async () => {
    await arrive();
    await inspect('/m');
    fake.svc.PackSetup.mockResolvedValueOnce({ ...(await fake.svc.PackSetup()), modsDir: '/new/mods', gameDir: '/new/game' });
    await settingsSaved();
    expect(pack).toMatchObject({ modsDir: '/new/mods', gameDir: '/new/game' });
    expect(request().modsDir).toBe('/new/mods');
    pack.modsDir = '/typed';
    fake.svc.PackSetup.mockResolvedValueOnce({ ...(await fake.svc.PackSetup()), modsDir: '/newer/mods', gameDir: '/new/game' });
    await settingsSaved();
    expect(pack.modsDir).toBe('/typed');
    expect(pack.setup.modsDir).toBe('/newer/mods');
  });
});
