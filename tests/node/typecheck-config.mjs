#!/usr/bin/env node
// Test-only oracle: does the REAL framework's config type accept a config object?
// Never used by the app.
//
//   node typecheck-config.mjs < JOBS   -> JOBS: [{"id", "text", "major"?: 3 | 4, "moduleKeys"?: bool}]
//   prints {id: {"ok": bool, "errors": [{"path": "a.b", "message": "..."}]}}
//
// "text" is a config object literal's TypeScript source in the framework's real
// spelling (nuxt, nitro, vite...: tests/framework_types.py's to_framework turns the
// project's neutral spelling back). All jobs go into ONE in-memory program (one
// virtual file beside this script, schema-program.mjs, so `@nuxt/schema` resolves to
// tests/node/node_modules/@nuxt/schema 4.6.4 and `nuxt-schema-3` to 3.21.11), one
//
//     const c<n>: NuxtConfig4 =      (NuxtConfig3 for a job of major 3)
//     <text>
//     ;
//
// per job, checked with strict: true. Every diagnostic is given to the job whose lines
// hold its start, with the path of the innermost property of the object literal that
// holds it ("" when the error is about the whole object; array items are their
// index: "plugins.0.mode").
//
// The packages the schema's declarations import for the options' own types are installed
// beside it at the versions the schema is built with (compatx: compatibilityDate; vue:
// transitions, keepalive, app config; @unhead/vue: app.head; vue-router; unimport:
// imports.*; h3: devServer.cors; chokidar, ignore, ofetch, hookable, scule).
//
// Where the oracle is conservative (accepts what the framework may refuse):
//   - the bundlers' and tools' own packages are not installed (vite, webpack, rspack,
//     postcss, esbuild, oxc, @vitejs/*, vue-loader...). Their types are declared `any`
//     (schema-program.mjs, toolStubs), so the subtrees typed by them (vite.*, webpack.*
//     options, postcss.plugins.*, ...) accept anything: the framework hands them to those
//     tools as they are.
//   - The server builder's types: @nuxt/schema 4 types nitro.* and routeRules.* through
//     `NitroTypes`, which the installed server builder (nitro) fills in; without it the
//     schema falls back to shapes "limited to the keys Nuxt itself reads and writes",
//     which refuse most of what nitro takes (nitro.preset, a route rule's headers). The
//     program fills `NitroTypes` with `any`, as if a builder that takes anything were
//     installed. @nuxt/schema 3 has no `nitro`, `routeRules`, `serverHandlers` or
//     `devServerHandlers` at all (the framework package adds them to the type): the
//     program adds them, typed `any`, the same way.
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
//     keys here, since no module's type augmentation is installed. A job with
//     "moduleKeys": true drops the "unknown key" errors of the top level (codes 2353,
//     2561): each such key is taken as a module's (its value is then not checked).
//
// A job whose text does not parse as an expression gets ok false and one error with
// path "" saying so; it is left out of the program so it cannot spoil the others.

import fs from "node:fs";
import ts from "typescript";
import { HEAD, configType, schemaProgram, toolStubs } from "./schema-program.mjs";

// "Cannot find name", its "did you mean" / "install the types of" variants, and
// "no value exists in scope for the shorthand property".
const UNDECLARED_NAME_CODES = new Set([2304, 2552, 2580, 2581, 2582, 2583, 2584, 2591, 2592, 2593, 18004]);
const EXCESS_KEY_CODES = new Set([2353, 2561]);
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
  let offset = HEAD.length;
  const spans = []; // {job, name, start, end}: the character range of the job's lines
  let text = HEAD;
  jobs.forEach((job, index) => {
    const name = `c${index}`;
    const chunk = `const ${name}: ${configType(job.major)} =\n${job.text}\n;\n`;
    spans.push({ job, name, start: offset, end: offset + chunk.length });
    text += chunk;
    offset += chunk.length;
  });
  text += "export {};\n";
  return { text, spans };
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
    else good.push({ id: job.id, text: String(job.text), major: job.major === 3 ? 3 : 4, moduleKeys: Boolean(job.moduleKeys) });
  }

  const { text, spans } = buildSource(good);
  const { program, sf } = schemaProgram(text, "typecheck-config", HEAD.length, toolStubs(false));

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
    const where = init ? pathAt(init, d.start, sf) : "";
    if (span.job.moduleKeys && EXCESS_KEY_CODES.has(d.code) && where && !where.includes(".")) continue;
    entry.ok = false;
    entry.errors.push({
      path: where,
      message: ts.flattenDiagnosticMessageText(d.messageText, "\n"),
    });
  }
  process.stdout.write(JSON.stringify(result));
}

main();
