// three.js side of the 3D view (MeshView.svelte, LevelView.svelte). This
// module is imported dynamically, so three.js loads only when a model is
// opened and the main bundle stays small.
import * as THREE from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import { VertexNormalsHelper } from 'three/examples/jsm/helpers/VertexNormalsHelper.js';
import { gridTexels, alphaFlags } from './pack3d.js';
import { boneNode, clipTracks } from './anim3d.js';

export const BACKGROUND = 0x1e222a;

// One shader for every surface: the texture (or a flat colour), lit from a
// fixed direction on both sides (Ogre meshes are seen from either side),
// and, when the walk grid is on, the grid's cell under each upward-facing
// fragment blended in: the grid lies on the floors, whatever their height.
// A skinned mesh (three.js defines USE_SKINNING for it) moves each vertex
// and normal by its four bones first (three's own skinning chunks).
const vertexShader = `
#include <common>
#include <skinning_pars_vertex>
varying vec3 vWorld; varying vec3 vNormal; varying vec2 vUv;
void main() {
  vec3 transformed = vec3(position);
  vec3 objectNormal = vec3(normal);
  #include <skinbase_vertex>
  #include <skinnormal_vertex>
  #include <skinning_vertex>
  vec4 w = modelMatrix * vec4(transformed, 1.0);
  vWorld = w.xyz;
  vNormal = normalize(mat3(modelMatrix) * objectNormal);
  vUv = uv;
  gl_Position = projectionMatrix * viewMatrix * w;
}`;
const fragmentShader = `
uniform sampler2D map; uniform bool hasMap; uniform vec3 color; uniform float alphaCut; uniform bool blendAlpha;
uniform sampler2D grid; uniform bool hasGrid; uniform vec2 gridOrigin; uniform vec2 gridSize;
varying vec3 vWorld; varying vec3 vNormal; varying vec2 vUv;
void main() {
  vec4 texel = hasMap ? texture2D(map, vUv) : vec4(color, 1.0);
  if (texel.a < alphaCut) discard; // alpha_rejection: a cut-out's holes
  vec3 base = texel.rgb;
  vec3 n = normalize(vNormal);
  float light = 0.35 + 0.65 * abs(dot(n, normalize(vec3(0.4, 0.8, 0.45))));
  vec3 c = base * light;
  if (hasGrid && n.y > 0.5) {
    vec2 g = (vWorld.xz - gridOrigin) / gridSize;
    if (g.x >= 0.0 && g.y >= 0.0 && g.x <= 1.0 && g.y <= 1.0) {
      vec4 cell = texture2D(grid, g);
      c = mix(c, cell.rgb, cell.a * 0.7);
    }
  }
  gl_FragColor = vec4(c, blendAlpha ? texel.a : 1.0);
}`;

const PALETTE = [0xc8b48c, 0x8cb4c8, 0xb4c88c, 0xc88cb4, 0xc8a078, 0x9696d2];

let software = null;
/**
 * Whether WebGL is drawn by the CPU (SwiftShader, llvmpipe, softpipe: no
 * GPU, or a virtual display). Those pay for multisampling on every sample
 * of every pixel: a 100k-triangle mesh's first frame took 3× as long with
 * it, so a software renderer draws without antialiasing.
 */
export function softwareGL() {
  if (software !== null) return software;
  software = false;
  try {
    const gl = document.createElement('canvas').getContext('webgl');
    const ext = gl?.getExtension('WEBGL_debug_renderer_info');
    const name = String(gl && ext ? gl.getParameter(ext.UNMASKED_RENDERER_WEBGL) : gl?.getParameter(gl.RENDERER) ?? '');
    software = /swiftshader|llvmpipe|softpipe|software/i.test(name);
    gl?.getExtension('WEBGL_lose_context')?.loseContext();
  } catch {
    // no WebGL at all: createViewer's renderer says so
  }
  return software;
}

