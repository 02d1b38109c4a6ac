import { describe, it, expect } from 'vitest';
import { findPaths, segments, pathKey } from './textlinks.js';

describe('textlinks', () => {
  it('finds paths written with / or \\, once each', () => {
    const t = '<STRING>TEXTURE:MEDIA/UI/ICONS/X.DDS\r\n<STRING>BASEFILE:media\\units\\items\\base.dat\r\n<STRING>TEXTURE:media/ui/icons/x.dds\r\n';
    expect(findPaths(t)).toEqual(['MEDIA/UI/ICONS/X.DDS', 'media\\units\\items\\base.dat']);
  });
  it('ignores words that only end in MEDIA and names without an extension', () => {
    expect(findPaths('<STRING>A:XMEDIA/A.DAT B:MEDIA/FOLDER C:SOCIALMEDIA\\X.DDS')).toEqual([]);
  });
  it('splits a value into text and paths that join back', () => {
    const s = 'MEDIA/MODELS/SWORD.MESH, then MEDIA\\X.DDS end';
    const seg = segments(s);
    expect(seg.map((x) => x.text).join('')).toBe(s);
    expect(seg.filter((x) => x.path).map((x) => x.path)).toEqual(['MEDIA/MODELS/SWORD.MESH', 'MEDIA\\X.DDS']);
    expect(segments('plain')).toEqual([{ text: 'plain' }]);
    expect(segments('')).toEqual([{ text: '' }]);
  });
  it('keys paths as the archive model finds them', () => {
    expect(pathKey('\\media\\Ui\\x.dds')).toBe('MEDIA/UI/X.DDS');
  });
});
