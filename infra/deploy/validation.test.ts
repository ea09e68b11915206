// Proves the offline validation is real: the committed manifests pass, and manifests broken the ways
// people break them (a misspelt field, a wrong type, an unknown API version, a missing required field)
// are rejected by kubeconform with the reason; the policy and Dockerfile checks catch what schemas cannot.
// The tools are the cached ones `npm run deploy:check` uses (built from the Go module proxy if missing).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parseAllDocuments, stringify } from 'yaml';
import {
  ensureKubeconform,
  ensureKubernetesSchemas,
  ensureKustomize,
  kubeconform,
  kustomizeBuild,
} from '../tools/deploy-tools.mjs';
import { lintDockerfile } from '../tools/dockerfile-lint.mjs';
import { policyProblems } from './policy.mjs';

const root = path.resolve(import.meta.dirname, '..', '..');
const production = path.join(root, 'infra', 'deploy', 'overlays', 'production');
const queueScaling = path.join(root, 'infra', 'deploy', 'overlays', 'production-queue-scaling');
const adapterValues = path.join(
  root,
  'infra',
  'deploy',
  'components',
  'queue-depth-scaling',
  'prometheus-adapter.values.yaml',
);

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Resource = Record<string, any>;

let scratch: string;
let resources: Resource[];

beforeAll(() => {
  ensureKustomize();
  ensureKubeconform();
  ensureKubernetesSchemas();
  scratch = mkdtempSync(path.join(os.tmpdir(), 'deploy-validation-'));
  resources = parseAllDocuments(kustomizeBuild(production)).map((document) => document.toJS() as Resource);
}, 15 * 60_000);

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The rendered production manifests with one change, written to a file. */
function brokenManifests(name: string, breakIt: (resources: Resource[]) => void): string {
  const copy = structuredClone(resources);
  breakIt(copy);
  const file = path.join(scratch, `${name}.yaml`);
  writeFileSync(file, copy.map((resource) => stringify(resource)).join('---\n'));
  return file;
}

const find = (all: Resource[], kind: string, name: string) =>
  all.find((resource) => resource.kind === kind && resource.metadata.name === name)!;

describe('kubeconform against the generated schemas', () => {
  test('accepts the committed production manifests', () => {
    const rendered = kubeconform([brokenManifests('unchanged', () => undefined)]);
    expect(rendered.problems).toEqual([]);
    expect(rendered.ok).toBe(true);
    expect(rendered.summary.valid).toBe(resources.length);
  });

  test.each([
    {
      what: 'a misspelt field in a container',
      breakIt: (all: Resource[]) => {
        find(all, 'Deployment', 'booking').spec.template.spec.containers[0].imagePullPolicyy = 'Always';
      },
      expected: /Deployment booking .*additional properties 'imagePullPolicyy' not allowed/,
    },
    {
      what: 'a string where an integer belongs (replicas)',
      breakIt: (all: Resource[]) => {
        find(all, 'Deployment', 'gateway').spec.replicas = 'two';
      },
      expected: /Deployment gateway .*\/spec\/replicas.*got string, want integer/,
    },
    {
      what: 'a named port where a number belongs (containerPort)',
      breakIt: (all: Resource[]) => {
        find(all, 'Deployment', 'billing').spec.template.spec.containers[0].ports[0].containerPort = 'http';
      },
      expected: /Deployment billing .*containerPort.*got string, want integer/,
    },
    {
      what: 'an API version Kubernetes does not have',
      breakIt: (all: Resource[]) => {
        find(all, 'HorizontalPodAutoscaler', 'identity').apiVersion = 'autoscaling/v3';
      },
      expected: /HorizontalPodAutoscaler identity .*could not find schema/,
    },
    {
      what: 'a Service port without its required number',
      breakIt: (all: Resource[]) => {
        delete find(all, 'Service', 'catalogue').spec.ports[0].port;
      },
      expected: /Service catalogue .*missing property 'port'/,
    },
    {
      what: 'a probe with an unknown handler field',
      breakIt: (all: Resource[]) => {
        find(all, 'Deployment', 'commerce').spec.template.spec.containers[0].readinessProbe.httpGet.url =
          '/readyz';
      },
      expected: /Deployment commerce .*additional properties 'url' not allowed/,
    },
  ])('rejects $what', ({ what, breakIt, expected }) => {
    const result = kubeconform([brokenManifests(what.replace(/\W+/g, '-'), breakIt)]);
    expect(result.ok).toBe(false);
    expect(result.problems).toHaveLength(1);
    expect(result.problems[0]).toMatch(expected);
  });
});