/** A viewer on a container element: renderer, camera, orbit controls. */
export function createViewer(el) {
  const renderer = new THREE.WebGLRenderer({ antialias: !softwareGL(), preserveDrawingBuffer: true });
  renderer.setPixelRatio(Math.min(window.devicePixelRatio || 1, 2));
  renderer.setClearColor(BACKGROUND);
  el.appendChild(renderer.domElement);
  renderer.domElement.dataset.testid = 'model-canvas';
  const scene = new THREE.Scene();
  const camera = new THREE.PerspectiveCamera(45, 1, 0.01, 100000);
  const controls = new OrbitControls(camera, renderer.domElement);
  controls.screenSpacePanning = true;
  const root = new THREE.Group();
  scene.add(root);
  const helpers = new THREE.Group();
  scene.add(helpers);
  const gridUniform = { grid: { value: null }, hasGrid: { value: false }, gridOrigin: { value: new THREE.Vector2() }, gridSize: { value: new THREE.Vector2(1, 1) } };
  const materials = [];
  let frames = 0;
  let drawnMarked = false;
  // When the view is ready (something drawn, every texture loaded or
  // failed), and the frame times of the last second: the view shows both
  // (how long a model took to open, the frame rate while it plays).
  let loading = 0;
  let onReady = null;
  const recent = [];
  let dirty = true;
  const draw = () => (dirty = true);
  controls.addEventListener('change', draw);
  const resize = () => {
    const w = Math.max(el.clientWidth, 1), h = Math.max(el.clientHeight, 1);
    renderer.setSize(w, h, true);
    camera.aspect = w / h;
    camera.updateProjectionMatrix();
    draw();
  };
  const ro = new ResizeObserver(resize);
  ro.observe(el);
  resize();
  let raf = 0;
  let tick = null;
  let last = 0;
  const loop = (now = 0) => {
    raf = requestAnimationFrame(loop);
    const dt = last ? Math.min((now - last) / 1000, 0.25) : 0;
    last = now;
    if (tick) tick(dt);
    if (!dirty) return;
    dirty = false;
    renderer.render(scene, camera);
    if (!drawnMarked && root.children.length) {
      drawnMarked = true;
      performance.mark('mesh:drawn'); // the first frame with something in it (the e2e test logs it)
    }
    if (onReady && root.children.length && loading === 0) {
      const f = onReady;
      onReady = null;
      f(performance.now());
    }
    frames++;
    el.dataset.frames = String(frames);
    recent.push(now || performance.now());
    while (recent.length && recent[0] < recent[recent.length - 1] - 1000) recent.shift();
  };
  loop();
  const textures = new Map();
  const loader = new THREE.TextureLoader();

  const v = {
    THREE, scene, root, helpers, camera, controls, renderer, draw,
    get frames() { return frames; },
    /** Frames drawn in the last second (a still view draws none). */
    get fps() { return recent.length > 1 && performance.now() - recent[recent.length - 1] < 500 ? recent.length : 0; },
    /** fn(ms since the page began) once a frame shows the model with its textures loaded (or failed). */
    whenReady(fn) { onReady = fn; draw(); },
    /** fn(dt seconds) runs before every frame (an animation playing); null stops it. */
    setTick(fn) { tick = fn; },
    /**
     * A surface material: textured from url (or untextured when null), in
     * colour k of the palette; alpha (pack3d.alphaFlags) says how the
     * texture's alpha is drawn: cut below a value, blended or added.
     */
    material(url, k, onerror = () => {}, alpha = alphaFlags(null)) {
      const a = url ? alpha : alphaFlags(null); // untextured: opaque
      const u = {
        map: { value: null }, hasMap: { value: false }, color: { value: new THREE.Color(PALETTE[k % PALETTE.length]) },
        alphaCut: { value: a.cut }, blendAlpha: { value: a.blend !== '' },
        ...gridUniform,
      };
      u.color.value.setHex(PALETTE[k % PALETTE.length], THREE.LinearSRGBColorSpace); // written as is, like the texels
      const m = new THREE.ShaderMaterial({ uniforms: u, vertexShader, fragmentShader, side: THREE.DoubleSide,
        transparent: a.blend !== '', depthWrite: a.blend === '',
        blending: a.blend === 'add' ? THREE.AdditiveBlending : THREE.NormalBlending });
      m.userData.alpha = a; // the e2e test reads what each submesh was drawn with
      if (url) {
        let t = textures.get(url);
        if (!t) {
          loading++;
          t = loader.load(url, () => { loading--; draw(); }, undefined, () => { loading--; t.failed = true; onerror(url); draw(); });
          t.flipY = false; // Ogre's UV origin is the top left
          // The shader writes texels as they are (no colour-space round
          // trip), and without mipmaps: some GL drivers (Mesa under
          // WebKitGTK) leave mipmapped sRGB textures incomplete, i.e. black.
          t.colorSpace = THREE.NoColorSpace;
          t.generateMipmaps = false;
          t.minFilter = THREE.LinearFilter;
          t.wrapS = t.wrapT = THREE.RepeatWrapping;
          textures.set(url, t);
        }
        u.map.value = t;
        u.hasMap.value = true;
      }
      materials.push(m);
      return m;
    },
    setWireframe(on) { for (const m of materials) m.wireframe = on; draw(); },
    /** The walk grid drawn on the floors: grid is a pack's grid header, cells its bytes. */
    setGrid(grid, cells) {
      if (!grid) { gridUniform.hasGrid.value = false; draw(); return; }
      if (!gridUniform.grid.value) {
        const t = new THREE.DataTexture(gridTexels(cells, grid.colors), grid.Width, grid.Height, THREE.RGBAFormat);
        t.magFilter = t.minFilter = THREE.NearestFilter;
        t.needsUpdate = true;
        gridUniform.grid.value = t;
        gridUniform.gridOrigin.value.set(grid.X0 - 0.2, grid.Z0 - 0.2);
        gridUniform.gridSize.value.set(grid.Width * 0.4, grid.Height * 0.4);
      }
      gridUniform.hasGrid.value = true;
      draw();
    },
    /** Aim the camera at the box of what is shown, from a three-quarter angle. */
    fit(box = new THREE.Box3().setFromObject(root)) {
      if (box.isEmpty()) return;
      const c = box.getCenter(new THREE.Vector3());
      const r = Math.max(box.getSize(new THREE.Vector3()).length() / 2, 0.01);
      // The narrower of the two angles of view decides (a tall pane is narrow).
      const vfov = (camera.fov * Math.PI) / 180;
      const hfov = 2 * Math.atan(Math.tan(vfov / 2) * camera.aspect);
      const d = r / Math.sin(Math.min(vfov, hfov) / 2);
      camera.position.copy(c).add(new THREE.Vector3(1, 0.8, 1).normalize().multiplyScalar(d));
      camera.near = d / 1000;
      camera.far = d * 10;
      camera.updateProjectionMatrix();
      controls.target.copy(c);
      controls.update();
      draw();
    },
    /** Normals of every visible surface (or none). */
    setNormals(on) {
      for (const h of helpers.children.filter((c) => c.userData.normals)) { helpers.remove(h); h.dispose?.(); }
      if (on) {
        const size = new THREE.Box3().setFromObject(root).getSize(new THREE.Vector3()).length() / 60;
        root.traverse((o) => {
          if (o.isMesh && o.visible && o.parent?.visible !== false) {
            const h = new VertexNormalsHelper(o, size, 0x66ccff);
            h.userData.normals = true;
            helpers.add(h);
          }
        });
      }
      draw();
    },
    /** A bounding box drawn as lines. */
    boxLines(min, max, color = 0xffcc00) {
      const b = new THREE.Box3(new THREE.Vector3(...min), new THREE.Vector3(...max));
      return new THREE.Box3Helper(b, color);
    },
    /** The object under a click (clientX/Y), or null. */
    pick(x, y, objects) {
      const r = renderer.domElement.getBoundingClientRect();
      const p = new THREE.Vector2(((x - r.left) / r.width) * 2 - 1, -((y - r.top) / r.height) * 2 + 1);
      const ray = new THREE.Raycaster();
      ray.setFromCamera(p, camera);
      const hit = ray.intersectObjects(objects, true).find((h) => h.object.visible);
      return hit?.object ?? null;
    },
    dispose() {
      cancelAnimationFrame(raf);
      ro.disconnect();
      controls.dispose();
      root.traverse((o) => o.geometry?.dispose());
      for (const m of materials) m.dispose();
      for (const t of textures.values()) t.dispose();
      renderer.dispose();
      renderer.domElement.remove();
    },
  };
  return v;
}

