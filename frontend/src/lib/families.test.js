import { describe, it, expect, vi } from 'vitest';
import fake from './testdata/fakefamily.json';

// Hello's formats as the real build sends them, plus the test-only family
// (Go: backend/drivers/drivertest/fakedrv; app/families_test.go checks
// testdata/fakefamily.json is what Hello sends for it).
const real = [
  { name: 'iop', title: 'Lost Saga', hint: 'Lost Saga .iop', exts: ['.iop'] },
  { name: 'reborn-dat', title: 'Tactics Ogre: Reborn', hint: 'Tactics Ogre: Reborn .dat', exts: ['.dat'] },
  { name: 'tl2-mod', title: 'Torchlight II', hint: 'Torchlight II .MOD', exts: ['.mod'] },
  { name: 'tl2-pak', title: 'Torchlight II', hint: 'DATA.PAK (with its .MAN)', exts: ['.pak'] },
  { name: 'zip', title: 'Zip', hint: '.zip', exts: ['.zip'] },
];
const formats = [real[0], fake, ...real.slice(1)];

vi.mock('./bridge.js', () => ({
  ready: async () => {},
  hello: async () => ({ version: 'test', startup: [], formats }),
  recent: async () => [],
  demoFiles: async () => [],
}));

const { familyList, familyOf } = await import('./families.js');
const { explain } = await import('./errors.js');
const { workspace, start } = await import('./stores/workspace.svelte.js');
const { errors, report } = await import('./stores/errors.svelte.js');

describe('families from the drivers', () => {
  it('joins the hints as the welcome text lists them', () => {
    expect(familyList(real)).toBe('Lost Saga .iop, Tactics Ogre: Reborn .dat, Torchlight II .MOD, DATA.PAK (with its .MAN) and .zip');
    expect(familyList([real[4]])).toBe('.zip');
    expect(familyList(null)).toBe('');
  });
  it('finds a family by a file name in any case', () => {
    expect(familyOf(formats, '/g/X.PSFAKE')).toBe(fake);
    expect(familyOf(formats, 'DATA.PAK').name).toBe('tl2-pak');
    expect(familyOf(formats, 'notes.txt')).toBeNull();
    expect(familyOf(formats, 'README')).toBeNull();
  });
  it('the unknown-file hint lists the families, or names the one a file is named like', () => {
    const other = explain('/m/song.xm: not an archive Packsmith knows', '', formats).summary;
    expect(other).toBe('Packsmith does not know this kind of file. It opens Lost Saga .iop, Packsmith Fake .psfake, Tactics Ogre: Reborn .dat, Torchlight II .MOD, DATA.PAK (with its .MAN) and .zip, folders, and loose textures, walk grids and data files.');
    expect(explain('C:\\m\\broken one.PSFAKE: not an archive Packsmith knows', '', formats).summary)
      .toBe('This file is named like a Packsmith Fake .psfake, but Packsmith cannot read it as one: it is damaged, or from another game or version.');
    expect(explain('/m/x.iop: not an archive Packsmith knows', '', formats).summary).toMatch(/^This file is named like a Lost Saga \.iop,/);
    // Before Hello answered: no list, still plain words.
    expect(explain('/m/song.xm: not an archive Packsmith knows').summary).toBe('Packsmith does not know this kind of file. It opens folders, and loose textures, walk grids and data files.');
  });
  it('a family Hello sends reaches the welcome text and the error banner with no other edit', async () => {
    await start(() => {});
    expect(familyList(workspace.info.formats)).toMatch(/, Packsmith Fake \.psfake, /); // Welcome.svelte shows this
    report('/m/a.psfake: not an archive Packsmith knows', 'a.psfake');
    expect(errors.list[0].summary).toMatch(/^This file is named like a Packsmith Fake \.psfake,/);
    report('/m/a.bin: not an archive Packsmith knows', 'a.bin');
    expect(errors.list[0].summary).toMatch(/Packsmith Fake \.psfake/);
  });
});
