// The config wins over its layers; objects merge, arrays join (config first), null is skipped.
export default defineFwkConfig({
  theme: './theme',
  extends: ['./base', 'pkg-layer', '@org/layer', './custom.config.ts', './file-layer/custom.config.ts', './dotlayer'],
  ssr: null,
  app: {
    baseURL: '/app/',
    head: { title: 'Main', meta: [{ name: 'description', content: 'main' }] },
  },
  modules: ['@fwk/content'],
  css: [],
  runtimeConfig: { apiSecret: '', public: { apiBase: '/api' } },
  $meta: { name: 'main' },
})
