// docker-compose.yml wired as the services expect: checks that YAML schemas cannot make.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { parse } from 'yaml';

const root = path.resolve(import.meta.dirname, '..', '..');

describe('compose wiring', () => {
  // The gateway falls back to 127.0.0.1 for an upstream it is not told about: inside a container that
  // is itself, so a service left out of its environment is "down" for good (it happened to booking).
  test('the gateway is told where every service it enables listens', () => {
    const compose = parse(readFileSync(path.join(root, 'docker-compose.yml'), 'utf8')) as {
      services: Record<string, { environment?: Record<string, string> }>;
    };
    const gateway = compose.services.gateway!.environment!;
    const enabled = gateway.ENABLED_SERVICES!.split(',');
    expect(enabled.length).toBeGreaterThan(0);
    for (const name of enabled) {
      const port = compose.services[name]?.environment?.PORT;
      expect(port, `${name} sets its PORT`).toBeTruthy();
      expect(gateway[`${name.toUpperCase()}_URL`], `the gateway's ${name.toUpperCase()}_URL`).toBe(
        `http://${name}:${port}`,
      );
    }
  });
});
