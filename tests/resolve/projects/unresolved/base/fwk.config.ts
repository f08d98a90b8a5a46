export default defineFwkConfig({
  ssr: false,
  app: { baseURL: '/base/' },
})
