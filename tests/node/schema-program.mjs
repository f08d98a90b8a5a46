// Test-only: one in-memory TypeScript program that sees the framework's config types
// (@nuxt/schema 4.6.4 as NuxtConfig4, 3.21.11 as NuxtConfig3), shared by
// typecheck-config.mjs and framework-literals.mjs. Never used by the app.
//
// The program's file is virtual, beside this script, so the packages resolve to
// tests/node/node_modules. Its head imports both config types and fills in what a
// real project's installed server builder adds (see typecheck-config.mjs): NitroTypes
// of schema 4 with `any`, and schema 3's missing nitro/routeRules/serverHandlers/
// devServerHandlers, typed `any`.

import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const VIRTUAL = path.join(HERE, "__schema_program__.ts");

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

function makeHost(virtualText) {
  const host = ts.createCompilerHost(OPTIONS, true);
  const getSourceFile = host.getSourceFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  const readFile = host.readFile.bind(host);
  const same = (fileName) => path.resolve(fileName) === VIRTUAL;
  host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) =>
    same(fileName)
      ? ts.createSourceFile(fileName, virtualText, languageVersion, true, ts.ScriptKind.TS)
      : getSourceFile(fileName, languageVersion, onError, shouldCreate);
  host.fileExists = (fileName) => same(fileName) || fileExists(fileName);
  host.readFile = (fileName) => (same(fileName) ? virtualText : readFile(fileName));
  host.writeFile = () => {};
  return host;
}

// The program of `text` (which starts with HEAD) and its virtual source file. Exits
// with status 2 when the head has a problem: a type that failed to resolve would be
// `any` and accept everything.
export function schemaProgram(text, name, headLength = HEAD.length) {
  const program = ts.createProgram({ rootNames: [VIRTUAL], options: OPTIONS, host: makeHost(text) });
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
