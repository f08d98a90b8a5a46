// The loader reads a file source relative to its own folder: './file-layer/custom.config.ts'
// is looked for at file-layer/file-layer/custom.config.ts, so this file is never read.
export default defineFwkConfig({
  ssr: 'never read',
})
