export default defineFwkConfig({
  app: { head: { title: 'Theme', htmlAttrs: { lang: 'en' } } },
  css: ['~/theme.css'],
  devtools: { enabled: true },
})
