// What the audio view says when the webview cannot play an entry: the
// window decodes audio through the system, so the fix is a system package
// (WebKitGTK plays through GStreamer; WebView2 has its own decoders).
export function audioMissing(ua = globalThis.navigator?.userAgent ?? '') {
  if (/Linux/.test(ua) && !/Android/.test(ua)) {
    return 'This audio cannot be played here: the window plays audio through GStreamer, and a plugin is missing ' +
      '(WAV: gstreamer1.0-plugins-good; Ogg Vorbis: gstreamer1.0-plugins-base; MP3: gstreamer1.0-plugins-good or -libav). ' +
      'Install them, or extract the entry and play it elsewhere.';
  }
  return 'This audio cannot be played here (the window plays WAV, and Ogg or MP3 where the system can decode them). Extract the entry to play it elsewhere.';
}

/** The MIME type of audio bytes, from their magic (WAV, Ogg, MP3), or ''. */
export function audioType(b) {
  const at = (i, s) => [...s].every((c, k) => b[i + k] === c.charCodeAt(0));
  if (at(0, 'RIFF') && at(8, 'WAVE')) return 'audio/wav';
  if (at(0, 'OggS')) return 'audio/ogg';
  if (at(0, 'ID3') || (b[0] === 0xff && (b[1] & 0xe0) === 0xe0)) return 'audio/mpeg';
  return '';
}