/**
 * The three.js groups of a pack's mesh: one THREE.Mesh per submesh that
 * has geometry (userData.submesh = its index), sharing buffers between
 * submeshes of one geometry. texURL(key) gives a texture's URL.
 */
export function buildMesh(v, pack, mi, texURL, onTexError) {
  const m = pack.header.meshes[mi];
  const attrs = m.geometries.map((g) => {
    const pos = new v.THREE.BufferAttribute(pack.f32(g.pos, 3 * g.vertices), 3);
    const nrm = g.nrm >= 0 ? new v.THREE.BufferAttribute(pack.f32(g.nrm, 3 * g.vertices), 3) : null;
    const uv = g.uv >= 0 ? new v.THREE.BufferAttribute(pack.f32(g.uv, 2 * g.vertices), 2) : null;
    return { pos, nrm, uv };
  });
  const group = new v.THREE.Group();
  const skin = m.skin?.bones?.length ? buildSkeleton(v, m, group) : null;
  if (skin) group.userData.skin = skin;
  m.submeshes.forEach((s, i) => {
    if (s.geometry < 0 || !s.count) return;
    const a = attrs[s.geometry];
    const geo = new v.THREE.BufferGeometry();
    geo.setAttribute('position', a.pos);
    if (a.uv) geo.setAttribute('uv', a.uv);
    geo.setIndex(new v.THREE.BufferAttribute(pack.u32(s.index, s.count), 1));
    if (a.nrm) geo.setAttribute('normal', a.nrm);
    else geo.computeVertexNormals();
    if (!a.uv) geo.setAttribute('uv', new v.THREE.BufferAttribute(new Float32Array(2 * m.geometries[s.geometry].vertices), 2));
    const mat = v.material(s.texture && a.uv ? texURL(s.texture) : null, m.collision ? 5 : i, onTexError, alphaFlags(s));
    const w = skin ? m.skin.weights[attrs.indexOf(a)] : null;
    let mesh;
    if (skin && w && w.index >= 0) {
      const nv = m.geometries[s.geometry].vertices;
      geo.setAttribute('skinIndex', new v.THREE.Uint16BufferAttribute(Uint16Array.from(pack.u32(w.index, 4 * nv)), 4));
      geo.setAttribute('skinWeight', new v.THREE.BufferAttribute(pack.f32(w.weight, 4 * nv), 4));
      mesh = new v.THREE.SkinnedMesh(geo, mat);
      mesh.bind(skin.skeleton);
    } else {
      mesh = new v.THREE.Mesh(geo, mat);
    }
    mesh.userData.submesh = i;
    group.add(mesh);
  });
  return group;
}

