// `buf breaking` against the previous commit of main: a change that would break a consumer of an
// event fails the build. The first commit that adds the module has nothing to compare against.
import { execFileSync, spawnSync } from 'node:child_process';

const git = (...args) => spawnSync('git', args, { encoding: 'utf8' });
const against = process.env.PROTO_BREAKING_AGAINST ?? 'HEAD~1';
if (git('cat-file', '-e', `${against}:proto/buf.yaml`).status !== 0) {
  console.log(`buf breaking: ${against} has no proto module to compare against; nothing to check.`);
  process.exit(0);
}
execFileSync('npx', ['buf', 'breaking', '--against', `../.git#ref=${against},subdir=proto`], {
  stdio: 'inherit',
});
console.log(`buf breaking: no breaking change against ${against}.`);
