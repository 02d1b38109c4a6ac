import { describe, it, expect } from 'vitest';
import * as cb from './combine.js';

describe('constituents', () => {
  it('takes the active mods in load order, past the cap too, each id once', () => {
    const view = {
      mods: [
        { id: '3', title: 'C', active: true, loaded: true, place: 2, file: '/m/C.MOD' },
        { id: '1', title: 'A', active: true, loaded: true, place: 1, file: '/m/A.MOD' },
        { id: '2', title: 'B', active: false, loaded: false, place: 0, file: '/m/B.MOD' },
        { id: '4', title: '', active: true, loaded: true, place: 3, file: '/m/D.MOD' },
        { id: '5', title: 'Past the cap', active: true, loaded: false, place: 11, file: '/m/E.MOD' },
        { id: '6', title: 'No file', active: true, loaded: true, place: 4, file: '' },
        { id: '1', title: 'A copy', active: true, loaded: false, place: 1, file: '/m/A2.MOD' },
      ],
    };
    expect(cb.constituents(view)).toEqual([{ id: '1', title: 'A' }, { id: '3', title: 'C' }, { id: '4', title: 'mod 4' }, { id: '5', title: 'Past the cap' }]);
    expect(cb.constituents(null)).toEqual([]);
  });
});

describe('texts', () => {
  it('says one mod id instead of N and how to go back', () => {
    const s = cb.whatChanges(12);
    expect(s).toContain('one mod id instead of 12');
    expect(s).toContain('profile');
  });
  it('says where the combined mod went, the profile, and who moved', () => {
    const s = cb.doneText({
      title: 'All', deployed: '/m/PACKSMITH_COMBINED.MOD', place: 1, replaced: ['1', '2', '3'], profile: 'before combine X',
      sources: [{}, {}, {}], unmerged: '', characters: [{ name: 'Hero', moved: true }, { name: 'Wolf', moved: false }],
    });
    expect(s).toContain('Combined 3 mods into "All"');
    expect(s).toContain('instead of 3 mods');
    expect(s).toContain('"before combine X"');
    expect(s).toContain('Moved to it: Hero');
    expect(s).toContain('refuses them until moved): Wolf');
  });
});

describe('staleCombined', () => {
  it('lists the active combined mods whose row says combined-stale', () => {
    const view = {
      mods: [
        { id: '7', title: 'All', active: true, problems: [{ code: 'combined-stale', message: 'The combined mod is out of date: x.' }] },
        { id: '8', title: 'Old', active: false, problems: [{ code: 'combined-stale', message: 'y' }] },
        { id: '9', title: 'Other', active: true, problems: [{ code: 'over-limit', message: 'z' }] },
      ],
    };
    expect(cb.staleCombined(view)).toEqual([{ id: '7', title: 'All', message: 'The combined mod is out of date: x.' }]);
    expect(cb.staleCombined(null)).toEqual([]);
  });
});
