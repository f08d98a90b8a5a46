export default defineFwkConfig({
  extends: ['../b'],
  app: { baseURL: '/a/' },
})
