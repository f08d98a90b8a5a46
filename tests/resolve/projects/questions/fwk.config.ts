// The questions people ask: a value not as written, an item a layer adds, a variable that is ignored.
export default defineFwkConfig({
  extends: ['./base'],
  ssr: null,
  app: { baseURL: '/mine/' },
  i18n: { locales: ['en'] },
  runtimeConfig: { public: { apiBase: '' } },
  $production: { app: { baseURL: '/prod/' } },
})
