export default defineFwkConfig({
  modules: ['deep-module'],
  devServer: { port: 4000, host: '0.0.0.0' },
  app: { rootId: 'deep' },
})
