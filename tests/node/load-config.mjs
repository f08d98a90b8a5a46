#!/usr/bin/env node
// Test-only "real client": evaluate a config file the way a JS toolchain would
// and print its default export as JSON. Never used by the app.
//
//   node load-config.mjs FILE             -> the default export as JSON (exit 1 on failure)
//   node load-config.mjs --batch < JOBS   -> JOBS: [{"id", "file", "as"?}]
//                                            prints {id: {"value": ...} | {"error": "..."}}
//
// "as" evaluates FILE's text as if it lived at that path (__dirname,
// import.meta.url), so two versions of one file evaluate to comparable values.
//
// How: TypeScript's transpileModule turns TS/ESM into CommonJS, which then runs
// with a `require` of our own: node built-ins are real; every other import
// (packages, missing relative files) is a stub, so real-world configs evaluate
// without their dependencies. Wrapper calls (defineFwkConfig, fwkConfig) are
// the identity, imported or global.
//
// JSON encoding of what plain JSON lacks:
//   function -> {"__fn": true}            undefined -> {"__undefined": true}
//   RegExp   -> {"__regex": source}       NaN/±Infinity -> {"__number": "NaN"}
//   BigInt   -> {"__bigint": "123"}       stub value -> {"__stub": "pkg.name(args)"}
//   cycle    -> {"__circular": true}

import fs from "node:fs";
import path from "node:path";
import vm from "node:vm";
import { createRequire, isBuiltin } from "node:module";
import { pathToFileURL } from "node:url";
import ts from "typescript";

const WRAPPERS = new Set(["defineFwkConfig", "fwkConfig", "defineConfig"]);
const identity = (value) => value;
const STUB = Symbol("stub");

// A stub stands for anything an unavailable module would give: any property,
// any call, any `new`, all yielding further stubs named by how they were
// reached, so evaluation is deterministic and a stub is printed by its name.
function makeStub(name) {
  const target = function () {};
  return new Proxy(target, {
    get(_t, key) {
      if (key === STUB) return name;
      if (key === Symbol.toPrimitive) return () => `[${name}]`;
      if (key === "toString" || key === "valueOf") return () => `[${name}]`;
      if (key === Symbol.iterator) return undefined;
      if (key === "__esModule") return true; // interop helpers then use properties as named exports
      if (key === "then" || key === "toJSON") return undefined;
      if (typeof key === "symbol") return undefined;
      if (WRAPPERS.has(key)) return identity;
      return makeStub(`${name}.${key}`);
    },
    apply(_t, _this, args) {
      return makeStub(`${name}(${args.map(describe).join(", ")})`);
    },
    construct(_t, args) {
      return makeStub(`new ${name}(${args.map(describe).join(", ")})`);
    },
    has() {
      return false;
    },
    ownKeys() {
      return Reflect.ownKeys(target);
    },
  });
}

function describe(value) {
  if (isStub(value)) return value[STUB];
  if (typeof value === "function") return "<fn>";
  try {
    return JSON.stringify(encode(value));
  } catch {
    return String(value);
  }
}

function isStub(value) {
  return typeof value === "function" && typeof value[STUB] === "string";
}

// `import.meta` has no CommonJS form: rewrite it to a variable we provide.
function importMetaTransformer(context) {
  const { factory } = context;
  const visit = (node) => {
    if (ts.isMetaProperty(node) && node.keywordToken === ts.SyntaxKind.ImportKeyword) {
      return factory.createIdentifier("__fwk_import_meta");
    }
    return ts.visitEachChild(node, visit, context);
  };
  return (sourceFile) => ts.visitNode(sourceFile, visit);
}

function transpile(source, fileName) {
  const out = ts.transpileModule(source, {
    fileName,
    reportDiagnostics: true,
    compilerOptions: {
      module: ts.ModuleKind.CommonJS,
      target: ts.ScriptTarget.ES2022,
      esModuleInterop: true,
      allowJs: true,
      // Keep imports whose bindings are unused: they may have side effects.
      verbatimModuleSyntax: false,
    },
    transformers: { before: [importMetaTransformer] },
  });
  const errors = (out.diagnostics ?? []).filter((d) => d.category === ts.DiagnosticCategory.Error);
  if (errors.length) {
    const d = errors[0];
    let where = "";
    if (d.file && d.start !== undefined) {
      const { line, character } = d.file.getLineAndCharacterOfPosition(d.start);
      where = ` (line ${line + 1}, column ${character + 1})`;
    }
    throw new SyntaxError(`${ts.flattenDiagnosticMessageText(d.messageText, "\n")}${where}`);
  }
  return out.outputText;
}

