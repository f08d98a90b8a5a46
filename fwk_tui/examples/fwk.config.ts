// An example fwk.config.ts, shipped with fwk-tui: `fwk-tui` opens it when no file is given.
import { resolve } from 'node:path'

const isProd = process.env.NODE_ENV === 'production'

export default defineFwkConfig({
  compatibilityDate: '2026-11-01',

  // Render on the server; the admin area is a single-page app.
  ssr: true,
  routeRules: {
    '/admin/**': { ssr: false },
    '/blog/**': { swr: 3600 },
  },

  app: {
    baseURL: '/',
    head: {
      title: 'Example shop',
      htmlAttrs: { lang: 'en' },
      meta: [
        { name: 'viewport', content: 'width=device-width, initial-scale=1' },
        { name: 'description', content: 'Things worth buying' },
      ],
    },
    pageTransition: { name: 'page', mode: 'out-in' },
  },

  css: ['~/assets/main.css'],

  modules: [
    '@fwk/image',
    ['@fwk/content', { highlight: { theme: 'github-dark' } }],
  ],

  runtimeConfig: {
    apiSecret: '', // FWK_API_SECRET
    public: {
      apiBase: '/api', // FWK_PUBLIC_API_BASE
    },
  },

  devServer: {
    port: 3000,
  },

  typescript: {
    strict: true,
    typeCheck: isProd ? 'build' : false,
  },

  alias: {
    images: resolve(__dirname, './app/assets/images'),
  },

  hooks: {
    'build:done'(builder) {
      console.log('built into', builder.fwk.options.buildDir)
    },
  },

  // Options of a module: kept as they are.
  content: {
    documentDriven: true,
  },
})
