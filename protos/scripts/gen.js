// Generates TypeScript types for every .proto file into src/gen (skipped when nothing changed), and the HTTP API's
// types for the shared messages into contracts/src/gen (gen-api-types.js).
// Plain JS on purpose: it runs before the TypeScript build that consumes its output.
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const crypto = require('node:crypto');
const apiTypes = require('./gen-api-types');

const root = path.resolve(__dirname, '..');
const outDir = path.join(root, 'src', 'gen');
const protoFiles = [];
(function walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (['node_modules', 'src', 'dist', 'scripts'].includes(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full);
    else if (entry.name.endsWith('.proto')) protoFiles.push(path.relative(root, full));
  }
})(root);
protoFiles.sort();

const hash = crypto.createHash('sha256');
for (const f of protoFiles) hash.update(f).update(fs.readFileSync(path.join(root, f)));
hash.update(fs.readFileSync(__filename));
const digest = hash.digest('hex');
const stamp = path.join(outDir, '.stamp');
if (apiTypes.generate()) console.log(`protos: wrote ${path.relative(process.cwd(), apiTypes.target)}`);
if (fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === digest) process.exit(0);

fs.rmSync(outDir, { recursive: true, force: true });
const bin = require.resolve('@grpc/proto-loader/build/bin/proto-loader-gen-types.js');
execFileSync(
  process.execPath,
  [bin, ...protoFiles, '--longs=Number', '--enums=String', '--defaults', '--oneofs', '--grpcLib=@grpc/grpc-js',
   '--outDir', outDir, '--includeDirs', root],
  { cwd: root, stdio: 'inherit' },
);
fs.writeFileSync(stamp, digest);
console.log(`protos: generated types for ${protoFiles.length} file(s)`);
