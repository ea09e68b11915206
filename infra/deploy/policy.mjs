// Deployment rules that a JSON schema cannot express, checked on rendered manifests.
import { readFileSync } from 'node:fs';
import { parseAllDocuments } from 'yaml';

/** @typedef {any} Manifest one rendered Kubernetes resource, as parsed from YAML (not schema-typed here) */

/**
 * The rules the schemas cannot express, on the rendered production overlay.
 * @param {string} renderedFile
 */
export function policyProblems(renderedFile) {
  const resources = parseAllDocuments(readFileSync(renderedFile, 'utf8'))
    .map((document) => document.toJS())
    .filter(Boolean);
  const ofKind = (/** @type {string} */ kind) => resources.filter((resource) => resource.kind === kind);
  /** @type {string[]} */
  const problems = [];
  const deployments = ofKind('Deployment');
  const hpas = ofKind('HorizontalPodAutoscaler');
  const pdbs = ofKind('PodDisruptionBudget');
  const config = ofKind('ConfigMap').find((map) => map.metadata.name === 'spa-platform')?.data ?? {};
  const partitions = Number(config.KAFKA_TOPIC_PARTITIONS);
  if (!Number.isInteger(partitions) || partitions < 1)
    problems.push('spa-platform: KAFKA_TOPIC_PARTITIONS is not set');
  if (!config.KAFKA_REPLICATION_FACTOR) problems.push('spa-platform: KAFKA_REPLICATION_FACTOR is not set');
  for (const deployment of deployments) {
    const name = deployment.metadata.name;
    const pod = deployment.spec.template.spec;
    for (const container of pod.containers) {
      const where = `Deployment ${name}/${container.name}`;
      if (!container.readinessProbe) problems.push(`${where}: no readiness probe`);
      if (!container.livenessProbe) problems.push(`${where}: no liveness probe`);
      for (const part of ['requests', 'limits'])
        for (const resource of ['cpu', 'memory'])
          if (!container.resources?.[part]?.[resource]) problems.push(`${where}: no ${resource} ${part}`);
      if (container.securityContext?.readOnlyRootFilesystem !== true)
        problems.push(`${where}: root filesystem is writable`);
      if (container.securityContext?.allowPrivilegeEscalation !== false)
        problems.push(`${where}: privilege escalation allowed`);
    }
    if (pod.securityContext?.runAsNonRoot !== true)
      problems.push(`Deployment ${name}: runAsNonRoot is not set`);
    const hpa = hpas.find((item) => item.spec.scaleTargetRef.name === name);
    if (!hpa) problems.push(`Deployment ${name}: no HorizontalPodAutoscaler`);
    if (!pdbs.some((pdb) => pdb.spec.selector.matchLabels?.['app.kubernetes.io/name'] === name))
      problems.push(`Deployment ${name}: no PodDisruptionBudget`);
    // Every service consumes Kafka topics; the gateway does not.
    const consumer = deployment.metadata.labels?.['app.kubernetes.io/component'] === 'service';
    if (consumer && hpa && hpa.spec.maxReplicas > partitions)
      problems.push(
        `Deployment ${name}: up to ${hpa.spec.maxReplicas} replicas but topics have ${partitions} partitions ` +
          '(the extra consumers would sit idle)',
      );
  }
  problems.push(...networkPolicyProblems(ofKind('NetworkPolicy'), deployments));
  if (deployments.length === 0) problems.push('no Deployments rendered');
  if (ofKind('Ingress').length === 0) problems.push('no Ingress');
  return problems;
}

/**
 * Who must be able to reach each workload's port, and nobody else: the gateway
 * reaches every service; a service only the services that call it (identity: everyone, for its JWKS).
 * "ingress" is the ingress controller's namespace, "monitoring" Prometheus's.
 */
