import { describe, it, expect } from 'vitest';
import { audioMissing, audioType } from './audio.js';

describe('audioMissing', () => {
  it('names the GStreamer packages on Linux', () => {
    const m = audioMissing('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/605.1.15');
    expect(m).toContain('gstreamer1.0-plugins-good');
    expect(m).toContain('gstreamer1.0-plugins-base');
  });
  it('names no Linux package elsewhere', () => {
    const m = audioMissing('Mozilla/5.0 (Windows NT 10.0; Win64; x64) Edg/120');
    expect(m).not.toContain('gstreamer');
    expect(m).toContain('Extract the entry');
  });
});

describe('audioType', () => {
  const bytes = (s) => Uint8Array.from([...s].map((c) => c.charCodeAt(0)));
  it('reads the magic', () => {
    expect(audioType(bytes('RIFF\x24\x00\x00\x00WAVEfmt '))).toBe('audio/wav');
    expect(audioType(bytes('OggS\x00\x02'))).toBe('audio/ogg');
    expect(audioType(bytes('ID3\x04'))).toBe('audio/mpeg');
    expect(audioType(Uint8Array.from([0xff, 0xfb, 0x90]))).toBe('audio/mpeg');
    expect(audioType(bytes('RIFF\x24\x00\x00\x00AVI '))).toBe('');
  });
});
