#!/usr/bin/env node
// Test-only oracle: npm's own version ranges (the semver package npm uses). Never used by the app.
//
//   node semver-ranges.mjs < JOBS   -> JOBS: [{"id", "range", "version"}]
//   prints {id: {"valid": bool, "satisfies": bool | null, "min": "x.y.z" | null}}
import semver from "semver";

let input = "";
for await (const chunk of process.stdin) input += chunk;
const out = {};
for (const job of JSON.parse(input)) {
  const valid = semver.validRange(job.range) !== null;
  let min = null;
  try {
    const found = valid ? semver.minVersion(job.range) : null;
    min = found ? found.version : null;
  } catch {
    min = null;
  }
  out[job.id] = {
    valid,
    satisfies: valid && semver.valid(job.version) ? semver.satisfies(job.version, job.range) : null,
    min,
  };
}
process.stdout.write(JSON.stringify(out));
