#!/usr/bin/env node
// Benchmark peer for bench/bench_source.py: magicast doing what our engine does
// (read + parse, one deep edit, generate, write), timed inside one process so
// node's start-up is not counted. Never used by the app.
//
//   node bench-magicast.mjs < JOBS
//   JOBS: [{"id", "file", "out", "path": [segments], "value": json, "warmup": n, "repeat": n}]
//   prints {id: {"ms": [one per repetition]}}

import fs from "node:fs";
import { performance } from "node:perf_hooks";
import { parseModule, generateCode } from "magicast";
import { getDefaultExportOptions } from "magicast/helpers";

function editOnce(job) {
  const mod = parseModule(fs.readFileSync(job.file, "utf8"));
  let node = getDefaultExportOptions(mod);
  for (const segment of job.path.slice(0, -1)) node = node[segment];
  node[job.path[job.path.length - 1]] = job.value;
  fs.writeFileSync(job.out, generateCode(mod).code);
}

const jobs = JSON.parse(fs.readFileSync(0, "utf8"));
const results = {};
for (const job of jobs) {
  for (let i = 0; i < job.warmup; i++) editOnce(job);
  const ms = [];
  for (let i = 0; i < job.repeat; i++) {
    const start = performance.now();
    editOnce(job);
    ms.push(performance.now() - start);
  }
  results[job.id] = { ms };
}
process.stdout.write(JSON.stringify(results));
