// Each schema file in server/db/schema/ and the code that owns its tables: the feature whose store files
// alone import the schema (.dependency-cruiser.cjs) and name the tables in raw SQL (scripts/sql-tables.ts).
// The outbox's, the email suppression, the figure-change and the limit-count tables belong to server/jobs
// (the limits are counted for the HTTP layer and for the outbox alike, decision 063).
module.exports.TABLE_OWNERS = {
  admin: 'server/features/admin',
  alerts: 'server/features/alerts',
  auth: 'server/features/auth',
  billing: 'server/features/billing',
  blueprints: 'server/features/blueprints',
  contact: 'server/features/contact',
  health: 'server/features/health-check',
  onboarding: 'server/features/onboarding',
  platforms: 'server/features/platforms',
  revenue: 'server/features/revenue',
  'revenue-import': 'server/features/revenue',
  screenshots: 'server/features/screenshots',
  shifts: 'server/features/shifts',
  waitlist: 'server/features/waitlist',
  'fx-rates': 'server/features/fx-rates',
  email: 'server/jobs',
  outbox: 'server/jobs',
  'figure-changes': 'server/jobs',
  'rate-limits': 'server/jobs',
};
