// Environment sections: $production, $development, $test and $env.<name>, in the config and in a layer.
export default defineFwkConfig({
  extends: ['./layer'],
  app: { baseURL: '/' },
  modules: ['common'],
  devtools: { enabled: true },
  $production: {
    app: { baseURL: '/prod/', cdnURL: 'https://cdn.example.com' },
    modules: ['prod-only'],
    devtools: { enabled: false },
  },
  $development: { devServer: { port: 3001 } },
  $test: { ssr: false },
  $env: {
    staging: { app: { baseURL: '/staging/' }, routeRules: { '/**': { robots: false } } },
    production: { app: { baseURL: '/prod-env/' } },
  },
})
