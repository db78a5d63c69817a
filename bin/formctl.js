#!/usr/bin/env node
'use strict';
// Written for any Node that can parse it: on one older than formctl supports, one line and exit 1,
// before anything is loaded.
var v = process.versions.node.split('.').map(Number);
if (v[0] < 20 || (v[0] === 20 && v[1] < 19)) {
  process.stderr.write('formctl needs Node.js 20.19 or newer (supported: 20.19+, 22, 24, 26); this is ' + process.version + '\n');
  process.exit(1);
}
// `--version` or `--help` alone: a file that answers them and holds nothing else (start-up target)
var only = process.argv.length === 3 ? process.argv[2] : '';
require(only === '--version' || only === '-V' || only === '--help' || only === '-h' ? '../dist/quick.js' : '../dist/main.js');
