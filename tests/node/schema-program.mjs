// Test-only: one in-memory TypeScript program that sees the framework's config types
// (@nuxt/schema 4.6.4 as NuxtConfig4, 3.21.11 as NuxtConfig3), shared by
// typecheck-config.mjs and framework-literals.mjs. Never used by the app.
//
// The program's file is virtual, beside this script, so the packages resolve to
// tests/node/node_modules. Its head imports both config types and fills in what a
// real project's installed server builder adds (see typecheck-config.mjs): NitroTypes
// of schema 4 with `any`, and schema 3's missing nitro/routeRules/serverHandlers/
// devServerHandlers, typed `any`.

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const VIRTUAL = path.join(HERE, "__schema_program__.ts");
const STUBS = path.join(HERE, "__tool_stubs__.d.ts");

// `filled`: the type given to what the server builder adds. `any` to check configs (the
// builder takes what it takes); framework-types.mjs gives a named type of its own
// (ServerBuilderTypes) so that it can say "not known here" rather than "anything".
export function head(filled = "any") {
  return [
    "import type { NuxtConfig as NuxtConfig4 } from '@nuxt/schema';",
    "import type { NuxtConfig as NuxtConfig3 } from 'nuxt-schema-3';",
    "interface ServerBuilderTypes { __serverBuilder: \"the server builder types this\" }",
    `declare module '@nuxt/schema' { interface NitroTypes { config: ${filled}; routeRuleConfig: ${filled} } }`,
    "declare module 'nuxt-schema-3' {",
    `  interface NuxtConfig { nitro?: ${filled}; routeRules?: Record<string, ${filled}>;` +
      ` serverHandlers?: ${filled}[]; devServerHandlers?: ${filled}[] }`,
    "}",
    "",
  ].join("\n");
}

export const HEAD = head();

export const configType = (major) => (major === 3 ? "NuxtConfig3" : "NuxtConfig4");

const OPTIONS = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  strict: true,
  skipLibCheck: true,
  noEmit: true,
  types: [],
  lib: ["lib.es2022.d.ts", "lib.dom.d.ts"],
};

function makeHost(files) {
  // files: absolute path -> text of the virtual files
  const host = ts.createCompilerHost(OPTIONS, true);
  const getSourceFile = host.getSourceFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  const readFile = host.readFile.bind(host);
  const own = (fileName) => files[path.resolve(fileName)];
  host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) =>
    own(fileName) !== undefined
      ? ts.createSourceFile(fileName, own(fileName), languageVersion, true, ts.ScriptKind.TS)
      : getSourceFile(fileName, languageVersion, onError, shouldCreate);
  host.fileExists = (fileName) => own(fileName) !== undefined || fileExists(fileName);
  host.readFile = (fileName) => own(fileName) ?? readFile(fileName);
  host.writeFile = () => {};
  return host;
}

// The framework's schema files, whose imports name the types of other packages.
const SCHEMA_FILES = ["@nuxt/schema/dist", "nuxt-schema-3/dist"].flatMap((dir) => {
  const full = path.join(HERE, "node_modules", dir);
  return fs.existsSync(full) ? fs.readdirSync(full).filter((f) => /\.d\.m?ts$/.test(f)).map((f) => path.join(full, f)) : [];
});
const IMPORT = /import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+["']([^"']+)["']/g;

// Ambient stand-ins for the packages the schema imports that are not installed here (the
// bundlers', the tools'). An import that does not resolve is TypeScript's error type, which
// spreads through the types that use it (`false | Options` becomes `any`, and so does a
// conditional type testing it); a stand-in is a type of its own. For the summary
// (framework-types.mjs) each named type is `ToolTypes`, a marker it reads as "a package types
// this", so that `false | Options` keeps its `false`; to check configs (typecheck-config.mjs)
// it is `any`, what the package may take.
export function toolStubs(marker = true) {
  const names = new Map();
  for (const file of SCHEMA_FILES) {
    for (const match of fs.readFileSync(file, "utf8").matchAll(IMPORT)) {
      const spec = match[2];
      if (spec.startsWith(".") || spec.startsWith("node:")) continue;
      const resolved = ts.resolveModuleName(spec, file, OPTIONS, ts.sys).resolvedModule;
      if (resolved) continue;
      const set = names.get(spec) ?? new Set();
      for (const part of match[1].split(",")) {
        const name = part.trim().replace(/^type\s+/, "").split(/\s+as\s+/)[0];
        if (/^[A-Za-z_$][\w$]*$/.test(name)) set.add(name);
      }
      names.set(spec, set);
    }
  }
  const lines = [
    marker ? 'interface ToolTypes { __tool: "a package not installed here types this" }' : "type ToolTypes = any;",
  ];
  for (const [spec, set] of [...names].sort()) {
    const members = [...set].sort().map((n) => `export type ${n} = ToolTypes;`).join(" ");
    lines.push(`declare module ${JSON.stringify(spec)} { ${members} }`);
  }
  return lines.join("\n") + "\n";
}

// The program of `text` (which starts with HEAD) and its virtual source file. Exits
// with status 2 when the head has a problem: a type that failed to resolve would be
// `any` and accept everything.
export function schemaProgram(text, name, headLength = HEAD.length, stubs = "") {
  const files = { [VIRTUAL]: text };
  if (stubs) files[STUBS] = stubs;
  const program = ts.createProgram({ rootNames: Object.keys(files), options: OPTIONS, host: makeHost(files) });
  const sf = program.getSourceFile(VIRTUAL);
  const setup = [...program.getSyntacticDiagnostics(sf), ...program.getSemanticDiagnostics(sf)].filter(
    (d) => d.start === undefined || d.start < headLength,
  );
  if (setup.length) {
    const messages = setup.map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
    process.stderr.write(`${name}: the program does not load the framework's schema:\n${messages.join("\n")}\n`);
    process.exit(2);
  }
  return { program, sf };
}
