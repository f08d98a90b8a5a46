#!/usr/bin/env node
// Test-only oracle: the options a framework module's type declarations give, as TypeScript reads them.
// Never used by the app: tests/modules/test_real_packages.py compares fwk_tui/modules' reader with it.
//
//   node module-options.mjs < JOBS   -> JOBS: [{"id", "file": "<package>/dist/module.d.mts", "root": "<package>"}]
//   prints {id: {"found": "ModuleOptions" | "module type" | null, "members": [MEMBER...]}}
//
// All jobs go into ONE program (strict, lib es2022 + dom, nothing emitted). As the reader does, a package's
// declarations are read alone: relative imports (`./shared/x.mjs`, `../dist/runtime/types.js`) are resolved,
// a bare one (another package: '@fwk/schema', 'vue', 'shiki') is not, and its names are TypeScript's error
// type ("unresolved" below), even where the package is installed beside it.
//
// The options are the `ModuleOptions` the file declares, exports or imports (an interface or a type alias);
// without one, the first type argument of the module's own type (`declare const _default: FwkModule<X, ...>`).
// MEMBER, one per property, nested ones too:
//   {"path": [...], "optional": bool, "type": typeToString, "kinds": [...], "literals": [...],
//    "booleans": [...], "literalUnion": bool, "doc": "...", "default": "..." | null, "expanded": bool,
//    "again": bool}
// "kinds": the kinds of the members of its type, undefined left out: string, number, boolean, null, array
// (arrays, tuples), object (properties or index signatures), function (call signatures only), lib (an object
// type of TypeScript's lib: RegExp, Promise, Date...), any (any, unknown, a type parameter), unresolved
// (another package's type, or an object made of such: Pick<X, 'a'>), other. "literals": its string and number literal members; "booleans": its true and
// false members (boolean is both); "literalUnion": every member a literal (null too).
//
// Nested members follow the reader's rules: a property's type is gone into where it (or a member of its union)
// is an object type with properties declared in the package's own files (an inline object, an interface or
// alias of the package, Partial<> / Omit<> / & of those), never into arrays, records, functions, lib types or
// another package's types. A type met again inside itself (`overrides?: Partial<Options>` inside Options:
// one of its properties is declared by a member on the way to it) is not gone into again ("again": true).
// "doc" and "default": the description and the @default tag of the member's JSDoc as the checker gives them
// (getDocumentationComment, getJsDocTags).

import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

const F = ts.TypeFlags;
const MAX_DEPTH = 24;

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

function makeHost() {
  const host = ts.createCompilerHost(OPTIONS, true);
  // Only the package's own files: a bare specifier (another package) stays unresolved.
  host.resolveModuleNameLiterals = (literals, containingFile, _redirected, options) =>
    literals.map((literal) =>
      literal.text.startsWith(".")
        ? ts.resolveModuleName(literal.text, containingFile, options, host)
        : { resolvedModule: undefined },
    );
  host.resolveTypeReferenceDirectiveReferences = (references) =>
    references.map(() => ({ resolvedTypeReferenceDirective: undefined }));
  return host;
}

function optionsType(checker, sourceFile) {
  const moduleSymbol = checker.getSymbolAtLocation(sourceFile);
  let symbol = moduleSymbol && checker.getExportsOfModule(moduleSymbol).find((s) => s.name === "ModuleOptions");
  if (!symbol && sourceFile.locals) symbol = sourceFile.locals.get("ModuleOptions");
  if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  if (symbol && symbol.flags & (ts.SymbolFlags.Interface | ts.SymbolFlags.TypeAlias)) {
    return ["ModuleOptions", checker.getDeclaredTypeOfSymbol(symbol)];
  }
  for (const statement of sourceFile.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      const node = declaration.type;
      if (!node) continue;
      const name = ts.isTypeReferenceNode(node)
        ? node.typeName.getText(sourceFile)
        : ts.isImportTypeNode(node) && node.qualifier
          ? node.qualifier.getText(sourceFile)
          : "";
      if (name.endsWith("Module") && node.typeArguments && node.typeArguments.length) {
        return ["module type", checker.getTypeFromTypeNode(node.typeArguments[0])];
      }
    }
  }
  return [null, null];
}

function main() {
  const jobs = JSON.parse(fs.readFileSync(0, "utf8"));
  for (const job of jobs) {
    job.file = fs.realpathSync(job.file);
    job.root = fs.realpathSync(job.root) + path.sep;
  }
  const program = ts.createProgram(
    jobs.map((job) => job.file),
    OPTIONS,
    makeHost(),
  );
  const checker = program.getTypeChecker();
  const out = {};
  for (const job of jobs) {
    const sourceFile = program.getSourceFile(job.file);
    const own = (node) => node.getSourceFile().fileName.startsWith(job.root);
    const [found, type] = sourceFile ? optionsType(checker, sourceFile) : [null, null];
    const members = [];
    if (type) membersOf(checker, own, type, [], [], members);
    out[job.id] = { found, members };
  }
  process.stdout.write(JSON.stringify(out));
}

