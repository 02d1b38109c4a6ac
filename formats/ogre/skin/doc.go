// Package skin poses an Ogre skeleton at a time of an animation and moves
// a mesh's vertices with it (linear blend skinning), as Ogre does on the
// CPU. It is pure arithmetic over decoded data: no files, no state.
//
// A bone's local transform is T(position) · R(orientation) · S(scale);
// its world transform its parent's world times its local one. An
// animation's keyframes are relative to the bind pose: position = bind +
// translation, orientation = bind · rotation, scale = bind · scale (Ogre's
// NodeAnimationTrack applied to a node reset to its initial state).
//
// Between two keyframes the transform is interpolated linearly, the
// rotation by normalised lerp along the shorter path (Ogre's
// RIM_LINEAR with shortest path). Past the last keyframe a looping
// animation interpolates towards the first one at length + its time, as
// Ogre's getKeyFramesAtTime does; a track without keyframes leaves its bone
// in the bind pose.
//
// A vertex's skinned position is Σ wᵢ · Mᵢ · v over its assignments, the
// weights normalised to sum 1, where Mᵢ = animated world · inverse(bind
// world) of bone i. A vertex with no assignment stays where it is.
package skin
