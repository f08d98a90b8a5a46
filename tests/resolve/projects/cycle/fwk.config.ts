export default defineFwkConfig({
  extends: ['./a'],
  ssr: true,
})
