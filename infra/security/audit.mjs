// Suite 4: npm audit of the production dependencies. A registry that cannot answer the audit makes
// the verdict UNAVAILABLE, never PASS.
import { spawnSync } from 'node:child_process';

/**
 * @param {string} repoRoot
 * @param {import('./lib.mjs').Verdicts} verdicts
 */
export function runAudit(repoRoot, verdicts) {
  const result = spawnSync('npm', ['audit', '--omit=dev', '--json'], {
    cwd: repoRoot,
    encoding: 'utf8',
    timeout: 120_000,
  });
  let report;
  try {
    report = JSON.parse(result.stdout || '{}');
  } catch {
    report = undefined;
  }
  const counts = report?.metadata?.vulnerabilities;
  if (!counts) {
    const reason = [
      report?.message,
      report?.error?.summary,
      report?.error?.code,
      result.error?.message,
      result.stderr,
    ]
      .filter(Boolean)
      .join(' ')
      .replace(/\s+/g, ' ')
      .slice(0, 240);
    verdicts.unavailable(
      'audit',
      'no high or critical findings in production dependencies',
      `the registry did not answer the audit endpoint: ${reason || `exit ${result.status}`}`,
    );
    return { available: false, reason };
  }
  const serious = (counts.high ?? 0) + (counts.critical ?? 0);
  const names = Object.entries(report.vulnerabilities ?? {})
    .filter(([, entry]) => entry.severity === 'high' || entry.severity === 'critical')
    .map(([name, entry]) => `${name} (${entry.severity})`);
  verdicts.record(
    'audit',
    'no high or critical findings in production dependencies',
    serious === 0,
    serious ? names.join(', ') : `counts: ${JSON.stringify(counts)}`,
  );
  return { available: true, counts };
}
