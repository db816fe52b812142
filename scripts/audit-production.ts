/**
 * `npm run audit:production`: fails (exit 1) when a production dependency has
 * a high or critical advisory, naming the package and the version that fixes it, and fails (exit 2)
 * with the registry's answer when the advisory service cannot be asked. A script rather than a test,
 * because the audit needs the registry's advisory endpoint, which machines with only read access to
 * the registry cannot reach; the unit suite must not depend on it.
 */
import { PROJECT_ROOT } from '../server/paths';
import { auditFailure, runNpmAudit, severeAdvisories } from './npm-audit';

const report = await runNpmAudit(PROJECT_ROOT).catch((error: Error) => {
  console.error(error.message);
  process.exit(2);
});

const failure = auditFailure(report);
if (failure) {
  console.error(
    `npm audit could not check the production dependencies: ${failure}\n` +
      'It needs POST access to the npm registry’s advisory endpoint (/-/npm/v1/security/advisories/bulk).',
  );
  process.exit(2);
}

const counts = report.metadata?.vulnerabilities ?? {};
console.log(`npm audit --omit=dev: ${JSON.stringify(counts)}`);
const severe = severeAdvisories(report);
for (const advisory of severe) {
  console.error(
    `${advisory.severity}: ${advisory.packageName} ${advisory.vulnerableRange} — ${advisory.fix}\n` +
      advisory.advisories.map((line) => `  ${line}`).join('\n'),
  );
}
process.exit(severe.length > 0 ? 1 : 0);
