// Development secrets are made once per machine and kept under .data (git-ignored), never written in the
// source: a review-link secret published in services/catalogue/src/config.ts once forged a working
// review link on a running stack.
import { execFile } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { composeSecretsEnv, DEV_SECRET_NAMES, DEV_SECRETS_FILE, devSecrets } from './dev-secrets.mjs';

const run = promisify(execFile);
const dirs: string[] = [];
async function freshDir() {
  const dir = await mkdtemp(path.join(tmpdir(), 'dev-secrets-'));
  dirs.push(dir);
  return dir;
}

afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('devSecrets', () => {
  it('creates the file once, readable by its owner only, and answers the same values afterwards', async () => {
    const dir = path.join(await freshDir(), 'not-yet');
    const first = devSecrets({ dir });
    const file = path.join(dir, DEV_SECRETS_FILE);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(Object.keys(first).sort()).toEqual([...DEV_SECRET_NAMES].sort());
    for (const value of Object.values(first)) expect(value).toMatch(/^[\w-]{43}$/);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual(first);
    expect(devSecrets({ dir })).toEqual(first);
  });

  it('makes different values on another machine (another directory)', async () => {
    const one = devSecrets({ dir: await freshDir() });
    const other = devSecrets({ dir: await freshDir() });
    for (const name of DEV_SECRET_NAMES) expect(one[name]).not.toBe(other[name]);
    // Each secret is its own: one leaked value says nothing of the others.
    expect(new Set(Object.values(one)).size).toBe(DEV_SECRET_NAMES.length);
  });

  it('gives processes starting together on a new machine the same secrets', async () => {
    const dir = await freshDir();
    const module = new URL('./dev-secrets.mjs', import.meta.url).href;
    // Every process waits for the same instant, so their first reads all find no file.
    const startAt = Date.now() + 1_500;
    const script = [
      `const m = await import(${JSON.stringify(module)});`,
      `while (Date.now() < ${startAt});`,
      `console.log(JSON.stringify(m.devSecrets({ dir: ${JSON.stringify(dir)} })));`,
    ].join('\n');
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        run(process.execPath, ['--input-type=module', '-e', script]).then(({ stdout }) => stdout.trim()),
      ),
    );
    expect(new Set(answers).size).toBe(1);
    expect(JSON.parse(answers[0]!)).toEqual(devSecrets({ dir }));
  });

  it('keeps the values it has and adds only a missing one', async () => {
    const dir = await freshDir();
    const file = path.join(dir, DEV_SECRETS_FILE);
    await writeFile(file, JSON.stringify({ REVIEW_LINK_SECRET: 'kept-from-before' }), { mode: 0o644 });
    const secrets = devSecrets({ dir });
    expect(secrets.REVIEW_LINK_SECRET).toBe('kept-from-before');
    expect(secrets.RAZORPAY_WEBHOOK_SECRET).toMatch(/^[\w-]{43}$/);
    expect(devSecrets({ dir })).toEqual(secrets);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it('takes back a file someone made readable by others', async () => {
    const dir = await freshDir();
    devSecrets({ dir });
    const file = path.join(dir, DEV_SECRETS_FILE);
    await chmod(file, 0o644);
    devSecrets({ dir });
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it('refuses a file that is not a JSON object, naming it', async () => {
    const dir = await freshDir();
    await writeFile(path.join(dir, DEV_SECRETS_FILE), 'not json');
    expect(() => devSecrets({ dir })).toThrow(DEV_SECRETS_FILE);
  });
});

describe('composeSecretsEnv', () => {
  it("gives docker-compose.yml this machine's secrets and a key pair per process", async () => {
    const dir = await freshDir();
    const env = composeSecretsEnv({ dir });
    expect(env).toMatchObject(devSecrets({ dir }));
    const publicKeys = JSON.parse(env.SERVICE_PUBLIC_KEYS!) as Record<string, { x: string }>;
    expect(Object.keys(publicKeys)).toContain('gateway');
    for (const [name, publicKey] of Object.entries(publicKeys)) {
      const privateKey = JSON.parse(env[`SERVICE_KEY_${name.toUpperCase()}`]!) as { x: string; d: string };
      expect(privateKey.d).toBeTruthy();
      expect(privateKey.x).toBe(publicKey.x);
    }
  });
});