function parts(type) {
  const all = type.isUnion() ? type.types : [type];
  return all.filter((t) => !(t.flags & (F.Undefined | F.Void)));
}

function isLib(type) {
  // An interface or class of TypeScript's lib (RegExp, Promise, Date, Map, HTMLElement...); not the
  // objects its aliases make of other types (Record<>, Partial<>, Omit<>).
  const target = type.objectFlags & ts.ObjectFlags.Reference ? type.target : type;
  if (!(target.objectFlags & (ts.ObjectFlags.Interface | ts.ObjectFlags.Class))) return false;
  const declarations = (target.symbol && target.symbol.declarations) || [];
  return (
    declarations.length > 0 &&
    declarations.every((d) => {
      const file = d.getSourceFile();
      return file.hasNoDefaultLib || /[\\/]typescript[\\/]lib[\\/]lib\.[^\\/]*\.d\.ts$/.test(file.fileName);
    })
  );
}

function kindOf(checker, type) {
  const flags = type.flags;
  if (flags & F.Any) return type.intrinsicName === "error" ? "unresolved" : "any";
  if (flags & (F.Unknown | F.TypeParameter)) return "any";
  if (flags & (F.StringLike | F.TemplateLiteral | F.StringMapping)) return "string";
  if (flags & F.NumberLike) return "number";
  if (flags & F.BooleanLike) return "boolean";
  if (flags & F.Null) return "null";
  if (flags & F.Intersection) {
    const kinds = type.types.map((t) => kindOf(checker, t));
    if (kinds.includes("unresolved")) return "unresolved";
    const plain = kinds.find((k) => ["string", "number", "boolean"].includes(k));
    if (plain) return plain; // string & {}: a string (the {} keeps editors from folding literals into it)
    return kinds.every((k) => k === "object" || k === "function") ? "object" : "other";
  }
  if (flags & F.Object) {
    if (checker.isArrayType(type) || checker.isTupleType(type)) return "array";
    if (isLib(type)) return "lib";
    const properties = checker.getPropertiesOfType(type);
    const calls = type.getCallSignatures().length + type.getConstructSignatures().length;
    if (calls && !properties.length) return "function";
    // Pick<X, 'a'> of another package's X: an object of error types, as unknown as X
    const unknown = (p) => (checker.getTypeOfSymbol(p).flags & F.Any) && checker.getTypeOfSymbol(p).intrinsicName === "error";
    if (properties.length && !calls && properties.every(unknown)) return "unresolved";
    return "object";
  }
  return "other";
}

function literalOf(type) {
  if (type.flags & F.StringLiteral || type.flags & F.NumberLiteral) return type.value;
  return undefined;
}

function expandable(checker, own, type) {
  // An object type (or an intersection of them) whose properties the package's own files declare.
  if (!(type.flags & (F.Object | F.Intersection))) return false;
  if (kindOf(checker, type) !== "object") return false;
  return checker
    .getPropertiesOfType(type)
    .some((p) => (p.declarations || []).some((d) => own(d)));
}

function membersOf(checker, own, type, prefix, stack, out) {
  for (const part of parts(type)) {
    if (!expandable(checker, own, part)) continue;
    for (const property of checker.getPropertiesOfType(part)) record(checker, own, property, prefix, stack, out);
  }
}

function record(checker, own, property, prefix, stack, out) {
  const path = [...prefix, property.name];
  const declarations = property.declarations || [];
  const type = checker.getTypeOfSymbol(property);
  const members = parts(type);
  const kinds = [...new Set(members.map((t) => kindOf(checker, t)))];
  const literals = members.map(literalOf).filter((v) => v !== undefined);
  const booleans = members.filter((t) => t.flags & F.BooleanLiteral).map((t) => checker.typeToString(t) === "true");
  const literalUnion = members.length > 0 && members.every((t) => t.flags & (F.Literal | F.Null));
  const defaults = property
    .getJsDocTags(checker)
    .filter((tag) => tag.name === "default")
    .map((tag) => ts.displayPartsToString(tag.text || []));
  const objects = members.filter((t) => expandable(checker, own, t));
  const again = objects.some((t) =>
    checker.getPropertiesOfType(t).some((p) => (p.declarations || []).some((d) => stack.includes(d) || declarations.includes(d))),
  );
  const member = {
    path,
    optional: Boolean(property.flags & ts.SymbolFlags.Optional),
    type: checker.typeToString(type, undefined, ts.TypeFormatFlags.NoTruncation),
    kinds,
    literals,
    booleans: [...new Set(booleans)],
    literalUnion,
    doc: ts.displayPartsToString(property.getDocumentationComment(checker)),
    default: defaults.length ? defaults[defaults.length - 1] : null,
    expanded: objects.length > 0 && !again && path.length < MAX_DEPTH,
    again,
  };
  out.push(member);
  if (member.expanded) {
    for (const object of objects) {
      for (const inner of checker.getPropertiesOfType(object)) {
        record(checker, own, inner, path, [...stack, ...declarations], out);
      }
    }
  }
}

main();