describe('deployment policy', () => {
  const write = (name: string, all: Resource[]) => {
    const file = path.join(scratch, `${name}.yaml`);
    writeFileSync(file, all.map((resource) => stringify(resource)).join('---\n'));
    return file;
  };

  test('holds for the committed manifests', () => {
    expect(policyProblems(write('policy-unchanged', resources))).toEqual([]);
  });

  test('finds a missing probe, a missing limit and a consumer that outgrows the partitions', () => {
    const all = structuredClone(resources);
    delete find(all, 'Deployment', 'identity').spec.template.spec.containers[0].readinessProbe;
    delete find(all, 'Deployment', 'billing').spec.template.spec.containers[0].resources.limits.memory;
    find(all, 'HorizontalPodAutoscaler', 'booking').spec.maxReplicas = 40;
    expect(policyProblems(write('policy-broken', all)).sort()).toEqual([
      'Deployment billing/billing: no memory limits',
      'Deployment booking: up to 40 replicas but topics have 12 partitions (the extra consumers would sit idle)',
      'Deployment identity/identity: no readiness probe',
    ]);
  });

  test('finds a NetworkPolicy that lets an extra caller in, one that leaves a caller out, and no default deny', () => {
    const all = structuredClone(resources);
    // booking may reach billing's port (it never calls billing) ...
    find(all, 'NetworkPolicy', 'billing-ingress').spec.ingress[0].from.push({
      podSelector: { matchLabels: { 'app.kubernetes.io/name': 'booking' } },
    });
    // ... commerce loses booking's (the payment callback) ...
    find(all, 'NetworkPolicy', 'booking-ingress').spec.ingress[0].from = [
      { podSelector: { matchLabels: { 'app.kubernetes.io/name': 'gateway' } } },
    ];
    // ... and the namespace no longer denies by default.
    const withoutDeny = all.filter(
      (resource) => !(resource.kind === 'NetworkPolicy' && resource.metadata.name === 'default-deny-ingress'),
    );
    expect(policyProblems(write('policy-network', withoutDeny)).sort()).toEqual([
      'Deployment billing: NetworkPolicies also admit booking',
      'Deployment booking: NetworkPolicies do not admit commerce',
      'NetworkPolicy: no default deny of ingress for the namespace',
    ]);
  });
});

describe('queue-depth scaling (overlays/production-queue-scaling)', () => {
  let scaled: Resource[];
  beforeAll(() => {
    scaled = parseAllDocuments(kustomizeBuild(queueScaling)).map((document) => document.toJS() as Resource);
  });

  test.each([
    { name: 'notification', queue: 'notification.email', cpu: 80 },
    { name: 'billing', queue: 'billing.invoice-pdf', cpu: 70 },
  ])("the $name HPA scales on its queue's waiting jobs as well as CPU", ({ name, queue, cpu }) => {
    const hpa = find(scaled, 'HorizontalPodAutoscaler', name);
    expect(hpa.apiVersion).toBe('autoscaling/v2');
    expect(hpa.spec.metrics).toEqual([
      {
        type: 'External',
        external: {
          metric: { name: 'bullmq_queue_waiting_jobs', selector: { matchLabels: { queue } } },
          // Per replica: the metric is the whole queue's count.
          target: { type: 'AverageValue', averageValue: expect.any(String) },
        },
      },
      {
        type: 'Resource',
        resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: cpu } },
      },
    ]);
    // Everything else as in production.
    expect({ ...hpa, spec: { ...hpa.spec, metrics: [] } }).toEqual({
      ...find(resources, 'HorizontalPodAutoscaler', name),
      spec: { ...find(resources, 'HorizontalPodAutoscaler', name).spec, metrics: [] },
    });
  });

  test('passes kubeconform and the deployment policy', () => {
    const file = path.join(scratch, 'queue-scaling.yaml');
    writeFileSync(file, scaled.map((resource) => stringify(resource)).join('---\n'));
    const result = kubeconform([file]);
    expect(result.problems).toEqual([]);
    expect(result.ok).toBe(true);
    expect(policyProblems(file)).toEqual([]);
  });

  test("prometheus-adapter's rule serves that metric per namespace, as the largest replica's report", () => {
    const values = parseAllDocuments(readFileSync(adapterValues, 'utf8'))[0]!.toJS() as Resource;
    const names = scaled
      .filter((resource) => resource.kind === 'HorizontalPodAutoscaler')
      .flatMap((hpa) => hpa.spec.metrics)
      .filter((metric: Resource) => metric.type === 'External')
      .map((metric: Resource) => metric.external.metric.name as string);
    expect(names).toHaveLength(2);
    for (const name of new Set(names)) {
      const rule = values.rules.external.find((candidate: Resource) => candidate.name.as === name);
      expect(rule, name).toBeDefined();
      expect(rule.seriesQuery).toMatch(new RegExp(`^${name}\\{`));
      expect(rule.resources.overrides.namespace).toEqual({ resource: 'namespace' });
      expect(rule.metricsQuery).toBe(`max by (queue) (${name}{<<.LabelMatchers>>})`);
    }
  });
});

describe('Dockerfile lint', () => {
  test('passes every committed Dockerfile', () => {
    for (const file of [
      'services/identity/Dockerfile',
      'services/catalogue/Dockerfile',
      'services/billing/Dockerfile',
      'gateway/Dockerfile',
      'web/Dockerfile',
    ])
      expect(lintDockerfile(path.join(root, file), root)).toEqual([]);
  });

  test('finds a file outside the context, an ignored file, a missing stage and a root user', () => {
    const context = path.join(scratch, 'context');
    mkdirSync(path.join(context, 'src'), { recursive: true });
    writeFileSync(path.join(context, '.dockerignore'), '**/dist\n');
    mkdirSync(path.join(context, 'app', 'dist'), { recursive: true });
    writeFileSync(
      path.join(context, 'Dockerfile'),
      [
        'FROM node:24-bookworm-slim AS build',
        'COPY src/ src/',
        'COPY missing.json ./',
        'COPY app/dist app/dist/',
        'FROM node:24-alpine AS runtime',
        'COPY --from=bulid /app /app',
        'CMD node main.js',
      ].join('\n'),
    );
    expect(lintDockerfile(path.join(context, 'Dockerfile'), context)).toEqual([
      'Dockerfile:3: missing.json is not in the build context',
      'Dockerfile:4: app/dist is excluded by .dockerignore',
      'Dockerfile:5: base image node:24-alpine is Alpine; use node:24-bookworm-slim (buildable here)',
      'Dockerfile:6: --from=bulid is not an earlier stage',
      'Dockerfile: the final stage (runtime) runs as root',
      'Dockerfile: CMD is not in exec form (signals would go to a shell, not Node)',
    ]);
  });
});
