// A skinned mesh's animations in the 3D view (MeshView.svelte): the
// pack's skin (backend/view/meshview/packskin.go) turned into plain
// track data and timeline marks. No three.js here, so it is unit-tested
// alone; viewer3d.js makes three.js objects of it.

/** The name three.js animation tracks use for bone i (bone names hold spaces and dots). */
export const boneNode = (i) => `bone${i}`;

/**
 * The tracks of animation ai: per bone track, three keyframe tracks
 * (position, quaternion, scale) as { name, kind, times, values }, the
 * keys absolute (bind pose with the key's offset) as the pack sends them.
 */
export function clipTracks(pack, skin, ai) {
  const a = skin.animations[ai];
  const out = [];
  for (const t of a.tracks) {
    const times = pack.f32(t.times, t.keys);
    out.push({ name: `${boneNode(t.bone)}.position`, kind: 'vector', times, values: pack.f32(t.pos, 3 * t.keys) });
    out.push({ name: `${boneNode(t.bone)}.quaternion`, kind: 'quaternion', times, values: pack.f32(t.rot, 4 * t.keys) });
    out.push({ name: `${boneNode(t.bone)}.scale`, kind: 'vector', times, values: pack.f32(t.scale, 3 * t.keys) });
  }
  return out;
}

/**
 * The timeline's marks of an animation: each .ANIMATION event at its
 * frame, as a fraction (0–1) of the animation's length, in time order;
 * an event past the end is put at the end and says so.
 */
export function eventMarks(anim) {
  const len = anim.length > 0 ? anim.length : 0;
  return (anim.events || [])
    .map((e, i) => {
      const at = len > 0 ? e.time / len : 0;
      return { key: i, name: e.name, frame: e.frame, time: e.time, at: Math.min(Math.max(at, 0), 1), past: len > 0 && e.time > len };
    })
    .sort((a, b) => a.time - b.time || a.key - b.key);
}

/** "0.40 / 3.33 s" for the timeline. */
export const timeText = (t, len) => `${Number(t).toFixed(2)} / ${Number(len).toFixed(2)} s`;

/** Time after dt seconds of play at speed: wraps when looping, else stops at the ends. */
export function advance(t, dt, speed, len, loop) {
  if (!(len > 0)) return { t: 0, ended: true };
  let n = t + dt * speed;
  if (loop) {
    n %= len;
    if (n < 0) n += len;
    return { t: n, ended: false };
  }
  if (n >= len) return { t: len, ended: true };
  if (n <= 0) return { t: 0, ended: speed < 0 };
  return { t: n, ended: false };
}

/**
 * The name an animation shows under: its NAME, else its file's name without
 * the extension ("attack1.skeleton" → "attack1"), else its place (issue 46:
 * animations without a NAME were blank buttons).
 */
export function animName(a, i) {
  const name = String(a?.name ?? '').trim();
  if (name) return name;
  const file = String(a?.file ?? '').split(/[\\/]/).pop().replace(/\.[^.]*$/, '').trim();
  return file || `animation ${i + 1}`;
}

/**
 * The animations a filter shows, as {a, i, name} in list order: the
 * filter's words must all appear in the shown name or the file's name
 * (case folded); an empty filter shows every one.
 */
export function filterAnims(animations, filter) {
  const words = String(filter ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  const out = [];
  (animations ?? []).forEach((a, i) => {
    const name = animName(a, i);
    const hay = `${name} ${a?.file ?? ''}`.toLowerCase();
    if (words.every((w) => hay.includes(w))) out.push({ a, i, name });
  });
  return out;
}
