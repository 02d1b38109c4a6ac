import { describe, it, expect } from 'vitest';
import { clipTracks, eventMarks, advance, timeText, boneNode, animName, filterAnims } from './anim3d.js';

describe('eventMarks', () => {
  it('puts events at their time over the length, in time order', () => {
    const a = { length: 1, events: [
      { name: 'HIT', frame: 20, time: 20 / 30 },
      { name: 'ATTACKSOUND', frame: 16, time: 16 / 30 },
      { name: 'FOOTSTEP', frame: 5, time: 5 / 30 },
      { name: 'LATE', frame: 45, time: 1.5 },
    ] };
    const m = eventMarks(a);
    expect(m.map((x) => x.name)).toEqual(['FOOTSTEP', 'ATTACKSOUND', 'HIT', 'LATE']);
    expect(m[2].at).toBeCloseTo(2 / 3, 12);
    expect(m[3]).toMatchObject({ at: 1, past: true });
    expect(m[0].past).toBe(false);
  });
  it('a zero-length animation marks at 0', () => {
    expect(eventMarks({ length: 0, events: [{ name: 'X', frame: 3, time: 0.1 }] })[0].at).toBe(0);
    expect(eventMarks({ length: 2 })).toEqual([]);
  });
});

describe('advance', () => {
  it('loops, stops at the end, runs backwards', () => {
    expect(advance(3, 0.5, 1, 3.25, true).t).toBeCloseTo(0.25, 12);
    expect(advance(3, 0.5, 1, 3.25, false)).toEqual({ t: 3.25, ended: true });
    expect(advance(0.1, 1, -1, 2, true).t).toBeCloseTo(1.1, 12);
    expect(advance(1, 0.5, 2, 4, false)).toEqual({ t: 2, ended: false });
    expect(advance(1, 1, 1, 0, true)).toEqual({ t: 0, ended: true });
  });
  it('formats the time', () => {
    expect(timeText(0.4, 10 / 3)).toBe('0.40 / 3.33 s');
  });
});

describe('clipTracks', () => {
  it('reads each track\'s keys out of the pack', () => {
    const f = new Float32Array([0, 1, /* pos */ 1, 2, 3, 4, 5, 6, /* rot */ 0, 0, 0, 1, 0, 0, 1, 0, /* scale */ 1, 1, 1, 2, 2, 2]);
    const pack = { f32: (off, n) => f.subarray(off / 4, off / 4 + n) };
    const skin = { animations: [{ tracks: [{ bone: 7, keys: 2, times: 0, pos: 8, rot: 32, scale: 64 }] }] };
    const t = clipTracks(pack, skin, 0);
    expect(t.map((x) => x.name)).toEqual(['bone7.position', 'bone7.quaternion', 'bone7.scale']);
    expect([...t[0].times]).toEqual([0, 1]);
    expect([...t[0].values]).toEqual([1, 2, 3, 4, 5, 6]);
    expect([...t[1].values]).toEqual([0, 0, 0, 1, 0, 0, 1, 0]);
    expect([...t[2].values]).toEqual([1, 1, 1, 2, 2, 2]);
    expect(t[1].kind).toBe('quaternion');
    expect(boneNode(3)).toBe('bone3');
  });
});

describe('animation names and the filter (issue 46)', () => {
  const anims = [
    { name: 'Attack1', file: 'attack1.skeleton' },
    { name: '', file: 'media/models/wolf/Run_Fast.SKELETON' },
    { name: '  ', file: '' },
    { name: 'Idle', file: 'idle.skeleton' },
  ];
  it("names every animation: its NAME, else its file's name, else its place", () => {
    expect(anims.map(animName)).toEqual(['Attack1', 'Run_Fast', 'animation 3', 'Idle']);
  });
  it('keeps those whose name or file holds every word of the filter, in list order with their index', () => {
    expect(filterAnims(anims, '').map((x) => x.i)).toEqual([0, 1, 2, 3]);
    expect(filterAnims(anims, 'RUN').map((x) => [x.i, x.name])).toEqual([[1, 'Run_Fast']]);
    expect(filterAnims(anims, 'attack1 skeleton').map((x) => x.i)).toEqual([0]);
    expect(filterAnims(anims, 'attack idle')).toEqual([]);
  });
});
