export default defineFwkConfig({
  routeRules: { '/old': { redirect: '/newer', headers: { 'x-from': 'custom' } } },
  typescript: { strict: true },
})
