// Test-only: the framework's loader (c12) as the oracles call it, in one place.
// defineFwkConfig is the identity; name "fwk"; theme then extends as the layer keys;
// no rc file, package.json, .env or remote layer; no cache written into the fixtures.

import { loadConfig } from "c12";

globalThis.defineFwkConfig = (config) => config;

export function loadFwkConfig(cwd, envName, more = {}) {
  return loadConfig({
    cwd,
    name: "fwk",
    envName: envName || false,
    rcFile: false,
    packageJson: false,
    dotenv: false,
    giget: false,
    extend: { extendKey: ["theme", "extends"] },
    jitiOptions: { fsCache: false }, // never write a cache into the fixtures
    ...more,
  });
}
