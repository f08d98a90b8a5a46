export default defineFwkConfig({
  extends: './deeper',
  ssr: false,
  app: { baseURL: '/base/', cdnURL: 'https://cdn.example.com', head: { meta: [{ name: 'author', content: 'base' }] } },
  modules: ['@fwk/image', '@fwk/content'],
  runtimeConfig: { public: { apiBase: '/base-api', siteName: 'Base' } },
  devtools: { enabled: false, timeline: { enabled: true } },
})
