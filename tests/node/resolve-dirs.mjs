#!/usr/bin/env node
// Test-only oracle: where the REAL framework puts a project's source folder and
// the other folders, for framework major 3 or 4. Never used by the app.
//
//   node resolve-dirs.mjs < JOBS   -> JOBS: [{"id", "cwd", "major": 3 | 4, "env"?}]
//   prints {id: {"rootDir", "srcDir", "serverDir", "buildDir", "dir", "dirAbsolute",
//                "places", "alias", "compatibilityVersion", "warnings"} | {"error": "..."}}
//
// Steps, as the framework's kit does them in loadNuxtConfig (@nuxt/kit 4.6.4
// dist/index.mjs lines 831-1045; @nuxt/kit 3.21.11 dist/index.mjs lines 2893-2978):
//   1. c12 loads the config with its layers, as tests/node/load-c12.mjs does
//      (defineFwkConfig = identity, name "fwk", layer keys theme/extends; no rc file,
//      package.json, .env or remote layers; no jiti file cache). Folders under
//      layers/ are not scanned: only the layers the config names.
//   2. rootDir ||= the folder of the config, alias ||= {}, #layers/<name> for named
//      layers, and the buildDir detour when a .nuxt folder already exists (kit, same lines).
//   3. untyped's applyDefaults(NuxtConfigSchema, config): the schema of the chosen major
//      (@nuxt/schema 4.6.4, or 3.21.11 installed as "nuxt-schema-3"), so the config's
//      own future.compatibilityVersion is respected by the schema's resolvers.
//
// Paths in the answer are relative to the job's cwd (posix, "." for cwd itself).
//   "dir":   dir.* as the schema gives them. Some the schema resolves to absolute
//            paths (printed relative to cwd and listed in "dirAbsolute"); the others
//            stay relative and mean a folder under srcDir (see "places").
//   "places": the folder on disk the framework actually uses for each, computed as
//            the kit's getLayerDirectories does for the project's own layer
//            (@nuxt/kit 4.6.4 dist/plugins-CPqoWSn4.mjs lines 450-472, same in
//            @nuxt/kit 4.5.2 dist/index.mjs; @nuxt/kit 3.21.11 dist/index.mjs
//            getLayerDirectories): every dir.* and serverDir is resolve(srcDir,
//            resolveAlias(value)) except shared (resolve(rootDir, ...)). Under 4 the
//            schema already made public/modules/app/serverDir absolute from rootDir, so
//            they land under the root whatever srcDir is; under 3 (without
//            compatibilityVersion 4) they stay relative and land under srcDir.
//            Who reads each place:
//              public     nitro's publicAssets: @nuxt/nitro-server 4.5.2 dist/index.mjs:321
//                         (3.21.11: dist/index.mjs:181), `dirs.public` when it exists
//              server     nitro's scanDirs `dirs.server` (nitro-server 4.5.2 :424, 3.21.11 :280)
//                         and nitro srcDir = options.serverDir (4.5.2 :370, 3.21.11 :226)
//              modules    local modules: nuxt 4.5.2 dist/index.mjs:8030
//                         resolve(srcDir, dir.modules); nuxt 3.21.11 dist/index.mjs:6168-6172
//                         resolveFiles(srcDir, `${dir.modules}/*`)
//              pages      nuxt 4.5.2 dist/index.mjs:354,1294 (3.21.11 :343,1458) `dirs.appPages`
//              layouts    nuxt 4.5.2 dist/index.mjs:3478 (3.21.11 :7260) `dirs.appLayouts`
//              middleware nuxt 4.5.2 dist/index.mjs:3493 (3.21.11 :7272) `dirs.appMiddleware`
//              plugins    nuxt 4.5.2 dist/index.mjs:3512 (3.21.11 :7292) `dirs.appPlugins`
//              shared     getLayerDirectories: resolve(rootDir, dir.shared)
//              app        app/router.options and app/spa-loading-template.html:
//                         resolve(srcDir, dir.app) (nuxt 4.5.2 dist/index.mjs:1256,
//                         nitro-server 4.5.2 :1096; nuxt 3.21.11 :1413, nitro-server 3.21.11 :839)
//              assets     nothing scans it; it is what ~/assets means: resolve(srcDir, dir.assets)
//                         (the schema of 3 makes that the `assets` alias, 3.21.11 index.mjs:1254)
//              layers     local layers: the kit globs "layers/*" under rootDir (loadNuxtConfig)

import fs from "node:fs";
import { loadFwkConfig } from "./fwk-loader.mjs";
import { join, relative, resolve, isAbsolute } from "pathe";
import { resolveAlias } from "pathe/utils";
import { applyDefaults } from "untyped";


