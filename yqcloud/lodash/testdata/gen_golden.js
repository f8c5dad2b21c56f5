// Regenerates golden.json: every corpus.json case evaluated with real lodash and
// encoded by encode.js; and public.json: the names of lodash's public functions
// (the own enumerable function members of `_`), which TestCoverage checks. Run by hand when the corpus changes (needs Node, not Go):
//
//   cd yqcloud/lodash/testdata && npm install --prefix /tmp/lodash-golden lodash@4.18.1 && NODE_PATH=/tmp/lodash-golden/node_modules node gen_golden.js
//
// lodash_test.go runs the same corpus in goja with our _ and diffs against golden.json.
'use strict';
const fs = require('fs');
const path = require('path');
const _ = require('lodash');
const runCase = require('./encode.js');

const corpus = JSON.parse(fs.readFileSync(path.join(__dirname, 'corpus.json'), 'utf8'));
const seen = new Set();
const lines = [];
for (const c of corpus) {
  if (typeof c.name !== 'string' || typeof c.expr !== 'string') {
    throw new Error('case needs a name and an expr: ' + JSON.stringify(c));
  }
  if (seen.has(c.name)) throw new Error('duplicate case name: ' + c.name);
  seen.add(c.name);
  lines.push('    ' + JSON.stringify(c.name) + ': ' + runCase(_, c.expr));
}
const out = '{\n  "lodash": ' + JSON.stringify(_.VERSION) + ',\n  "results": {\n' + lines.join(',\n') + '\n  }\n}\n';
fs.writeFileSync(path.join(__dirname, 'golden.json'), out);
const publicNames = Object.keys(_).filter((k) => typeof _[k] === 'function').sort();
fs.writeFileSync(path.join(__dirname, 'public.json'),
  '{\n  "lodash": ' + JSON.stringify(_.VERSION) + ',\n  "functions": [\n' +
  publicNames.map((n) => '    ' + JSON.stringify(n)).join(',\n') + '\n  ]\n}\n');
console.log('wrote ' + lines.length + ' results for lodash ' + _.VERSION);
