// Package layers: one with no entry file (found as a folder beside the config, as the loader does),
// one named with a sub path.
export default defineFwkConfig({
  extends: ['no-entry', 'sub-layer/layers/one'],
  ssr: true,
})
