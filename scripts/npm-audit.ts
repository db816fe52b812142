import { execFile } from 'node:child_process';

/** The parts of `npm audit --json` (npm 7+) that say what is vulnerable and what fixes it. */
export type AuditReport = {
  metadata?: { vulnerabilities?: Record<string, number> };
  vulnerabilities?: Record<
    string,
    {
      name: string;
      severity: string;
      isDirect: boolean;
      range: string;
      via: (string | { title?: string; url?: string; severity?: string; range?: string })[];
      fixAvailable: boolean | { name: string; version: string; isSemVerMajor?: boolean };
    }
  >;
  /** Set instead of the above when npm could not ask the registry. */
  message?: string;
  statusCode?: number;
  error?: { summary?: string; detail?: string } | string;
};

export type SevereAdvisory = {
  packageName: string;
  severity: string;
  vulnerableRange: string;
  advisories: string[];
  fix: string;
};

export const SEVERE = new Set(['high', 'critical']);

/** Why the report holds no audit (npm could not reach the advisory service), or undefined when it does. */
export function auditFailure(report: AuditReport): string | undefined {
  if (report.metadata?.vulnerabilities) return undefined;
  const error = typeof report.error === 'string' ? report.error : report.error?.summary;
  return report.message ?? error ?? 'npm audit answered without a list of vulnerabilities';
}

export function severeAdvisories(report: AuditReport): SevereAdvisory[] {
  return Object.values(report.vulnerabilities ?? {})
    .filter((vulnerability) => SEVERE.has(vulnerability.severity))
    .map((vulnerability) => ({
      packageName: vulnerability.name,
      severity: vulnerability.severity,
      vulnerableRange: vulnerability.range,
      advisories: vulnerability.via.map((via) =>
        typeof via === 'string' ? `through ${via}` : `${via.title ?? 'advisory'} (${via.url ?? 'no link'})`,
      ),
      fix:
        typeof vulnerability.fixAvailable === 'object'
          ? `update ${vulnerability.fixAvailable.name} to ${vulnerability.fixAvailable.version}` +
            (vulnerability.fixAvailable.isSemVerMajor ? ' (a major version)' : '')
          : vulnerability.fixAvailable
            ? 'npm audit fix'
            : 'no fixed version yet',
    }));
}

/**
 * `npm audit --omit=dev --json` in `cwd`. npm exits 1 whenever it finds anything, so the exit code says
 * little: the JSON it prints (a report, or the registry's refusal) is what is read.
 */
export function runNpmAudit(cwd: string, timeoutMs = 60_000): Promise<AuditReport> {
  return new Promise((resolve, reject) => {
    execFile(
      'npm',
      ['audit', '--omit=dev', '--json'],
      { cwd, timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error?.killed) {
          reject(
            new Error(
              `npm audit did not finish within ${timeoutMs / 1000} s: is the npm registry reachable?`,
            ),
          );
          return;
        }
        try {
          resolve(JSON.parse(stdout) as AuditReport);
        } catch {
          reject(
            new Error(`npm audit printed no JSON report:\n${stdout.slice(0, 500)}\n${stderr.slice(0, 1000)}`),
          );
        }
      },
    );
  });
}