export const ALLOWED_PEERS = Object.freeze({
  gateway: ['ingress:ingress-nginx', 'namespace:monitoring'],
  identity: [
    'gateway',
    'catalogue',
    'booking',
    'commerce',
    'billing',
    'notification',
    'namespace:monitoring',
  ],
  catalogue: ['gateway', 'commerce', 'namespace:monitoring'],
  booking: ['gateway', 'commerce', 'namespace:monitoring'],
  commerce: ['gateway', 'booking', 'namespace:monitoring'],
  billing: ['gateway', 'notification', 'namespace:monitoring'],
  notification: ['gateway', 'namespace:monitoring'],
});

/**
 * The peers a policy's `from` entry admits, named as in ALLOWED_PEERS.
 * @param {Manifest} peer
 * @returns {string}
 */
function peerName(peer) {
  const pod = peer.podSelector?.matchLabels?.['app.kubernetes.io/name'];
  const namespace = peer.namespaceSelector?.matchLabels?.['kubernetes.io/metadata.name'];
  if (peer.ipBlock) return `ipBlock:${peer.ipBlock.cidr}`;
  if (namespace === 'ingress-nginx' && !peer.podSelector) return 'ingress:ingress-nginx';
  if (namespace && !peer.podSelector) return `namespace:${namespace}`;
  if (pod && !peer.namespaceSelector) return pod;
  return `unrecognised:${JSON.stringify(peer)}`;
}

/**
 * A default deny for every pod, and per workload exactly the peers ALLOWED_PEERS names.
 * @param {Manifest[]} policies
 * @param {Manifest[]} deployments
 */
export function networkPolicyProblems(policies, deployments) {
  /** @type {string[]} */
  const problems = [];
  const denyAll = policies.some(
    (/** @type {Manifest} */ policy) =>
      Object.keys(policy.spec.podSelector ?? {}).length === 0 &&
      policy.spec.policyTypes?.includes('Ingress') &&
      !(policy.spec.ingress?.length > 0),
  );
  if (!denyAll) problems.push('NetworkPolicy: no default deny of ingress for the namespace');
  for (const deployment of deployments) {
    const name = deployment.metadata.name;
    const labels = deployment.spec.template.metadata.labels ?? {};
    const selecting = policies.filter((/** @type {Manifest} */ policy) => {
      const match = policy.spec.podSelector?.matchLabels ?? {};
      return (
        Object.keys(match).length > 0 && Object.entries(match).every(([key, value]) => labels[key] === value)
      );
    });
    const ports = new Set(
      deployment.spec.template.spec.containers.flatMap((/** @type {Manifest} */ container) =>
        (container.ports ?? []).map((/** @type {Manifest} */ port) => port.containerPort),
      ),
    );
    /** @type {Set<string>} */
    const admitted = new Set();
    for (const policy of selecting)
      for (const rule of policy.spec.ingress ?? []) {
        if (!rule.from?.length) problems.push(`NetworkPolicy ${policy.metadata.name}: a rule admits anyone`);
        for (const port of rule.ports ?? [])
          if (!ports.has(port.port))
            problems.push(`NetworkPolicy ${policy.metadata.name}: port ${port.port} is not ${name}'s`);
        if (!rule.ports?.length)
          problems.push(`NetworkPolicy ${policy.metadata.name}: a rule admits every port`);
        for (const peer of rule.from ?? []) admitted.add(peerName(peer));
      }
    const expected = /** @type {Record<string, readonly string[] | undefined>} */ (ALLOWED_PEERS)[name];
    if (!expected) {
      problems.push(`Deployment ${name}: no entry in ALLOWED_PEERS (infra/deploy/policy.mjs)`);
      continue;
    }
    const missing = expected.filter((peer) => !admitted.has(peer));
    const extra = [...admitted].filter((peer) => !expected.includes(peer));
    if (missing.length)
      problems.push(`Deployment ${name}: NetworkPolicies do not admit ${missing.join(', ')}`);
    if (extra.length) problems.push(`Deployment ${name}: NetworkPolicies also admit ${extra.join(', ')}`);
  }
  return problems;
}
