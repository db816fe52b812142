import { describe, expect, it } from 'vitest';
import { type AuditReport, auditFailure, severeAdvisories } from '../../scripts/npm-audit';

/**
 * How tests/security/audit-production.ts reads `npm audit --json`, on reports of the shapes npm prints:
 * the audit itself needs the registry's advisory service, so it runs as a script, not here.
 */
const REPORT: AuditReport = {
  metadata: { vulnerabilities: { info: 0, low: 1, moderate: 0, high: 1, critical: 1, total: 3 } },
  vulnerabilities: {
    'path-to-regexp': {
      name: 'path-to-regexp',
      severity: 'high',
      isDirect: false,
      range: '<0.1.12',
      via: [
        { title: 'ReDoS in path-to-regexp', url: 'https://github.com/advisories/GHSA-x', severity: 'high' },
      ],
      fixAvailable: { name: 'express', version: '4.21.2', isSemVerMajor: false },
    },
    'left-pad': {
      name: 'left-pad',
      severity: 'critical',
      isDirect: true,
      range: '*',
      via: ['pad-core'],
      fixAvailable: false,
    },
    cookie: {
      name: 'cookie',
      severity: 'low',
      isDirect: false,
      range: '<0.7.0',
      via: [{ title: 'cookie accepts out of bounds characters' }],
      fixAvailable: true,
    },
  },
};

describe('reading npm audit reports', () => {
  it('lists only high and critical advisories, each with its fix', () => {
    expect(severeAdvisories(REPORT)).toEqual([
      {
        packageName: 'path-to-regexp',
        severity: 'high',
        vulnerableRange: '<0.1.12',
        advisories: ['ReDoS in path-to-regexp (https://github.com/advisories/GHSA-x)'],
        fix: 'update express to 4.21.2',
      },
      {
        packageName: 'left-pad',
        severity: 'critical',
        vulnerableRange: '*',
        advisories: ['through pad-core'],
        fix: 'no fixed version yet',
      },
    ]);
    expect(auditFailure(REPORT)).toBeUndefined();
  });

  it('names the reason when npm could not reach the advisory service', () => {
    const refused: AuditReport = {
      message: '405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk',
      statusCode: 405,
      error: { summary: '', detail: '' },
    };
    expect(auditFailure(refused)).toMatch(/405 Method Not Allowed/);
    expect(severeAdvisories(refused)).toEqual([]);
    expect(auditFailure({ error: { summary: 'getaddrinfo ENOTFOUND registry.npmjs.org' } })).toMatch(
      /ENOTFOUND/,
    );
  });

  it('treats a clean report as passing', () => {
    const clean: AuditReport = {
      metadata: { vulnerabilities: { high: 0, critical: 0 } },
      vulnerabilities: {},
    };
    expect(auditFailure(clean)).toBeUndefined();
    expect(severeAdvisories(clean)).toEqual([]);
  });
});