function evaluate(file, asPath) {
  const identityPath = path.resolve(asPath ?? file);
  const source = fs.readFileSync(file, "utf8");
  // .mjs/.mts would be emitted as ESM whatever the options: name them .js/.ts.
  const code = transpile(source, /\.[cm]?ts$/.test(identityPath) ? "config.ts" : "config.js");
  const realRequire = createRequire(identityPath);
  const dirname = path.dirname(identityPath);
  const requireStubbed = (spec) => {
    if (isBuiltin(spec)) return realRequire(spec);
    if (spec.startsWith(".") || spec.startsWith("/")) {
      // Sibling files (package.json, helpers) exist only in the real project.
      const target = path.resolve(dirname, spec);
      for (const candidate of [target, `${target}.json`]) {
        if (candidate.endsWith(".json") && fs.existsSync(candidate) && fs.statSync(candidate).isFile()) {
          return JSON.parse(fs.readFileSync(candidate, "utf8"));
        }
      }
    }
    return makeStub(spec);
  };
  const module = { exports: {} };
  const importMeta = { url: pathToFileURL(identityPath).href, dirname, filename: identityPath };
  const wrapper = vm.runInThisContext(
    `(function (exports, require, module, __filename, __dirname, __fwk_import_meta) {${code}\n})`,
    { filename: identityPath },
  );
  wrapper(module.exports, requireStubbed, module, identityPath, dirname, importMeta);
  const exported = module.exports;
  if (exported && typeof exported === "object" && "default" in exported) return exported.default;
  if (exported && typeof exported === "object" && Object.keys(exported).length === 0) {
    throw new Error("the file has no default export");
  }
  return exported; // `module.exports = {...}`
}

function encode(value, seen = new Set()) {
  if (value === undefined) return { __undefined: true };
  if (value === null) return null;
  if (isStub(value)) return { __stub: value[STUB] };
  switch (typeof value) {
    case "string":
    case "boolean":
      return value;
    case "number":
      return Number.isFinite(value) ? value : { __number: String(value) };
    case "bigint":
      return { __bigint: value.toString() };
    case "function":
      return { __fn: true };
    case "symbol":
      return { __symbol: value.description ?? "" };
  }
  if (value instanceof RegExp) return { __regex: value.source };
  if (seen.has(value)) return { __circular: true };
  seen.add(value);
  try {
    if (Array.isArray(value)) return value.map((item) => encode(item, seen));
    if (typeof value.toJSON === "function") return encode(value.toJSON(), seen);
    const out = {};
    for (const key of Object.keys(value)) out[key] = encode(value[key], seen);
    return out;
  } finally {
    seen.delete(value);
  }
}

globalThis.defineFwkConfig = identity;
globalThis.fwkConfig = identity;

function readStdin() {
  return fs.readFileSync(0, "utf8");
}

const args = process.argv.slice(2);
if (args[0] === "--batch") {
  const jobs = JSON.parse(readStdin());
  const results = {};
  for (const job of jobs) {
    try {
      results[job.id] = { value: encode(evaluate(job.file, job.as)) };
    } catch (error) {
      results[job.id] = { error: `${error?.name ?? "Error"}: ${error?.message ?? String(error)}` };
    }
  }
  process.stdout.write(JSON.stringify(results));
} else if (args.length === 1) {
  try {
    process.stdout.write(JSON.stringify(encode(evaluate(args[0])), null, 2) + "\n");
  } catch (error) {
    process.stderr.write(`${args[0]}: ${error?.stack ?? error}\n`);
    process.exit(1);
  }
} else {
  process.stderr.write("usage: node load-config.mjs FILE | node load-config.mjs --batch < jobs.json\n");
  process.exit(2);
}
