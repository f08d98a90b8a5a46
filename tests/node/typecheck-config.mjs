#!/usr/bin/env node
// Test-only oracle: does the REAL framework's config type accept a config object?
// Never used by the app.
//
//   node typecheck-config.mjs < JOBS   -> JOBS: [{"id", "text"}]
//   prints {id: {"ok": bool, "errors": [{"path": "a.b", "message": "..."}]}}
//
// "text" is a config object literal's TypeScript source in the framework's real
// spelling (nuxt, nitro, vite...: tests/framework_types.py's to_framework turns the
// project's neutral spelling back). All jobs go into ONE in-memory program (one
// virtual file beside this script, so `import type { NuxtConfig } from '@nuxt/schema'`
// resolves to tests/node/node_modules/@nuxt/schema 4.6.4), one
//
//     const c<n>: NuxtConfig =
//     <text>
//     ;
//
// per job, checked with strict: true. Every diagnostic is given to the job whose lines
// hold its start, with the path of the innermost property of the object literal that
// holds it ("" when the error is about the whole object; array items are their
// index: "plugins.0.mode").
//
// Where the oracle is conservative (accepts what the framework may refuse):
//   - @nuxt/schema imports the types of packages that are not installed here (vite,
//     nitropack, webpack, vue, vue-router, h3, postcss, esbuild, chokidar, @types/node...).
//     With skipLibCheck those imports become `any`, so the subtrees typed by them
//     (vite.*, nitro.*, webpack.* options, vue.compilerOptions, router.options, ...)
//     accept anything.
//   - Names the text uses but does not declare (the file's imports, process,
//     __dirname, helper functions) are errors typed as `any` by TypeScript; those
//     "cannot find name" diagnostics are dropped, so such values accept anything.
//     So are the noImplicitAny ones (codes 7xxx: a callback given to an undeclared
//     helper has untyped parameters): they judge the code inside the config, not
//     its shape.
//   - TypeScript does not list every problem: it reports one excess property per
//     object literal, and the first problem it finds in an object often hides the
//     others (`{ plugins: [{ mode: 'both' }], bogus: 1 }` names plugins.0.mode only).
//     "ok" is exact; "errors" may be a subset.
// Where it is stricter than the framework at run time:
//   - module options (keys added by modules, e.g. `content`, `colorMode`) are unknown
//     keys here, since no module's type augmentation is installed;
//   - nitro.* and routeRules.* are typed by @nuxt/schema's own fallback shapes
//     (NitroConfigFallback, RouteRuleConfigFallback: "limited to the keys Nuxt itself
//     reads and writes") because no server builder registers its types in NitroTypes
//     here: e.g. nitro.preset or a route rule's headers are refused, though nitro
//     takes them. The schema is checked as shipped, with no augmentation.
//
// A job whose text does not parse as an expression gets ok false and one error with
// path "" saying so; it is left out of the program so it cannot spoil the others.

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const VIRTUAL = path.join(HERE, "__typecheck_config__.ts");

// "Cannot find name", its "did you mean" / "install the types of" variants, and
// "no value exists in scope for the shorthand property".
const UNDECLARED_NAME_CODES = new Set([2304, 2552, 2580, 2581, 2582, 2583, 2584, 2591, 2592, 2593, 18004]);
const dropped = (code) => UNDECLARED_NAME_CODES.has(code) || (code >= 7000 && code < 8000);

function readStdin() {
  return fs.readFileSync(0, "utf8");
}

function parseProblem(text) {
  // The text alone, as an initializer: any syntax error, or a text that is more than
  // one expression (it would close the declaration and spill into the next job).
  const probe = `const x = (\n${text}\n);\n`;
  const sf = ts.createSourceFile("probe.ts", probe, ts.ScriptTarget.ESNext, true, ts.ScriptKind.TS);
  const diagnostics = sf.parseDiagnostics || [];
  if (diagnostics.length) {
    return ts.flattenDiagnosticMessageText(diagnostics[0].messageText, "\n");
  }
  if (sf.statements.length !== 1) return "the text is not one expression";
  return null;
}

