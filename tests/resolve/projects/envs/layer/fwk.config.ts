export default defineFwkConfig({
  modules: ['layer'],
  $production: { modules: ['layer-prod'], runtimeConfig: { public: { mode: 'prod' } } },
  $env: { staging: { runtimeConfig: { public: { mode: 'staging' } } } },
})