/**
 * The bones of a pack's skin in their bind pose under group, and the
 * three.js skeleton over them (its inverses taken in that pose).
 */
function buildSkeleton(v, m, group) {
  const T = v.THREE;
  const bones = m.skin.bones.map((b, i) => {
    const o = new T.Bone();
    o.name = boneNode(i);
    o.userData.name = b.name;
    o.position.set(...b.pos);
    o.quaternion.set(...b.rot).normalize();
    o.scale.set(...b.scale);
    return o;
  });
  m.skin.bones.forEach((b, i) => (b.parent >= 0 ? bones[b.parent] : group).add(bones[i]));
  group.updateMatrixWorld(true);
  return { skeleton: new T.Skeleton(bones), bones };
}

/**
 * An animator over a skinned mesh built by buildMesh: select(i) poses
 * the mesh at time 0 of animation i; setTime(t) at t seconds (scrubbing,
 * playing); bones(on) draws the skeleton. Null when the mesh has no skin.
 */
export function animator(v, pack, mi, group) {
  const m = pack.header.meshes[mi];
  const sk = group.userData.skin;
  if (!sk) return null;
  const T = v.THREE;
  const mixer = new T.AnimationMixer(group);
  const helper = new T.SkeletonHelper(group);
  helper.visible = false;
  v.helpers.add(helper);
  let action = null;
  const clips = new Map();
  const clip = (i) => {
    if (!clips.has(i)) {
      const a = m.skin.animations[i];
      const tracks = clipTracks(pack, m.skin, i).map((t) =>
        t.kind === 'quaternion' ? new T.QuaternionKeyframeTrack(t.name, t.times, t.values) : new T.VectorKeyframeTrack(t.name, t.times, t.values));
      clips.set(i, new T.AnimationClip(a.name, Math.max(a.length, 0), tracks));
    }
    return clips.get(i);
  };
  return {
    mixer,
    select(i) {
      mixer.stopAllAction();
      sk.skeleton.pose(); // bones no track of the new animation moves go back to the bind pose
      action = i >= 0 && m.skin.animations[i]?.tracks.length ? mixer.clipAction(clip(i)) : null;
      if (action) { action.play(); action.paused = true; action.time = 0; }
      mixer.update(0);
      v.draw();
    },
    setTime(t) {
      if (action) { action.time = t; mixer.update(0); }
      v.draw();
    },
    bones(on) { helper.visible = on; v.draw(); },
    dispose() { mixer.stopAllAction(); v.helpers.remove(helper); helper.dispose?.(); },
  };
}