function buildSource(jobs) {
  const lines = ["import type { NuxtConfig } from '@nuxt/schema';", ""];
  let offset = lines.join("\n").length + 1;
  const spans = []; // {job, name, start, end}: the character range of the job's lines
  let text = lines.join("\n") + "\n";
  jobs.forEach((job, index) => {
    const name = `c${index}`;
    const chunk = `const ${name}: NuxtConfig =\n${job.text}\n;\n`;
    spans.push({ job, name, start: offset, end: offset + chunk.length });
    text += chunk;
    offset += chunk.length;
  });
  text += "export {};\n";
  return { text, spans };
}

function makeHost(options, virtualText) {
  const host = ts.createCompilerHost(options, true);
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

function propertyName(node, sf) {
  const name = node.name;
  if (!name) return null;
  if (ts.isIdentifier(name) || ts.isPrivateIdentifier(name)) return name.text;
  if (ts.isStringLiteral(name) || ts.isNumericLiteral(name) || ts.isNoSubstitutionTemplateLiteral(name)) {
    return name.text;
  }
  return name.getText(sf); // computed: [expr]
}

// The property path, inside `root`, of the innermost property holding `pos`.
function pathAt(root, pos, sf) {
  const parts = [];
  let node = root;
  for (;;) {
    while (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node)) {
      node = node.expression;
    }
    let next = null;
    if (ts.isObjectLiteralExpression(node)) {
      for (const prop of node.properties) {
        if (prop.getStart(sf) <= pos && pos < prop.end) {
          const key = propertyName(prop, sf);
          if (key === null) return parts.join("."); // a spread: the object itself
          parts.push(key);
          next = ts.isPropertyAssignment(prop) ? prop.initializer : null;
          break;
        }
      }
    } else if (ts.isArrayLiteralExpression(node)) {
      node.elements.forEach((element, index) => {
        if (next === null && element.getStart(sf) <= pos && pos < element.end) {
          parts.push(String(index));
          next = element;
        }
      });
    }
    if (next === null) return parts.join(".");
    node = next;
  }
}

function main() {
  const jobs = JSON.parse(readStdin());
  const result = {};
  const good = [];
  for (const job of jobs) {
    const problem = parseProblem(String(job.text));
    if (problem) result[job.id] = { ok: false, errors: [{ path: "", message: `the text does not parse: ${problem}` }] };
    else good.push({ id: job.id, text: String(job.text) });
  }

  const { text, spans } = buildSource(good);
  const options = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    strict: true,
    skipLibCheck: true,
    noEmit: true,
    types: [],
    lib: ["lib.es2022.d.ts", "lib.dom.d.ts"],
  };
  const program = ts.createProgram({ rootNames: [VIRTUAL], options, host: makeHost(options, text) });
  const sf = program.getSourceFile(VIRTUAL);

  // The program must see the real schema: a type that failed to resolve is `any`
  // and would accept everything.
  const setup = [...program.getSemanticDiagnostics(sf), ...program.getSyntacticDiagnostics(sf)].filter(
    (d) => d.start === undefined || d.start < (spans[0]?.start ?? Infinity),
  );
  if (setup.length) {
    const messages = setup.map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
    process.stderr.write(`typecheck-config: the program does not load @nuxt/schema:\n${messages.join("\n")}\n`);
    process.exit(2);
  }

  const initializers = new Map(); // span name -> initializer node
  for (const statement of sf.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const decl of statement.declarationList.declarations) {
      if (ts.isIdentifier(decl.name) && decl.initializer) initializers.set(decl.name.text, decl.initializer);
    }
  }
  for (const span of spans) result[span.job.id] = { ok: true, errors: [] };

  const diagnostics = [...program.getSyntacticDiagnostics(sf), ...program.getSemanticDiagnostics(sf)];
  for (const d of diagnostics) {
    if (dropped(d.code)) continue;
    const span = spans.find((s) => s.start <= d.start && d.start < s.end);
    if (!span) {
      process.stderr.write(`typecheck-config: a diagnostic outside every job: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}\n`);
      process.exit(2);
    }
    const entry = result[span.job.id];
    const init = initializers.get(span.name);
    entry.ok = false;
    entry.errors.push({
      path: init ? pathAt(init, d.start, sf) : "",
      message: ts.flattenDiagnosticMessageText(d.messageText, "\n"),
    });
  }
  process.stdout.write(JSON.stringify(result));
}

main();
