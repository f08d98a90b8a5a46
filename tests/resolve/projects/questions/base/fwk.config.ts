export default defineFwkConfig({
  ssr: false,
  i18n: { locales: ['fr', 'de'], defaultLocale: 'fr' },
})
