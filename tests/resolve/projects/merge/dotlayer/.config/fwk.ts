export default defineFwkConfig({
  typescript: { strict: false, typeCheck: true },
  experimental: { payloadExtraction: false },
})
