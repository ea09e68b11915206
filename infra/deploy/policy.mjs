// Deployment rules that a JSON schema cannot express, checked on rendered manifests.
import { readFileSync } from 'node:fs';
import { parseAllDocuments } from 'yaml';

/**
 * The rules the schemas cannot express, on the rendered production overlay.
 * @param {string} renderedFile
 */
export function policyProblems(renderedFile) {
  const resources = parseAllDocuments(readFileSync(renderedFile, 'utf8'))
    .map((document) => document.toJS())
    .filter(Boolean);
  const ofKind = (kind) => resources.filter((resource) => resource.kind === kind);
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
  if (deployments.length === 0) problems.push('no Deployments rendered');
  if (ofKind('Ingress').length === 0) problems.push('no Ingress');
  return problems;
}