const SCHEMAS = {
  4: () => import("@nuxt/schema").then((m) => m.NuxtConfigSchema),
  3: () => import("nuxt-schema-3").then((m) => m.NuxtConfigSchema),
};

function withTrailingSlash(path) {
  if (!path) return "/";
  return path.endsWith("/") ? path : `${path}/`;
}

function rel(cwd, path) {
  return relative(cwd, path) || ".";
}

// The places of the project's own layer, as getLayerDirectories computes them.
function places(options, major) {
  const alias = options.alias;
  const src = options.srcDir;
  const root = options.rootDir;
  const dir = options.dir || {};
  const underSrc = (value, fallback) => resolve(src, resolveAlias(value || fallback, alias));
  return {
    srcDir: src,
    server: underSrc(options.serverDir, "server"),
    shared: resolve(root, resolveAlias(dir.shared || "shared", alias)),
    // @nuxt/kit 3.21.11 does not pass dir.public through resolveAlias; 4.x does
    public: major === 3 ? resolve(src, dir.public || "public") : underSrc(dir.public, "public"),
    modules: underSrc(dir.modules, "modules"),
    pages: underSrc(dir.pages, "pages"),
    layouts: underSrc(dir.layouts, "layouts"),
    middleware: underSrc(dir.middleware, "middleware"),
    plugins: underSrc(dir.plugins, "plugins"),
    app: resolve(src, dir.app || "app"),
    assets: resolve(src, dir.assets || "assets"),
    layers: resolve(root, "layers"),
  };
}

async function resolveJob(job) {
  const major = Number(job.major);
  if (!(major in SCHEMAS)) throw new Error(`major must be 3 or 4, not ${JSON.stringify(job.major)}`);
  const resolved = await loadFwkConfig(job.cwd, job.env);
  const { layers = [], cwd, meta } = resolved;
  const config = { ...resolved.config };
  // as the kit's loadNuxtConfig, before the schema is applied
  config.rootDir ||= cwd;
  config.alias ||= {};
  if (meta?.name) config.alias[`#layers/${meta.name}`] ||= withTrailingSlash(config.rootDir);
  for (const layer of layers) {
    if (layer.configFile && layer.meta?.name) {
      config.alias[`#layers/${layer.meta.name}`] ||= withTrailingSlash(layer.config?.rootDir ?? layer.cwd);
    }
  }
  const defaultBuildDir = join(config.rootDir, ".nuxt");
  const buildDirDetour = major === 4 || config.future?.compatibilityVersion === 4;
  if (buildDirDetour && !config.dev && !config.buildDir && fs.existsSync(defaultBuildDir)) {
    config.buildDir = join(config.rootDir, "node_modules/.cache/nuxt/.nuxt");
  }

  const schema = await SCHEMAS[major]();
  const options = await applyDefaults(schema, config);

  const base = resolve(job.cwd);
  const dir = {};
  const dirAbsolute = [];
  for (const [key, value] of Object.entries(options.dir || {})) {
    if (typeof value === "string" && isAbsolute(value)) {
      dir[key] = rel(base, value);
      dirAbsolute.push(key);
    } else {
      dir[key] = value;
    }
  }
  const alias = {};
  for (const [key, value] of Object.entries(options.alias || {})) {
    alias[key] = typeof value === "string" && isAbsolute(value) ? rel(base, value) : value;
  }
  const onDisk = {};
  for (const [key, value] of Object.entries(places(options, major))) onDisk[key] = rel(base, value);
  return {
    rootDir: rel(base, options.rootDir),
    srcDir: rel(base, options.srcDir),
    serverDir: rel(base, options.serverDir),
    buildDir: rel(base, options.buildDir),
    dir,
    dirAbsolute: dirAbsolute.sort(),
    places: onDisk,
    alias,
    compatibilityVersion: options.future?.compatibilityVersion,
  };
}

const jobs = JSON.parse(fs.readFileSync(0, "utf8"));
const results = {};
const saved = { log: console.log, info: console.info, warn: console.warn, error: console.error };
for (const job of jobs) {
  const warnings = [];
  // stdout carries the answer only: whatever the loader or the schema says goes to warnings
  for (const name of Object.keys(saved)) console[name] = (...args) => warnings.push(args.join(" "));
  try {
    results[job.id] = { ...(await resolveJob(job)), warnings };
  } catch (error) {
    results[job.id] = { error: `${error?.name ?? "Error"}: ${error?.message ?? String(error)}` };
  } finally {
    Object.assign(console, saved);
  }
}
process.stdout.write(JSON.stringify(results));
