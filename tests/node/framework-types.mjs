#!/usr/bin/env node
// Dev- and test-only: the REAL framework's config type at given paths, in the catalogue's
// own type language (the JSON form of fwk_tui/catalog/types/nodes.py). Never used by the
// app at run time: scripts/framework-types writes its answer, in the catalogue's spelling,
// into the package (fwk_tui/catalog/framework-types.json).
//
//   node framework-types.mjs < JOBS   -> JOBS: [{"id", "major": 3 | 4, "path": ["app", "head"], "depth"?: 3}]
//   prints {id: TYPE | null}
//
// The type is the property's declared type along the path from NuxtConfig4 (major 4) or
// NuxtConfig3 (major 3) of schema-program.mjs; a union is looked through at each step
// (the members that have the property, or a string index signature); "*" stands for any
// key of a record. It is converted `depth` levels down (deeper: UNKNOWN, below).
//
// null means the types do not say: the path is not in the type, or its type comes from a
// package that is not installed here (the bundlers', the tools': TypeScript's unresolved
// type), or from the server builder (ServerBuilderTypes: nitro.*, routeRules.*,
// serverHandlers: the installed builder types those), or `never` (a key the type forbids:
// the reference's own rules speak of those). Inside a type, UNKNOWN (below) marks the same;
// a union keeps its other members. `any`/`unknown` declared by the schema is {"kind": "any"}. Objects are
// open: which keys exist is the key checker's business, and it reads the fields.

import fs from "node:fs";
import ts from "typescript";
import { head, schemaProgram, toolStubs } from "./schema-program.mjs";

const F = ts.TypeFlags;
const LONG_UNION = 16;
// Where the summary does not say (a key typed by a package not installed here, or deeper than
// the summary goes): an empty union, which fwk_tui/catalog/framework.py reads as "unknown".
const UNKNOWN = { kind: "union", options: [] };
const CODE_OBJECTS = new Set(["RegExp", "Date", "Function", "Promise", "Map", "Set", "WeakMap", "URL"]);

