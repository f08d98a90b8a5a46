// Remote and missing layers are listed, not read; the layer that exists is merged.
export default defineFwkConfig({
  extends: ['github:acme/layer', 'gh:acme/other#v2', './missing', './base'],
  theme: 'https://example.com/theme.tar.gz',
  ssr: true,
})
