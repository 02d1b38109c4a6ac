import { describe, it, expect, vi } from 'vitest';

vi.mock('./bridge.js', () => ({ foundFolders: vi.fn(async () => []) }));
const { samplesByGame } = await import('./welcome.js');

describe('the first screen’s samples (issue 46)', () => {
  it('groups the demo workspace by game, in the screen’s order, leaving out empty games', () => {
    const d = '/demo/';
    const g = samplesByGame(['DATA.PAK', 'PACKSMITH_SAMPLE.MOD', 'demo.zip', 'locked.iop', 'lostsaga_game', 'reborn', 'reborn_sample.dat', 'rs.iop', 'textures.zip'].map((n) => d + n));
    expect(g.map((x) => [x.game, x.items.map((i) => i.name)])).toEqual([
      ['Torchlight II', ['DATA.PAK', 'PACKSMITH_SAMPLE.MOD']],
      ['Tactics Ogre: Reborn', ['reborn', 'reborn_sample.dat']],
      ['Lost Saga', ['locked.iop', 'lostsaga_game', 'rs.iop']],
      ['Other archives', ['demo.zip', 'textures.zip']],
    ]);
    expect(g[2].items[0].what).toBe('a pack with its own password');
    expect(samplesByGame([])).toEqual([]);
  });
});