function makeConverter(checker, site) {
  // ServerBuilderTypes or ToolTypes (schema-program.mjs), or what a mapped type (DeepPartial)
  // made of them: their one marker key.
  const unknownHere = (t) =>
    Boolean(t.flags & F.Object && (checker.getPropertyOfType(t, "__serverBuilder") || checker.getPropertyOfType(t, "__tool")));
  const key = (node) => JSON.stringify(node);
  // `${number}-${number}-${number}`: the schema's DateString (compatibilityDate).
  // (TypeScript spells it out as `${number}${number}${number}${number}-0${number}-1${number}`...)
  const isDate = (t) =>
    t.types.every((m) => m.flags & F.Number) &&
    /^#{4}-\d?#{1,2}-\d?#{1,2}$/.test(t.texts.map((text, i) => (i ? "#" : "") + text).join(""));

  function union(members, depth) {
    let hasTrue = false;
    let hasFalse = false;
    const out = new Map();
    for (const member of members) {
      if (member.flags & (F.Undefined | F.Void)) continue;
      if (member.flags & F.BooleanLiteral) {
        if (checker.typeToString(member) === "true") hasTrue = true;
        else hasFalse = true;
        continue;
      }
      // A member the summary cannot say (a package's type not installed here) stays as UNKNOWN: the
      // others still say what they take (`false | Options` takes false).
      const node = convert(member, depth) ?? UNKNOWN;
      if (node.kind === "any") return node;
      out.set(key(node), node);
    }
    if (hasTrue && hasFalse) out.set(key({ kind: "boolean" }), { kind: "boolean" });
    else if (hasTrue || hasFalse) {
      const node = { kind: "literal", value: hasTrue };
      out.set(key(node), node);
    }
    let options = [...out.values()];
    // A string that keeps a union's literals visible (`'a' | 'b' | (string & {})`) takes any
    // string; so, as far as this summary goes, does a long list of literals (HTML's
    // attribute values): the file stays small, and the type only widens.
    const isText = (o) => o.kind === "literal" && typeof o.value === "string";
    const dated = (o) => isText(o) && /^\d{4}-\d{2}-\d{2}$/.test(o.value);
    if (options.filter(dated).length > LONG_UNION) {
      // `${Year}-${Month}-${Day}` (compatx's DateString) spelled out: a date.
      options = [...options.filter((o) => !dated(o)), { kind: "string", format: "date" }];
    }
    const plain = options.some((o) => o.kind === "string" && o.format === "string");
    if (plain || options.filter(isText).length > LONG_UNION) {
      options = options.filter((o) => !isText(o));
      if (!plain) options.push({ kind: "string", format: "string" });
    }
    if (options.length === 0) return null;
    return options.length === 1 ? options[0] : { kind: "union", options };
  }

  // What takes any string or number though it is written as an object: DeepPartial<string & {}>
  // maps String's methods to optional keys, and TypeScript takes a string for it.
  const takesAll = (t, primitive) =>
    checker.getPropertiesOfType(t).length > 0 && checker.isTypeAssignableTo(primitive, t);

  function object(t, depth) {
    if (takesAll(t, checker.getStringType())) return { kind: "string", format: "string" };
    if (takesAll(t, checker.getNumberType())) return { kind: "number", integer: false, min: null, max: null };
    if (checker.isArrayType(t)) {
      const [item] = checker.getTypeArguments(t);
      const node = depth > 0 ? convert(item, depth - 1) : UNKNOWN;
      return node === null ? null : { kind: "array", item: node };
    }
    if (checker.isTupleType(t)) {
      // [module, options?]: one tuple per length the optional items allow.
      const items = checker.getTypeArguments(t).map((item) => convert(item, depth - 1) ?? UNKNOWN);
      const flags = t.target.elementFlags || [];
      if (flags.some((flag) => flag & ts.ElementFlags.Variable)) return { kind: "array", item: { kind: "any" } };
      const least = flags.filter((flag) => flag & ts.ElementFlags.Required).length;
      const shapes = [];
      for (let length = least; length <= items.length; length++) shapes.push({ kind: "tuple", items: items.slice(0, length) });
      return shapes.length === 1 ? shapes[0] : { kind: "union", options: shapes };
    }
    const symbol = t.getSymbol();
    if (symbol && CODE_OBJECTS.has(symbol.getName())) return { kind: "code", function: false };
    // A RegExp seen through a mapped type (DeepPartial<RegExp>): its own keys, a regular expression.
    if (["exec", "test", "source", "lastIndex"].every((k) => checker.getPropertyOfType(t, k))) {
      return { kind: "code", function: false };
    }
    const props = checker.getPropertiesOfType(t);
    const index = checker.getIndexInfoOfType(t, ts.IndexKind.String);
    if (t.getCallSignatures().length && props.length === 0) return { kind: "code", function: true };
    if (depth <= 0) return UNKNOWN;
    if (props.length === 0 && index) {
      const value = convert(index.type, depth - 1);
      return value === null ? null : { kind: "record", value };
    }
    const fields = [];
    for (const prop of props) {
      const type = checker.getTypeOfSymbolAtLocation(prop, site);
      const node = type.flags & F.Never ? null : convert(type, depth - 1);
      fields.push({ name: prop.getName(), type: node ?? UNKNOWN, optional: Boolean(prop.flags & ts.SymbolFlags.Optional) });
    }
    return { kind: "object", fields, open: true };
  }

  function convert(t, depth) {
    const f = t.flags;
    if (f & F.Any) return t.intrinsicName === "error" ? null : { kind: "any" };
    if (f & F.Unknown) return { kind: "any" };
    if (f & F.Never) return null;
    if (unknownHere(t)) return null;
    if (t.isUnion()) return union(t.types, depth);
    if (t.isStringLiteral()) return { kind: "literal", value: t.value };
    if (t.isNumberLiteral()) return { kind: "literal", value: t.value };
    if (f & F.BooleanLiteral) return { kind: "literal", value: checker.typeToString(t) === "true" };
    if (f & F.TemplateLiteral && isDate(t)) return { kind: "string", format: "date" };
    if (f & (F.String | F.TemplateLiteral | F.StringMapping)) return { kind: "string", format: "string" };
    if (f & F.Number) return { kind: "number", integer: false, min: null, max: null };
    if (f & F.Boolean) return { kind: "boolean" };
    if (f & F.Null) return { kind: "literal", value: null };
    if (f & (F.Undefined | F.Void)) return { kind: "any" };
    if (t.isIntersection()) {
      // `string & {}` (a string that keeps a union's literals visible) is a string.
      if (t.types.some((m) => m.flags & (F.String | F.StringLiteral))) return { kind: "string", format: "string" };
      if (t.types.some((m) => m.flags & F.Number)) return { kind: "number", integer: false, min: null, max: null };
      if (t.types.some((m) => (m.flags & F.Any && m.intrinsicName === "error") || unknownHere(m))) return null;
      return object(t, depth);
    }
    if (f & F.Object) return object(t, depth);
    if (f & (F.ESSymbol | F.UniqueESSymbol | F.BigInt | F.BigIntLiteral)) return { kind: "any" };
    return null;
  }
  return convert;
}

function step(checker, type, key, site) {
  const plain = checker.getNonNullableType(type);
  const found = [];
  for (const member of plain.isUnion() ? plain.types : [plain]) {
    if (member.flags & F.Any) return member;
    let next = null;
    if (key !== "*") {
      const prop = checker.getPropertyOfType(member, key);
      if (prop) next = checker.getTypeOfSymbolAtLocation(prop, site);
    }
    if (!next) {
      const index = checker.getIndexInfoOfType(member, ts.IndexKind.String);
      if (index) next = index.type;
    }
    if (next) found.push(next);
  }
  if (!found.length) return null;
  return found.length === 1 ? found[0] : checker.getUnionType(found);
}

function main() {
  const jobs = JSON.parse(fs.readFileSync(0, "utf8"));
  const top = head("ServerBuilderTypes");
  const text = `${top}declare const c4: NuxtConfig4;\ndeclare const c3: NuxtConfig3;\nexport {};\n`;
  const { program, sf } = schemaProgram(text, "framework-types", top.length, toolStubs());
  const checker = program.getTypeChecker();
  const roots = {};
  for (const statement of sf.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const decl of statement.declarationList.declarations) roots[decl.name.text] = checker.getTypeAtLocation(decl.name);
  }
  const convert = makeConverter(checker, sf);
  const result = {};
  for (const job of jobs) {
    let type = roots[job.major === 3 ? "c3" : "c4"];
    for (const segment of job.path) {
      type = step(checker, type, String(segment), sf);
      if (type === null) break;
    }
    // An optional key typed `never` reads as `undefined`: a key the type forbids.
    const forbidden = type !== null && type.flags & (F.Undefined | F.Never);
    result[job.id] = type === null || forbidden ? null : convert(type, job.depth ?? 3);
  }
  process.stdout.write(JSON.stringify(result));
}

main();
