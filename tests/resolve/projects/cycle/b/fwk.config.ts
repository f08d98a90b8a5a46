export default defineFwkConfig({
  extends: ['../a'],
  app: { cdnURL: 'b' },
})
