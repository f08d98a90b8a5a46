#!/usr/bin/env node
// Test-only oracle: load a config with its layers the way the framework's loader
// does, with c12 itself (name "fwk", theme and extends as the layer keys), and
// print the merged config as JSON. Never used by the app.
//
//   node load-c12.mjs < JOBS   -> JOBS: [{"id", "cwd", "env"?}]
//                                 prints {id: {"value": ...} | {"error": "..."}}
//   a job {"id", "cwd", "dotenv": [files], "environ": {...}} reads .env files as the
//   loader's dotenv step does (over the given environment, interpolated) and prints them.
//
// Remote layers are not downloaded (giget off), no rc file, package.json or
// .env is read: the oracle is about layers, environment sections and the merge.
// Values are static in the fixtures; anything else is encoded by its kind.

import fs from "node:fs";
import { loadDotenv } from "c12";
import { loadFwkConfig } from "./fwk-loader.mjs";


function encode(value) {
  if (value === undefined) return { __undefined: true };
  if (value === null || typeof value === "string" || typeof value === "boolean") return value;
  if (typeof value === "number") return Number.isFinite(value) ? value : { __number: String(value) };
  if (Array.isArray(value)) return value.map(encode);
  if (typeof value === "object") {
    const out = {};
    for (const key of Object.keys(value)) out[key] = encode(value[key]);
    return out;
  }
  return { __other: typeof value };
}

const jobs = JSON.parse(fs.readFileSync(0, "utf8"));
const results = {};
const warn = console.warn;
for (const job of jobs) {
  const warnings = [];
  console.warn = (...args) => warnings.push(args.join(" "));
  try {
    if (job.dotenv) {
      const env = { ...job.environ };
      const read = await loadDotenv({ cwd: job.cwd, fileName: job.dotenv, env, interpolate: true });
      results[job.id] = { value: { ...read } };
      continue;
    }
    const { config } = await loadFwkConfig(job.cwd, job.env, { omit$Keys: true });
    results[job.id] = { value: encode(config), warnings };
  } catch (error) {
    results[job.id] = { error: `${error?.name ?? "Error"}: ${error?.message ?? String(error)}` };
  } finally {
    console.warn = warn;
  }
}
process.stdout.write(JSON.stringify(results));
